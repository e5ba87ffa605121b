import PaywallStore

extension SQLiteEventStore {
    /// Free pages given back to the file system per step: 8 MB of 4 kB pages.
    static let freedPagesPerStep = 2_048

    /// Deletes at most `batch` of the events created before `milliseconds`, recounts the exposure state of the keys
    /// whose exposures or purchases went, and then deletes at most `batch` of the names no event uses any more, in one
    /// transaction; then gives back some of the pages that freed (a file made since the
    /// names counted their uses gives them back: `auto_vacuum = INCREMENTAL`; an older one keeps them for the events
    /// to come, as switching needs a `VACUUM` that rewrites the whole file).
    public func deleteStep(createdBefore milliseconds: Int64, batch: Int) throws(StoreError) -> RetentionStep {
        let (events, unusedNames): (Int, Int)
        do {
            (events, unusedNames) = try database.transaction { () throws(StoreError) in
                try names.beginTransaction()
                let stateTypes = try SQLiteStateTypes.ids(in: database)
                let deleteEvents = try database.prepare("""
                    DELETE FROM events WHERE event_id IN (SELECT event_id FROM events WHERE created_at < ?1 LIMIT ?2)
                    RETURNING \(EventColumns.names.joined(separator: ", ")), profile
                    """)
                try deleteEvents.bind(milliseconds, batch)
                var uses = NameUses(), events = 0
                // The keys whose state a deleted event may have made: recounted from the events left.
                var profiles: [Int64: Set<String>] = [:]
                let type = Int32(EventColumns.names.firstIndex(of: "type")!), placement = Int32(EventColumns.names.firstIndex(of: "placement")!)
                while try deleteEvents.step() {
                    events += 1
                    uses.add(namesOf: deleteEvents)
                    guard stateTypes.contains(deleteEvents.integer(at: type)) else { continue }
                    profiles[deleteEvents.integer(at: placement), default: []].insert(deleteEvents.text(at: Int32(EventColumns.names.count)))
                }
                try uses.store(in: database, removing: true)
                var keys = Set<ExposureKey>()
                for (placement, profiles) in profiles {
                    let placementID = try text(ofName: placement)
                    keys.formUnion(profiles.map { ExposureKey(placementID: placementID, profileID: $0) })
                }
                try exposures.recountAndReplace(keys)
                let deleteNames = try database.prepare("DELETE FROM names WHERE id IN (SELECT id FROM names WHERE uses = 0 LIMIT ?1)")
                try deleteNames.bind(batch)
                try deleteNames.run()
                return (events, database.changedRows)
            }
            names.commit()
        } catch {
            names.rollBack()
            throw error
        }
        // A deleted name's id may be given to another.
        if unusedNames > 0 { names.forgetAll() }
        let pagesLeft = try giveBackFreePages()
        return RetentionStep(deletedEvents: events, isLast: events < batch && unusedNames < batch && !pagesLeft)
    }

    private func text(ofName id: Int64) throws(StoreError) -> String {
        let statement = try database.prepare("SELECT text FROM names WHERE id = ?1")
        try statement.bind(id)
        return try statement.step() ? statement.text(at: 0) : ""
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
