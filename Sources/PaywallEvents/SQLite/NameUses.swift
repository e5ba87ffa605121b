import PaywallStore

/// Uses of names counted per id, to be added to `names.uses` (or taken from it) in one statement per name. A commit
/// counts some ten per event: the ids of a store's first names, which are most of the names it has, are counted in an
/// array by id, as hashing each into a dictionary cost more than the rest of the counting.
struct NameUses {
    /// Counts by id, for the ids below `directLimit`.
    private var direct: [Int64] = []
    private var others: [Int64: Int64] = [:]
    /// The ids from this one on are counted in `others`: the array stays small whatever ids a store reaches.
    private static let directLimit: Int64 = 4_096

    mutating func add(_ id: Int64) {
        guard id >= 0, id < Self.directLimit else {
            others[id, default: 0] += 1
            return
        }
        let index = Int(id)
        if index >= direct.count { direct.append(contentsOf: repeatElement(0, count: index + 1 - direct.count)) }
        direct[index] += 1
    }

    mutating func add(_ ids: [Int64]) {
        for id in ids { add(id) }
    }

    /// Counts the names of the current row of `row`, whose columns are `EventColumns.names` in order.
    mutating func add(namesOf row: Statement) {
        for column in 0..<Int32(EventColumns.names.count) where !row.isNull(at: column) { add(row.integer(at: column)) }
    }

    /// Adds the counts to `names.uses` (takes them away when `removing`) inside the caller's transaction; none are left.
    mutating func store(in database: Database, removing: Bool = false) throws(StoreError) {
        var counts = others.map { ($0.key, $0.value) }
        for (id, count) in direct.enumerated() where count != 0 { counts.append((Int64(id), count)) }
        removeAll()
        guard !counts.isEmpty else { return }
        let update = try database.prepare("UPDATE names SET uses = uses + ?2 WHERE id = ?1")
        for (id, count) in counts {
            try update.bind(id, removing ? -count : count)
            try update.run()
        }
    }

    mutating func removeAll() {
        direct.removeAll(keepingCapacity: true)
        others.removeAll()
    }
}
