import Foundation
import Testing

/// The databases hold profile ids and revenue: each, with its `-wal` and `-shm`, is readable by its owner only,
/// whatever the umask and however open the store folder was made beforehand.
@Suite struct StoreFileModeTests {
    @Test func databasesAndTheirLogsAreCreated0600UnderAnOpenUmask() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let openUmask = ["/bin/sh", "-c", "umask 022 && exec \"$0\" \"$@\""]
        let events = try store.write(EventsIngestCommandTests.line("e1") + "\n", to: "events.jsonl")
        for arguments in [["import", TemporaryStore.samplePath], ["events", "ingest", events]] {
            let outcome = try PaywallsProcess.Running(arguments + ["--store", store.path], in: store.directory, launcher: openUmask).wait()
            try #require(outcome.status == 0, "\(arguments): \(outcome.standardError)")
        }
        for database in ["paywalls.sqlite", "events.sqlite"] {
            for file in [database, database + "-wal", database + "-shm"] {
                let attributes = try FileManager.default.attributesOfItem(atPath: store.path + "/" + file)
                #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "\(file)")
            }
        }
    }
}
