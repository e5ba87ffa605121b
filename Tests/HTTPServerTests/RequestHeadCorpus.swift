@testable import HTTPServer
import Testing

/// A parser outcome as the tests compare it: a head by its fields, a rejection by status, code and message.
enum HeadVerdict: Equatable, CustomStringConvertible {
    case incomplete
    case head(ParsedHead, length: Int)
    case rejected(status: Int, code: String, message: String)

    init(_ outcome: RequestHeadParser.Outcome) {
        switch outcome {
        case .incomplete: self = .incomplete
        case let .head(head, length): self = .head(ParsedHead(head), length: length)
        case let .rejected(error): self = .rejected(status: error.status, code: error.code, message: error.message)
        }
    }

    var isRejected: Bool {
        if case .rejected = self { true } else { false }
    }

    var description: String {
        switch self {
        case .incomplete: "incomplete"
        case let .head(head, length): "head(\(head), length: \(length))"
        case let .rejected(status, code, message): "rejected(\(status) \(code): \(message))"
        }
    }
}

/// A `RequestHead`, comparable.
struct ParsedHead: Equatable, Sendable {
    struct Field: Equatable, Sendable {
        let name: String
        let value: String
    }

    var method = "GET"
    var target = "/"
    var version = RequestHead.Version.http11
    var headers = [Field(name: "Host", value: "x")]
    var framing = RequestHead.BodyFraming.none
    var keepAlive = true
    var expectsContinue = false
}

extension ParsedHead {
    init(_ head: RequestHead) {
        self.init(method: head.method.name, target: head.target, version: head.version,
                  headers: head.fields.map { Field(name: $0.name, value: $0.value) }, framing: head.framing, keepAlive: head.keepAlive,
                  expectsContinue: head.expectsContinue)
    }
}

/// One request head of the corpus and what the parser must make of it.
struct HeadCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable {
        case head(ParsedHead)
        case rejected(status: Int, code: String, phrase: String)
    }

    let name: String
    let bytes: [UInt8]
    let expected: Expected
    /// The rejection can only come with the empty line that ends the head (a field that is missing).
    let needsWholeHead: Bool

    var testDescription: String { name }

    /// A head of `lines`, each ended with CRLF, and the empty line after them.
    init(_ name: String, _ lines: [String], _ expected: Expected, needsWholeHead: Bool = false) {
        self.init(name, bytes: Array((lines.map { $0 + "\r\n" }.joined() + "\r\n").utf8), expected, needsWholeHead: needsWholeHead)
    }

    init(_ name: String, bytes: [UInt8], _ expected: Expected, needsWholeHead: Bool = false) {
        self.name = name
        self.bytes = bytes
        self.expected = expected
        self.needsWholeHead = needsWholeHead
    }
}

extension HeadCase.Expected {
    static func badRequest(_ phrase: String) -> Self { .rejected(status: 400, code: "bad_request", phrase: phrase) }
}

/// Every rule of the parser, one or more heads each; the accepted ones with their exact fields.
enum RequestHeadCorpus {
    static let host = "Host: x"

    static func head(_ edit: (inout ParsedHead) -> Void = { _ in }) -> HeadCase.Expected {
        var head = ParsedHead()
        edit(&head)
        return .head(head)
    }

    static func fields(_ fields: (String, String)...) -> [ParsedHead.Field] {
        fields.map { ParsedHead.Field(name: $0.0, value: $0.1) }
    }

