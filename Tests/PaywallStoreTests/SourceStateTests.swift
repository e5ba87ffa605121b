import PaywallModel
@testable import PaywallStore
import Testing

/// The answer order of sources, their current snapshots, and what each sync attempt leaves behind.
@Suite final class SourceStateTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func sourcesAnswerInArrivalOrderUntilArranged() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let ios = try store.publish(hash: 1, source: "ios").snapshot
        let android = try store.publish(hash: 2, source: "android").snapshot
        #expect(try store.sources().map(\.name) == ["ios", "android"])
        #expect(try store.currentSnapshots() == [ios, android])
        #expect(try store.currentSnapshot() == ios)

        try store.arrangeSources(["web", "android"])
        #expect(try store.sources().map(\.name) == ["web", "android", "ios"])
        #expect(try store.sources().map(\.position) == [0, 1, 2])
        // A source without a snapshot has no current one.
        #expect(try store.currentSnapshots() == [android, ios])
        #expect(try store.currentSnapshot(of: "web") == nil)
    }

    @Test func aRequiredSnapshotThatIsNotThereSaysWhatIs() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        #expect(throws: StoreError(kind: .missing, message: PaywallStore.noSnapshotMessage)) { try store.requireCurrentSnapshot() }
        #expect(throws: StoreError(kind: .missing, message: "the store has no snapshot of source 'web' (sources with snapshots: none)")) {
            try store.requireCurrentSnapshot(of: "web")
        }
        let ios = try store.publish(hash: 1, source: "ios").snapshot
        _ = try store.publish(hash: 2, source: "android")
        #expect(try store.requireCurrentSnapshot() == ios)
        #expect(try store.requireCurrentSnapshot(of: "android").source == "android")
        #expect(throws: StoreError(kind: .missing, message: "the store has no snapshot of source 'web' (sources with snapshots: ios, android)")) {
            try store.requireCurrentSnapshot(of: "web")
        }
    }

    @Test func eachSourceKeepsItsNewestSnapshotCurrent() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        _ = try store.publish(hash: 1, source: "ios")
        let android = try store.publish(hash: 2, source: "android").snapshot
        let newerIOS = try store.publish(Fixture.export(revision: 43), hash: 3, source: "ios").snapshot
        #expect(try store.currentSnapshots() == [newerIOS, android])
        #expect(try store.snapshots(of: "ios").map(\.id) == [newerIOS.id, 1])
    }

    @Test func aSuccessfulCheckSetsValidatorsAndAFailedOneKeepsThem() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        try store.arrangeSources(["ios"])
        let good = Validators(entityTag: "\"v1\"", lastModified: "Mon, 30 Nov 2026 08:00:00 GMT")
        try store.record(SyncCheck(checkedAt: "2026-11-30T08:00:00Z", outcome: "published", validators: good), of: "ios")
        try store.record(SyncCheck(checkedAt: "2026-11-30T08:05:00Z", outcome: "invalid", message: "bad JSON"), of: "ios")
        let state = try #require(try store.source(named: "ios"))
        #expect(state.validators == good)
        #expect(state.checkedAt == "2026-11-30T08:05:00Z")
        #expect(state.succeededAt == "2026-11-30T08:00:00Z")
        #expect(state.outcome == "invalid")
        #expect(state.message == "bad JSON")

        try store.record(SyncCheck(checkedAt: "2026-11-30T08:10:00Z", outcome: "published", validators: .empty), of: "ios")
        #expect(try store.source(named: "ios")?.validators == Validators.empty)
        #expect(try store.source(named: "ios")?.message == nil)
    }

    @Test func aPublishForgetsTheValidatorsOfTheDataItReplaces() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        _ = try store.publish(hash: 1, source: "ios")
        let validators = Validators(entityTag: "\"v1\"", lastModified: nil, bodySHA256: String(repeating: "7", count: 64))
        try store.record(SyncCheck(checkedAt: "2026-11-30T08:00:00Z", outcome: "published", validators: validators), of: "ios")
        // The same content again: still current, the validators still describe it.
        _ = try store.publish(hash: 1, source: "ios")
        #expect(try store.source(named: "ios")?.validators == validators)
        _ = try store.publish(hash: 2, source: "ios")
        #expect(try store.source(named: "ios")?.validators == .empty)
        #expect(try store.source(named: "ios")?.outcome == "published")
    }

    @Test func aVersion2StoreOrdersItsSourcesByFirstSnapshot() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        _ = try store.publish(hash: 1, source: "b")
        _ = try store.publish(hash: 2, source: "a")
        _ = try store.publish(hash: 3, source: "b")
        let raw = try directory.rawConnection()
        try raw.execute("DROP TABLE sources; DROP TABLE onboardings; DROP TABLE flows; DROP TABLE formatted_texts; DROP TABLE locale_facts; PRAGMA user_version = 2")

        let reopened = try PaywallStore.open(at: directory.store, create: false)
        #expect(try raw.count("PRAGMA user_version") == PaywallStore.schemaVersion)
        #expect(try reopened.sources().map(\.name) == ["b", "a"])
        #expect(try reopened.currentSnapshots().map(\.id) == [3, 2])
    }
}
