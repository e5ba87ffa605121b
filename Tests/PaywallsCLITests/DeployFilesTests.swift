import FixtureSupport
import Foundation
import Testing

/// `scripts/deploy` as systemd and nginx read it: the units pass `systemd-analyze verify`, and nginx,
/// with the configuration as written (its addresses pointed at this test's replicas), balances
/// requests over `paywalls serve` replicas, passing over one with no snapshot yet and one that is down,
/// and passes the public only what apps call.
@Suite struct DeployFilesTests {
    static let deploy = Repository.file("scripts/deploy")

    @Test func systemdFindsNothingWrongInTheUnits() throws {
        try PaywallsProcess.withTemporaryDirectory { directory in
            // The units as written, their binary the one built here (systemd checks that it exists).
            for name in ["paywalls-serve@.service", "paywalls-sync.service", "paywalls-sync.timer", "paywalls-.service.d/sandbox.conf"] {
                let text = try String(contentsOf: Self.deploy.appendingPathComponent(name), encoding: .utf8)
                let copy = directory.appendingPathComponent(name)
                try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.replacingOccurrences(of: "/usr/bin/paywalls", with: PaywallsProcess.executable.path).write(to: copy, atomically: true, encoding: .utf8)
            }
            let units = ["paywalls-serve@8787.service", "paywalls-sync.service", "paywalls-sync.timer"].map { directory.appendingPathComponent($0).path }
            let outcome = try PaywallsProcess.run(["verify"] + units, environment: ["PATH": "/usr/bin:/bin"], in: directory,
                                                  executable: URL(fileURLWithPath: "/usr/bin/systemd-analyze"))
            #expect(outcome.status == 0)
            #expect(outcome.standardError.isEmpty, "\(outcome.standardError)")
        }
    }

    @Test func nginxBalancesOverReplicasPassingOverUnreadyAndDownOnes() throws {
        let store = try TemporaryStore()
        try store.importExport()
        let ready = try ServeProcess(store: store.path)
        let unready = try ServeProcess()  // an empty store: 503 no_snapshot
        let nginx = try ShippedNginx(replicas: [ready.port, unready.port, try Self.unusedPort()])
        // Round robin starts requests on every replica; each must end at the ready one.
        for _ in 0..<9 {
            #expect(try nginx.request("GET /v1/placements/onboarding/bundle?locale=pt_BR HTTP/1.1").status == 200)
            #expect(try nginx.request("POST /v1/bundles HTTP/1.1", body: #"{"requests": [{"placement": "settings"}]}"#).status == 200)
        }
    }

    /// The public side passes what apps call and nothing an operator reads, whatever token comes with it; the
    /// operators' side passes everything, to the token's judgement.
    @Test func thePublicSidePassesOnlyWhatAppsCall() throws {
        let store = try TemporaryStore()
        try store.importExport()
        let tokens = try store.write("app-token-1f3e\n", to: "app.token")
        let adminTokens = try store.write("admin-token-77c0\n", to: "admin.token")
        for path in [tokens, adminTokens] { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
        let replica = try ServeProcess(["--token-file", tokens, "--admin-token-file", adminTokens], store: store.path)
        let nginx = try ShippedNginx(replicas: [replica.port, replica.port, replica.port])
        let app = ["Authorization: Bearer app-token-1f3e"], admin = ["Authorization: Bearer admin-token-77c0"]
        #expect(try nginx.request("GET /v1/placements/onboarding/bundle?locale=pt_BR HTTP/1.1", headers: app).status == 200)
        #expect(try nginx.request("GET /v1/placements HTTP/1.1", headers: app).status == 200)
        #expect(try nginx.request("GET /v1/locales/match?available=en,de&locale=de-AT HTTP/1.1", headers: app).status == 200)
        #expect(try nginx.request("GET /v1/placements/onboarding/bundle HTTP/1.1").status == 401)
        #expect(try nginx.request("GET /healthz HTTP/1.1").status == 200)
        for target in ["/v1/report", "/v1/status", "/metrics", "/v1/report/x", "/v1", "/console/"] {
            let refused = try nginx.request("GET \(target) HTTP/1.1", headers: admin)
            #expect(refused.status == 404, "\(target)")
            #expect(refused.errorCode == "not_found", "\(target)")
        }
        #expect(try nginx.operatorRequest("GET /v1/report HTTP/1.1", headers: admin).status == 200)
        #expect(try nginx.operatorRequest("GET /v1/report HTTP/1.1", headers: app).status == 403)
        #expect(try nginx.operatorRequest("GET /metrics HTTP/1.1", headers: admin).status == 200)
    }

    /// One request on a new connection to nginx, its answer read whole.
    static func request(port: UInt16, _ requestLine: String, headers: [String] = [], body: String = "") throws -> RawResponse {
        let connection = try RawConnection(host: "127.0.0.1", port: port)
        let headers = ["Host: paywalls.test", "Connection: close"] + headers + (body.isEmpty ? [] : ["Content-Length: \(body.utf8.count)"])
        try connection.send(([requestLine] + headers).joined(separator: "\r\n") + "\r\n\r\n" + body)
        return try #require(try connection.readResponse(timeout: 10), "no answer to \(requestLine)")
    }

    /// A port nothing listens on: the kernel's choice for a socket closed at once.
    static func unusedPort() throws -> UInt16 {
        let text = try Python.run("import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])", [])
        return try #require(UInt16(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    static func waitForListener(port: UInt16) throws {
        let deadline = Date().addingTimeInterval(10)
        while (try? RawConnection(host: "127.0.0.1", port: port)) == nil {
            guard Date() < deadline else { throw POSIXError(.ETIMEDOUT) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }
}
