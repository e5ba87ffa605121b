import PaywallStore

/// Uses of names counted per id, to be added to `names.uses` (or taken from it) in one statement per name. The ids are
/// noted in a list first and counted sorted, when stored or once the list is long: a commit notes some ten per event,
/// and hashing each into the counts cost more than the rest of the counting.
struct NameUses {
    private var counts: [Int64: Int64] = [:]
    private var noted: [Int64] = []
    /// The ids noted before they are counted: what a migration's scan of every event notes stays this small.
    private static let notedLimit = 65_536

    mutating func add(_ id: Int64) {
        noted.append(id)
        if noted.count >= Self.notedLimit { countNoted() }
    }

    mutating func add(_ ids: [Int64]) {
        noted.append(contentsOf: ids)
        if noted.count >= Self.notedLimit { countNoted() }
    }

    /// Counts the names of the current row of `row`, whose columns are `EventColumns.names` in order.
    mutating func add(namesOf row: Statement) {
        for column in 0..<Int32(EventColumns.names.count) where !row.isNull(at: column) { add(row.integer(at: column)) }
    }

    /// Adds the counts to `names.uses` (takes them away when `removing`) inside the caller's transaction; none are left.
    mutating func store(in database: Database, removing: Bool = false) throws(StoreError) {
        countNoted()
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
        noted.removeAll(keepingCapacity: true)
    }

    /// Counts the ids noted, each run of one id in one addition.
    private mutating func countNoted() {
        noted.sort()
        var start = 0
        while start < noted.count {
            var end = start + 1
            while end < noted.count, noted[end] == noted[start] { end += 1 }
            counts[noted[start], default: 0] += Int64(end - start)
            start = end
        }
        noted.removeAll(keepingCapacity: true)
    }
}
