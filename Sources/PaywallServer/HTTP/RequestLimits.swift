/// How large a request may be (docs/contracts.md); past each limit it gets its own status.
public struct RequestLimits: Sendable, Equatable {
    /// `METHOD target HTTP/1.1` with its line break; past it, 414.
    public var requestLineBytes: Int
    /// All header fields, each counted as `name: value` and a line break; past it, 431.
    public var headerBytes: Int
    /// The body, as announced by Content-Length or as it streams in chunked; past it, 413.
    public var bodyBytes: Int

    public init(requestLineBytes: Int = 8 * 1024, headerBytes: Int = 16 * 1024, bodyBytes: Int = 1024 * 1024) {
        self.requestLineBytes = requestLineBytes
        self.headerBytes = headerBytes
        self.bodyBytes = bodyBytes
    }

    /// The error for a request whose line and headers are known, before its body is read.
    func violation(method: String, target: String, version: String, headers: [(name: String, value: String)]) -> APIError? {
        let lineBytes = method.utf8.count + 1 + target.utf8.count + 1 + version.utf8.count + 2
        if lineBytes > requestLineBytes { return .uriTooLong(limit: requestLineBytes) }
        let fieldBytes = headers.reduce(0) { $0 + $1.name.utf8.count + 2 + $1.value.utf8.count + 2 }
        if fieldBytes > headerBytes { return .headerFieldsTooLarge(limit: headerBytes) }
        let announced = headers.first { $0.name.lowercased() == "content-length" }.map { UInt64($0.value) }
        if case let .some(.some(length)) = announced, length > UInt64(bodyBytes) { return .contentTooLarge(limit: bodyBytes) }
        return nil
    }
}
