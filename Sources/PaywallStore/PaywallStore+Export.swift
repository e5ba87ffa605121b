import PaywallModel

extension PaywallStore {
    /// The whole model of a snapshot, as published: for diffs, not for resolution.
    public func export(of snapshot: SnapshotInfo) throws(StoreError) -> PaywallExport {
        // One read transaction, so that a concurrent publish pruning this snapshot cannot leave it half read.
        try database.transaction(.deferred) { () throws(StoreError) -> PaywallExport in
            let header = try database.prepare(
                "SELECT default_locale, format, app_id, revision, exported_at FROM snapshots WHERE id = ?1")
            try header.bind(snapshot.id)
            guard try header.step() else {
                throw StoreError(kind: .missing, message: "snapshot \(snapshot.key) is no longer in the store at \(database.path)")
            }
            let format = try decoded("the format", of: snapshot) { () throws(StorageDecodingError) in
                try ExportFormat(stored: header.text(at: 1))
            }
            return PaywallExport(appID: header.text(at: 2), revision: Int(header.integer(at: 3)), exportedAt: header.text(at: 4),
                                 defaultLocale: header.text(at: 0), format: format,
                                 segments: try bodies(in: "segments", of: snapshot, Segment.init(stored:)),
                                 products: try bodies(in: "products", of: snapshot, Product.init(stored:)),
                                 paywalls: try paywalls(of: snapshot),
                                 onboardings: try bodies(in: "onboardings", of: snapshot, Onboarding.init(stored:)),
                                 flows: try bodies(in: "flows", of: snapshot, Flow.init(stored:)),
                                 placements: try bodies(in: "placements", of: snapshot, Placement.init(stored:)),
                                 sourceDocument: try sourceDocument(of: snapshot))
        }
    }

    /// The vendor fallback file the snapshot was imported from, if it was.
    private func sourceDocument(of snapshot: SnapshotInfo) throws(StoreError) -> JSONValue? {
        let statement = try database.prepare("SELECT body FROM source_documents WHERE snapshot_id = ?1")
        try statement.bind(snapshot.id)
        guard try statement.step() else { return nil }
        return try decoded("the source document", of: snapshot) { () throws(StorageDecodingError) in try .stored(statement.bytes(at: 0)) }
    }

    private func paywalls(of snapshot: SnapshotInfo) throws(StoreError) -> [Paywall] {
        let localizations = try database.prepare(
            "SELECT paywall_ordinal, locale, body FROM localizations WHERE snapshot_id = ?1 ORDER BY paywall_ordinal, ordinal")
        try localizations.bind(snapshot.id)
        var byPaywall: [Int64: [Localization]] = [:]
        while try localizations.step() {
            let locale = localizations.text(at: 1)
            let localization = try decoded("localization '\(locale)'", of: snapshot) { () throws(StorageDecodingError) in
                try Localization(locale: locale, stored: .stored(localizations.bytes(at: 2)))
            }
            byPaywall[localizations.integer(at: 0), default: []].append(localization)
        }
        let paywalls = try database.prepare("SELECT ordinal, body FROM paywalls WHERE snapshot_id = ?1 ORDER BY ordinal")
        try paywalls.bind(snapshot.id)
        return try paywalls.rows { (row) throws(StoreError) in
            let stored = try decoded("a paywall", of: snapshot) { () throws(StorageDecodingError) in
                try StoredPaywall(stored: .stored(row.bytes(at: 1)))
            }
            return Paywall(id: stored.id, name: stored.name, productKeys: stored.productKeys, defaultLocale: stored.defaultLocale,
                           localizations: byPaywall[row.integer(at: 0)] ?? [], view: stored.view, key: stored.key)
        }
    }

    /// Decodes the `body` column of every row of `table` for the snapshot, in export order.
    func bodies<Element>(in table: String, of snapshot: SnapshotInfo,
                                 _ decode: (JSONValue) throws(StorageDecodingError) -> Element) throws(StoreError) -> [Element] {
        let statement = try database.prepare("SELECT body FROM \(table) WHERE snapshot_id = ?1 ORDER BY ordinal")
        try statement.bind(snapshot.id)
        return try statement.rows { (row) throws(StoreError) in
            try decoded("a row of \(table)", of: snapshot) { () throws(StorageDecodingError) in try decode(.stored(row.bytes(at: 0))) }
        }
    }
}
