import Basics

/// One HTTP request as the client sent it, read whole (body included) before a handler sees it. Its head stays the
/// bytes it came in: the path, the query and a header field are made into strings when a route reads them, each time
/// it does. Nothing is decoded: the target keeps its percent-escapes, so a route can tell `%2F` from `/` and
/// reject invalid escapes or UTF-8 itself.
public struct HTTPRequest: Sendable {
    let head: RequestHead
    public let body: [UInt8]

    /// When its first bytes came, as the server saw them: its time in the metrics counts from here.
    public let arrival: ContinuousClock.Instant

    /// A request of the given parts, as a test or a tool makes one: names must be tokens and values must hold no line
    /// break, as on the wire. The head is laid out as a client would send it, and not checked.
    public init(method: HTTPMethod, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                httpVersion: String = "HTTP/1.1", arrival: ContinuousClock.Instant = .now) {
        var bytes = Array("\(method.name) ".utf8)
        let targetStart = bytes.count
        bytes += target.utf8
        let questionMark = bytes[targetStart...].firstIndex(of: UInt8(ascii: "?"))
        let path = targetStart..<(questionMark ?? bytes.count)
        let query = questionMark.map { ($0 + 1)..<bytes.count }
        bytes += " \(httpVersion)\r\n".utf8
        let fieldsStart = bytes.count
        for (name, value) in headers { bytes += "\(name): \(value)\r\n".utf8 }
        let parts = RequestHead.Parts(method: method, path: path, query: query, version: httpVersion == "HTTP/1.0" ? .http10 : .http11,
                                      fields: fieldsStart..<bytes.count, framing: .none, keepAlive: true, expectsContinue: false,
                                      targetIsASCII: target.utf8.allSatisfy { $0 < 0x80 })
        bytes += "\r\n".utf8
        self.init(head: bytes.withUnsafeBytes { RequestHead(bytes: $0, parts: parts) }, body: body, arrival: arrival)
    }

    init(head: RequestHead, body: [UInt8], arrival: ContinuousClock.Instant) {
        self.head = head
        self.body = body
        self.arrival = arrival
    }

    public var method: HTTPMethod { head.method }

    /// `HTTP/1.1` or `HTTP/1.0`.
    public var httpVersion: String { head.version.text }

    /// The target up to its first `?`.
    public var path: Substring { Substring(head.path) }

    /// The target after its first `?` (nil when there is none).
    public var query: Substring? { head.query.map { Substring($0) } }

    /// The request target: the path and, after a `?`, the query.
    public var target: String { head.target }

    /// Calls `body` with the path's bytes, which a router matches without making a string of them.
    public func withPathBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try head.withPathBytes(body)
    }

    /// Whether the target is all ASCII (bytes past it must come percent-encoded).
    package var targetIsASCII: Bool { head.targetIsASCII }

    /// The header fields in the order received; names as sent.
    public var headers: [(name: String, value: String)] { head.fields }

    /// The value of the first header field called `name`, in any case (header names are ASCII).
    public func header(_ name: String) -> String? {
        head.value(ofField: name)
    }
}
