import PaywallModel
@testable import PaywallResolver
import PaywallStore
import Testing

/// A reload compiles only the sources whose snapshot changed: the others are the same compiled objects,
/// held in memory once, and the changed one answers from its new snapshot.
@Suite struct CompiledSnapshotsReuseTests {
    @Test func aReloadCompilesOnlyTheSourcesThatChanged() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json")
        let flows = try fixture.publish(PublishedFixture.decode("Tests/Fixtures/adapty-fallback/format-11.json"), as: "flows")
        let before = try CompiledSnapshots(store: fixture.store, snapshots: [fixture.snapshot, flows])

        var revised = try PublishedFixture.decode("Tests/Fixtures/adapty-fallback/format-11.json")
        revised.placements.removeLast()
        let newFlows = try fixture.publish(revised, as: "flows", contentHash: String(repeating: "cd", count: 32))
        let after = try CompiledSnapshots(store: fixture.store, snapshots: [fixture.snapshot, newFlows], reusing: before)

        #expect(after.snapshots[0] === before.snapshots[0])
        #expect(after.snapshots[1] !== before.snapshots[1])
        #expect(after.snapshots[1].snapshot == newFlows)
        #expect(after.snapshots[1].placementIDs() == revised.placements.map(\.id))
    }

    /// A snapshot the store no longer lists is not carried over, even when its source is kept.
    @Test func nothingIsKeptThatTheNewSetDoesNotName() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json")
        let before = try CompiledSnapshots(store: fixture.store, snapshots: [fixture.snapshot])
        var revised = try PublishedFixture.decode("sync-config/sample-export.json")
        revised.placements.removeAll { $0.id == "settings" }
        let newer = try fixture.publish(revised, as: "local", contentHash: String(repeating: "cd", count: 32))
        let after = try CompiledSnapshots(store: fixture.store, snapshots: [newer], reusing: before)
        #expect(after.snapshots.count == 1)
        #expect(after.snapshots[0] !== before.snapshots[0])
        #expect(!after.snapshots[0].placementIDs().contains("settings"))
    }
}
