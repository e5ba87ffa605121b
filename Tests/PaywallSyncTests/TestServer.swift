import Foundation
import Testing

/// `scripts/test-server` on 127.0.0.1 with a throwaway CA, started for one test and stopped with it.
final class TestServer {
    let directory: URL
    let url: String
    let caFile: String
    private let process: Process
    private let serverPID: Int32

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// - Parameter script: the behaviour per path (see `scripts/test-server --help`).
    init(script: [String: Any], certificate: String = "server", plain: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: script).write(to: directory.appendingPathComponent("script.json"))
        process = Process()
        process.executableURL = Self.repository.appendingPathComponent("scripts/test-server")
        process.arguments = ["--dir", directory.path, "--cert", certificate, "--lifetime", "60"] + (plain ? ["--plain"] : [])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let info = directory.appendingPathComponent("server.json")
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: info.path) {
            guard Date() < deadline, process.isRunning else {
                process.terminate()
                throw ServerDidNotStart()
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: info)) as? [String: Any])
        url = try #require(json["url"] as? String)
        // The server's own pid: the launcher may sit behind interpreter shims that do not pass signals on.
        serverPID = try #require(json["pid"] as? Int32 ?? (json["pid"] as? NSNumber)?.int32Value)
        caFile = directory.appendingPathComponent("ca.pem").path
    }

    deinit {
        // SIGKILL: a child of Foundation's Process can start with SIGTERM blocked, and would then live
        // out its --lifetime. The test's directory goes with it, so nothing it wrote is left.
        kill(serverPID, SIGKILL)
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    /// The request log, one object per request.
    var requests: [[String: Any]] {
        let text = (try? String(contentsOf: directory.appendingPathComponent("requests.log"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Where a test writes what it downloads, in the server's directory so that it goes with it.
    var bodyFile: String { directory.appendingPathComponent("body").path }

    func body() throws -> String {
        try String(contentsOfFile: bodyFile, encoding: .utf8)
    }

    struct ServerDidNotStart: Error {}
}
