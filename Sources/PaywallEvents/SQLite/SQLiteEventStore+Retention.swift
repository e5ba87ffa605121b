import PaywallStore

extension SQLiteEventStore {
    /// Free pages given back to the file system per step: 8 MB of 4 kB pages.
    static let freedPagesPerStep = 2_048

    /// Deletes at most `batch` of the events created before `milliseconds` and then at most `batch` of the names no
    /// event uses any more, in one transaction; then gives back some of the pages that freed (a file made since the
    /// names counted their uses gives them back: `auto_vacuum = INCREMENTAL`; an older one keeps them for the events
    /// to come, as switching needs a `VACUUM` that rewrites the whole file).
    public func deleteStep(createdBefore milliseconds: Int64, batch: Int) throws(StoreError) -> RetentionStep {
        let (events, unusedNames) = try database.transaction { () throws(StoreError) in
            let deleteEvents = try database.prepare("""
                DELETE FROM events WHERE event_id IN (SELECT event_id FROM events WHERE created_at < ?1 LIMIT ?2)
                RETURNING \(EventColumns.names.joined(separator: ", "))
                """)
            try deleteEvents.bind(milliseconds, batch)
            var uses = NameUses(), events = 0
            while try deleteEvents.step() {
                events += 1
                uses.add(namesOf: deleteEvents)
            }
            try uses.store(in: database, removing: true)
            let deleteNames = try database.prepare("DELETE FROM names WHERE id IN (SELECT id FROM names WHERE uses = 0 LIMIT ?1)")
            try deleteNames.bind(batch)
            try deleteNames.run()
            return (events, database.changedRows)
        }
        // A deleted name's id may be given to another.
        if unusedNames > 0 { names.forgetAll() }
        let pagesLeft = try giveBackFreePages()
        return RetentionStep(deletedEvents: events, isLast: events < batch && unusedNames < batch && !pagesLeft)
    }

    /// Gives back up to `freedPagesPerStep` free pages, in a file that can; whether some are left to give back.
    private func giveBackFreePages() throws(StoreError) -> Bool {
        guard try pragma("auto_vacuum") == 2 else { return false }  // INCREMENTAL
        try database.execute("PRAGMA incremental_vacuum(\(Self.freedPagesPerStep))")
        return try pragma("freelist_count") > 0
    }

    private func pragma(_ name: String) throws(StoreError) -> Int64 {
        let statement = try database.prepare("PRAGMA \(name)")
        return try statement.step() ? statement.integer(at: 0) : 0
    }
}
