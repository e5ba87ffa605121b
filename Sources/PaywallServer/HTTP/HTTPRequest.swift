/// One HTTP request as the client sent it, read whole (body included) before a handler sees it.
/// Nothing is decoded: the target keeps its percent-escapes, so a route can tell `%2F` from `/` and
/// reject invalid escapes or UTF-8 itself.
public struct HTTPRequest: Sendable {
    public let method: String
    /// The request target exactly as sent: the path and, after a `?`, the query.
    public let target: String
    /// The target up to its first `?`.
    public let path: String
    /// The target after its first `?` (nil when there is none).
    public let query: String?
    /// The header fields in the order received; names as sent.
    public let headers: [(name: String, value: String)]
    public let body: [UInt8]
    /// `HTTP/1.1` or `HTTP/1.0`.
    public let httpVersion: String

    public init(method: String, target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
                httpVersion: String = "HTTP/1.1") {
        self.method = method
        self.target = target
        (path, query) = Self.split(target)
        self.headers = headers
        self.body = body
        self.httpVersion = httpVersion
    }

    /// The path and the query of a request target.
    static func split(_ target: String) -> (path: String, query: String?) {
        guard let question = target.firstIndex(of: "?") else { return (target, nil) }
        return (String(target[..<question]), String(target[target.index(after: question)...]))
    }

    /// The value of the first header field called `name`, in any case.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.utf8.count == name.utf8.count && $0.name.lowercased() == name.lowercased() }?.value
    }
}
