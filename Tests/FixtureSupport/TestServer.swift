import Foundation

/// `scripts/test-server` on 127.0.0.1 with a throwaway CA, started for one test and stopped with it.
public final class TestServer {
    public let directory: URL
    public let url: String
    /// The CA that signed the server's certificate.
    public let caFile: String
    /// A CA that signed nothing this server shows.
    public let otherCAFile: String
    private let process: Process
    private let serverPID: Int32

    /// - Parameter script: the behaviour per path (see `scripts/test-server --help`).
    public init(script: [String: Any], certificate: String = "server", plain: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: script).write(to: directory.appendingPathComponent("script.json"))
        process = Process()
        process.executableURL = Repository.file("scripts/test-server")
        process.arguments = ["--dir", directory.path, "--cert", certificate, "--lifetime", "120"] + (plain ? ["--plain"] : [])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let info = directory.appendingPathComponent("server.json")
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: info.path) {
            guard Date() < deadline, process.isRunning else {
                process.terminate()
                throw ServerDidNotStart(reason: "no server.json within 20 s")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: info)) as? [String: Any]
        guard let url = json?["url"] as? String, let pid = (json?["pid"] as? NSNumber)?.int32Value else {
            kill(process.processIdentifier, SIGKILL)
            throw ServerDidNotStart(reason: "server.json lacks url or pid")
        }
        self.url = url
        // The server's own pid: the launcher may sit behind interpreter shims that do not pass signals on.
        serverPID = pid
        caFile = directory.appendingPathComponent("ca.pem").path
        otherCAFile = directory.appendingPathComponent("other-ca.pem").path
    }

    deinit {
        // SIGKILL: a child of Foundation's Process can start with SIGTERM blocked, and would then live
        // out its --lifetime. The test's directory goes with it, so nothing it wrote is left.
        kill(serverPID, SIGKILL)
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Replaces the behaviour script; the server reads it on the next request and starts each path's
    /// list of responses again.
    public func rewrite(script: [String: Any]) throws {
        let temporary = directory.appendingPathComponent("script.json.new")
        try JSONSerialization.data(withJSONObject: script).write(to: temporary)
        // rename(2): the server reads the old script or the new one, never half of one.
        guard rename(temporary.path, directory.appendingPathComponent("script.json").path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
    }

    /// The request log, one object per request.
    public var requests: [[String: Any]] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("requests.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Requests whose path is `path` (TLS handshake failures have none).
    public func requests(to path: String) -> [[String: Any]] {
        requests.filter { $0["path"] as? String == path }
    }

    /// Where a test writes what it downloads, in the server's directory so that it goes with it.
    public var bodyFile: String { directory.appendingPathComponent("body").path }

    public func body() throws -> String {
        try String(contentsOfFile: bodyFile, encoding: .utf8)
    }

    public struct ServerDidNotStart: Error {
        public let reason: String
    }
}
