extension PaywallStore {
    static let snapshotColumns = "id, source, format, app_id, revision, exported_at, imported_at, content_hash"

    /// The newest snapshot of each source, in answer order: together, the newest good data of every source.
    public func currentSnapshots() throws(StoreError) -> [SnapshotInfo] {
        // One statement, however many sources: a cold resolve asks this twice, serve once a second.
        try database.prepare("""
            SELECT \(Self.snapshotColumns) FROM sources
            JOIN snapshots ON snapshots.id = (SELECT MAX(id) FROM snapshots WHERE source = sources.name)
            ORDER BY position, name
            """).rows(SnapshotInfo.init(row:))
    }

    /// The current snapshot of the source that answers first.
    public func currentSnapshot() throws(StoreError) -> SnapshotInfo? {
        try currentSnapshots().first
    }

    public static let noSnapshotMessage = "the store has no snapshot yet (run `paywalls import FILE` or `paywalls sync`)"

    /// The current snapshot of `source`, else of the source that answers first; when there is none, an
    /// error (`missing`) that says which sources have one.
    public func requireCurrentSnapshot(of source: String? = nil) throws(StoreError) -> SnapshotInfo {
        if let source, let snapshot = try currentSnapshot(of: source) { return snapshot }
        let current = try currentSnapshots()
        guard let source else {
            guard let first = current.first else { throw StoreError(kind: .missing, message: Self.noSnapshotMessage) }
            return first
        }
        throw Self.noSnapshot(of: source, current: current)
    }

    /// The error for a source without a snapshot, naming the sources that have one (`current`).
    public static func noSnapshot(of source: String, current: [SnapshotInfo]) -> StoreError {
        let known = current.isEmpty ? "none" : current.map(\.source).joined(separator: ", ")
        return StoreError(kind: .missing, message: "the store has no snapshot of source '\(source)' (sources with snapshots: \(known))")
    }

    /// The newest snapshot of `source`.
    public func currentSnapshot(of source: String) throws(StoreError) -> SnapshotInfo? {
        let statement = try database.prepare(
            "SELECT \(Self.snapshotColumns) FROM snapshots WHERE source = ?1 ORDER BY id DESC LIMIT 1")
        try statement.bind(source)
        return try statement.step() ? SnapshotInfo(row: statement) : nil
    }

    /// Newest first.
    public func snapshots() throws(StoreError) -> [SnapshotInfo] {
        try database.prepare("SELECT \(Self.snapshotColumns) FROM snapshots ORDER BY id DESC").rows(SnapshotInfo.init(row:))
    }

    /// Newest first.
    public func snapshots(of source: String) throws(StoreError) -> [SnapshotInfo] {
        let statement = try database.prepare("SELECT \(Self.snapshotColumns) FROM snapshots WHERE source = ?1 ORDER BY id DESC")
        try statement.bind(source)
        return try statement.rows(SnapshotInfo.init(row:))
    }

    /// The snapshot whose key is `text`, whose id is the number `text`, or whose key alone starts with `text`.
    public func snapshot(matching text: String) throws(StoreError) -> SnapshotInfo? {
        guard !text.isEmpty else { return nil }
        let all = try snapshots()
        if let exact = all.first(where: { $0.key == text }) { return exact }
        if let id = Int64(text), let numbered = all.first(where: { $0.id == id }) { return numbered }
        let prefixed = all.filter { $0.key.hasPrefix(text) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }
}

extension SnapshotInfo {
    /// Reads a row of `PaywallStore.snapshotColumns`.
    init(row: Statement) {
        self.init(id: row.integer(at: 0), source: row.text(at: 1), format: row.text(at: 2), appID: row.text(at: 3),
                  revision: Int(row.integer(at: 4)), exportedAt: row.text(at: 5), importedAt: row.text(at: 6),
                  contentHash: row.text(at: 7))
    }
}
