import FixtureSupport
import Foundation
import Testing

/// Runs the built `paywalls` executable as a user would, and captures what it did.
struct PaywallsProcess {
    struct Outcome {
        let status: Int32
        let standardOutput: String
        let standardError: String
        /// Ended by a signal rather than by exiting.
        var killed = false

        var outputLines: [String] { standardOutput.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

        func json() throws -> [String: Any] {
            try #require(JSONSerialization.jsonObject(with: Data(standardOutput.utf8)) as? [String: Any])
        }
    }

    struct Timeout: Error {}

    /// The executable SwiftPM built beside this test bundle.
    static var executable: URL {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("paywalls")
        if FileManager.default.isExecutableFile(atPath: besideTests.path) { return besideTests }
        return Repository.file(".build/debug/paywalls")
    }

    /// Runs `paywalls ARGUMENTS` with `input` on stdin, in `directory` (a fresh empty one by default),
    /// with only the variables given in the environment. Gives up after `timeout` seconds.
    /// - Parameter executable: the binary to run: the one SwiftPM built by default, else a copy of it.
    static func run(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:],
                    in directory: URL? = nil, timeout: TimeInterval = 30, executable: URL = PaywallsProcess.executable) throws -> Outcome {
        guard let directory else {
            return try withTemporaryDirectory {
                try run(arguments, input: input, environment: environment, in: $0, timeout: timeout, executable: executable)
            }
        }
        return try Running(arguments, input: input, environment: environment, in: directory, executable: executable).wait(timeout: timeout)
    }

    /// A `paywalls` process started and not yet waited for, for tests that act while it runs.
    final class Running {
        let process = Process()
        private let output: Collector
        private let errors: Collector

        /// - Parameters:
        ///   - launcher: a command that runs `paywalls` given its path and arguments (a shell that sets
        ///     limits first, say); none by default.
        ///   - executable: the binary to run: the one SwiftPM built by default, else a copy of it.
        init(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:], in directory: URL,
             launcher: [String] = [], executable: URL = PaywallsProcess.executable) throws {
            let command = launcher + [executable.path] + arguments
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
            process.environment = environment
            process.currentDirectoryURL = directory
            let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = stderr
            try process.run()
            // Feed and drain concurrently so that neither side can block on a full pipe.
            let writer = Thread {
                stdin.fileHandleForWriting.write(input)
                try? stdin.fileHandleForWriting.close()
            }
            writer.start()
            output = Collector(stdout.fileHandleForReading)
            errors = Collector(stderr.fileHandleForReading)
        }

        var isRunning: Bool { process.isRunning }

        /// What the process has written to stdout so far.
        var standardOutputSoFar: String { output.received }

        /// What the process has written to stderr so far.
        var standardErrorSoFar: String { errors.received }

        /// The CPU time the process has used so far (user and system), in clock ticks, from `/proc/PID/stat`.
        func cpuTicks() throws -> Int {
            let stat = try String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)
            // Fields 14 and 15, counted after the parenthesised command name (which may hold spaces).
            let end = try #require(stat.range(of: ") ", options: .backwards))
            let fields = stat[end.upperBound...].split(separator: " ")
            return try #require(Int(fields[11])) + #require(Int(fields[12]))
        }

        /// How many descriptors the process has open, from `/proc/PID/fd`.
        func openDescriptors() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count
        }

        /// Sends `signal` to the process itself (its pid, never a name).
        func signal(_ signal: Int32) {
            Foundation.kill(process.processIdentifier, signal)
        }

        /// `kill -9`: the process gets no chance to clean up.
        func kill() {
            Foundation.kill(process.processIdentifier, SIGKILL)
        }

        /// Waits for the exit; a process still running after `timeout` seconds is killed and `Timeout` thrown.
        func wait(timeout: TimeInterval = 30) throws -> Outcome {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning {
                if Date() > deadline {
                    kill()
                    throw Timeout()
                }
                Thread.sleep(forTimeInterval: 0.005)
            }
            return Outcome(status: process.terminationStatus, standardOutput: output.finish(), standardError: errors.finish(),
                           killed: process.terminationReason == .uncaughtSignal)
        }
    }

    /// Runs `body` with a fresh empty directory, removed afterwards.
    static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("paywalls-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url)
    }

    /// Reads a pipe to its end on a thread of its own; what has arrived can be read before the end.
    /// Closes the pipe at its end: Foundation's `Process` keeps its pipes alive after the child exits, so
    /// a pipe left to be closed on deallocation stays open for the rest of the test run.
    final class Collector: @unchecked Sendable {
        private var data = Data()
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread {
                while case let chunk = handle.availableData, !chunk.isEmpty {
                    self.lock.withLock { self.data.append(chunk) }
                }
                try? handle.close()
                self.done.signal()
            }.start()
        }

        var received: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

        /// Everything, once the pipe has ended; again on later calls.
        func finish() -> String {
            done.wait()
            done.signal()
            return received
        }
    }
}
