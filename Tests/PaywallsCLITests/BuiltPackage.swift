import FixtureSupport
import Foundation
import Testing

/// The .deb `scripts/package` builds, built once per test run into `.build/package-test/`. Its release
/// build has a SwiftPM folder of its own (a running `swift test` holds `.build`'s lock), which
/// `scripts/test` fills before the tests start, so that only the packaging runs here.
struct BuiltPackage {
    static let folder = Repository.file(".build/package-test")

    /// Built on first use and shared by the tests; a failed build fails each of them with its message.
    static let shared = Result { try BuiltPackage() }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let deb: URL

    private init() throws {
        try? FileManager.default.removeItem(at: Self.folder)
        let outcome = try Self.run(Repository.file("scripts/package").path, ["--out", Self.folder.path],
                                   environment: ProcessInfo.processInfo.environment, timeout: 1_800)
        deb = URL(fileURLWithPath: outcome.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// A control field (`Depends`), as `dpkg-deb -f` prints it.
    func field(_ name: String) throws -> String {
        try Self.run("/usr/bin/dpkg-deb", ["-f", deb.path, name]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A file of the control archive (`conffiles`), as `dpkg-deb -I` prints it.
    func controlFile(_ name: String) throws -> String {
        try Self.run("/usr/bin/dpkg-deb", ["-I", deb.path, name])
    }

    /// Runs `body` with the package's files unpacked into a fresh temporary root (`dpkg-deb -x`: nothing
    /// is installed on the machine), outside any checkout; the root goes afterwards.
    func withUnpackedRoot<T>(_ body: (URL) throws -> T) throws -> T {
        try PaywallsProcess.withTemporaryDirectory { directory in
            let root = directory.resolvingSymlinksInPath().appendingPathComponent("root")
            _ = try Self.run("/usr/bin/dpkg-deb", ["-x", deb.path, root.path])
            return try body(root)
        }
    }

    /// Runs a tool and returns its stdout; throws unless it exits 0.
    @discardableResult
    static func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:], timeout: TimeInterval = 60) throws -> String {
        let outcome = try PaywallsProcess.run(arguments, environment: environment, in: Repository.root, timeout: timeout,
                                              executable: URL(fileURLWithPath: tool))
        guard outcome.status == 0 else {
            throw Failure(description: "\(tool) \(arguments.joined(separator: " ")) exited \(outcome.status): \(outcome.standardError)")
        }
        return outcome.standardOutput
    }
}
