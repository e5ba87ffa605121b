import PaywallStore

/// Uses of names counted per id, to be added to `names.uses` (or taken from it) in one statement per name.
struct NameUses {
    private var counts: [Int64: Int64] = [:]

    mutating func add(_ id: Int64) {
        counts[id, default: 0] += 1
    }

    /// Counts the names of the current row of `row`, whose columns are `EventColumns.names` in order.
    mutating func add(namesOf row: Statement) {
        for column in 0..<Int32(EventColumns.names.count) where !row.isNull(at: column) { add(row.integer(at: column)) }
    }

    /// Adds the counts to `names.uses` (takes them away when `removing`) inside the caller's transaction; none are left.
    mutating func store(in database: Database, removing: Bool = false) throws(StoreError) {
        guard !counts.isEmpty else { return }
        let update = try database.prepare("UPDATE names SET uses = uses + ?2 WHERE id = ?1")
        for (id, count) in counts {
            try update.bind(id, removing ? -count : count)
            try update.run()
        }
        counts.removeAll()
    }

    mutating func removeAll() {
        counts.removeAll()
    }
}
