import PaywallResolver
import PaywallStore

/// What the service answers from: every source's current snapshot, compiled, and when it was loaded.
/// Immutable: a reload builds another and swaps it in whole, so a request is answered from one.
public struct ServedSnapshots: Sendable {
    public let compiled: CompiledSnapshots
    /// Their placements, as `GET /v1/placements` lists them.
    let placements: PlacementList
    /// The snapshots, in answer order.
    public var snapshots: [SnapshotInfo] { compiled.snapshots.map(\.snapshot) }
    /// Their keys, what tells whether the store has moved on.
    public var keys: [String] { snapshots.map(\.key) }

    /// Made on the reloader's thread, with the list of their placements.
    public init(compiled: CompiledSnapshots) {
        self.compiled = compiled
        placements = PlacementList(compiled)
    }
}
