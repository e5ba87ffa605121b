import PaywallModel

/// Everything resolution reads of one snapshot, for compiling it into memory: the model decoded, except
/// paywalls' localizations, which stay as stored until used.
public struct SnapshotContents: Sendable {
    /// In export order, like the other lists.
    public let placements: [StoredPlacement]
    public let paywalls: [StoredPaywall]
    /// For each paywall id and locale the one the store's lookups find (the first in export order).
    public let localizations: [StoredLocalization]
    public let products: [Product]
    public let onboardings: [Onboarding]
    public let flows: [Flow]
}

extension PaywallStore {
    /// The snapshot's contents, read in one transaction, so that a concurrent publish pruning the
    /// snapshot cannot leave them half read.
    public func contents(of snapshot: SnapshotInfo) throws(StoreError) -> SnapshotContents {
        try database.transaction(.deferred) { () throws(StoreError) -> SnapshotContents in
            let exists = try database.prepare("SELECT 1 FROM snapshots WHERE id = ?1")
            try exists.bind(snapshot.id)
            guard try exists.step() else {
                throw StoreError(kind: .missing, message: "snapshot \(snapshot.key) is no longer in the store at \(database.path)")
            }
            let placements = try database.prepare("SELECT body, segments FROM placements WHERE snapshot_id = ?1 ORDER BY ordinal")
            try placements.bind(snapshot.id)
            var segments: [String: Segment] = [:]
            return SnapshotContents(placements: try placements.rows { (row) throws(StoreError) in
                                        try storedPlacement(from: row, part: "a placement", of: snapshot).sharingSegments(with: &segments)
                                    },
                                    paywalls: try bodies(in: "paywalls", of: snapshot, StoredPaywall.init(stored:)),
                                    localizations: try storedLocalizations(of: snapshot),
                                    products: try bodies(in: "products", of: snapshot, Product.init(stored:)),
                                    onboardings: try bodies(in: "onboardings", of: snapshot, Onboarding.init(stored:)),
                                    flows: try bodies(in: "flows", of: snapshot, Flow.init(stored:)))
        }
    }

    /// In the order of the lookup index, whose first row for a paywall id and locale is the one lookups find.
    private func storedLocalizations(of snapshot: SnapshotInfo) throws(StoreError) -> [StoredLocalization] {
        let statement = try database.prepare("""
            SELECT paywall_id, locale, body FROM localizations WHERE snapshot_id = ?1
            ORDER BY paywall_id, locale, paywall_ordinal, ordinal
            """)
        try statement.bind(snapshot.id)
        var found: [StoredLocalization] = []
        while try statement.step() {
            let paywallID = statement.text(at: 0), locale = statement.text(at: 1)
            if let last = found.last, last.paywallID == paywallID, last.locale == locale { continue }
            found.append(StoredLocalization(paywallID: paywallID, locale: locale, body: statement.bytes(at: 2)))
        }
        return found
    }
}
