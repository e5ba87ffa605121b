/// The line that starts a chunk (RFC 9112 §7.1): `chunk-size [chunk-ext]`. The size is read as its digits arrive, so a
/// size past the room left in the body is refused before the line ends; the extensions are checked once it has ended,
/// then ignored.
struct ChunkSizeLine: Sendable {
    /// The hex digits read so far, from the line's start.
    private var digits = 0
    /// A byte other than a hex digit came: the size is whole.
    private var digitsEnded = false
    private var size = 0

    /// Reads the size's digits that have arrived; `line` is all that has of the line (or more), `room` what the body
    /// may still take. 413 as soon as the size passes `room` (however many digits it has: no overflow).
    mutating func readSize(_ line: UnsafeRawBufferPointer, room: Int, limit: Int) throws(HTTPError) {
        while !digitsEnded, digits < line.count {
            guard let digit = line[digits].hexDigitValue else {
                digitsEnded = true
                return
            }
            guard let longer = size.appending(digit: digit, radix: 16, upTo: room) else { throw .contentTooLarge(limit: limit) }
            size = longer
            digits += 1
        }
    }

    /// The chunk's size, once the whole `line` (without its CRLF) has been read by `readSize`: 1*HEXDIG (no sign, no
    /// space or `0x` before it), then only `*( BWS ";" BWS name [ BWS "=" BWS value ] )`.
    func size(ofWhole line: UnsafeRawBufferPointer) throws(HTTPError) -> Int {
        guard digits > 0 else { throw .badRequest("the chunk line \(ClientText.quoted(line)) does not start with a hexadecimal size") }
        guard Self.areExtensions(UnsafeRawBufferPointer(rebasing: line[digits...])) else {
            throw .badRequest("the chunk line \(ClientText.quoted(line)) has something other than extensions (;name=value) after its size")
        }
        return size
    }

    /// Whether `bytes` is a list of chunk extensions (RFC 9112 §7.1.1), values tokens or quoted strings.
    private static func areExtensions(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while index < bytes.count {
            index = bytes.endOfWhitespace(from: index)
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else { return false }
            let nameStart = bytes.endOfWhitespace(from: index + 1)
            index = bytes.endOfToken(from: nameStart)
            guard index > nameStart else { return false }
            let equals = bytes.endOfWhitespace(from: index)
            guard equals < bytes.count, bytes[equals] == UInt8(ascii: "=") else { continue }
            let valueStart = bytes.endOfWhitespace(from: equals + 1)
            index = valueStart < bytes.count && bytes[valueStart] == UInt8(ascii: "\"")
                ? bytes.endOfQuotedString(from: valueStart) : bytes.endOfToken(from: valueStart)
            guard index > valueStart else { return false }
        }
        return true
    }
}

private extension UnsafeRawBufferPointer {
    func endOfWhitespace(from start: Int) -> Int {
        self[start...].firstIndex { !$0.isWhitespace } ?? count
    }

    func endOfToken(from start: Int) -> Int {
        self[start...].firstIndex { !$0.isTokenCharacter } ?? count
    }

    /// Just past the closing quote of the quoted-string (RFC 9110 §5.6.4) opening at `start`; `start` when it does not close.
    func endOfQuotedString(from start: Int) -> Int {
        var index = start + 1
        while index < count {
            switch self[index] {
            case UInt8(ascii: "\""):
                return index + 1
            // quoted-pair and qdtext alike: HTAB, SP, VCHAR and obs-text, never another control byte.
            case UInt8(ascii: "\\"):
                guard index + 1 < count, !self[index + 1].isControlOtherThanTab else { return start }
                index += 2
            case let byte where !byte.isControlOtherThanTab:
                index += 1
            default:
                return start
            }
        }
        return start
    }
}
