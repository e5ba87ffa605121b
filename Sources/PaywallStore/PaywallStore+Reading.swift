import PaywallModel

extension PaywallStore {
    /// Runs `body` in one read transaction: its reads all see one state of the store (a publish landing
    /// meanwhile is seen by the next transaction) and share one taking of the locks.
    public func reading<Value>(_ body: () throws(StoreError) -> Value) throws(StoreError) -> Value {
        try database.transaction(.deferred, body)
    }

    /// What `snapshot` holds, read from the store.
    public func reader(of snapshot: SnapshotInfo) -> StoreSnapshotReader {
        StoreSnapshotReader(store: self, snapshot: snapshot)
    }

    /// A row of `SELECT body, segments FROM placements`.
    func storedPlacement(from row: Statement, part: String, of snapshot: SnapshotInfo) throws(StoreError) -> StoredPlacement {
        try decoded(part, of: snapshot) { () throws(StorageDecodingError) in
            StoredPlacement(placement: try Placement(stored: .stored(row.bytes(at: 0))),
                            segments: try JSONValue.stored(row.bytes(at: 1)).storedElements().map(Segment.init(stored:)))
        }
    }

    /// Runs `body`, reporting stored JSON that does not decode as corruption of `part`.
    func decoded<Value>(_ part: String, of snapshot: SnapshotInfo,
                        _ body: () throws(StorageDecodingError) -> Value) throws(StoreError) -> Value {
        try decodedBody(part, of: snapshot, in: "the store at \(database.path)", body)
    }
}

/// One snapshot read from the store: each read is one statement on a primary key or an index.
public struct StoreSnapshotReader: SnapshotReader {
    let store: PaywallStore
    public let snapshot: SnapshotInfo

    private var database: Database { store.database }

    public func placementIDs() throws(StoreError) -> [String] {
        let statement = try database.prepare("SELECT id FROM placements WHERE snapshot_id = ?1 ORDER BY ordinal")
        try statement.bind(snapshot.id)
        return try statement.rows { $0.text(at: 0) }
    }

    public func placement(_ id: String) throws(StoreError) -> StoredPlacement? {
        let statement = try database.prepare(
            "SELECT body, segments FROM placements WHERE snapshot_id = ?1 AND id = ?2 ORDER BY ordinal LIMIT 1")
        try statement.bind(snapshot.id, id)
        guard try statement.step() else { return nil }
        return try store.storedPlacement(from: statement, part: "placement '\(id)'", of: snapshot)
    }

    public func paywall(_ key: String) throws(StoreError) -> StoredPaywall? {
        try element(key, in: "paywalls", noun: "paywall", StoredPaywall.init(stored:))
    }

    public func onboarding(_ key: String) throws(StoreError) -> Onboarding? {
        try element(key, in: "onboardings", noun: "onboarding", Onboarding.init(stored:))
    }

    public func flow(_ key: String) throws(StoreError) -> Flow? {
        try element(key, in: "flows", noun: "flow", Flow.init(stored:))
    }

    /// The body of the row of `table` with `id`, decoded; nil when there is none.
    private func element<Element>(_ id: String, in table: String, noun: String,
                                  _ decode: (JSONValue) throws(StorageDecodingError) -> Element) throws(StoreError) -> Element? {
        let statement = try database.prepare("SELECT body FROM \(table) WHERE snapshot_id = ?1 AND id = ?2 ORDER BY ordinal LIMIT 1")
        try statement.bind(snapshot.id, id)
        guard try statement.step() else { return nil }
        return try decoded("\(noun) '\(id)'") { () throws(StorageDecodingError) in
            try decode(.stored(statement.bytes(at: 0)))
        }
    }

    public func localizations(ofPaywall id: String, locales: [String]) throws(StoreError) -> [Localization] {
        let statement = try database.prepare("""
            SELECT body FROM localizations WHERE snapshot_id = ?1 AND paywall_id = ?2 AND locale = ?3
            ORDER BY paywall_ordinal, ordinal LIMIT 1
            """)
        var found: [Localization] = []
        for locale in locales {
            try statement.bind(snapshot.id, id, locale)
            guard try statement.step() else { continue }
            found.append(try decoded("localization '\(locale)' of paywall '\(id)'") { () throws(StorageDecodingError) in
                try Localization(locale: locale, stored: .stored(statement.bytes(at: 0)))
            })
        }
        return found
    }

    public func products(_ ids: [String]) throws(StoreError) -> [Product] {
        let statement = try database.prepare("SELECT body FROM products WHERE snapshot_id = ?1 AND id = ?2 ORDER BY ordinal LIMIT 1")
        var found: [Product] = []
        for id in ids {
            try statement.bind(snapshot.id, id)
            guard try statement.step() else { continue }
            found.append(try decoded("product '\(id)'") { () throws(StorageDecodingError) in
                try Product(stored: .stored(statement.bytes(at: 0)))
            })
        }
        return found
    }

    /// Runs `body`, reporting stored JSON that does not decode as corruption of `part`.
    private func decoded<Value>(_ part: String, _ body: () throws(StorageDecodingError) -> Value) throws(StoreError) -> Value {
        try store.decoded(part, of: snapshot, body)
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
