import FixtureSupport
import Foundation
import Testing

/// nginx running `scripts/deploy/nginx-paywalls.conf` as shipped, its replica lines pointed at this test's serve
/// processes and its two listeners at free loopback ports; stopped (by its own pid) when the test ends.
final class ShippedNginx {
    /// The public side: what apps call.
    let publicPort: UInt16
    /// The operators' side.
    let operatorPort: UInt16
    private let directory: URL
    private let process: PaywallsProcess.Running

    /// - Parameter replicas: the ports of the three `server` lines, in order.
    init(replicas: [UInt16]) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-nginx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        publicPort = try DeployFilesTests.unusedPort()
        operatorPort = try DeployFilesTests.unusedPort()
        var site = try String(contentsOf: DeployFilesTests.deploy.appendingPathComponent("nginx-paywalls.conf"), encoding: .utf8)
        let written = ["127.0.0.1:8787", "127.0.0.1:8788", "127.0.0.1:8789"]
        try #require(replicas.count == written.count)
        for (address, replica) in zip(written, replicas) {
            try #require(site.contains("server \(address) "))
            site = site.replacingOccurrences(of: "server \(address) ", with: "server 127.0.0.1:\(replica) ")
        }
        for (listen, port) in [("    listen 8080;\n    listen [::]:8080;\n", publicPort), ("    listen 127.0.0.1:8081;\n", operatorPort)] {
            try #require(site.contains(listen))
            site = site.replacingOccurrences(of: listen, with: "    listen 127.0.0.1:\(port);\n")
        }
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
        try #require(check.status == 0, "\(check.standardError)")
        process = try PaywallsProcess.Running(arguments, in: directory, executable: nginx)
        try DeployFilesTests.waitForListener(port: publicPort)
        try DeployFilesTests.waitForListener(port: operatorPort)
    }

    deinit {
        process.kill()
        _ = try? process.wait()
        try? FileManager.default.removeItem(at: directory)
    }

    /// One request to the public side on a new connection, its answer read whole.
    func request(_ requestLine: String, headers: [String] = [], body: String = "") throws -> RawResponse {
        try DeployFilesTests.request(port: publicPort, requestLine, headers: headers, body: body)
    }

    /// One request to the operators' side.
    func operatorRequest(_ requestLine: String, headers: [String] = []) throws -> RawResponse {
        try DeployFilesTests.request(port: operatorPort, requestLine, headers: headers)
    }
}
