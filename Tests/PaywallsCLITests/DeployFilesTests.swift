import FixtureSupport
import Foundation
import Testing

/// `scripts/deploy` as systemd and nginx read it: the units pass `systemd-analyze verify`, and nginx,
/// with the configuration as written (its addresses pointed at this test's replicas), balances
/// requests over `paywalls serve` replicas, passing over one with no snapshot yet and one that is down.
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
        let down = try Self.unusedPort()
        let listen = try Self.unusedPort()
        try PaywallsProcess.withTemporaryDirectory { directory in
            var site = try String(contentsOf: Self.deploy.appendingPathComponent("nginx-paywalls.conf"), encoding: .utf8)
            for (written, replica) in [("127.0.0.1:8787", ready.port), ("127.0.0.1:8788", unready.port), ("127.0.0.1:8789", down)] {
                #expect(site.contains("server \(written) "))
                site = site.replacingOccurrences(of: "server \(written) ", with: "server 127.0.0.1:\(replica) ")
            }
            #expect(site.contains("    listen 8080;\n    listen [::]:8080;\n"))
            site = site.replacingOccurrences(of: "    listen 8080;\n    listen [::]:8080;\n", with: "    listen 127.0.0.1:\(listen);\n")
            try site.write(to: directory.appendingPathComponent("paywalls.conf"), atomically: true, encoding: .utf8)
            try """
                pid nginx.pid;
                error_log error.log;
                events {}
                http {
                    access_log off;
                    client_body_temp_path body;
                    proxy_temp_path proxy;
                    include paywalls.conf;
                }
                """.write(to: directory.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
            let nginx = URL(fileURLWithPath: "/usr/sbin/nginx")
            let arguments = ["-p", directory.path + "/", "-c", "nginx.conf", "-g", "daemon off; master_process off;"]
            let check = try PaywallsProcess.run(arguments + ["-t"], in: directory, executable: nginx)
            #expect(check.status == 0, "\(check.standardError)")

            let server = try PaywallsProcess.Running(arguments, in: directory, executable: nginx)
            defer {
                server.kill()
                _ = try? server.wait()
            }
            try Self.waitForListener(port: listen)
            // Round robin starts requests on every replica; each must end at the ready one.
            for _ in 0..<9 {
                let bundle = try Self.request(port: listen, "GET /v1/placements/onboarding/bundle?locale=pt_BR HTTP/1.1")
                #expect(bundle.status == 200)
                let batch = try Self.request(port: listen, "POST /v1/bundles HTTP/1.1", body: #"{"requests": [{"placement": "settings"}]}"#)
                #expect(batch.status == 200)
            }
        }
    }

    /// One request on a new connection to nginx, its answer read whole.
    static func request(port: UInt16, _ requestLine: String, body: String = "") throws -> RawResponse {
        let connection = try RawConnection(host: "127.0.0.1", port: port)
        let headers = ["Host: paywalls.test", "Connection: close"] + (body.isEmpty ? [] : ["Content-Length: \(body.utf8.count)"])
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
