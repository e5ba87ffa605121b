import Basics

/// One HTTP request as the client sent it, read whole (body included) before a handler sees it.
/// Nothing is decoded: the target keeps its percent-escapes, so a route can tell `%2F` from `/` and
/// reject invalid escapes or UTF-8 itself.
public struct HTTPRequest: Sendable {
    public let method: String
    /// The request target exactly as sent: the path and, after a `?`, the query.
    public let target: String
    /// Where the path ends: at the target's first `?`, or at its end.
    private let pathEnd: String.Index
    /// The header fields in the order received.
    public let fields: HeaderFields
    public let body: [UInt8]
    /// `HTTP/1.1` or `HTTP/1.0`.
    public let httpVersion: String

    /// When its first bytes came, as the server saw them: its time in the metrics counts from here.
    public let arrival: ContinuousClock.Instant

    /// Whether the target is all ASCII (bytes past it must come percent-encoded).
    package let targetIsASCII: Bool

    public init(method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                httpVersion: String = "HTTP/1.1", arrival: ContinuousClock.Instant = .now) {
        self.init(method: method, target: target, fields: HeaderFields(headers), body: body, httpVersion: httpVersion,
                  arrival: arrival, targetIsASCII: target.utf8.allSatisfy { $0 < 0x80 })
    }

    /// - Parameter targetIsASCII: known already of a target the server read (`RequestTarget` takes visible ASCII only).
    init(method: String, target: String, fields: HeaderFields, body: [UInt8], httpVersion: String, arrival: ContinuousClock.Instant,
         targetIsASCII: Bool) {
        self.method = method
        self.target = target
        self.arrival = arrival
        self.targetIsASCII = targetIsASCII
        pathEnd = Self.pathEnd(in: target)
        self.fields = fields
        self.body = body
        self.httpVersion = httpVersion
    }

    /// The header fields in the order received; names as sent.
    public var headers: [(name: String, value: String)] { fields.pairs }

    /// The target up to its first `?`.
    public var path: Substring { target[..<pathEnd] }

    /// The target after its first `?` (nil when there is none).
    public var query: Substring? {
        pathEnd == target.endIndex ? nil : target[target.utf8.index(after: pathEnd)...]
    }

    /// Where the path of a request target ends: at its first `?`, or at its end. On bytes (memchr): every
    /// request's target is split so.
    static func pathEnd(in target: String) -> String.Index {
        var bytes = target
        guard let offset = bytes.withUTF8({ UnsafeRawBufferPointer($0).firstIndex(ofByte: UInt8(ascii: "?")) }) else { return target.endIndex }
        return target.utf8.index(target.utf8.startIndex, offsetBy: offset)
    }

    /// The value of the first header field called `name`, in any case (header names are ASCII).
    public func header(_ name: String) -> String? {
        fields.value(named: name)
    }
}
