import PaywallStore

/// `EventSchema` in `events.sqlite`, its version in `PRAGMA user_version`.
enum SQLiteEventSchema {
    /// Creates the tables in a new file (when `create`; else a file without them is no events yet, as one another
    /// process is creating may be), or brings an existing one to this build's version (refusing a newer one).
    static func prepare(_ database: Database, create: Bool) throws(StoreError) {
        let found = try storedVersion(database)
        try EventSchema.check(found: found, at: "at \(database.path)")
        guard found < EventSchema.version else { return }
        guard found > 0 || create else { throw StoreError(kind: .missing, message: "no events at \(database.path) yet") }
        try database.transaction { () throws(StoreError) in
            // Another process may have moved it on since it was read; the write lock orders the two.
            let found = try storedVersion(database)
            try EventSchema.check(found: found, at: "at \(database.path)")
            for step in EventSchema.steps[found...] { try step.sqlite(database) }
            try database.execute("PRAGMA user_version = \(EventSchema.version)")
        }
        // A new file is made by every step in turn: what a later step drops gives its pages back now, not at the next
        // retention pass (a write, which a report kept by serve would take for new events).
        if found == 0 { try database.execute("PRAGMA incremental_vacuum") }
    }

    private static func storedVersion(_ database: Database) throws(StoreError) -> Int {
        let statement = try database.prepare("PRAGMA user_version")
        _ = try statement.step()
        return Int(statement.integer(at: 0))
    }
}