    static let accepted: [HeadCase] = [
        HeadCase("origin-form with a query", ["GET /a/b?c=1&d HTTP/1.1", host], head { $0.target = "/a/b?c=1&d" }),
        HeadCase("bare LF line ends", bytes: Array("GET / HTTP/1.1\nHost: x\n\n".utf8), head()),
        HeadCase("CRLF and LF mixed", bytes: Array("GET / HTTP/1.1\r\nHost: x\n\r\n".utf8), head()),
        HeadCase("four empty lines before the request line", bytes: Array("\r\n\n\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), head()),
        HeadCase("a method is case-sensitive and kept as sent", ["get / HTTP/1.1", host], head { $0.method = "get" }),
        HeadCase("any token is a method", ["M-SEARCH! / HTTP/1.1", host], head { $0.method = "M-SEARCH!" }),
        HeadCase("HEAD is HEAD", ["HEAD / HTTP/1.1", host], head { $0.method = "HEAD" }),
        HeadCase("GE is not GET", ["GE / HTTP/1.1", host], head { $0.method = "GE" }),
        HeadCase("GETS is not GET", ["GETS / HTTP/1.1", host], head { $0.method = "GETS" }),
        HeadCase("POSTS is not POST", ["POSTS / HTTP/1.1", host], head { $0.method = "POSTS" }),
        HeadCase("field names as sent, values without surrounding whitespace",
                 ["GET / HTTP/1.1", "hOsT:x", "X-A: \t v a\tl \t", "X-Empty:", "X-Spaces:    "],
                 head { $0.headers = fields(("hOsT", "x"), ("X-A", "v a\tl"), ("X-Empty", ""), ("X-Spaces", "")) }),
        HeadCase("obs-text in a value, UTF-8", ["GET / HTTP/1.1", host, "X-Name: caf\u{E9}"],
                 head { $0.headers = fields(("Host", "x"), ("X-Name", "caf\u{E9}")) }),
        HeadCase("obs-text in a value, not UTF-8",
                 bytes: Array("GET / HTTP/1.1\r\nHost: x\r\nX-Name: caf".utf8) + [0xE9] + Array("\r\n\r\n".utf8),
                 head { $0.headers = fields(("Host", "x"), ("X-Name", "caf\u{FFFD}")) }),
        HeadCase("an empty Host", ["GET / HTTP/1.1", "Host:"], head { $0.headers = fields(("Host", "")) }),
        HeadCase("HTTP/1.0 without Host closes", ["GET / HTTP/1.0"], head { $0.version = .http10; $0.headers = []; $0.keepAlive = false }),
        HeadCase("HTTP/1.0 keep-alive", ["GET / HTTP/1.0", "Connection: Keep-Alive"],
                 head { $0.version = .http10; $0.headers = fields(("Connection", "Keep-Alive")) }),
        HeadCase("HTTP/1.0 close wins over keep-alive", ["GET / HTTP/1.0", "Connection: keep-alive, close"],
                 head { $0.version = .http10; $0.headers = fields(("Connection", "keep-alive, close")); $0.keepAlive = false }),
        HeadCase("HTTP/1.1 Connection: close in a list, any case", ["GET / HTTP/1.1", host, "Connection: Upgrade,, CLOSE"],
                 head { $0.headers = fields(("Host", "x"), ("Connection", "Upgrade,, CLOSE")); $0.keepAlive = false }),
        HeadCase("Content-Length", ["POST / HTTP/1.1", host, "Content-Length: 5"],
                 head { $0.method = "POST"; $0.headers = fields(("Host", "x"), ("Content-Length", "5")); $0.framing = .length(5) }),
        HeadCase("Content-Length 0", ["POST / HTTP/1.1", host, "Content-Length: 0"],
                 head { $0.method = "POST"; $0.headers = fields(("Host", "x"), ("Content-Length", "0")); $0.framing = .length(0) }),
        HeadCase("Content-Length with leading zeros", ["POST / HTTP/1.1", host, "Content-Length: 0005"],
                 head { $0.method = "POST"; $0.headers = fields(("Host", "x"), ("Content-Length", "0005")); $0.framing = .length(5) }),
        HeadCase("Content-Length list of one value", ["POST / HTTP/1.1", host, "Content-Length: 5, 05 ,5"],
                 head { $0.method = "POST"; $0.headers = fields(("Host", "x"), ("Content-Length", "5, 05 ,5")); $0.framing = .length(5) }),
        HeadCase("Content-Length repeated with the same value", ["POST / HTTP/1.1", host, "Content-Length: 5", "content-length: 5"],
                 head {
                     $0.method = "POST"
                     $0.headers = fields(("Host", "x"), ("Content-Length", "5"), ("content-length", "5"))
                     $0.framing = .length(5)
                 }),
        HeadCase("Content-Length at the body limit", ["POST / HTTP/1.1", host, "Content-Length: 1048576"],
                 head {
                     $0.method = "POST"
                     $0.headers = fields(("Host", "x"), ("Content-Length", "1048576"))
                     $0.framing = .length(1_048_576)
                 }),
        HeadCase("Transfer-Encoding: chunked", ["POST / HTTP/1.1", host, "Transfer-Encoding: chunked"],
                 head { $0.method = "POST"; $0.headers = fields(("Host", "x"), ("Transfer-Encoding", "chunked")); $0.framing = .chunked }),
        HeadCase("Transfer-Encoding: Chunked, any case, empty elements", ["POST / HTTP/1.1", host, "Transfer-Encoding: , Chunked,"],
                 head {
                     $0.method = "POST"
                     $0.headers = fields(("Host", "x"), ("Transfer-Encoding", ", Chunked,"))
                     $0.framing = .chunked
                 }),
        HeadCase("Expect: 100-continue", ["POST / HTTP/1.1", host, "Expect: 100-Continue", "Content-Length: 3"],
                 head {
                     $0.method = "POST"
                     $0.headers = fields(("Host", "x"), ("Expect", "100-Continue"), ("Content-Length", "3"))
                     $0.framing = .length(3)
                     $0.expectsContinue = true
                 }),
        HeadCase("Expect: 100-continue is ignored in HTTP/1.0", ["GET / HTTP/1.0", "Expect: 100-continue"],
                 head { $0.version = .http10; $0.headers = fields(("Expect", "100-continue")); $0.keepAlive = false }),
        HeadCase("absolute-form", ["GET http://example.com:8080/a/b?c HTTP/1.1", host], head { $0.target = "/a/b?c" }),
        HeadCase("absolute-form without a path", ["GET HTTPS://Example.com HTTP/1.1", host], head { $0.target = "/" }),
        HeadCase("absolute-form with only a query", ["GET http://example.com?c=1 HTTP/1.1", host], head { $0.target = "/?c=1" }),
        HeadCase("OPTIONS *", ["OPTIONS * HTTP/1.1", host], head { $0.method = "OPTIONS"; $0.target = "*" }),
        HeadCase("CONNECT host:port", ["CONNECT example.com:443 HTTP/1.1", host],
                 head { $0.method = "CONNECT"; $0.target = "example.com:443" }),
        HeadCase("CONNECT to an IPv6 literal", ["CONNECT [::1]:443 HTTP/1.1", host],
                 head { $0.method = "CONNECT"; $0.target = "[::1]:443" }),
    ]

    static let rejected: [HeadCase] = [
        // The request line
        HeadCase("garbage", ["GARBAGE"], .badRequest("is not a method, a target and a version")),
        HeadCase("five empty lines before the request line", bytes: Array("\r\n\r\n\r\n\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
                 .badRequest("more than 4 empty lines before the request line")),
        HeadCase("a space before the method", [" GET / HTTP/1.1", host], .badRequest("starts with a space")),
        HeadCase("two spaces after the method", ["GET  / HTTP/1.1", host], .badRequest("two spaces after the method")),
        HeadCase("two spaces after the target", ["GET /  HTTP/1.1", host], .badRequest("two spaces after the target")),
        HeadCase("a space after the version", ["GET / HTTP/1.1 ", host], .badRequest("more than three parts")),
        HeadCase("no version", ["GET /", host], .badRequest("has no HTTP version")),
        HeadCase("a tab for a space", ["GET\t/ HTTP/1.1", host], .badRequest("the method \"GET\\x09/\" is not a token")),
        HeadCase("a method that is not a token", ["G(T / HTTP/1.1", host], .badRequest("the method \"G(T\" is not a token")),
        HeadCase("HTTP/9.9", ["GET / HTTP/9.9", host],
                 .rejected(status: 505, code: "http_version_not_supported", phrase: "HTTP/9.9 is not supported")),
        HeadCase("HTTP/2.0 preface", bytes: Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8),
                 .rejected(status: 505, code: "http_version_not_supported", phrase: "HTTP/2.0")),
        HeadCase("lowercase http/1.1", ["GET / http/1.1", host], .badRequest("the HTTP version \"http/1.1\" is not HTTP/1.1 or HTTP/1.0")),
        HeadCase("HTTP/1", ["GET / HTTP/1", host], .badRequest("is not HTTP/1.1 or HTTP/1.0")),
        HeadCase("HTTP/1.10", ["GET / HTTP/1.10", host], .badRequest("is not HTTP/1.1 or HTTP/1.0")),
        HeadCase("HTTP/11", ["GET / HTTP/11", host], .badRequest("is not HTTP/1.1 or HTTP/1.0")),
        // The target
        HeadCase("a byte over 0x7F in the target", ["GET /caf\u{E9} HTTP/1.1", host],
                 .badRequest("has the byte \\xC3; a target is visible ASCII")),
        HeadCase("DEL in the target", ["GET /a\u{7F} HTTP/1.1", host], .badRequest("has the byte \\x7F")),
        HeadCase("NUL in the target", ["GET /a\u{0}b HTTP/1.1", host], .badRequest("the request line has a NUL byte")),
        HeadCase("a fragment", ["GET /a#b HTTP/1.1", host], .badRequest("has a fragment (#)")),
        HeadCase("* for GET", ["GET * HTTP/1.1", host], .badRequest("the target * is only for OPTIONS")),
        HeadCase("OPTIONS *x", ["OPTIONS *x HTTP/1.1", host], .badRequest("is not a path")),
        HeadCase("authority-form for GET", ["GET example.com:80 HTTP/1.1", host], .badRequest("is not a path")),
        HeadCase("another scheme", ["GET ftp://example.com/ HTTP/1.1", host], .badRequest("is not a path")),
        HeadCase("a relative path", ["GET a/b HTTP/1.1", host], .badRequest("is not a path")),
        HeadCase("an absolute-form without a host", ["GET http:///a HTTP/1.1", host], .badRequest("has no host")),
        HeadCase("an absolute-form with userinfo", ["GET http://user:pw@example.com/ HTTP/1.1", host], .badRequest("has userinfo")),
        HeadCase("CONNECT with a path", ["CONNECT /a HTTP/1.1", host], .badRequest("CONNECT needs a host:port target")),
        HeadCase("CONNECT without a port", ["CONNECT example.com: HTTP/1.1", host], .badRequest("CONNECT needs a host:port target")),
        HeadCase("CONNECT with userinfo", ["CONNECT u@example.com:443 HTTP/1.1", host], .badRequest("CONNECT needs a host:port target")),
        // Line ends and bytes
        HeadCase("a bare CR ending the request line", bytes: Array("GET / HTTP/1.1\rHost: x\r\n\r\n".utf8),
                 .badRequest("the request line has a CR that no LF follows")),
        HeadCase("a bare CR in a value", ["GET / HTTP/1.1", host, "X-A: a\rb"], .badRequest("header field 2 has a CR that no LF follows")),
        HeadCase("CR CR LF", bytes: Array("GET / HTTP/1.1\r\nHost: x\r\r\n\r\n".utf8),
                 .badRequest("header field 1 has a CR that no LF follows")),
        HeadCase("NUL in a value", ["GET / HTTP/1.1", host, "X-A: a\u{0}b"], .badRequest("header field 2 has a NUL byte")),
        // Field lines
        HeadCase("a space before the colon", ["GET / HTTP/1.1", host, "X-A : v"],
                 .badRequest("header field 2 (\"X-A \") has whitespace before its colon")),
        HeadCase("a space before the colon of Host", ["GET / HTTP/1.1", "Host : x"],
                 .badRequest("header field 1 (\"Host \") has whitespace before its colon")),
        HeadCase("a tab before the colon", ["GET / HTTP/1.1", host, "Content-Length\t: 5"], .badRequest("has whitespace before its colon")),
        HeadCase("a name that is not a token", ["GET / HTTP/1.1", host, "X(A): v"],
                 .badRequest("header field 2 (\"X(A)\") has a name that is not a token")),
        HeadCase("a space inside a name", ["GET / HTTP/1.1", host, "X A: v"], .badRequest("has a name that is not a token")),
        HeadCase("a name that is not ASCII", ["GET / HTTP/1.1", host, "X-\u{E9}: v"],
                 .badRequest("header field 2 (\"X-\\xC3\\xA9\") has a name that is not a token")),
        HeadCase("no colon", ["GET / HTTP/1.1", host, "NoColon"], .badRequest("header field 2 (\"NoColon\") has no colon")),
        HeadCase("an empty name", ["GET / HTTP/1.1", host, ": v"], .badRequest("header field 2 has an empty name")),
        HeadCase("obs-fold", ["GET / HTTP/1.1", host, "X-A: a", " b"], .badRequest("header field 3 starts with whitespace")),
        HeadCase("obs-fold with a tab", ["GET / HTTP/1.1", host, "X-A: a", "\tb"], .badRequest("header field 3 starts with whitespace")),
        HeadCase("whitespace before the first field", ["GET / HTTP/1.1", " Host: x"], .badRequest("header field 1 starts with whitespace")),
        HeadCase("a control byte in a value", ["GET / HTTP/1.1", host, "X-A: a\u{1}b"],
                 .badRequest("has the control byte \\x01 in its value")),
        HeadCase("DEL in a value", ["GET / HTTP/1.1", host, "X-A: a\u{7F}"], .badRequest("has the control byte \\x7F in its value")),
        // Host
        HeadCase("HTTP/1.1 without Host", ["GET / HTTP/1.1", "X-A: v"],
                 .badRequest("an HTTP/1.1 request needs a Host field"), needsWholeHead: true),
        HeadCase("HTTP/1.1 with two Hosts", ["GET / HTTP/1.1", host, "host: y"], .badRequest("two Host fields")),
        HeadCase("HTTP/1.0 with two Hosts", ["GET / HTTP/1.0", host, host], .badRequest("two Host fields")),
        HeadCase("a Host with whitespace", ["GET / HTTP/1.1", "Host: a b"], .badRequest("Host \"a b\" has whitespace")),
        // Content-Length
        HeadCase("Content-Length with a plus", ["POST / HTTP/1.1", host, "Content-Length: +5"],
                 .badRequest("Content-Length \"+5\" is not a number")),
        HeadCase("Content-Length with a minus", ["POST / HTTP/1.1", host, "Content-Length: -1"],
                 .badRequest("Content-Length \"-1\" is not a number")),
        HeadCase("Content-Length with a space inside", ["POST / HTTP/1.1", host, "Content-Length: 1 2"],
                 .badRequest("Content-Length \"1 2\" is not a number")),
        HeadCase("Content-Length in hex", ["POST / HTTP/1.1", host, "Content-Length: 0x10"], .badRequest("is not a number")),
        HeadCase("Content-Length abc", ["POST / HTTP/1.1", host, "Content-Length: abc"],
                 .badRequest("Content-Length \"abc\" is not a number")),
        HeadCase("Content-Length empty", ["POST / HTTP/1.1", host, "Content-Length:"], .badRequest("Content-Length \"\" is not a number")),
        HeadCase("Content-Length with an empty element", ["POST / HTTP/1.1", host, "Content-Length: 5,"], .badRequest("is not a number")),
        HeadCase("Content-Length list of two values", ["POST / HTTP/1.1", host, "Content-Length: 5, 6"],
                 .badRequest("two different Content-Length values")),
        HeadCase("Content-Length twice, two values", ["POST / HTTP/1.1", host, "Content-Length: 5", "Content-Length: 50"],
                 .badRequest("two different Content-Length values")),
        HeadCase("Content-Length overflowing", ["POST / HTTP/1.1", host, "Content-Length: 99999999999999999999999"],
                 .rejected(status: 413, code: "content_too_large", phrase: "larger than 1048576 bytes")),
        HeadCase("Content-Length past the body limit", ["POST / HTTP/1.1", host, "Content-Length: 1048577"],
                 .rejected(status: 413, code: "content_too_large", phrase: "larger than 1048576 bytes")),
        // Transfer-Encoding
        HeadCase("Content-Length then Transfer-Encoding", ["POST / HTTP/1.1", host, "Content-Length: 5", "Transfer-Encoding: chunked"],
                 .badRequest("both Content-Length and Transfer-Encoding (a request is framed one way)")),
        HeadCase("Transfer-Encoding then Content-Length", ["POST / HTTP/1.1", host, "Transfer-Encoding: chunked", "Content-Length: 5"],
                 .badRequest("both Content-Length and Transfer-Encoding")),
        HeadCase("chunked, gzip", ["POST / HTTP/1.1", host, "Transfer-Encoding: chunked, gzip"], .badRequest("\"gzip\" after chunked")),
        HeadCase("chunked then gzip on another line", ["POST / HTTP/1.1", host, "Transfer-Encoding: chunked", "Transfer-Encoding: gzip"],
                 .badRequest("after chunked")),
        HeadCase("gzip, chunked", ["POST / HTTP/1.1", host, "Transfer-Encoding: gzip, chunked"],
                 .rejected(status: 501, code: "not_implemented", phrase: "the transfer coding \"gzip\" is not implemented")),
        HeadCase("identity", ["POST / HTTP/1.1", host, "Transfer-Encoding: identity"],
                 .rejected(status: 501, code: "not_implemented", phrase: "\"identity\" is not implemented")),
        HeadCase("chunked twice", ["POST / HTTP/1.1", host, "Transfer-Encoding: chunked, Chunked"], .badRequest("names chunked twice")),
        HeadCase("chunked on two lines", ["POST / HTTP/1.1", host, "Transfer-Encoding: chunked", "Transfer-Encoding: chunked"],
                 .badRequest("names chunked twice")),
        HeadCase("an empty Transfer-Encoding", ["POST / HTTP/1.1", host, "Transfer-Encoding: ,"], .badRequest("names no coding")),
        HeadCase("a coding with parameters", ["POST / HTTP/1.1", host, "Transfer-Encoding: chunked;q=1"],
                 .badRequest("an element that is not a coding")),
        HeadCase("Transfer-Encoding in HTTP/1.0", ["POST / HTTP/1.0", "Transfer-Encoding: chunked"],
                 .badRequest("Transfer-Encoding in an HTTP/1.0 request")),
        // Expect and Connection
        HeadCase("another expectation", ["POST / HTTP/1.1", host, "Expect: 200-ok"],
                 .rejected(status: 417, code: "expectation_failed", phrase: "the expectation \"200-ok\" cannot be met")),
        HeadCase("another expectation after 100-continue", ["POST / HTTP/1.1", host, "Expect: 100-continue, x"],
                 .rejected(status: 417, code: "expectation_failed", phrase: "\"x\"")),
        HeadCase("another expectation in HTTP/1.0", ["POST / HTTP/1.0", "Expect: 200-ok"],
                 .rejected(status: 417, code: "expectation_failed", phrase: "\"200-ok\"")),
        HeadCase("a Connection option that is not a token", ["GET / HTTP/1.1", host, "Connection: keep alive"],
                 .badRequest("Connection \"keep alive\" has an element that is not a token")),
    ]

    static let all = accepted + rejected
}
