import HTTPServer
@testable import PaywallServer
import Testing

/// How a request target is read on its bytes: query fields decoded, and paths matched to route patterns.
@Suite("Query fields and route patterns, read on bytes")
struct RequestTargetReadingTests {
    static func pairs(_ query: String) throws -> [String] {
        let parameters = try QueryParameters(query[...])
        return ["a", "b", "c", "flag", "d e"].flatMap { name in parameters.values(name).map { "\(name)=\($0)" } }
    }

    @Test("fields are split on & and =, empty ones skipped, + and escapes decoded")
    func fieldsAreDecoded() throws {
        #expect(try Self.pairs("a=1&&b=%41+c&flag&c=x+y&c=&d+e=%E2%82%AC") == ["a=1", "b=A c", "c=x y", "c=", "flag=", "d e=€"])
        #expect(try Self.pairs("a=b=c") == ["a=b=c"])
        #expect(try Self.pairs("") == [])
        // No field of no name is made of `&&` or a trailing `&`: nothing unknown to refuse.
        #expect(throws: Never.self) { try QueryParameters("&a=1&&b=2&").refuseUnknown(allowed: ["a", "b"]) }
    }

    @Test("a broken escape or bytes that are not UTF-8 are refused, saying which text", arguments: [
        ("a=%4", "invalid percent-encoding in '%4': % must be followed by two hexadecimal digits"),
        ("a=x%zz", "invalid percent-encoding in 'x%zz': % must be followed by two hexadecimal digits"),
        ("%C3%28=1", "'%C3%28' does not decode to UTF-8 text"),
    ])
    func brokenEscapesAreRefused(query: String, message: String) {
        #expect { try QueryParameters(query[...]) } throws: { ($0 as? APIError)?.message == message }
    }

    @Test("a path segment keeps + as it is")
    func plusInAPathIsAPlus() throws {
        #expect(try PercentDecoding.decode("a+b%20c", plusIsSpace: false) == "a+b c")
    }

    @Test("a path matches a pattern segment by segment, its placeholders captured as sent", arguments: [
        ("/v1/placements/on%20boarding/bundle", ["on%20boarding"]),
        ("/v1/placements//bundle", nil),
        ("/v1/placements/x/bundle/", nil),
        ("/v1/placements/x", nil),
        ("/v1/placement/x/bundle", nil),
        ("v1/placements/x/bundle", nil),
        ("", nil),
    ] as [(String, [String]?)])
    func pathsMatchPatterns(path: String, captures: [String]?) {
        let route = Route("/v1/placements/{id}/bundle", methods: ["GET"], caching: .bundle) { _, _ in HTTPResponse(status: 200) }
        #expect(route.captures(in: path[...])?.map(String.init) == captures)
    }

    @Test("a pattern without placeholders matches only itself")
    func fixedPatternsMatchThemselves() {
        let route = Route("/healthz", methods: ["GET"], caching: .live) { _, _ in HTTPResponse(status: 200) }
        #expect(route.captures(in: "/healthz") == [])
        #expect(route.captures(in: "/healthz/") == nil)
        #expect(route.captures(in: "/health") == nil)
    }
}
