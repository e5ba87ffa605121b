import Foundation
import Testing

/// `paywalls events ingest`: events from JSON lines into the store's events.sqlite, every good line kept,
/// every bad one named, nothing stored twice.
@Suite struct EventsIngestCommandTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    static func line(_ id: String, type: String = "shown", extra: String = "") -> String {
        #"{"event_id":"\#(id)","type":"\#(type)","created_at":"2026-11-29T12:00:00Z","profile_id":"p-\#(id)","placement_id":"onboarding","variation_id":"v-a"\#(extra)}"#
    }

    private func write(_ lines: [String]) throws -> String {
        let path = store.directory.appendingPathComponent("events-\(UUID().uuidString).jsonl").path
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func goodLinesAreStoredAndBadOnesNamedWithTheirLine() throws {
        let file = try write([Self.line("a"), "", Self.line("a"), "not json", Self.line("b", type: "viewed"), Self.line("c")])
        let outcome = try store.run(["events", "ingest", file])
        #expect(outcome.status == 65)
        let json = try outcome.json()
        #expect(json["accepted"] as? Int == 2)
        #expect(json["duplicates"] as? Int == 1)
        #expect(json["rejectedCount"] as? Int == 2)
        let rejected = try #require(json["rejected"] as? [[String: Any]])
        #expect(rejected.map { $0["line"] as? Int } == [4, 5])
        #expect(rejected.map { $0["pointer"] as? String } == ["", "/type"])
        #expect((rejected[1]["message"] as? String)?.hasPrefix(#""viewed" is not one of"#) == true)
        #expect(outcome.standardError.contains("lines that are not valid events: 2; the first, line 4: /: not JSON"), "\(outcome.standardError)")
        // What was stored stays stored: the same lines again are all duplicates.
        let again = try store.run(["events", "ingest", try write([Self.line("a"), Self.line("c")])])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try again.json()["duplicates"] as? Int == 2)
        #expect(try again.json()["accepted"] as? Int == 0)
    }

    @Test func standardInputIsRead() throws {
        let outcome = try PaywallsProcess.run(["events", "ingest", "-", "--store", store.path], input: Data((Self.line("x") + "\n").utf8),
                                              in: store.directory)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try outcome.json()["accepted"] as? Int == 1)
        #expect(outcome.standardError.contains("standard input: events stored: 1, duplicates: 0, rejected: 0"))
    }

    /// More lines than a transaction holds: every batch is stored, and a second run finds them all.
    @Test func manyBatchesAreAllStored() throws {
        let file = try write((0..<1_234).map { Self.line("e\($0)") })
        #expect(try store.run(["events", "ingest", file]).json()["accepted"] as? Int == 1_234)
        #expect(try store.run(["events", "ingest", file]).json()["duplicates"] as? Int == 1_234)
    }

    @Test func aMissingFileIsNamed() throws {
        let outcome = try store.run(["events", "ingest", "missing.jsonl"])
        #expect(outcome.status == 66)
        #expect(outcome.standardError.contains("cannot read missing.jsonl: No such file or directory"))
        #expect(!FileManager.default.fileExists(atPath: store.path + "/events.sqlite"))
    }

    @Test func noStoreIsNamed() throws {
        let file = try write([Self.line("a")])
        let outcome = try PaywallsProcess.run(["events", "ingest", file, "--store", "nowhere"], in: store.directory)
        #expect(outcome.status == 66)
        #expect(outcome.standardError.contains("no store directory at nowhere for events.sqlite"))
    }

    /// Another writer holding events.sqlite past the busy timeout: a temporary failure that says how far it got.
    @Test func aLockedFileIsATemporaryFailure() throws {
        _ = try store.run(["events", "ingest", try write([Self.line("first")])])
        let lock = try SQLiteWriteLock(store.path + "/events.sqlite", seconds: 6)
        let outcome = try store.run(["events", "ingest", try write([Self.line("second")])])
        #expect(outcome.status == 75)
        #expect(outcome.standardError.contains("was not stored; 0 events before it were (and 0 duplicates): resume from line 1"),
                "\(outcome.standardError)")
        withExtendedLifetime(lock) {}
    }

    /// Writes failing part way, as on a full disk: the command stops at the first batch it cannot commit (it does not
    /// read on to the end), says how many events were stored and the line to resume from, and exactly those are stored.
    @Test func aFullDiskStopsAtTheFirstFailedBatchAndSaysWhereToResume() throws {
        let count = 20_000
        let file = try write((0..<count).map { Self.line("full-\($0)") })
        let limited = try PaywallsProcess.Running(["events", "ingest", file, "--store", store.path], in: store.directory,
                                                  launcher: SyncSafetyTests.fileSizeLimit(kilobytes: 1_024)).wait()
        #expect(limited.status == 74, "\(limited.standardError)")
        let reported = try #require(limited.standardError.firstMatch(
            of: /: the batch from line (\d+) of .* was not stored; (\d+) events before it were \(and 0 duplicates\): resume from line (\d+)\n/),
            "\(limited.standardError)")
        let (start, stored, resume) = (Int(reported.1) ?? 0, Int(reported.2) ?? 0, Int(reported.3) ?? 0)
        #expect(start == resume && resume == stored + 1)
        #expect(stored > 0 && stored < count && stored % 500 == 0)
        let again = try store.run(["events", "ingest", file])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(try again.json()["duplicates"] as? Int == stored)
        #expect(try again.json()["accepted"] as? Int == count - stored)
    }
}
