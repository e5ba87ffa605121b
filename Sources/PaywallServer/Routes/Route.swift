/// One route of the service: its path pattern, the methods it answers, and how.
struct Route: Sendable {
    /// The path's segments; `{…}` stands for any one segment, handed to `respond` as sent (still
    /// percent-encoded). Also the route's name in metrics and logs.
    let pattern: String
    /// The methods allowed, as `Allow` lists them.
    let methods: [String]
    let respond: @Sendable (HTTPRequest, _ captures: [Substring]) -> HTTPResponse

    init(_ pattern: String, methods: [String], respond: @escaping @Sendable (HTTPRequest, _ captures: [Substring]) -> HTTPResponse) {
        self.pattern = pattern
        self.methods = methods
        self.respond = respond
    }

    /// The segments `path` gives the pattern's placeholders, or nil when it is not this route's.
    func captures(in path: String) -> [Substring]? {
        let expected = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let given = path.split(separator: "/", omittingEmptySubsequences: false)
        guard expected.count == given.count else { return nil }
        var captures: [Substring] = []
        for (want, have) in zip(expected, given) {
            if want.hasPrefix("{") {
                guard !have.isEmpty else { return nil }
                captures.append(have)
            } else if want != have {
                return nil
            }
        }
        return captures
    }
}
