import Foundation

/// A PostgreSQL server of `scripts/scratch-postgres` in a temporary directory (run as `nobody` when the tests run
/// as root), on a loopback port, for one test: stopped by its pid and removed with it.
public final class ScratchPostgres {
    public struct DidNotStart: Error, CustomStringConvertible {
        public let description: String
    }

    public let directory: URL
    /// `postgresql://paywalls@127.0.0.1:PORT/paywalls`, which needs the password of `passwordFile`.
    public let url: String
    public let passwordFile: String

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-postgres-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let started = try Self.script("start", directory)
        guard let json = try JSONSerialization.jsonObject(with: Data(started.utf8)) as? [String: Any],
              let url = json["url"] as? String, let passwordFile = json["passwordFile"] as? String else {
            throw DidNotStart(description: "scripts/scratch-postgres start printed \(started)")
        }
        self.url = url
        self.passwordFile = passwordFile
    }

    /// Stops the server (its data stays, for `start`).
    public func stop() throws {
        _ = try Self.script("stop", directory)
    }

    /// Starts the stopped server again, on the same port.
    public func start() throws {
        _ = try Self.script("start", directory)
    }

    /// Freezes the server (SIGSTOP to it and its children): it neither answers nor fails, as a server that hangs.
    public func freeze() throws {
        try signalServer("-STOP")
    }

    public func thaw() throws {
        try signalServer("-CONT")
    }

    private func signalServer(_ signal: String) throws {
        let pid = try String(contentsOf: directory.appendingPathComponent("pid"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        // The children first, so that none is left running by a stopped parent.
        _ = try? Self.run(["/usr/bin/pkill", signal, "-P", pid])
        _ = try Self.run(["/bin/kill", signal, pid])
    }

    /// Runs SQL on the database with `psql`, as the server's user over its socket; what it printed (tuples only,
    /// unaligned).
    public func sql(_ command: String) throws -> String {
        let port = try String(contentsOf: directory.appendingPathComponent("port"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        return try Self.run(["/usr/bin/psql", "-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1", "-h", directory.path, "-p", port,
                             "-U", "paywalls", "-d", "paywalls", "-c", command])
    }

    deinit {
        _ = try? Self.script("stop", directory)
        try? FileManager.default.removeItem(at: directory)
    }

    private static func script(_ command: String, _ directory: URL) throws -> String {
        try run([Repository.file("scripts/scratch-postgres").path, command, directory.path])
    }

    /// Runs a program to its end; what it printed. posix_spawn and waitpid rather than Foundation's Process, whose
    /// wait can miss the exit of a child that leaves a daemon behind (pg_ctl's server).
    private static func run(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("scratch-postgres-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path + ".out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, output.path + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        defer { ["out", "err"].forEach { try? FileManager.default.removeItem(atPath: output.path + "." + $0) } }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw DidNotStart(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let printed = (try? String(contentsOfFile: output.path + ".out", encoding: .utf8)) ?? ""
        guard status == 0 else {
            let complaint = (try? String(contentsOfFile: output.path + ".err", encoding: .utf8)) ?? ""
            throw DidNotStart(description: "\(arguments.joined(separator: " ")) exited with status \(status): \(complaint)")
        }
        return printed
    }
}
