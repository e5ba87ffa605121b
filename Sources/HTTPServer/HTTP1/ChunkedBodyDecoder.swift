/// Decodes a chunked body (RFC 9112 §7.1) as it arrives, strictly: every line end is CRLF (a bare LF or CR inside a
/// body is where parsers disagree about where chunks end, so nothing else is taken), the data stays within the body
/// limit, and the trailer fields are checked as header fields are, then dropped.
struct ChunkedBodyDecoder: Sendable {
    enum Progress: Sendable {
        case needsMore
        /// The last chunk and the trailer section have come; the input consumed ends with their final CRLF.
        case done
        case rejected(HTTPError)
    }

    /// A chunk line (size and extensions) may take this many bytes with its CRLF; past it, 400.
    static let chunkLineBytes = 4 * 1024

    /// The body limit: data past it is a 413.
    private let limit: Int
    /// The limit of the trailer section, counted as `RequestLimits.headerBytes` counts a header section; past it, a 431
    /// like the header fields' (trailers are fields too; RFC 9110 §6.5).
    private let trailerLimit: Int
    private var stage = Stage.sizeLine(ChunkSizeLine())
    private var lines = LineFinder(acceptsBareLineFeed: false)
    /// Chunk data decoded so far.
    private var decoded = 0
    private var trailerFields = 0
    private var trailerBytes = 0
    /// Done, or the rejection: the same answer for any bytes after.
    private var verdict: Progress?

    private enum Stage: Sendable {
        case sizeLine(ChunkSizeLine)
        case data(remaining: Int)
        case dataEnd
        case trailers
    }

    /// - Parameters:
    ///   - limit: the body's bytes at most (413 past it).
    ///   - trailerLimit: the trailer fields' bytes at most (431 past it): the connection's header limit.
    init(limit: Int, trailerLimit: Int) {
        self.limit = limit
        self.trailerLimit = trailerLimit
    }

    /// Decodes what it can of `bytes` (the unconsumed input, starting where the last call stopped consuming), appending
    /// chunk data to `body`; returns how many input bytes it consumed. A line is consumed only once it is whole.
    mutating func decode(_ bytes: UnsafeRawBufferPointer, into body: inout [UInt8]) -> (consumed: Int, progress: Progress) {
        if let verdict { return (0, verdict) }
        var position = 0
        do throws(HTTPError) {
            while try step(bytes, at: &position, into: &body) {}
            return (position, verdict ?? .needsMore)
        } catch {
            verdict = .rejected(error)
            return (position, .rejected(error))
        }
    }

    /// Goes on from `position` by one line, one CRLF or the data at hand; false when it needs more bytes or is done.
    private mutating func step(_ bytes: UnsafeRawBufferPointer, at position: inout Int,
                               into body: inout [UInt8]) throws(HTTPError) -> Bool {
        switch stage {
        case var .sizeLine(sizeLine):
            try sizeLine.readSize(UnsafeRawBufferPointer(rebasing: bytes[position...]), room: limit - decoded, limit: limit)
            stage = .sizeLine(sizeLine)
            guard let line = try nextLine(in: bytes, at: &position, maxContent: Self.chunkLineBytes - 2,
                                          tooLong: .badRequest("a chunk line is longer than \(Self.chunkLineBytes) bytes"),
                                          named: "a chunk line") else { return false }
            let size = try sizeLine.size(ofWhole: line)
            stage = size == 0 ? .trailers : .data(remaining: size)
        case let .data(remaining):
            let taken = min(remaining, bytes.count - position)
            body.append(contentsOf: bytes[position..<(position + taken)])
            position += taken
            decoded += taken
            stage = taken == remaining ? .dataEnd : .data(remaining: remaining - taken)
            return taken == remaining
        case .dataEnd:
            // RFC 9112 §7.1: the data is followed by CRLF exactly; anything else means the size lied.
            guard position < bytes.count else { return false }
            guard bytes[position] == .carriageReturn, position + 1 >= bytes.count || bytes[position + 1] == .lineFeed else {
                throw .badRequest("a chunk's data is not followed by CRLF (the chunk is longer than its size says)")
            }
            guard position + 1 < bytes.count else { return false }
            position += 2
            stage = .sizeLine(ChunkSizeLine())
        case .trailers:
            let (limit, number) = (trailerLimit, trailerFields + 1)
            guard let line = try nextLine(in: bytes, at: &position, maxContent: limit - trailerBytes - 2,
                                          tooLong: .trailerFieldsTooLarge(limit: limit), named: "trailer field \(number)")
            else { return false }
            guard !line.isEmpty else {
                verdict = .done
                return false
            }
            trailerFields += 1
            _ = try FieldLine.parse(line, number: trailerFields, in: .trailer)
            trailerBytes += line.count + 2
        }
        return true
    }

    /// The next whole line (without its CRLF), consumed; nil until its end arrives. `named` says which line in messages.
    private mutating func nextLine(in bytes: UnsafeRawBufferPointer, at position: inout Int, maxContent: Int,
                                   tooLong: @autoclosure () -> HTTPError,
                                   named line: @autoclosure () -> String) throws(HTTPError) -> UnsafeRawBufferPointer? {
        do throws(LineFinder.Fault) {
            guard let (content, next) = try lines.nextLine(in: bytes, from: position, maxContent: maxContent) else { return nil }
            position = next
            return UnsafeRawBufferPointer(rebasing: bytes[content])
        } catch {
            throw error.httpError(line: line(), tooLong: tooLong())
        }
    }
}
