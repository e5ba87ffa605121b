import PaywallModel
import PaywallStore
import Testing

/// Unchanged content, new content, and retention.
@Suite final class PublishTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func identicalContentHashPublishesNothing() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let first = try store.publish(hash: 1).snapshot
        #expect(try store.publish(Fixture.export(revision: 43), hash: 1) == .unchanged(first))
        #expect(try store.snapshots() == [first])
        #expect(try store.currentSnapshot()?.revision == 42)
    }

    @Test func differentContentHashBecomesCurrent() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let first = try store.publish(hash: 1).snapshot
        guard case let .published(second) = try store.publish(Fixture.export(revision: 43), hash: 2) else {
            Issue.record("new content must publish")
            return
        }
        #expect(second.id > first.id)
        #expect(second.key == "000002-000000000002")
        #expect(try store.currentSnapshot() == second)
        #expect(try store.snapshots() == [second, first])
        #expect(try store.export(of: first).revision == 42)
        #expect(try store.export(of: second).revision == 43)
    }

    @Test func sameContentFromAnotherSourceIsItsOwnSnapshot() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let local = try store.publish(hash: 1).snapshot
        let outcome = try store.publish(hash: 1, source: "production")
        #expect(outcome == .published(outcome.snapshot))
        #expect(outcome.snapshot.source == "production")
        #expect(try store.snapshots() == [outcome.snapshot, local])
    }

    @Test func retentionKeepsTheNewestSnapshotsAndTheirDataOnly() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let published = try (1...5).map { try store.publish(Fixture.export(revision: $0), hash: $0, retention: 3).snapshot }
        #expect(try store.snapshots() == published.suffix(3).reversed())
        let raw = try directory.rawConnection()
        for tables in ["segments", "placements", "products", "paywalls", "localizations"] {
            for pruned in published.prefix(2) {
                #expect(try raw.rowCount(in: tables, snapshotID: pruned.id) == 0, "\(tables) of \(pruned.key)")
            }
            for kept in published.suffix(3) {
                #expect(try raw.rowCount(in: tables, snapshotID: kept.id) > 0, "\(tables) of \(kept.key)")
            }
        }
        #expect(try raw.count("SELECT count(*) FROM localizations") == 3 * 6)
        #expect(try store.reader(of: published[0]).placement(Fixture.onboarding) == nil)
        #expect(try store.export(of: published[2]) == Fixture.export(revision: 3))
        #expect { try store.export(of: published[0]) } throws: { ($0 as? StoreError)?.kind == .missing }
    }

    @Test func retentionIsPerSource() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let other = try store.publish(hash: 100, source: "staging").snapshot
        for seed in 1...4 {
            _ = try store.publish(hash: seed, retention: 2)
        }
        let kept = try store.snapshots()
        #expect(kept.map(\.source) == ["local", "local", "staging"])
        #expect(kept.last == other)
    }

    @Test func retentionBelowOneStillKeepsTheNewSnapshot() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        _ = try store.publish(hash: 1, retention: 0)
        let second = try store.publish(hash: 2, retention: 0).snapshot
        #expect(try store.snapshots() == [second])
    }
}
