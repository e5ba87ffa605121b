import PaywallStore

/// The ids of the strings events repeat (`names`), and how many stored events use each (`names.uses`), so that
/// retention can delete the names no event uses any more. Ids are kept in memory, within a budget, once their
/// transaction commits (after a rollback they may belong to other names), and let go of when another connection
/// has committed since: its retention may have deleted names, and a deleted id may be given to another name.
final class NameTable {
    private let database: Database
    private let find: Statement
    private let add: Statement
    private let dataVersion: Statement
    private var known: NameCache
    private var pending: [String: Int64] = [:]
    /// The last names looked up, committed or pending: let go of with either.
    private let recent = RecentNames()
    /// The uses the transaction under way adds.
    private var pendingUses = NameUses()
    /// `data_version` as the last transaction began: it moves when another connection commits.
    private var seenVersion: Int64?

    init(_ database: Database, cacheBudget: Int = NameCache.defaultBudget) throws(StoreError) {
        self.database = database
        find = try database.prepare("SELECT id FROM names WHERE text = ?1")
        add = try database.prepare("INSERT INTO names (text) VALUES (?1)")
        dataVersion = try database.prepare("PRAGMA data_version")
        known = NameCache(budget: cacheBudget)
    }

    /// Lets go of the ids kept when another connection has committed since the last transaction: called first in
    /// each write transaction, whose lock keeps others from committing until it ends.
    func beginTransaction() throws(StoreError) {
        try dataVersion.bind()
        guard try dataVersion.step() else { return }
        let version = dataVersion.integer(at: 0)
        dataVersion.reset()
        if version != seenVersion { forgetAll() }
        seenVersion = version
    }

    /// The id of `text`, added to the table when it is new (inside the caller's transaction).
    func id(of text: String) throws(StoreError) -> Int64 {
        if let id = try storedID(of: text) { return id }
        try add.bind(text)
        try add.run()
        let id = database.lastInsertedRowID
        pending[text] = id
        recent.keep(id, for: text)
        return id
    }

    /// The id of `text` when the table holds it: nil when no row can name it.
    func storedID(of text: String) throws(StoreError) -> Int64? {
        if let id = recent[text] { return id }
        if let id = known[text] ?? pending[text] {
            recent.keep(id, for: text)
            return id
        }
        try find.bind(text)
        guard try find.step() else { return nil }
        let id = find.integer(at: 0)
        find.reset()
        pending[text] = id
        recent.keep(id, for: text)
        return id
    }

    /// Counts a use of each name of `ids` by an event stored in the transaction under way.
    func use(_ ids: [Int64]) {
        pendingUses.add(ids)
    }

    /// Adds the uses counted to the table: called last in the transaction, before it commits.
    func storeUses() throws(StoreError) {
        try pendingUses.store(in: database)
    }

    func commit() {
        for (text, id) in pending { known.keep(id, for: text) }
        pending.removeAll()
    }

    func rollBack() {
        pending.removeAll()
        pendingUses.removeAll()
        recent.removeAll()
    }

    /// Lets go of every id kept: names have been deleted.
    func forgetAll() {
        known.removeAll()
        recent.removeAll()
    }
}
