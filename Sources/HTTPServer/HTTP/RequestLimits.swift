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
}
