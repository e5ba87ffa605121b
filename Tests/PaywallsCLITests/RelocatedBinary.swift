import Foundation

/// A copy of the built `paywalls` in a fresh temporary folder, outside the checkout, for the tests of
/// where it finds its shipped data (from its own location): `usr/bin/paywalls` looks like an
/// installation, whose data would be in `usr/share/paywalls/`; a test writes the files it wants there,
/// or lays out a checkout around the copy. The folder goes when the value does.
final class RelocatedBinary {
    /// The temporary folder, symbolic links resolved (as the binary sees its own path).
    let root: URL
    let executable: URL

    /// - Parameter path: where the copy goes, relative to `root`.
    init(at path: String = "usr/bin/paywalls") throws {
        root = FileManager.default.temporaryDirectory.resolvingSymlinksInPath()
            .appendingPathComponent("paywalls-relocated-\(UUID().uuidString)")
        executable = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PaywallsProcess.executable, to: executable)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes `text` to `path` (relative to `root`), creating its folders; returns the file's URL.
    @discardableResult
    func write(_ text: String, to path: String) throws -> URL {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Runs the copy from `/`, with only the variables given in the environment.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> PaywallsProcess.Outcome {
        try PaywallsProcess.run(arguments, environment: environment, in: URL(fileURLWithPath: "/"), executable: executable)
    }
}
