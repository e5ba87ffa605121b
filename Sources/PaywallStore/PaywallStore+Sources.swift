extension PaywallStore {
    private static let sourceColumns = "name, position, entity_tag, last_modified, checked_at, succeeded_at, outcome, message, body_sha256, origin"

    /// In answer order.
    public func sources() throws(StoreError) -> [SourceState] {
        try database.prepare("SELECT \(Self.sourceColumns) FROM sources ORDER BY position, name").rows(SourceState.init(row:))
    }

    public func source(named name: String) throws(StoreError) -> SourceState? {
        let statement = try database.prepare("SELECT \(Self.sourceColumns) FROM sources WHERE name = ?1")
        try statement.bind(name)
        return try statement.step() ? SourceState(row: statement) : nil
    }

    /// Puts `names` first, in this order (adding those the store does not know yet); the other sources
    /// follow in their previous order.
    public func arrangeSources(_ names: [String]) throws(StoreError) {
        let known = try sources().map(\.name)
        // Written even when the order stays: the write lock taken tells a sync of another writer early.
        guard known != names + known.filter({ !names.contains($0) }) else { return try arrange(names) }
        try changingResolution { () throws(StoreError) in try arrange(names) }
    }

    private func arrange(_ names: [String]) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            let others = try sources().map(\.name).filter { !names.contains($0) }
            let upsert = try database.prepare("""
                INSERT INTO sources (name, position) VALUES (?1, ?2)
                ON CONFLICT (name) DO UPDATE SET position = excluded.position
                """)
            for (position, name) in (names + others).enumerated() {
                try upsert.bind(name, position)
                try upsert.run()
            }
        }
    }

    /// Retires `name`: the source and every snapshot of it leave the store in one transaction, so that nothing of it is
    /// served or checked for freshness any more (an import or a sync under the name starts it anew). Returns how many
    /// snapshots went; an unknown name is `missing`, naming the sources the store knows.
    public func removeSource(_ name: String) throws(StoreError) -> Int {
        try changingResolution { () throws(StoreError) -> Int in
            try database.transaction { () throws(StoreError) -> Int in
                guard try source(named: name) != nil else {
                    let known = try sources().map(\.name)
                    throw StoreError(kind: .missing, message: "the store has no source '\(name)' (its sources: \(known.isEmpty ? "none" : known.joined(separator: ", ")))")
                }
                let snapshots = try database.prepare("DELETE FROM snapshots WHERE source = ?1")
                try snapshots.bind(name)
                try snapshots.run()
                let removed = database.changedRows
                let source = try database.prepare("DELETE FROM sources WHERE name = ?1")
                try source.bind(name)
                try source.run()
                return removed
            }
        }
    }

    /// Records a sync attempt of `source`, which must exist (see `arrangeSources`).
    public func record(_ check: SyncCheck, of source: String) throws(StoreError) {
        let update = try database.prepare("""
            UPDATE sources SET checked_at = ?2, outcome = ?3, message = ?4,
                succeeded_at = CASE WHEN ?5 THEN ?2 ELSE succeeded_at END,
                entity_tag = CASE WHEN ?5 THEN ?6 ELSE entity_tag END,
                last_modified = CASE WHEN ?5 THEN ?7 ELSE last_modified END,
                body_sha256 = CASE WHEN ?5 THEN ?8 ELSE body_sha256 END,
                origin = COALESCE(?9, origin)
            WHERE name = ?1
            """)
        try update.bind(source, check.checkedAt, check.outcome, check.message, check.validators == nil ? 0 : 1,
                        check.validators?.entityTag, check.validators?.lastModified, check.validators?.bodySHA256, check.origin)
        try update.run()
    }

    /// So that no conditional request can be answered 304 for data that is no longer current.
    func forgetValidators(of source: String) throws(StoreError) {
        let update = try database.prepare("UPDATE sources SET entity_tag = NULL, last_modified = NULL, body_sha256 = NULL WHERE name = ?1")
        try update.bind(source)
        try update.run()
    }

    /// Adds `source` after the others unless the store knows it already.
    func registerSource(_ source: String) throws(StoreError) {
        let insert = try database.prepare("""
            INSERT OR IGNORE INTO sources (name, position) VALUES (?1, (SELECT COALESCE(MAX(position), -1) + 1 FROM sources))
            """)
        try insert.bind(source)
        try insert.run()
    }
}

extension SourceState {
    init(row: Statement) {
        self.init(name: row.text(at: 0), position: Int(row.integer(at: 1)),
                  validators: Validators(entityTag: row.optionalText(at: 2), lastModified: row.optionalText(at: 3), bodySHA256: row.optionalText(at: 8)),
                  checkedAt: row.optionalText(at: 4), succeededAt: row.optionalText(at: 5),
                  outcome: row.optionalText(at: 6), message: row.optionalText(at: 7), origin: row.optionalText(at: 9))
    }
}
