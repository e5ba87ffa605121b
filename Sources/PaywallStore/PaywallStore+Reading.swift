import PaywallModel

// Each read is one statement on a primary key or an index. Where a model built in code repeats an id,
// the first in export order wins.
extension PaywallStore {
    /// Runs `body` in one read transaction: its reads all see one state of the store (a publish landing
    /// meanwhile is seen by the next transaction) and share one taking of the locks.
    public func reading<Value>(_ body: () throws(StoreError) -> Value) throws(StoreError) -> Value {
        try database.transaction(.deferred, body)
    }

    /// In export order.
    public func placementIDs(in snapshot: SnapshotInfo) throws(StoreError) -> [String] {
        let statement = try database.prepare("SELECT id FROM placements WHERE snapshot_id = ?1 ORDER BY ordinal")
        try statement.bind(snapshot.id)
        return try statement.rows { $0.text(at: 0) }
    }

    public func placement(_ id: String, in snapshot: SnapshotInfo) throws(StoreError) -> StoredPlacement? {
        let statement = try database.prepare(
            "SELECT body, segments FROM placements WHERE snapshot_id = ?1 AND id = ?2 ORDER BY ordinal LIMIT 1")
        try statement.bind(snapshot.id, id)
        guard try statement.step() else { return nil }
        return try storedPlacement(from: statement, part: "placement '\(id)'", of: snapshot)
    }

    /// A row of `SELECT body, segments FROM placements`.
    func storedPlacement(from row: Statement, part: String, of snapshot: SnapshotInfo) throws(StoreError) -> StoredPlacement {
        try decoded(part, of: snapshot) { () throws(StorageDecodingError) in
            StoredPlacement(placement: try Placement(stored: .stored(row.bytes(at: 0))),
                            segments: try JSONValue.stored(row.bytes(at: 1)).storedElements().map(Segment.init(stored:)))
        }
    }

    public func paywall(_ id: String, in snapshot: SnapshotInfo) throws(StoreError) -> StoredPaywall? {
        try element(id, in: "paywalls", noun: "paywall", of: snapshot, StoredPaywall.init(stored:))
    }

    public func onboarding(_ id: String, in snapshot: SnapshotInfo) throws(StoreError) -> Onboarding? {
        try element(id, in: "onboardings", noun: "onboarding", of: snapshot, Onboarding.init(stored:))
    }

    public func flow(_ id: String, in snapshot: SnapshotInfo) throws(StoreError) -> Flow? {
        try element(id, in: "flows", noun: "flow", of: snapshot, Flow.init(stored:))
    }

    /// The body of the row of `table` with `id`, decoded; nil when there is none.
    private func element<Element>(_ id: String, in table: String, noun: String, of snapshot: SnapshotInfo,
                                  _ decode: (JSONValue) throws(StorageDecodingError) -> Element) throws(StoreError) -> Element? {
        let statement = try database.prepare("SELECT body FROM \(table) WHERE snapshot_id = ?1 AND id = ?2 ORDER BY ordinal LIMIT 1")
        try statement.bind(snapshot.id, id)
        guard try statement.step() else { return nil }
        return try decoded("\(noun) '\(id)'", of: snapshot) { () throws(StorageDecodingError) in
            try decode(.stored(statement.bytes(at: 0)))
        }
    }

    /// The paywall's localizations for `locales`, spelled as in the export, in the order asked; locales
    /// it does not have are skipped.
    public func localizations(ofPaywall id: String, locales: [String], in snapshot: SnapshotInfo) throws(StoreError) -> [Localization] {
        let statement = try database.prepare("""
            SELECT body FROM localizations WHERE snapshot_id = ?1 AND paywall_id = ?2 AND locale = ?3
            ORDER BY paywall_ordinal, ordinal LIMIT 1
            """)
        var found: [Localization] = []
        for locale in locales {
            try statement.bind(snapshot.id, id, locale)
            guard try statement.step() else { continue }
            found.append(try decoded("localization '\(locale)' of paywall '\(id)'", of: snapshot) { () throws(StorageDecodingError) in
                try Localization(locale: locale, stored: .stored(statement.bytes(at: 0)))
            })
        }
        return found
    }

    /// In the order of `ids`; ids the snapshot does not have are skipped.
    public func products(_ ids: [String], in snapshot: SnapshotInfo) throws(StoreError) -> [Product] {
        let statement = try database.prepare("SELECT body FROM products WHERE snapshot_id = ?1 AND id = ?2 ORDER BY ordinal LIMIT 1")
        var found: [Product] = []
        for id in ids {
            try statement.bind(snapshot.id, id)
            guard try statement.step() else { continue }
            found.append(try decoded("product '\(id)'", of: snapshot) { () throws(StorageDecodingError) in
                try Product(stored: .stored(statement.bytes(at: 0)))
            })
        }
        return found
    }

    /// Runs `body`, reporting stored JSON that does not decode as corruption of `part`.
    func decoded<Value>(_ part: String, of snapshot: SnapshotInfo,
                        _ body: () throws(StorageDecodingError) -> Value) throws(StoreError) -> Value {
        try decodedBody(part, of: snapshot, in: "the store at \(database.path)", body)
    }
}

/// Runs `body`, reporting a stored body that does not decode as damage of `part` in `place` (a store, an image).
func decodedBody<Value>(_ part: String, of snapshot: SnapshotInfo, in place: String, advice: String? = nil,
                        _ body: () throws(StorageDecodingError) -> Value) throws(StoreError) -> Value {
    do {
        return try body()
    } catch {
        throw StoreError(kind: .corrupt, message: "\(place) is damaged: \(part) of snapshot \(snapshot.key) does not decode (\(error.reason))"
                             + (advice.map { "; \($0)" } ?? ""))
    }
}
