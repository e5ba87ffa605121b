/// Reads one request's head (RFC 9112 §2-§6) from a connection's buffer as it grows, strictly: whatever bytes arrive,
/// it returns an outcome (never traps), looks at each byte once however the head is split, and refuses as soon as
/// the bytes prove a head bad or too large. One parser reads one request.
struct RequestHeadParser: Sendable {
    enum Outcome: Sendable {
        /// No verdict yet: the head has not ended and nothing so far is wrong.
        case incomplete
        /// The head ended `length` bytes in (its empty last line and any empty lines before the request line included).
        case head(RequestHead, length: Int)
        /// The answer to send before closing the connection. Boxed, a rare case: every outcome stays the size of a
        /// head and its length rather than of an error's five fields.
        indirect case rejected(HTTPError)
    }

    /// Empty lines taken before the request line: RFC 9112 §2.2 asks for at least one (a stray CRLF after a body);
    /// more than a few are not a client's slip.
    static let emptyLinesBeforeRequestLine = 4

    private let limits: RequestLimits
    private var lines = LineFinder(acceptsBareLineFeed: true)
    /// Where the line being read starts.
    private var lineStart = 0
    private var emptyLinesSkipped = 0
    private var requestLine: RequestLine?
    /// Where the request line starts, and where the header field lines start.
    private var requestLineStart = 0
    private var fieldsStart = 0
    private var fieldCount = 0
    private var rules: HeadFieldRules
    /// The header section so far, each field line counted with a two-byte line end as `RequestLimits` counts it.
    private var headerBytes = 0
    /// The head and its length, or the rejection, once decided: the same answer for any bytes after. Kept apart
    /// rather than as an `Outcome`, whose copies cost more than the head's one retain.
    private var decidedHead: (head: RequestHead, length: Int)?
    private var rejection: HTTPError?

    init(limits: RequestLimits) {
        self.limits = limits
        rules = HeadFieldRules(bodyLimit: limits.bodyBytes)
    }

    /// `bytes` is everything unconsumed the connection holds, starting where this request starts; it only grows between
    /// calls. Each call goes on from where the last one stopped looking.
    mutating func parse(_ bytes: UnsafeRawBufferPointer) -> Outcome {
        if let decidedHead { return .head(decidedHead.head, length: decidedHead.length) }
        if let rejection { return .rejected(rejection) }
        do throws(HTTPError) {
            while let line = try nextLine(in: bytes) {
                if let head = try take(line, of: bytes) {
                    decidedHead = (head, lineStart)
                    return .head(head, length: lineStart)
                }
            }
            return .incomplete
        } catch {
            rejection = error
            return .rejected(error)
        }
    }

    /// The next whole line's content, nil until its end arrives; 414 or 431 as soon as the line passes its limit.
    private mutating func nextLine(in bytes: UnsafeRawBufferPointer) throws(HTTPError) -> Range<Int>? {
        // A line end is counted as two bytes, as `RequestLimits` counts it, whether it came as CRLF or LF.
        let maxContent = requestLine == nil ? limits.requestLineBytes - 2 : limits.headerBytes - headerBytes - 2
        do throws(LineFinder.Fault) {
            guard let (content, next) = try lines.nextLine(in: bytes, from: lineStart, maxContent: maxContent) else { return nil }
            lineStart = next
            return content
        } catch {
            throw requestLine == nil
                ? error.httpError(line: "the request line", tooLong: .uriTooLong(limit: limits.requestLineBytes))
                : error.httpError(line: "header field \(fieldCount + 1)", tooLong: .headerFieldsTooLarge(limit: limits.headerBytes))
        }
    }

    /// Takes the line at `range` of `bytes`; the head once its empty last line has come.
    private mutating func take(_ range: Range<Int>, of bytes: UnsafeRawBufferPointer) throws(HTTPError) -> RequestHead? {
        let line = UnsafeRawBufferPointer(rebasing: bytes[range])
        guard let requestLine else {
            try takeLineBeforeFields(line, at: range.lowerBound)
            return nil
        }
        guard line.isEmpty else {
            fieldCount += 1
            let (name, value) = try FieldLine.parse(line, number: fieldCount, in: .header)
            try rules.take(name: name, value: value, version: requestLine.version)
            headerBytes += line.count + 2
            return nil
        }
        let conclusion = try rules.conclusion(version: requestLine.version)
        let target = requestLine.target.shifted(by: requestLineStart)
        let parts = RequestHead.Parts(method: requestLine.method, path: target.path, query: target.query, version: requestLine.version,
                                      fields: fieldsStart..<range.lowerBound, framing: conclusion.framing, keepAlive: conclusion.keepAlive,
                                      expectsContinue: conclusion.expectsContinue, targetIsASCII: true)
        return RequestHead(bytes: UnsafeRawBufferPointer(rebasing: bytes[..<lineStart]), parts: parts)
    }

    /// An empty line to skip, or the request line, which starts at `start`.
    private mutating func takeLineBeforeFields(_ line: UnsafeRawBufferPointer, at start: Int) throws(HTTPError) {
        guard line.isEmpty else {
            requestLine = try RequestLine(parsing: line)
            requestLineStart = start
            fieldsStart = lineStart
            return
        }
        emptyLinesSkipped += 1
        guard emptyLinesSkipped <= Self.emptyLinesBeforeRequestLine else {
            throw .badRequest("more than \(Self.emptyLinesBeforeRequestLine) empty lines before the request line")
        }
    }
}
