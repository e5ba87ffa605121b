import Foundation
import Testing

/// A request with a body is judged on its head first: what the head alone decides (no token, no route, a method the
/// route does not take) is answered before the client has sent any of the body and before `100 Continue`, and the
/// connection closes; a request the head lets through is told to send its body, which is read.
@Suite struct ServeHeadRefusalTests {
    static let token = "tk-head-7f3a91"
    static let batch = #"{"events":[{"event_id":"h1","type":"shown","created_at":"2026-11-29T12:00:00Z","profile_id":"p","#
        + #""placement_id":"onboarding","variation_id":"v"}]}"#

    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    /// A server on the store with `--token-file` and an access log, and the log's path.
    private func serverWithToken() throws -> (ServeProcess, logPath: String) {
        let tokenPath = store.directory.appendingPathComponent("serve.token").path
        try Data((Self.token + "\n").utf8).write(to: URL(fileURLWithPath: tokenPath))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: tokenPath)
        let logPath = store.directory.appendingPathComponent("access.log").path
        return (try ServeProcess(["--token-file", tokenPath, "--access-log", logPath], store: store.path), logPath)
    }

    /// A client without the token gets its 401 before it has sent any of its 1 MiB body, with no `100 Continue` first;
    /// the connection closes, and nothing is stored.
    @Test(arguments: [true, false])
    func anUploadWithoutTheTokenIsRefusedBeforeItsBody(expectsContinue: Bool) throws {
        let (server, logPath) = try serverWithToken()
        let connection = try server.connect()
        try connection.send("POST /v1/events HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(1 << 20)\r\n"
                            + (expectsContinue ? "Expect: 100-continue\r\n" : "") + "\r\n")
        // The first answer, with none of the body sent.
        let response = try #require(try connection.readResponse(timeout: 3), "no answer before the body")
        #expect(response.status == 401)
        #expect(response.errorCode == "unauthorized")
        #expect(response.header("WWW-Authenticate") == "Bearer")
        #expect(response.header("Connection") == "close")
        #expect(connection.closes(within: 2))
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(try String(contentsOfFile: logPath, encoding: .utf8).contains(" 127.0.0.1 POST /v1/events 401 "))
        #expect(try server.stop().status == 0)
        // Nothing of the batch reached the event store.
        #expect(try reportedPlacements() == 0)
    }

    /// With the token, `Expect: 100-continue` is told to send, and the batch is stored.
    @Test func anUploadWithTheTokenIsToldToSendItsBody() throws {
        let (server, _) = try serverWithToken()
        let connection = try server.connect()
        try connection.send("POST /v1/events HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer \(Self.token)\r\nContent-Length: \(Self.batch.utf8.count)\r\n"
                            + "Expect: 100-continue\r\n\r\n")
        #expect(try connection.readResponse()?.status == 100)
        try connection.send(Self.batch)
        let stored = try #require(try connection.readResponse())
        #expect(stored.status == 200, "\(stored.body)")
        #expect(try stored.json()["accepted"] as? Int == 1)
        #expect(try server.stop().status == 0)
        #expect(try reportedPlacements() == 1)
    }

    /// How many placements `paywalls report` finds events of in the store.
    private func reportedPlacements() throws -> Int {
        let report = try store.run(["report", "--json"])
        try #require(report.status == 0, "\(report.standardError)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.standardOutput.utf8)) as? [String: Any])
        return try #require(object["placements"] as? [Any]).count
    }

    /// A body no route would read (a method the route does not take, a path no route has) is refused from the head,
    /// by length or chunked, and the server goes on.
    @Test(arguments: [("/healthz", 405, "method_not_allowed"), ("/nowhere", 404, "not_found")])
    func aBodyNoRouteTakesIsRefusedBeforeItIsSent(_ path: String, status: Int, code: String) throws {
        let server = try ServeProcess(store: store.path)
        for framing in ["Content-Length: \(1 << 20)", "Transfer-Encoding: chunked"] {
            let connection = try server.connect()
            try connection.send("POST \(path) HTTP/1.1\r\nHost: t\r\n\(framing)\r\nExpect: 100-continue\r\n\r\n")
            let response = try #require(try connection.readResponse(timeout: 3), "no answer to \(path) before its body")
            #expect(response.status == status)
            #expect(response.errorCode == code)
            #expect(response.header("Connection") == "close")
            #expect(connection.closes(within: 2))
        }
        #expect(try server.request("GET", "/healthz").status == 200)
    }
}
