import PaywallStore

/// The event types a state is made of, by their ids in `names`: SQLite's partial index of the events a state reads can
/// name only constants, so its condition holds these ids. The index counts as one more use of each name, so retention
/// never deletes them (and never gives their ids to other names).
enum SQLiteStateTypes {
    static let names = [Event.Kind.shown.rawValue, Event.Kind.purchaseFinished.rawValue]

    /// Adds the names (when no event has used them yet) and counts the index's use of them, inside the caller's
    /// transaction; their ids.
    static func pin(in database: Database) throws(StoreError) -> [Int64] {
        let pin = try database.prepare("INSERT INTO names (text, uses) VALUES (?1, 1) ON CONFLICT (text) DO UPDATE SET uses = uses + 1")
        for name in names {
            try pin.bind(name)
            try pin.run()
        }
        return try ids(in: database)
    }

    /// The ids of the names stored, in the order of `names` (none before a file has them: a schema older than the
    /// partial index).
    static func ids(in database: Database) throws(StoreError) -> [Int64] {
        let find = try database.prepare("SELECT id FROM names WHERE text = ?1")
        var ids: [Int64] = []
        for name in names {
            try find.bind(name)
            if try find.step() { ids.append(find.integer(at: 0)) }
        }
        return ids
    }

    /// The partial index's condition on `ids`; a statement that reads the index says it too, in these very words.
    static func condition(_ ids: [Int64]) -> String {
        "type IN (\(ids.map(String.init).joined(separator: ", ")))"
    }
}
