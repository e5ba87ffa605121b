import Foundation
import Testing

/// What the access log says of a request: the client's address as it connected, and the method and path of a request
/// refused once its head was read. (That it never holds a token nor a query: ServeTokenTests.)
@Suite struct ServeAccessLogTests {
    let directory: URL
    var logPath: String { directory.appendingPathComponent("access.log").path }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-serve-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// The log's lines as JSON objects, once the server has stopped.
    private func lines(of server: ServeProcess) throws -> [[String: Any]] {
        #expect(try server.stop().status == 0)
        return try String(contentsOfFile: logPath, encoding: .utf8).split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// IPv6, and an IPv4 client of a socket listening on `::` as the IPv4 address it is (not `::ffff:127.0.0.1`).
    @Test(arguments: [("[::1]:0", "::1", "::1"), ("[::]:0", "127.0.0.1", "127.0.0.1")])
    func theLogNamesTheClientsAddress(_ listen: String, connectTo host: String, logged: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServeProcess(["--access-log", logPath, "--log-format", "json"], listen: listen)
        let connection = try RawConnection(host: host, port: server.port)
        try connection.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
        let line = try #require(try lines(of: server).first)
        #expect(line["client"] as? String == logged, "\(line)")
    }

    /// A body refused as it arrives (past 1 MiB) is logged with its request's method and path; a head that cannot be
    /// read, with none.
    @Test func aRequestRefusedInItsBodyIsLoggedWithItsMethodAndPath() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try ServeProcess(["--access-log", logPath, "--log-format", "json"])
        let large = try server.connect()
        try large.send("POST /v1/bundles HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        for _ in 0..<17 { try? large.send("10000\r\n" + String(repeating: "c", count: 65_536) + "\r\n") }
        #expect(try large.readResponse()?.status == 413)
        let garbage = try server.connect()
        try garbage.send("GARBAGE\r\n\r\n")
        #expect(try garbage.readResponse()?.status == 400)
        let logged = try lines(of: server).map { "\($0["method"] ?? "") \($0["path"] ?? "") \($0["status"] ?? "")" }
        #expect(Set(logged) == ["POST /v1/bundles 413", "- - 400"], "\(logged)")
    }
}
