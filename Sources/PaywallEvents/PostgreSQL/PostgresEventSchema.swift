import PaywallStore

/// `EventSchema` in a PostgreSQL database, beside whatever else it holds: its version in `paywalls_schema`, the version
/// of each part of paywalls kept there.
enum PostgresEventSchema {
    /// Held while the schema is checked or made, so that replicas starting together make it once.
    private static let lockKey = 0x7061_7977_616c_6c73 // "paywalls"

    /// Creates the tables in a database without them (when `create`; else that is no events yet), or brings the ones
    /// there to this build's version (refusing a newer one).
    static func prepare(_ connection: PostgresConnection, at address: PostgresAddress, create: Bool) throws(StoreError) {
        let found: Int?
        do throws(PostgresError) {
            found = try connection.transaction { () throws(PostgresError) in
                if try connection.execute("SELECT to_regclass('paywalls_schema')")[0][0] == nil {
                    guard create else { return nil }
                } else if let stored = try storedVersion(connection), stored >= EventSchema.version {
                    return stored
                }
                try connection.execute("SELECT pg_advisory_xact_lock(\(lockKey))")
                try connection.execute("CREATE TABLE IF NOT EXISTS paywalls_schema (component text PRIMARY KEY, version integer NOT NULL)")
                // Read again under the lock: another replica may have moved it on.
                let stored = try storedVersion(connection)
                guard stored != nil || create else { return nil }
                let from = stored ?? 0
                guard from < EventSchema.version else { return from }
                for step in EventSchema.steps[from...] { try step.postgres(connection) }
                try connection.execute("""
                    INSERT INTO paywalls_schema (component, version) VALUES ($1, $2)
                    ON CONFLICT (component) DO UPDATE SET version = excluded.version
                    """, [EventSchema.component, String(EventSchema.version)])
                return EventSchema.version
            }
        } catch {
            throw StoreError(error, at: address)
        }
        guard let found else { throw StoreError(kind: .missing, message: "no events in \(address) yet") }
        try EventSchema.check(found: found, at: "in \(address)")
    }

    private static func storedVersion(_ connection: PostgresConnection) throws(PostgresError) -> Int? {
        try connection.execute("SELECT version FROM paywalls_schema WHERE component = $1", [EventSchema.component]).first?[0].flatMap { Int($0) }
    }
}
