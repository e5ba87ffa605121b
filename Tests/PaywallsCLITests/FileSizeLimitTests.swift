import Foundation
import Testing

/// Under a file-size limit (`prlimit --fsize`) a write past it fails with EFBIG instead of killing the process
/// with SIGXFSZ: each command exits 74 naming the file, and the store keeps what it had.
@Suite struct FileSizeLimitTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    /// Runs `paywalls ARGUMENTS --store DIR` with writes limited to `kilobytes` per file.
    private func runLimited(_ arguments: [String], kilobytes: Int) throws -> PaywallsProcess.Outcome {
        try PaywallsProcess.Running(arguments + ["--store", store.path], in: store.directory,
                                    launcher: SyncSafetyTests.fileSizeLimit(kilobytes: kilobytes)).wait(timeout: 30)
    }

    @Test func anImportPastTheLimitExits74AndThePreviousSnapshotStaysCurrent() throws {
        let key = try #require(try JSONDocument(store.importExport().standardOutput).string("snapshot"))
        let sample = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        let revised = try store.write(sample.replacingOccurrences(of: "\"revision\": 57", with: "\"revision\": 58"), to: "revised.json")

        let outcome = try runLimited(["import", revised], kilobytes: 64)
        #expect(!outcome.killed)
        #expect(outcome.status == 74)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == "error: cannot use the store at \(store.databasePath): disk I/O error (files are limited to 65536 bytes here: ulimit -f)\n")

        let listed = try JSONDocument(try store.run(["snapshots", "--json"]).standardOutput)
        #expect((listed.root as? [[String: Any]])?.compactMap { $0["snapshot"] as? String } == [key])
        #expect(try store.resolve(["--placement", "onboarding"]).string("snapshot/id") == key)
        #expect(try Python.integrity(ofDatabase: store.databasePath) == "ok")
    }

    @Test func eventsIngestPastTheLimitExits74NamingTheEventStore() throws {
        try store.importExport()
        let lines = (0..<2_000).map { EventsIngestCommandTests.line("e\($0)") }
        let file = try store.write(lines.joined(separator: "\n") + "\n", to: "events.jsonl")

        let outcome = try runLimited(["events", "ingest", file], kilobytes: 16)
        #expect(!outcome.killed)
        #expect(outcome.status == 74)
        #expect(outcome.standardError.contains("\(store.path)/events.sqlite"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("(files are limited to 16384 bytes here: ulimit -f)"), "\(outcome.standardError)")
        #expect(try Python.integrity(ofDatabase: store.path + "/events.sqlite") == "ok")
    }
}
