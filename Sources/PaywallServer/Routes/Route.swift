import Basics
import Glibc
import HTTPServer

/// One route of the service: its path pattern, the methods it answers, and how. A class: every request is
/// matched against the routes in turn, each looked at by one reference.
final class Route: Sendable {
    /// The path's segments; `{…}` stands for any one segment, handed to `respond` as sent (still
    /// percent-encoded). Also the route's name in metrics and logs.
    let pattern: String
    /// The methods allowed, as `Allow` lists them.
    let methods: [String]
    /// How caches may keep its answers.
    let caching: CachePolicy.Kind
    let answer: @Sendable (HTTPRequest, _ captures: [Substring]) -> HTTPAnswer
    /// The pattern's segments, split once: nil for a placeholder.
    private let segments: [[UInt8]?]
    /// The pattern up to its first placeholder (all of it when it has none): a path that does not start so is
    /// told apart by one comparison, as most paths are by most routes.
    private let literalStart: [UInt8]
    private let hasPlaceholder: Bool

    /// A route that answers at once.
    convenience init(_ pattern: String, methods: [String], caching: CachePolicy.Kind,
                     respond: @escaping @Sendable (HTTPRequest, _ captures: [Substring]) -> HTTPResponse) {
        self.init(pattern, methods: methods, caching: caching) { .now(respond($0, $1)) }
    }

    /// A route that may answer later (`HTTPAnswer.later`).
    init(_ pattern: String, methods: [String], caching: CachePolicy.Kind,
         answer: @escaping @Sendable (HTTPRequest, _ captures: [Substring]) -> HTTPAnswer) {
        self.pattern = pattern
        self.methods = methods
        self.caching = caching
        self.answer = answer
        segments = pattern.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map { $0.first == UInt8(ascii: "{") ? nil : Array($0) }
        literalStart = Array(pattern.utf8.prefix { $0 != UInt8(ascii: "{") })
        hasPlaceholder = literalStart.count < pattern.utf8.count
    }

    /// The segments of `path` the pattern's placeholders get, or nil when the segments between its slashes are
    /// not the pattern's. A path is compared as sent.
    func captures(in path: Substring) -> [Substring]? {
        var path = path
        return path.withUTF8 { captures(in: UnsafeRawBufferPointer($0)) }
    }

    /// `captures(in: path)` on the path's bytes, had once for all the routes a request is matched against.
    func captures(in bytes: UnsafeRawBufferPointer) -> [Substring]? {
        guard hasPlaceholder ? bytes.count > literalStart.count : bytes.count == literalStart.count,
              Self.equal(literalStart, UnsafeRawBufferPointer(rebasing: bytes[..<literalStart.count])) else { return nil }
        guard hasPlaceholder else { return [] }
        var captures: [Substring] = []
        var start = 0
        for (number, want) in segments.enumerated() {
            let end = bytes.firstIndex(ofByte: UInt8(ascii: "/"), from: start) ?? bytes.count
            if let want {
                guard Self.equal(want, UnsafeRawBufferPointer(rebasing: bytes[start..<end])) else { return nil }
            } else {
                guard end > start else { return nil }
                captures.append(Substring(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            }
            let isLast = number == segments.count - 1
            guard isLast == (end == bytes.count) else { return nil }
            start = end + 1
        }
        return captures
    }

    /// memcmp: a generic comparison costs several instructions a byte, for every route a request is matched against.
    private static func equal(_ segment: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        segment.count == bytes.count && segment.withUnsafeBytes { segment in
            bytes.isEmpty || memcmp(segment.baseAddress!, bytes.baseAddress!, bytes.count) == 0
        }
    }
}
