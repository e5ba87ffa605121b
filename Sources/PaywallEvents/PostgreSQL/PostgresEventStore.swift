import PaywallStore

/// The events of several replicas in one PostgreSQL database. A commit of batches is one `COPY` of their events in
/// `event_id` order, and a copy of a stored event is dropped by the key. The exposure state is kept in the same
/// transaction (`PostgresExposureLedger`); replicas take turns at it (an advisory lock), as each reads it to write it.
public final class PostgresEventStore: EventStore {
    public let address: PostgresAddress
    private let connection: PostgresConnection

    private init(address: PostgresAddress, connection: PostgresConnection) {
        self.address = address
        self.connection = connection
    }

    /// Connects to `address` and makes or checks the tables; without `create`, a database without them has no
    /// events yet (`missing`).
    public static func open(_ address: PostgresAddress, create: Bool = true) throws(StoreError) -> PostgresEventStore {
        let connection: PostgresConnection
        do throws(PostgresError) { connection = try PostgresConnection(address) } catch { throw StoreError(error, at: address) }
        try PostgresEventSchema.prepare(connection, at: address, create: create)
        return PostgresEventStore(address: address, connection: connection)
    }

    /// Held by a transaction that writes the exposure state, until it ends.
    private static let stateLockKey = 0x7061_7977_6578_706f // "paywexpo"

    private static func copy(into table: String) -> String { "COPY \(table) (\(EventColumns.list)) FROM STDIN" }

    public func append(batches: [[Event]]) throws(StoreError) -> [AppendedEvents] {
        // The first copy of each id, as SQLite keeps it, counted per batch: a later one in the commit is a duplicate.
        var ids = Set<[UInt8]>(), events: [Event] = [], firstCopies = [Int](repeating: 0, count: batches.count)
        for (index, batch) in batches.enumerated() {
            for event in batch where ids.insert(Array(event.id.utf8)).inserted {
                events.append(event)
                firstCopies[index] += 1
            }
        }
        // In byte order, the order of the key: the same on every replica.
        events.sort { $0.id.utf8.lexicographicallyPrecedes($1.id.utf8) }
        var rows = PostgresCopyText()
        for event in events {
            for column in EventColumns.all {
                switch column.value(event) {
                case let .name(text), let .text(text): rows.append(.text(text))
                case let .integer(number): rows.append(.integer(number))
                }
            }
            rows.endRow()
        }
        let stored = try retryingTransient { () throws(PostgresError) in
            try connection.transaction { () throws(PostgresError) in
                try beginStateTransaction()
                let stored = try copy(rows.bytes)
                let new = stored.map { stored in events.filter { stored.contains(Array($0.id.utf8)) } } ?? events
                try PostgresExposureLedger(connection: connection).update(with: new.filter(ExposureState.concerns))
                return stored
            }
        }
        guard var stored else { return zip(batches, firstCopies).map { AppendedEvents(accepted: $1, duplicates: $0.count - $1) } }
        // Some were stored before: the first copy of each event stored now is its batch's; any other is a duplicate.
        return batches.map { batch in
            let accepted = batch.reduce(0) { $0 + (stored.remove(Array($1.id.utf8)) != nil ? 1 : 0) }
            return AppendedEvents(accepted: accepted, duplicates: batch.count - accepted)
        }
    }

    /// Takes the turn at the exposure state, in a transaction that reads it by keys: each key one descent of an index.
    /// Tables filled since autovacuum last analyzed them look empty to the planner, which would scan them whole for
    /// every commit (a quarter of a second for 200,000 events): scans are left to what no index serves.
    private func beginStateTransaction() throws(PostgresError) {
        try connection.execute("SELECT pg_advisory_xact_lock(\(Self.stateLockKey))")
        try connection.execute("SET LOCAL enable_seqscan = off")
    }

    /// Stores `rows` inside the caller's transaction; the ids stored (their bytes, as the key compares them: two
    /// spellings of `é` are two ids), or nil for all of them. Most batches hold no event stored before: they are
    /// copied straight into the table (COPY is two to three times as fast as an insert of the same rows). When the
    /// key refuses one, the rows go through a staging table and an insert that drops what the key has.
    private func copy(_ rows: [UInt8]) throws(PostgresError) -> Set<[UInt8]>? {
        try connection.execute("SAVEPOINT events")
        do throws(PostgresError) {
            try connection.copy(Self.copy(into: "paywalls_events"), rows: rows)
            return nil
        } catch where error.state == "23505" {
            try connection.execute("ROLLBACK TO SAVEPOINT events")
            try connection.execute("CREATE TEMP TABLE IF NOT EXISTS paywalls_staging (LIKE paywalls_events) ON COMMIT DELETE ROWS")
            try connection.copy(Self.copy(into: "paywalls_staging"), rows: rows)
            let stored = try connection.execute("""
                INSERT INTO paywalls_events SELECT * FROM paywalls_staging ORDER BY event_id
                ON CONFLICT (event_id) DO NOTHING RETURNING event_id
                """)
            return Set(stored.compactMap { $0[0].map { Array($0.utf8) } })
        }
    }

    /// Deletes, and recounts the exposure state of the keys whose exposures or purchases went, in one transaction.
    public func deleteStep(createdBefore milliseconds: Int64, batch: Int) throws(StoreError) -> RetentionStep {
        let count = try retryingTransient { () throws(PostgresError) in
            try connection.transaction { () throws(PostgresError) in
                try beginStateTransaction()
                let deleted = try connection.execute("""
                    WITH deleted AS (DELETE FROM paywalls_events WHERE event_id IN
                        (SELECT event_id FROM paywalls_events WHERE created_at < $1 LIMIT $2) RETURNING placement, profile, type, purchase_result)
                    SELECT placement, profile, \(PostgresExposureLedger.stateEvents) FROM deleted
                    """, [String(milliseconds), String(batch)])
                let keys = deleted.filter { $0[2] == "t" }.map { ExposureKey(placementID: $0[0] ?? "", profileID: $0[1] ?? "") }
                try PostgresExposureLedger(connection: connection).recountAndReplace(Set(keys))
                return deleted.count
            }
        }
        return RetentionStep(deletedEvents: count, isLast: count < batch)
    }

    /// `ReportStatement`: one statement, so one snapshot of the tables (READ COMMITTED takes one per statement).
    public func conversionTallies(_ query: ReportQuery) throws(StoreError) -> ConversionTallies {
        let rows = try retryingTransient { () throws(PostgresError) in
            let statement = ReportStatement(query: query)
            return try connection.execute(statement.text(in: .postgres), [query.placementID] + statement.windowParameters.map { $0.map(String.init) })
        }
        return try ReportStatement.tallies(from: rows)
    }

    /// Where the server's write-ahead log is (a standby's: what it has replayed), which every commit of events,
    /// and every deletion, moves on: so do other writes to the server, which only cost a report made again.
    public func changeMark() throws(StoreError) -> String? {
        let rows = try retryingTransient { () throws(PostgresError) in
            try connection.execute("""
                SELECT (CASE WHEN pg_is_in_recovery() THEN pg_last_wal_replay_lsn() ELSE pg_current_wal_insert_lsn() END)::text
                """)
        }
        return rows.first?[0]
    }

    /// Runs `statement` again (up to three times in all) when another transaction's locks got in its way.
    private func retryingTransient<T>(_ statement: () throws(PostgresError) -> T) throws(StoreError) -> T {
        var attempt = 1
        while true {
            do throws(PostgresError) {
                return try statement()
            } catch where error.isTransient && attempt < 3 {
                attempt += 1
            } catch {
                throw StoreError(error, at: address)
            }
        }
    }
}
