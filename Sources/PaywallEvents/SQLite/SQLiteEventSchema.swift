import PaywallStore

/// The tables of `events.sqlite`. Every repeated string (a placement, a locale, a type) is stored once in
/// `names` and referred to by its id, so that an event costs about a hundred bytes; `event_id` is the
/// table's key (`WITHOUT ROWID`), kept once, and a second copy of an event meets it and is dropped.
/// A name counts the events that use it (`uses`), and the names no event uses are indexed, for retention to
/// delete them without a scan of the events (version 2; version 1 had no `uses`).
enum SQLiteEventSchema {
    static let version = 2

    private static let unusedNames = "CREATE INDEX unused_names ON names (id) WHERE uses = 0"

    static let tables = """
        CREATE TABLE names (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE, uses INTEGER NOT NULL DEFAULT 0);
        \(unusedNames);
        CREATE TABLE events (
            event_id TEXT PRIMARY KEY NOT NULL,
            type INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            profile TEXT NOT NULL,
            placement INTEGER NOT NULL,
            variation INTEGER NOT NULL,
            locale INTEGER,
            locale_result INTEGER,
            requested_locale INTEGER,
            country INTEGER,
            platform INTEGER,
            app_version INTEGER,
            snapshot INTEGER,
            product INTEGER,
            price_micros INTEGER,
            currency INTEGER,
            purchase_result INTEGER,
            action_type INTEGER,
            action_value TEXT,
            screen INTEGER,
            screen_order INTEGER,
            screen_last INTEGER,
            error_code INTEGER,
            error_message TEXT
        ) WITHOUT ROWID;
        """

    /// Creates the tables in a new file (when `create`; else a file without them is no events yet, as one another
    /// process is creating may be), or checks that an existing one is of a version this build reads (a version 1 file
    /// gains `uses`).
    static func prepare(_ database: Database, create: Bool) throws(StoreError) {
        let found = try storedVersion(database)
        switch found {
        case version:
            return
        case 0:
            guard create else { throw StoreError(kind: .missing, message: "no events at \(database.path) yet") }
            try database.transaction { () throws(StoreError) in
                // Another process may have made them since the version was read; the write lock orders the two.
                guard try storedVersion(database) == 0 else { return }
                try database.execute(tables)
                try database.execute("PRAGMA user_version = \(version)")
            }
        case 1:
            try countUses(database)
        default:
            guard found < version else {
                throw StoreError(kind: .newerSchema(found: found, supported: version),
                                 message: "the events at \(database.path) were written by a newer paywalls (schema \(found); this one reads \(version))")
            }
        }
    }

    /// Adds `uses` to the names of a version 1 file, counted from the events in one scan.
    private static func countUses(_ database: Database) throws(StoreError) {
        try database.transaction { () throws(StoreError) in
            guard try storedVersion(database) == 1 else { return }
            try database.execute("ALTER TABLE names ADD COLUMN uses INTEGER NOT NULL DEFAULT 0")
            let scan = try database.prepare("SELECT \(EventColumns.names.joined(separator: ", ")) FROM events")
            var uses = NameUses()
            while try scan.step() { uses.add(namesOf: scan) }
            try uses.store(in: database)
            try database.execute(unusedNames)
            try database.execute("PRAGMA user_version = \(version)")
        }
    }

    private static func storedVersion(_ database: Database) throws(StoreError) -> Int {
        let statement = try database.prepare("PRAGMA user_version")
        _ = try statement.step()
        return Int(statement.integer(at: 0))
    }
}
