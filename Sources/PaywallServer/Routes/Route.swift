/// One route of the service: its path pattern, the methods it answers, and how.
struct Route: Sendable {
    /// The path's segments; `{…}` stands for any one segment, handed to `respond` as sent (still
    /// percent-encoded). Also the route's name in metrics and logs.
    let pattern: String
    /// The methods allowed, as `Allow` lists them.
    let methods: [String]
    /// How caches may keep its answers.
    let caching: CachePolicy.Kind
    let respond: @Sendable (HTTPRequest, _ captures: [Substring]) -> HTTPResponse
    /// The pattern's segments, split once: nil for a placeholder.
    private let segments: [Substring?]

    init(_ pattern: String, methods: [String], caching: CachePolicy.Kind,
         respond: @escaping @Sendable (HTTPRequest, _ captures: [Substring]) -> HTTPResponse) {
        self.pattern = pattern
        self.methods = methods
        self.caching = caching
        self.respond = respond
        segments = Self.segments(of: pattern).map { $0.hasPrefix("{") ? nil : $0 }
    }

    /// A path's segments, between its slashes (split on bytes: a path is compared as sent).
    static func segments(of path: String) -> [Substring] {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// The segments of a path (`segments(of:)`) the pattern's placeholders get, or nil when it is not
    /// this route's.
    func captures(in given: [Substring]) -> [Substring]? {
        guard segments.count == given.count else { return nil }
        var captures: [Substring] = []
        for (want, have) in zip(segments, given) {
            if let want {
                guard want.utf8.elementsEqual(have.utf8) else { return nil }
            } else {
                guard !have.isEmpty else { return nil }
                captures.append(have)
            }
        }
        return captures
    }
}
