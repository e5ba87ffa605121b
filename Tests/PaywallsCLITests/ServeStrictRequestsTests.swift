import Foundation
import Testing

/// Requests RFC 9112 does not allow, sent raw to a real `paywalls serve`, one connection each: every one
/// is answered with the service's JSON error, closes its connection, is written to the access log and
/// counted in `/metrics`, and the server goes on serving.
@Suite struct ServeStrictRequestsTests {
    let server: ServeProcess
    let accessLog: URL

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-strict-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        accessLog = directory.appendingPathComponent("access.log")
        server = try ServeProcess(["--access-log", accessLog.path, "--connection-timeout", "2"])
    }

    /// The raw request, the status and the error code it gets.
    static let refusals: [(name: String, request: String, status: Int, code: String)] = [
        ("garbage", "GARBAGE\r\n\r\n", 400, "bad_request"),
        ("an unknown version", "GET / HTTP/9.9\r\nHost: t\r\n\r\n", 505, "http_version_not_supported"),
        ("a Content-Length that is no number", "POST /v1/bundles HTTP/1.1\r\nHost: t\r\nContent-Length: abc\r\n\r\n", 400, "bad_request"),
        ("HTTP/1.1 without Host", "GET /healthz HTTP/1.1\r\n\r\n", 400, "bad_request"),
        ("two Host fields", "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400, "bad_request"),
        ("Content-Length with chunked", "POST /v1/bundles HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
         400, "bad_request"),
        ("two different Content-Lengths", "POST /v1/bundles HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\nabc", 400, "bad_request"),
        ("a folded header line", "GET /healthz HTTP/1.1\r\nHost: t\r\nX-A: 1\r\n folded\r\n\r\n", 400, "bad_request"),
        ("a NUL in the target", "GET /v1/pla\u{0}cements HTTP/1.1\r\nHost: t\r\n\r\n", 400, "bad_request"),
        ("a transfer coding it does not know", "POST /v1/bundles HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "not_implemented"),
    ]

    @Test(arguments: refusals.indices)
    func aRequestRFC9112RefusesGetsItsJSONError(_ index: Int) throws {
        let refusal = Self.refusals[index]
        let connection = try server.connect()
        try connection.send(refusal.request)
        let response = try #require(try connection.readResponse(), "no answer to \(refusal.name)")
        #expect(response.status == refusal.status, "\(refusal.name)")
        #expect(response.errorCode == refusal.code, "\(refusal.name): \(response.body)")
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.header("Connection") == "close")
        #expect(connection.closes(within: 6), "\(refusal.name): the connection stays open")
        #expect(try server.request("GET", "/healthz").status == 200)
        let log = try String(contentsOf: accessLog, encoding: .utf8)
        #expect(log.contains(" - - \(refusal.status) "), "\(refusal.name) is not in the access log: \(log)")
        let metrics = try server.request("GET", "/metrics").body
        #expect(metrics.contains(#"paywalls_requests_total{route="other",status="\#(refusal.status)"} 1"#), "\(refusal.name): \(metrics)")
    }

    /// A head that does not arrive within the connection timeout gets 408, and the connection closes.
    @Test func aHeadNotReceivedInTimeIs408() throws {
        let connection = try server.connect()
        try connection.send("GET /healthz HTTP/1.1\r\nHost: t\r\n")
        let response = try #require(try connection.readResponse(timeout: 6), "no answer to a stalled head")
        #expect(response.status == 408)
        #expect(response.errorCode == "request_timeout")
        #expect(connection.closes(within: 2))
    }

    /// A POST past the limit from Python's http.client, which sends the whole body before it reads: it
    /// reads the 413, because the server drains what the client still sends before it closes. 6 MB is
    /// more than the two sockets' buffers hold here: closing at once would reset the connection under
    /// the client's feet.
    @Test(arguments: [2_000_000, 6_000_000])
    func aClientSendingABodyPastTheLimitReadsThe413(_ size: Int) throws {
        let script = """
            import http.client, sys
            connection = http.client.HTTPConnection(sys.argv[1], int(sys.argv[2]), timeout=10)
            connection.request("POST", "/v1/bundles", body=b"x" * \(size), headers={"Content-Type": "application/json"})
            response = connection.getresponse()
            print(response.status, response.read().decode())
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, server.host, String(server.port)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.hasPrefix("413 "), "\(text)")
        #expect(text.contains(#""code":"content_too_large""#), "\(text)")
    }

    /// Requests sent together on one connection are answered in their order.
    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let connection = try server.connect()
        let targets = ["/healthz", "/nowhere", "/v1/placements", "/healthz?again=1", "/readyz"]
        try connection.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
        var statuses: [Int] = []
        for _ in targets { statuses.append(try #require(try connection.readResponse()).status) }
        #expect(statuses == [200, 404, 503, 200, 503])
    }

    /// HTTP/1.0 closes after its answer unless it asks to stay; HTTP/1.1 stays unless it asks to close.
    @Test func keepAliveFollowsTheVersionAndTheConnectionField() throws {
        let old = try server.connect()
        try old.send("GET /healthz HTTP/1.0\r\n\r\n")
        #expect(try old.readResponse()?.status == 200)
        #expect(old.closes(within: 2))

        let staying = try server.connect()
        try staying.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let first = try #require(try staying.readResponse())
        #expect(first.header("Connection") == "keep-alive")
        try staying.send("GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(try staying.readResponse()?.header("Connection") == "close")
        #expect(staying.closes(within: 2))
    }

    /// `Expect: 100-continue` gets the interim answer before the body is sent.
    @Test func aClientExpectingContinueIsToldToSend() throws {
        let connection = try server.connect()
        try connection.send("POST /v1/bundles HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: 2\r\nExpect: 100-continue\r\n\r\n")
        let interim = try #require(try connection.readResponse())
        #expect(interim.status == 100)
        try connection.send("[]")
        #expect(try connection.readResponse()?.status == 400)
    }
}
