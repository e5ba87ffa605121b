import PaywallStore

/// The tables of the events in a PostgreSQL database, beside whatever else it holds: `paywalls_events`, keyed by
/// `event_id` (a copy of an event from any replica meets it and is dropped), and `paywalls_schema`, the version
/// of each part of paywalls kept there. Text compares byte by byte (`COLLATE "C"`), as in `events.sqlite`.
enum PostgresEventSchema {
    static let version = 1
    static let component = "events"
    /// Held while the schema is checked or made, so that replicas starting together make it once.
    private static let lockKey = 0x7061_7977_616c_6c73 // "paywalls"

    /// One statement each (a parameterised command holds one).
    private static let tables = ["""
        CREATE TABLE paywalls_events (
            event_id text COLLATE "C" PRIMARY KEY,
            type text COLLATE "C" NOT NULL,
            created_at bigint NOT NULL,
            profile text COLLATE "C" NOT NULL,
            placement text COLLATE "C" NOT NULL,
            variation text COLLATE "C" NOT NULL,
            locale text COLLATE "C",
            locale_result text COLLATE "C",
            requested_locale text COLLATE "C",
            country text COLLATE "C",
            platform text COLLATE "C",
            app_version text COLLATE "C",
            snapshot text COLLATE "C",
            product text COLLATE "C",
            price_micros bigint,
            currency text COLLATE "C",
            purchase_result text COLLATE "C",
            action_type text COLLATE "C",
            action_value text COLLATE "C",
            screen text COLLATE "C",
            screen_order bigint,
            screen_last bigint,
            error_code text COLLATE "C",
            error_message text COLLATE "C"
        )
        """,
        // Retention's index. Events arrive roughly in the order of their times, so a block range index finds the old ones
        // at a fraction of a B-tree's cost to every insert.
        "CREATE INDEX paywalls_events_created_at ON paywalls_events USING brin (created_at)",
    ]

    /// Creates the tables in a database without them (when `create`; else that is no events yet), or checks that
    /// the ones there are of a version this build reads.
    static func prepare(_ connection: PostgresConnection, at address: PostgresAddress, create: Bool) throws(StoreError) {
        let found: Int?
        do throws(PostgresError) {
            found = try connection.transaction { () throws(PostgresError) in
                if create {
                    try connection.execute("SELECT pg_advisory_xact_lock(\(lockKey))")
                    try connection.execute("CREATE TABLE IF NOT EXISTS paywalls_schema (component text PRIMARY KEY, version integer NOT NULL)")
                } else if try connection.execute("SELECT to_regclass('paywalls_schema')")[0][0] == nil {
                    return nil
                }
                let stored = try connection.execute("SELECT version FROM paywalls_schema WHERE component = $1", [component]).first?[0].flatMap { Int($0) }
                guard stored == nil, create else { return stored }
                for table in tables { try connection.execute(table) }
                try connection.execute("INSERT INTO paywalls_schema (component, version) VALUES ($1, $2)", [component, String(version)])
                return version
            }
        } catch {
            throw StoreError(error, at: address)
        }
        guard let found else { throw StoreError(kind: .missing, message: "no events in \(address) yet") }
        guard found <= version else {
            throw StoreError(kind: .newerSchema(found: found, supported: version),
                             message: "the events in \(address) were written by a newer paywalls (schema \(found); this one reads \(version))")
        }
    }
}
