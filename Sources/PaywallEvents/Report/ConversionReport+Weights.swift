import PaywallStore

extension ConversionReport {
    /// The audiences' variation weights from the snapshots in `directory` (beside the events): none when there
    /// is no store, or no snapshot with the placement.
    public static func audienceWeights(inStore directory: String) -> Weights {
        let store = try? PaywallStore.open(at: directory, create: false)
        return { placementID, snapshotKey in
            guard let store else { return [] }
            let named = snapshotKey.flatMap { try? store.snapshot(matching: $0) }
            guard let snapshot = named ?? (try? store.currentSnapshot()) ?? nil,
                  let stored = try? store.reader(of: snapshot).placement(placementID) else { return [] }
            return stored.placement.audiences.map { $0.variations.map { ($0.variationID, $0.weight) } }
        }
    }
}
