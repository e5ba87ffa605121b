import Foundation
import Testing

/// `--token-file` and `--admin-token-file`: each role's bearer token on its routes, read again on SIGHUP, and the
/// access log, which never holds one.
@Suite struct ServeTokenTests {
    static let secret = "tk-SECRET-b41f07-never-logged"
    static let adminSecret = "adm-SECRET-90c2e1-never-logged"

    /// A server with the app token (and the admin one when `admin`), its token files and access log in a fresh folder.
    func server(_ arguments: [String], admin: Bool = false) throws -> (ServeProcess, logPath: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-serve-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tokenPath = try Self.tokenFile(Self.secret + "\n", in: directory, named: "serve.token")
        let adminArguments = admin ? ["--admin-token-file", try Self.tokenFile(Self.adminSecret, in: directory, named: "admin.token")] : []
        let logPath = directory.appendingPathComponent("access.log").path
        return (try ServeProcess(["--token-file", tokenPath, "--access-log", logPath] + adminArguments + arguments), logPath)
    }

    /// Writes `text` to a token file of mode 0600 and returns its path.
    static func tokenFile(_ text: String, in directory: URL, named name: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    @Test func v1NeedsTheBearerToken() throws {
        let (server, _) = try server([])
        for headers in [[], ["Authorization: Bearer wrong-token"], ["Authorization: Basic \(Self.secret)"], ["Authorization: Bearer \(Self.secret)x"]] {
            let response = try server.request("GET", "/v1/placements", headers: headers)
            #expect(response.status == 401)
            #expect(response.errorCode == "unauthorized")
            #expect(response.header("WWW-Authenticate") == "Bearer")
            #expect(!response.body.contains(Self.secret))
        }
        // Past the token: the route, which has no snapshot to answer from in an empty store.
        #expect(try server.request("GET", "/v1/placements", headers: ["Authorization: Bearer \(Self.secret)"]).errorCode == "no_snapshot")
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    /// Posting events is the apps'; the report (revenue) the operators': the app token, which every copy of the app
    /// carries, never reads it.
    @Test func eventsNeedTheAppTokenAndTheReportTheAdminOne() throws {
        let (server, _) = try server([], admin: true)
        let body = #"{"events":[{"event_id":"t1","type":"shown","created_at":"2026-11-29T12:00:00Z","profile_id":"p","#
            + #""placement_id":"pl","variation_id":"v"}]}"#
        #expect(try server.request("POST", "/v1/events", body: body).status == 401)
        #expect(try server.request("GET", "/v1/report").status == 401)
        let refused = try server.request("GET", "/v1/report", headers: ["Authorization: Bearer \(Self.secret)"])
        #expect(refused.status == 403)
        #expect(refused.errorMessage == "the app token does not open this route: send the admin token")
        #expect(try server.request("GET", "/metrics", headers: ["Authorization: Bearer \(Self.secret)"]).status == 403)
        // The store directory does not exist in this fixture: with the token, the batch reaches the writer, which
        // says it cannot store it (nothing was stored before either).
        let stored = try server.request("POST", "/v1/events", headers: ["Authorization: Bearer \(Self.secret)"], body: body)
        #expect(stored.errorCode == "events_unavailable", "\(stored.body)")
        #expect(try server.request("GET", "/v1/report", headers: ["Authorization: Bearer \(Self.adminSecret)"]).body == #"{"placements":[]}"#)
        #expect(try server.request("GET", "/metrics", headers: ["Authorization: Bearer \(Self.adminSecret)"]).status == 200)
    }

    /// With the app token alone, no one reads what operators read: the 403 says what to do.
    @Test func withoutAnAdminTokenOperatorRoutesAreClosed() throws {
        let (server, _) = try server([])
        for target in ["/v1/report", "/v1/status", "/metrics"] {
            let response = try server.request("GET", target, headers: ["Authorization: Bearer \(Self.secret)"])
            #expect(response.status == 403, "\(target)")
            #expect(response.errorMessage?.contains("start serve with --admin-token-file") == true, "\(target)")
        }
        #expect(try server.request("GET", "/readyz").status == 503)
    }

    /// SIGHUP reads the token files again: a replaced token works at once and the old one no longer does; a file that
    /// cannot be read then leaves the tokens as they were, and says so.
    @Test func sighupReadsTheTokenFilesAgain() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-serve-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tokenPath = try Self.tokenFile("first-token\n", in: directory, named: "serve.token")
        let server = try ServeProcess(["--token-file", tokenPath])
        func status(_ token: String) throws -> Int {
            try server.request("GET", "/v1/placements", headers: ["Authorization: Bearer \(token)"]).status
        }
        #expect(try status("first-token") == 503)
        _ = try Self.tokenFile(" second-token ", in: directory, named: "serve.token")
        server.running.signal(SIGHUP)
        let deadline = Date().addingTimeInterval(5)
        while try status("second-token") != 503, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(try status("second-token") == 503)
        #expect(try status("first-token") == 401)
        _ = try Self.tokenFile("\n", in: directory, named: "serve.token")
        server.running.signal(SIGHUP)
        let said = "tokens kept as they were: --token-file: token file \(tokenPath) is empty (it holds only spaces or line breaks)"
        while !server.running.standardErrorSoFar.contains(said), Date() < deadline.addingTimeInterval(5) { Thread.sleep(forTimeInterval: 0.02) }
        #expect(server.running.standardErrorSoFar.contains(said))
        #expect(try status("second-token") == 503)
    }

    /// A token file that holds no token, or the same token for both roles, stops serve before it listens, naming the
    /// file; one that others may read is said, and serve goes on.
    @Test func badTokenFilesAreRefusedAtStartAndExposedOnesWarnedAbout() throws {
        try PaywallsProcess.withTemporaryDirectory { directory in
            let empty = try Self.tokenFile("  \n", in: directory, named: "empty.token")
            let outcome = try PaywallsProcess.run(["serve", "--listen", "127.0.0.1:0", "--token-file", empty], in: directory)
            #expect(outcome.status == 78)
            #expect(outcome.standardError == "error: --token-file: token file \(empty) is empty (it holds only spaces or line breaks)\n")
            let app = try Self.tokenFile("same", in: directory, named: "app.token")
            let admin = try Self.tokenFile("same\n", in: directory, named: "admin.token")
            let same = try PaywallsProcess.run(["serve", "--listen", "127.0.0.1:0", "--token-file", app, "--admin-token-file", admin], in: directory)
            #expect(same.status == 78)
            #expect(same.standardError == "error: the admin token (\(admin)) is the app token (\(app)): it must be another\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: app)
            let exposed = try ServeProcess(["--token-file", app])
            let warning = "token file \(app) can be read by its group (mode 640): make it readable by its owner only (chmod 600)"
            let deadline = Date().addingTimeInterval(5)
            while !exposed.running.standardErrorSoFar.contains(warning), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
            #expect(exposed.running.standardErrorSoFar.contains(warning))
            #expect(try exposed.request("GET", "/healthz").status == 200)
        }
    }

    @Test(arguments: [AccessLogCase.human, .json])
    func theAccessLogHasEachRequestAndNeverTheTokenOrTheQuery(_ format: AccessLogCase) throws {
        let (server, logPath) = try server(["--log-format", format.rawValue])
        _ = try server.request("GET", "/v1/placements?token=\(Self.secret)&locale=fr", headers: ["Authorization: Bearer \(Self.secret)"])
        _ = try server.request("GET", "/v1/placements/x/bundle", headers: ["Authorization: Bearer nope"])
        _ = try server.request("GET", "/healthz")
        let outcome = try server.stop()
        #expect(outcome.status == 0)
        let log = try String(contentsOfFile: logPath, encoding: .utf8)
        let lines = log.split(separator: "\n")
        #expect(lines.count == 3)
        for text in [log, outcome.standardError] {
            #expect(!text.contains(Self.secret))
            #expect(!text.contains("Authorization"))
            #expect(!text.contains("locale=fr"))
        }
        // A line is written when its request ends: requests on different connections may end in any order.
        switch format {
        case .human:
            let fields = Set(lines.map { $0.split(separator: " ").dropFirst().prefix(5).joined(separator: " ") })
            #expect(fields == ["127.0.0.1 GET /v1/placements 400 89", "127.0.0.1 GET /v1/placements/x/bundle 401 106", "127.0.0.1 GET /healthz 200 15"])
        case .json:
            let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            let placements = try #require(objects.first { $0["path"] as? String == "/v1/placements" })
            #expect(Set(placements.keys) == ["time", "client", "method", "path", "status", "bytes", "durationMs"])
            #expect(placements["client"] as? String == "127.0.0.1")
            #expect(placements["status"] as? Int == 400)
            #expect(Set(objects.compactMap { $0["status"] as? Int }) == [400, 401, 200])
            let stopping = try #require(outcome.standardError.split(separator: "\n").last)
            #expect((try JSONSerialization.jsonObject(with: Data(stopping.utf8)) as? [String: Any])?["event"] as? String == "stopped")
        }
    }

    enum AccessLogCase: String, CaseIterable {
        case human, json
    }
}
