import PaywallStore

/// The ids of the strings events repeat, kept in memory (within a budget) once known. Names made in a transaction
/// become known only once it commits: after a rollback their ids may belong to other names.
final class NameTable {
    private let database: Database
    private let find: Statement
    private let add: Statement
    private var known: NameCache
    private var pending: [String: Int64] = [:]

    init(_ database: Database, cacheBudget: Int = NameCache.defaultBudget) throws(StoreError) {
        self.database = database
        find = try database.prepare("SELECT id FROM names WHERE text = ?1")
        add = try database.prepare("INSERT INTO names (text) VALUES (?1)")
        known = NameCache(budget: cacheBudget)
    }

    /// The id of `text`, added to the table when it is new (inside the caller's transaction).
    func id(of text: String) throws(StoreError) -> Int64 {
        if let id = known[text] ?? pending[text] { return id }
        try find.bind(text)
        let id: Int64
        if try find.step() {
            id = find.integer(at: 0)
            find.reset()
        } else {
            try add.bind(text)
            try add.run()
            id = database.lastInsertedRowID
        }
        pending[text] = id
        return id
    }

    func commit() {
        for (text, id) in pending { known.keep(id, for: text) }
        pending.removeAll()
    }

    func rollBack() {
        pending.removeAll()
    }
}
