@testable import PaywallStore
import Testing

/// A second connection writing at the same time: the store waits, then says so; readers keep seeing
/// the last committed snapshot.
@Suite final class ConcurrencyTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func anotherWriterMakesPublishFailAsLocked() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let first = try store.publish(hash: 1).snapshot
        let writer = try directory.rawConnection()
        try writer.execute("BEGIN IMMEDIATE")
        #expect { try store.publish(hash: 2) } throws: { error in
            (error as? StoreError)?.kind == .locked && "\(error)".contains("another writer holds the store at \(self.directory.databaseFile)")
        }
        try writer.execute("ROLLBACK")
        #expect(try store.currentSnapshot() == first)
        #expect(try store.snapshots() == [first])
        #expect(try store.publish(hash: 2).snapshot.id == first.id + 1)
    }

    @Test func readersSeeThePreviousSnapshotWhileAWriteIsInProgress() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let first = try store.publish(hash: 1).snapshot
        let writer = try directory.rawConnection()
        try writer.execute("""
            BEGIN IMMEDIATE;
            INSERT INTO snapshots (source, format, app_id, revision, exported_at, default_locale, imported_at, content_hash)
            VALUES ('local', 'paywall-export v1', 'com.example', 43, '2026-12-01T00:00:00Z', 'en', '2026-12-01T00:00:00Z', 'ff');
            INSERT INTO placements (snapshot_id, ordinal, id, body, segments) VALUES (last_insert_rowid(), 0, 'half', '{', '[');
            """)
        #expect(try writer.count("SELECT count(*) FROM snapshots") == 2)

        let reader = try PaywallStore.open(at: directory.store, create: false)
        #expect(try reader.currentSnapshot() == first)
        #expect(try reader.snapshots() == [first])
        #expect(try reader.reader(of: first).placementIDs() == [Fixture.onboarding, Fixture.promo])
        #expect(try store.currentSnapshot() == first)

        try writer.execute("ROLLBACK")
        #expect(try reader.currentSnapshot() == first)
    }
}
