@testable import HTTPServer
import Testing

/// What a route reads of a request, made from the bytes of its head when it asks: the method, the path and the query
/// of each form of target, and the header fields by name in any case, as received.
@Suite("A request's parts, read from the bytes of its head")
struct RequestFieldsTests {
    /// The request `head` (lines joined with CRLF, or with `lineEnd`) reads as, with no body.
    static func request(_ lines: [String], lineEnd: String = "\r\n") throws -> HTTPRequest {
        var parser = RequestHeadParser(limits: RequestLimits())
        let bytes = Array((lines.joined(separator: lineEnd) + lineEnd + lineEnd).utf8)
        guard case let .head(head, length) = bytes.withUnsafeBytes({ parser.parse($0) }) else { throw Unread() }
        try #require(length == bytes.count)
        return HTTPRequest(head: head, body: [], arrival: .now)
    }

    struct Unread: Error {}

    static let fieldLines = ["Host: x", "Accept:*/*", "accept-encoding: \t gzip, br \t", "X-Empty:", "Accept-Encoding: identity",
                             "X-Colon: a:b:c", "X-Obs: caf\u{E9}"]

    @Test(arguments: ["\r\n", "\n"])
    func aNameIsFoundInAnyCaseAndTheFirstFieldWins(lineEnd: String) throws {
        let request = try Self.request(["GET / HTTP/1.1"] + Self.fieldLines, lineEnd: lineEnd)
        #expect(request.header("Accept-Encoding") == "gzip, br")
        #expect(request.header("ACCEPT") == "*/*")
        #expect(request.header("host") == "x")
        #expect(request.header("x-colon") == "a:b:c")
        #expect(request.header("X-Empty") == "")
        #expect(request.header("x-obs") == "caf\u{E9}")
    }

    @Test func aNameIsMatchedWholeNotByItsStart() throws {
        let request = try Self.request(["GET / HTTP/1.1"] + Self.fieldLines)
        for name in ["Accept-", "Hos", "Hosts", "", "X-Colon: a"] { #expect(request.header(name) == nil, "\(name)") }
    }

    @Test func everyFieldComesBackInOrder() throws {
        let request = try Self.request(["GET / HTTP/1.1"] + Self.fieldLines)
        #expect(request.headers.map(\.name) == ["Host", "Accept", "accept-encoding", "X-Empty", "Accept-Encoding", "X-Colon", "X-Obs"])
        #expect(request.headers.map(\.value) == ["x", "*/*", "gzip, br", "", "identity", "a:b:c", "caf\u{E9}"])
        let bare = try Self.request(["GET / HTTP/1.0"])
        #expect(bare.headers.isEmpty)
        #expect(bare.header("Host") == nil)
    }

    /// The path and query of each form of target, the target as a route sees it, and the path's bytes a router matches.
    @Test(arguments: [
        ("GET /v1/status?x=1&y HTTP/1.1", "GET", "/v1/status", "x=1&y", "/v1/status?x=1&y"),
        ("GET /a HTTP/1.1", "GET", "/a", nil, "/a"),
        ("GET /a? HTTP/1.1", "GET", "/a", "", "/a?"),
        ("GET /a?b?c HTTP/1.1", "GET", "/a", "b?c", "/a?b?c"),
        ("POST http://example.com:8080/a/b?c HTTP/1.1", "POST", "/a/b", "c", "/a/b?c"),
        ("GET HTTPS://Example.com HTTP/1.1", "GET", "/", nil, "/"),
        ("HEAD http://example.com?c=1 HTTP/1.1", "HEAD", "/", "c=1", "/?c=1"),
        ("OPTIONS * HTTP/1.1", "OPTIONS", "*", nil, "*"),
        ("CONNECT example.com:443 HTTP/1.1", "CONNECT", "example.com:443", nil, "example.com:443"),
        ("M-SEARCH /x?y HTTP/1.1", "M-SEARCH", "/x", "y", "/x?y"),
    ] as [(String, String, String, String?, String)])
    func eachFormOfTargetHasItsPathAndQuery(requestLine: String, method: String, path: String, query: String?, target: String) throws {
        let request = try Self.request([requestLine, "Host: x"])
        #expect(request.method == HTTPMethod(method))
        #expect(request.path == path[...])
        #expect(request.query == query?[...])
        #expect(request.target == target)
        #expect(request.withPathBytes { Array($0) } == Array(path.utf8))
    }

    @Test func theCommonMethodsAreTheLiteralsAndOthersAreKeptAsSent() throws {
        #expect(try Self.request(["GET / HTTP/1.1", "Host: x"]).method == .get)
        #expect(try Self.request(["HEAD / HTTP/1.1", "Host: x"]).method == .head)
        #expect(try Self.request(["POST / HTTP/1.1", "Host: x"]).method == .post)
        #expect(try Self.request(["get / HTTP/1.1", "Host: x"]).method.name == "get")
    }

    @Test func aRequestMadeOfPartsReadsTheSame() {
        let request = HTTPRequest(method: "GET", target: "/v1/status?x=1", headers: [("If-None-Match", "\"a\""), ("X-Empty", "")])
        #expect(request.header("if-none-match") == "\"a\"")
        #expect(request.header("x-empty") == "")
        #expect(request.headers.count == 2)
        #expect(request.path == "/v1/status")
        #expect(request.query == "x=1")
        #expect(request.httpVersion == "HTTP/1.1")
        #expect(request.targetIsASCII)
        #expect(!HTTPRequest(method: "GET", target: "/caf\u{E9}").targetIsASCII)
    }
}
