/// The search for the end of a line in bytes that arrive in pieces (RFC 9112 §2.2). It remembers how far it looked,
/// so each byte is looked at once however the line is split, and it refuses a line as soon as a byte proves it bad.
struct LineFinder: Sendable {
    /// Why a line cannot be one.
    enum Fault: Error, Sendable {
        /// A CR that a byte other than LF follows (RFC 9112 §2.2: a bare CR is refused, never taken for a line end).
        case bareCarriageReturn
        /// An LF without CR where only CRLF ends a line.
        case bareLineFeed
        /// A NUL, which no line of HTTP holds and which C code downstream would take for an end.
        case nul
        /// More than the content allowed before the line end.
        case tooLong
    }

    /// A bare LF ends a line (RFC 9112 §2.2 lets a recipient take one); otherwise only CRLF does.
    let acceptsBareLineFeed: Bool
    /// How many bytes of the line being looked for were looked at already.
    private var searched = 0

    init(acceptsBareLineFeed: Bool) {
        self.acceptsBareLineFeed = acceptsBareLineFeed
    }

    /// The content (without its line end) of the line that starts at `start`, and where the line after it starts; nil while
    /// its end has not arrived. `start` stays the same until a line is returned. Past `maxContent` bytes of content, `.tooLong`.
    mutating func nextLine(in bytes: UnsafeRawBufferPointer, from start: Int,
                           maxContent: Int) throws(Fault) -> (content: Range<Int>, next: Int)? {
        var index = start + searched
        // Eight bytes at a time while none of them is below 0x0E (LF, CR and NUL are), up to the limit: the bytes
        // that end or break a line are then looked at one by one, as is everything past the limit.
        let lastWord = min(bytes.count, start + maxContent) - 8
        while index < bytes.count {
            while index <= lastWord, !bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self).hasByteBelow0x0E { index += 8 }
            guard index < bytes.count else { break }
            switch bytes[index] {
            case .lineFeed:
                guard acceptsBareLineFeed else { throw .bareLineFeed }
                searched = 0
                return (start..<index, index + 1)
            case .carriageReturn:
                guard index + 1 < bytes.count else {
                    searched = index - start
                    return nil
                }
                guard bytes[index + 1] == .lineFeed else { throw .bareCarriageReturn }
                searched = 0
                return (start..<index, index + 2)
            case 0:
                throw .nul
            default:
                if index - start >= maxContent { throw .tooLong }
                index += 1
            }
        }
        searched = index - start
        return nil
    }
}

extension LineFinder.Fault {
    /// The 400 for `line` (`the request line`, `header field 3`), or `tooLong` for a line past its limit.
    func httpError(line: String, tooLong: HTTPError) -> HTTPError {
        switch self {
        case .bareCarriageReturn: .badRequest("\(line) has a CR that no LF follows (a bare CR, RFC 9112 §2.2)")
        case .bareLineFeed: .badRequest("\(line) ends with a bare LF, where only CRLF ends a line")
        case .nul: .badRequest("\(line) has a NUL byte")
        case .tooLong: tooLong
        }
    }
}
