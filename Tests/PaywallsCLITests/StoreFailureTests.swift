import Foundation
import Testing

/// How the commands fail when the store itself is the problem (docs/contracts.md): a damaged file exits 74, a
/// newer schema 78, another writer holding the lock 75; each names the file and changes nothing.
@Suite final class StoreFailureTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    static let readCommands = [["resolve", "--placement", "onboarding"], ["status"], ["status", "--json"], ["snapshots", "--json"], ["diff"]]

    @Test func aFileThatIsNotADatabaseExits74NamingIt() throws {
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: store.databasePath))
        let message = "error: the store at \(store.databasePath) is damaged: file is not a database\n"
        for command in Self.readCommands + [["import", TemporaryStore.samplePath]] {
            let outcome = try store.run(command)
            #expect(outcome.status == 74, "\(command)")
            #expect(outcome.standardOutput.isEmpty, "\(command)")
            #expect(outcome.standardError == message, "\(command)")
        }
        // Nothing was written over it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.databasePath)) == garbage)
    }

    @Test func aTextFileAsTheDatabaseExits74() throws {
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        let text = String(repeating: "this is not a SQLite database, just text. ", count: 20)
        _ = try store.write(text, to: "store/paywalls.sqlite")
        let outcome = try store.run(["resolve", "--placement", "onboarding"])
        #expect(outcome.status == 74)
        #expect(outcome.standardError == "error: the store at \(store.databasePath) is damaged: file is not a database\n")
    }

    @Test func aNewerSchemaExits78AndIsLeftAlone() throws {
        try store.importExport()
        try Python.setUserVersion(99, ofDatabase: store.databasePath)
        // A newer paywalls stamps the resolution image it writes with its schema too (a little-endian UInt64 at byte 48).
        _ = try Python.run("import sys; f = open(sys.argv[1], 'r+b'); f.seek(48); f.write((99).to_bytes(8, 'little')); f.close()",
                           [store.path + "/resolution.image"])
        let message = "error: the store at \(store.databasePath) has schema version 99, newer than the 6 this paywalls supports (upgrade paywalls)\n"
        for command in Self.readCommands + [["import", TemporaryStore.samplePath]] {
            let outcome = try store.run(command)
            #expect(outcome.status == 78, "\(command)")
            #expect(outcome.standardOutput.isEmpty, "\(command)")
            #expect(outcome.standardError == message, "\(command)")
        }
        #expect(try Python.userVersion(ofDatabase: store.databasePath) == 99)
    }

    /// Another process holds the write lock (Python's sqlite3, `BEGIN IMMEDIATE`): importing a different
    /// export gives up after the busy timeout with 75, naming that process; readers still read the current snapshot meanwhile;
    /// once the lock is gone the same import succeeds.
    @Test(.timeLimit(.minutes(1)))
    func anotherWriterHoldingTheLockExits75AndTheSnapshotStays() throws {
        let imported = try JSONDocument(try store.importExport().standardOutput)
        let before = try store.run(["resolve", "--placement", "onboarding", "--locale", "pt-BR"])
        try #require(before.status == 0)
        let sample = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        let revised = try store.write(sample.replacingOccurrences(of: "\"revision\": 57,", with: "\"revision\": 58,"), to: "revised.json")

        let holder = try WriteLockHolder(database: store.databasePath)
        let started = Date()
        let locked = try store.run(["import", revised], timeout: 20)
        let waited = Date().timeIntervalSince(started)
        #expect(locked.status == 75)
        #expect(locked.standardOutput.isEmpty)
        #expect(locked.standardError == "error: another writer (pid \(holder.pid), python3) holds the store at \(store.databasePath) (database is locked)\n")
        #expect(waited < 15, "the import waited \(waited) s")
        // WAL: a reader is not blocked by the writer and sees the same snapshot.
        let during = try store.run(["resolve", "--placement", "onboarding", "--locale", "pt-BR"])
        #expect(during.status == 0)
        #expect(during.standardOutput == before.standardOutput)
        #expect(holder.release() == 0)

        let listed = try JSONDocument(try store.run(["snapshots", "--json"]).standardOutput)
        #expect(listed.count("") == 1)
        #expect(listed.string("0/snapshot") == imported.string("snapshot"))
        let after = try store.run(["resolve", "--placement", "onboarding", "--locale", "pt-BR"])
        #expect(after.standardOutput == before.standardOutput)

        let retried = try store.run(["import", revised])
        #expect(retried.status == 0)
        let published = try JSONDocument(retried.standardOutput)
        #expect(published.string("status") == "published")
        #expect(published.int("revision") == 58)
        #expect(published.string("snapshot")?.hasPrefix("000002-") == true)
    }
}
