import PaywallStore

/// The schema of the events, one for both stores: an ordered list of steps, `steps[n]` taking a store from version n to
/// n + 1, each done in its dialect. A store is brought to `version` in one transaction, whatever version it was at;
/// a newer one is refused. `events.sqlite` keeps its version in `PRAGMA user_version`, a PostgreSQL database in
/// `paywalls_schema` (the row of `component`). Append steps; never edit one released: a column added to
/// `EventColumns` is a step of its own, and the first step keeps the columns it had.
enum EventSchema {
    struct Step: Sendable {
        let sqlite: @Sendable (Database) throws(StoreError) -> Void
        let postgres: @Sendable (PostgresConnection) throws(PostgresError) -> Void
    }

    static let steps = [events, nameUses, exposureState, exposureSums, exposureTimes, sumsInPlace, stateEventsIndex]
    static var version: Int { steps.count }
    static let component = "events"

    /// Refuses a store of a version newer than this build's.
    static func check(found: Int, at place: String) throws(StoreError) {
        guard found > version else { return }
        throw StoreError(kind: .newerSchema(found: found, supported: version),
                         message: "the events \(place) were written by a newer paywalls (schema \(found); this one reads \(version))")
    }

    /// 1: the events, keyed by `event_id`; in SQLite, every repeated string kept once in `names`.
    private static let events = Step(sqlite: { database throws(StoreError) in
        try database.execute("CREATE TABLE names (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE)")
        try database.execute(EventColumns.table.create(in: .sqlite))
    }, postgres: { connection throws(PostgresError) in
        try connection.execute(EventColumns.table.create(in: .postgres))
        // Retention's index. Events arrive roughly in the order of their times, so a block range index finds the old
        // ones at a fraction of a B-tree's cost to every insert.
        try connection.execute("CREATE INDEX paywalls_events_created_at ON paywalls_events USING brin (created_at)")
    })

    /// 2: in SQLite, each name counts the events that use it (`uses`), and the names no event uses are indexed, for
    /// retention to delete them without a scan of the events. PostgreSQL keeps no names.
    private static let nameUses = Step(sqlite: { database throws(StoreError) in
        try database.execute("ALTER TABLE names ADD COLUMN uses INTEGER NOT NULL DEFAULT 0")
        let scan = try database.prepare("SELECT \(EventColumns.names.joined(separator: ", ")) FROM events")
        var uses = NameUses()
        while try scan.step() { uses.add(namesOf: scan) }
        try uses.store(in: database)
        try database.execute("CREATE INDEX unused_names ON names (id) WHERE uses = 0")
    }, postgres: { _ throws(PostgresError) in })

    /// 3: the exposure state (`ExposureTables`), made from the events stored.
    private static let exposureState = Step(sqlite: { database throws(StoreError) in
        for statement in ExposureTables.create(in: .sqlite) { try database.execute(statement) }
        let names = try NameTable(database)
        try SQLiteExposureLedger(database: database, names: names, keepsSums: false).recountAll()
    }, postgres: { connection throws(PostgresError) in
        for statement in ExposureTables.create(in: .postgres) { try connection.execute(statement) }
        try PostgresExposureLedger(connection: connection).recountAll()
    })

    /// 4: the report's sums of the exposure state per day (`ExposureTables.sums`), made from the states stored.
    private static let exposureSums = Step(sqlite: { database throws(StoreError) in
        for statement in ExposureTables.createSums(in: .sqlite) { try database.execute(statement) }
    }, postgres: { connection throws(PostgresError) in
        for statement in ExposureTables.createSums(in: .postgres) { try connection.execute(statement) }
    })

    /// 5: the states' times in a block range index in PostgreSQL, and in none in SQLite, rather than a B-tree: events come
    /// in any order of time, and the tree cost every commit a page written per profile it first exposed. A report's cut
    /// days scan the placement's states instead, once per report.
    private static let exposureTimes = Step(sqlite: { database throws(StoreError) in
        try database.execute("DROP INDEX exposures_by_time")
    }, postgres: { connection throws(PostgresError) in
        try connection.execute("DROP INDEX paywalls_exposures_by_time")
        try connection.execute("CREATE INDEX paywalls_exposures_by_time ON paywalls_exposures USING brin (created_at)")
    })

    /// 6: the sums' rows that came to no profile are deleted by the keys a transaction lowered, not found by an index of
    /// them. The index's condition names the counts, and PostgreSQL writes a new version of a row into every index when
    /// an update changes a column one of them names: each row of the sums is updated by most commits. Its pages keep
    /// room for the new versions beside the old (`fillfactor`), which the next update prunes.
    private static let sumsInPlace = Step(sqlite: { database throws(StoreError) in
        for table in [ExposureTables.sums, ExposureTables.revenueSums] { try database.execute("DROP INDEX \(table.name)_emptied") }
    }, postgres: { connection throws(PostgresError) in
        for table in [ExposureTables.sums, ExposureTables.revenueSums].map({ SQLDialect.postgres.table($0.name) }) {
            try connection.execute("DROP INDEX \(table)_emptied")
            try connection.execute("ALTER TABLE \(table) SET (fillfactor = 50)")
        }
    })

    /// 7: in SQLite, the index of a key's events holds only the types a state is made of, as PostgreSQL's does: most
    /// events are of other types, and each cost an entry. Its condition names their ids (`SQLiteStateTypes`).
    private static let stateEventsIndex = Step(sqlite: { database throws(StoreError) in
        let condition = SQLiteStateTypes.condition(try SQLiteStateTypes.pin(in: database))
        try database.execute("DROP INDEX events_by_profile")
        try database.execute("CREATE INDEX events_by_profile ON events (placement, profile, type) WHERE \(condition)")
    }, postgres: { _ throws(PostgresError) in })
}
