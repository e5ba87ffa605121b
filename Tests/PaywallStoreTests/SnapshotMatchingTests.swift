import PaywallStore
import Testing

/// `snapshot(matching:)`: the ways the CLI lets a user name a snapshot.
@Suite final class SnapshotMatchingTests {
    let directory: TemporaryDirectory
    let store: PaywallStore
    let snapshots: [SnapshotInfo]

    init() throws {
        directory = try TemporaryDirectory()
        let store = try PaywallStore.open(at: directory.store, create: true)
        snapshots = try [0xab1, 0xab2, 0xc3].map { try store.publish(hash: $0).snapshot }
        self.store = store
    }

    @Test func matchesAnExactKey() throws {
        #expect(snapshots.map(\.key) == ["000001-000000000ab1", "000002-000000000ab2", "000003-0000000000c3"])
        #expect(try store.snapshot(matching: "000002-000000000ab2") == snapshots[1])
    }

    @Test func matchesANumericID() throws {
        #expect(try store.snapshot(matching: "3") == snapshots[2])
        #expect(try store.snapshot(matching: "000001") == snapshots[0])
        #expect(try store.snapshot(matching: "9") == nil)
    }

    @Test func matchesAUniqueKeyPrefix() throws {
        #expect(try store.snapshot(matching: "000003-") == snapshots[2])
        #expect(try store.snapshot(matching: "000002-0000") == snapshots[1])
    }

    @Test func anAmbiguousOrUnknownTextMatchesNothing() throws {
        #expect(try store.snapshot(matching: "00000") == nil)
        #expect(try store.snapshot(matching: "") == nil)
        #expect(try store.snapshot(matching: "000004-") == nil)
        #expect(try store.snapshot(matching: "ab1") == nil)
    }
}
