import FixtureSupport
import Foundation
import Testing

/// An export that another process truncates while `import` reads it: an error that says so (74), not a SIGBUS,
/// and the snapshot before stays current.
@Suite struct ImportChangingFileTests {
    @Test(.timeLimit(.minutes(2)))
    func aFileTruncatedDuringTheImportIsAnErrorAndNothingIsPublished() throws {
        let store = try TemporaryStore()
        let key = try #require(try JSONDocument(store.importExport().standardOutput).string("snapshot"))
        let big = store.directory.appendingPathComponent("big.json").path
        _ = try Python.run("import subprocess, sys; subprocess.run(sys.argv[1:], check=True)",
                           [Repository.file("scripts/gen-export").path, "300", "30", "--output", big], timeout: 60)
        let size = try #require((try FileManager.default.attributesOfItem(atPath: big)[.size] as? NSNumber)?.intValue)

        let running = try PaywallsProcess.Running(["import", big, "--store", store.path], in: store.directory)
        // Once the import has the file open, half of it goes, at a page boundary: a mapping of the file would fault
        // on the very next byte.
        let opened = SyncFixture.waitUntil(seconds: 20) { Self.hasOpen(big, pid: running.process.processIdentifier) }
        try #require(opened, "the import never opened \(big)")
        #expect(truncate(big, off_t(size / 2 / 65536 * 65536)) == 0)
        let outcome = try running.wait(timeout: 60)

        #expect(!outcome.killed)
        #expect(outcome.status == 74, "\(outcome.standardError)")
        #expect(outcome.standardError == "error: \(big) changed while it was being imported: nothing was published (import it again once it is whole)\n")
        let listed = try JSONDocument(try store.run(["snapshots", "--json"]).standardOutput)
        #expect((listed.root as? [[String: Any]])?.compactMap { $0["snapshot"] as? String } == [key])
        #expect(try Python.integrity(ofDatabase: store.databasePath) == "ok")
    }

    /// Whether process `pid` has `path` open (its /proc/PID/fd links).
    private static func hasOpen(_ path: String, pid: Int32) -> Bool {
        let directory = "/proc/\(pid)/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return entries.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + $0)) == path }
    }
}
