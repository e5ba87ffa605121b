import Foundation
import Testing

/// `--token-file`: the bearer token on /v1/*, and the access log, which never holds it.
@Suite struct ServeTokenTests {
    static let secret = "tk-SECRET-b41f07-never-logged"

    func server(_ arguments: [String]) throws -> (ServeProcess, logPath: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-serve-token-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let tokenPath = directory.appendingPathComponent("serve.token").path
        try Data((Self.secret + "\n").utf8).write(to: URL(fileURLWithPath: tokenPath))
        let logPath = directory.appendingPathComponent("access.log").path
        return (try ServeProcess(["--token-file", tokenPath, "--access-log", logPath] + arguments), logPath)
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

    /// Events and the report are `/v1/*` too: without the token nothing is stored and nothing is told.
    @Test func eventsAndTheReportNeedTheBearerToken() throws {
        let (server, _) = try server([])
        let body = #"{"events":[{"event_id":"t1","type":"shown","created_at":"2026-11-29T12:00:00Z","profile_id":"p","#
            + #""placement_id":"pl","variation_id":"v"}]}"#
        #expect(try server.request("POST", "/v1/events", body: body).status == 401)
        #expect(try server.request("GET", "/v1/report").status == 401)
        // The store directory does not exist in this fixture: with the token, the batch reaches the writer, which
        // says it cannot store it (nothing was stored before either).
        let stored = try server.request("POST", "/v1/events", headers: ["Authorization: Bearer \(Self.secret)"], body: body)
        #expect(stored.errorCode == "events_unavailable", "\(stored.body)")
        #expect(try server.request("GET", "/v1/report", headers: ["Authorization: Bearer \(Self.secret)"]).body == #"{"placements":[]}"#)
    }

    @Test(arguments: [AccessLogCase.human, .json])
    func theAccessLogHasEachRequestAndNeverTheTokenOrTheQuery(_ format: AccessLogCase) throws {
        let (server, logPath) = try server(["--log-format", format.rawValue])
        _ = try server.request("GET", "/v1/placements?token=\(Self.secret)&locale=fr", headers: ["Authorization: Bearer \(Self.secret)"])
        _ = try server.request("GET", "/v1/status", headers: ["Authorization: Bearer nope"])
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
            #expect(fields == ["127.0.0.1 GET /v1/placements 503 148", "127.0.0.1 GET /v1/status 401 110", "127.0.0.1 GET /healthz 200 15"])
        case .json:
            let objects = try lines.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
            let placements = try #require(objects.first { $0["path"] as? String == "/v1/placements" })
            #expect(Set(placements.keys) == ["time", "client", "method", "path", "status", "bytes", "durationMs"])
            #expect(placements["client"] as? String == "127.0.0.1")
            #expect(placements["status"] as? Int == 503)
            #expect(Set(objects.compactMap { $0["status"] as? Int }) == [503, 401, 200])
            let stopping = try #require(outcome.standardError.split(separator: "\n").last)
            #expect((try JSONSerialization.jsonObject(with: Data(stopping.utf8)) as? [String: Any])?["event"] as? String == "stopped")
        }
    }

    enum AccessLogCase: String, CaseIterable {
        case human, json
    }
}
