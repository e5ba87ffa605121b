import Foundation
import Testing

/// Whether this machine lets an unprivileged process mount a tmpfs of its own (a container's seccomp may not).
private let canMountASmallDisk: Bool = {
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
    probe.arguments = ["-rm", "/bin/sh", "-c", "mount -t tmpfs -o size=1m tmpfs /mnt"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil else { return false }
    probe.waitUntilExit()
    return probe.terminationStatus == 0
}()

/// A download that fills the disk: the sync fails with 74, its partial body is removed, and then the failure is
/// recorded, so that `status` shows it rather than the sync before.
@Suite(.enabled(if: canMountASmallDisk, "needs user namespaces (unshare -rm) to mount a small tmpfs"))
struct SyncFullDiskTests {
    /// Runs `sync` and then `status --json` on a copy of the fixture's store on a 2 MiB tmpfs, in a mount
    /// namespace of their own (`unshare -rm`: no privilege needed). The outcome is the sync's; `status --json`'s
    /// output is returned beside it.
    private func syncOnASmallDisk(_ fixture: SyncFixture) throws -> (sync: PaywallsProcess.Outcome, status: JSONDocument) {
        try fixture.writeConfig()
        let small = fixture.store.directory.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let script = """
            set -e
            mount -t tmpfs -o size=2m tmpfs small
            cp -a store/. small/
            set +e
            "$0" sync --config \(fixture.configPath) --store small
            code=$?
            "$0" status --json --store small > status.json
            exit $code
            """
        let outcome = try PaywallsProcess.Running([], in: fixture.store.directory, launcher: ["/usr/bin/unshare", "-rm", "/bin/sh", "-c", script])
            .wait(timeout: 60)
        let status = try String(contentsOf: fixture.store.directory.appendingPathComponent("status.json"), encoding: .utf8)
        return (outcome, try JSONDocument(status))
    }

    @Test func aBodyThatFillsTheDiskIsRecordedAsTheLastSync() throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        // Valid JSON, and more than the disk holds.
        let padded = try String(contentsOfFile: SyncFixture.samplePath, encoding: .utf8) + String(repeating: " ", count: 3_000_000)
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": try fixture.store.write(padded, to: "padded.json")]])

        let (outcome, status) = try syncOnASmallDisk(fixture)
        #expect(outcome.status == 74, "\(outcome.standardError)")
        let message = "cannot write the body to small/incoming/ios.part: No space left on device"
        #expect(try fixture.summary(of: outcome)["message"] as? String == message)
        let entry = try #require((status["sources"] as? [[String: Any]])?.first)
        #expect(entry["snapshot"] as? String == baseline)
        let lastSync = try #require(entry["lastSync"] as? [String: Any])
        #expect(lastSync["outcome"] as? String == "local")
        #expect(lastSync["message"] as? String == message)
    }
}
