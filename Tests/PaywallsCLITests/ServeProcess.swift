import Foundation
import Testing

/// A real `paywalls serve` on a real socket, for one test: started on port 0 (unless the arguments say
/// otherwise) in a fresh directory, its startup line read, and killed by its own pid when the test ends.
final class ServeProcess {
    let directory: URL
    let running: PaywallsProcess.Running
    /// The startup line as printed.
    let startupLine: String
    /// `http://127.0.0.1:40123`
    let url: String
    let host: String
    let port: UInt16

    /// - Parameter launcherPrefix: a command the launcher runs under (`prlimit --nofile=…`, say).
    init(_ arguments: [String] = [], listen: String = "127.0.0.1:0", environment: [String: String] = [:],
         store: String? = nil, launcherPrefix: [String] = []) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        running = try PaywallsProcess.Running(["serve", "--listen", listen, "--store", store ?? directory.appendingPathComponent("store").path]
                                              + arguments, environment: environment, in: directory,
                                              launcher: launcherPrefix + Self.cleanSignalsLauncher)
        let deadline = Date().addingTimeInterval(20)
        while !running.standardOutputSoFar.contains("\n") {
            guard Date() < deadline, running.isRunning else {
                running.kill()
                let outcome = try running.wait()
                throw ServeDidNotStart(status: outcome.status, standardError: outcome.standardError)
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        startupLine = String(running.standardOutputSoFar.prefix { $0 != "\n" })
        let startup = try #require(JSONSerialization.jsonObject(with: Data(startupLine.utf8)) as? [String: Any])
        url = try #require(startup["listening"] as? String)
        let authority = url.dropFirst("http://".count)
        let colon = try #require(authority.lastIndex(of: ":"))
        host = String(authority[..<colon]).trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        port = try #require(UInt16(authority[authority.index(after: colon)...]))
    }

    deinit {
        if running.isRunning { running.kill() }
        _ = try? running.wait(timeout: 10)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs the command with no signal blocked and SIGPIPE at its default, as a shell or systemd starts it:
    /// a child of Foundation's Process can start with SIGTERM blocked, which would hide a server that
    /// never takes SIGTERM from the default (exit at once).
    static let cleanSignalsLauncher = ["/usr/bin/env", "python3", "-c", """
        import os, signal, sys
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        os.execv(sys.argv[1], sys.argv[1:])
        """]

    /// A new connection to the server.
    func connect() throws -> RawConnection {
        try RawConnection(host: host, port: port)
    }

    /// One request on a new connection (`Connection: close`), its answer read whole.
    func request(_ method: String = "GET", _ target: String, headers: [String] = [], body: String = "") throws -> RawResponse {
        let connection = try connect()
        let lines = ["\(method) \(target) HTTP/1.1", "Host: test", "Connection: close"] + headers
            + (body.isEmpty ? [] : ["Content-Length: \(body.utf8.count)"])
        try connection.send(lines.joined(separator: "\r\n") + "\r\n\r\n" + body)
        return try #require(try connection.readResponse(isHead: method == "HEAD"), "no answer to \(method) \(target)")
    }

    /// Sends SIGTERM and waits for the exit.
    func stop(timeout: TimeInterval = 15) throws -> PaywallsProcess.Outcome {
        running.signal(SIGTERM)
        return try running.wait(timeout: timeout)
    }

    struct ServeDidNotStart: Error, CustomStringConvertible {
        let status: Int32
        let standardError: String
        var description: String { "serve exited \(status) before its startup line: \(standardError)" }
    }
}
