import Basics

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
    private let segments: [[UInt8]?]

    init(_ pattern: String, methods: [String], caching: CachePolicy.Kind,
         respond: @escaping @Sendable (HTTPRequest, _ captures: [Substring]) -> HTTPResponse) {
        self.pattern = pattern
        self.methods = methods
        self.caching = caching
        self.respond = respond
        segments = pattern.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { $0.first == UInt8(ascii: "{") ? nil : Array($0) }
    }

    /// The segments of `path` the pattern's placeholders get, or nil when it is not this route's. On
    /// bytes (a path is compared as sent): every request is matched against the routes in turn.
    func captures(in path: String) -> [Substring]? {
        var path = path
        guard let ranges = path.withUTF8({ placeholderRanges(in: UnsafeRawBufferPointer($0)) }) else { return nil }
        let utf8 = path.utf8
        return ranges.map { Substring(utf8[utf8.index(utf8.startIndex, offsetBy: $0.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: $0.upperBound)]) }
    }

    /// Where in `path` the placeholders' segments are, or nil when the segments between its slashes are
    /// not the pattern's.
    private func placeholderRanges(in path: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var ranges: [Range<Int>] = []
        var start = 0
        for (number, want) in segments.enumerated() {
            let end = path.firstIndex(ofByte: UInt8(ascii: "/"), from: start) ?? path.count
            if let want {
                guard want.elementsEqual(UnsafeRawBufferPointer(rebasing: path[start..<end])) else { return nil }
            } else {
                guard end > start else { return nil }
                ranges.append(start..<end)
            }
            let isLast = number == segments.count - 1
            guard isLast == (end == path.count) else { return nil }
            start = end + 1
        }
        return ranges
    }
}
