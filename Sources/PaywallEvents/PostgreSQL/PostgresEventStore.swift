import PaywallStore

/// The events of several replicas in one PostgreSQL database. A commit of batches is one statement: the events
/// go as one array per column, in `event_id` order (so that two replicas storing overlapping batches take the
/// key locks in the same order and never deadlock), and a copy of a stored event is dropped by the key.
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

    private static let insert: String = {
        let arrays = EventColumns.holdsIntegers.enumerated().map { "$\($0.offset + 1)::\($0.element ? "bigint" : "text")[]" }.joined(separator: ", ")
        return """
            INSERT INTO paywalls_events (\(EventColumns.list))
            SELECT * FROM unnest(\(arrays)) AS batch (\(EventColumns.list)) ORDER BY event_id
            ON CONFLICT (event_id) DO NOTHING RETURNING event_id
            """
    }()

    public func append(batches: [[Event]]) throws(StoreError) -> [AppendedEvents] {
        let events = Array(batches.joined())
        guard !events.isEmpty else { return batches.map { _ in AppendedEvents(accepted: 0, duplicates: 0) } }
        let parameters = zip(EventColumns.all, EventColumns.holdsIntegers).map { column, holdsIntegers in
            let values = events.map { column.value($0) }
            if holdsIntegers {
                return PostgresArrayLiteral.integers(values.map { if case let .integer(number) = $0 { number } else { nil } })
            }
            return PostgresArrayLiteral.texts(values.map { if case let .name(text) = $0 { text } else if case let .text(text) = $0 { text } else { nil } })
        }
        var stored = Set(try retryingTransient { () throws(PostgresError) in try connection.execute(Self.insert, parameters) }.compactMap { $0[0] })
        // The first copy of each stored event is its batch's; any other is a duplicate.
        return batches.map { batch in
            let accepted = batch.reduce(0) { $0 + (stored.remove($1.id) != nil ? 1 : 0) }
            return AppendedEvents(accepted: accepted, duplicates: batch.count - accepted)
        }
    }

    public func deleteEvents(createdBefore milliseconds: Int64, batch: Int) throws(StoreError) -> Int {
        var deleted = 0
        while true {
            let count = try retryingTransient { () throws(PostgresError) in
                try connection.execute("""
                    WITH deleted AS (DELETE FROM paywalls_events WHERE event_id IN
                        (SELECT event_id FROM paywalls_events WHERE created_at < $1 LIMIT $2) RETURNING 1)
                    SELECT count(*) FROM deleted
                    """, [String(milliseconds), String(batch)])
            }.first?[0].flatMap { Int($0) } ?? 0
            deleted += count
            if count < batch { return deleted }
        }
    }

    public func conversionTallies(_ query: ReportQuery) throws(StoreError) -> ConversionTallies {
        let rows = try retryingTransient { () throws(PostgresError) in
            try connection.execute(PostgresTallyQuery.text(groupBy: query.groupBy?.column),
                                   [query.placementID, query.since.map(String.init), query.until.map(String.init)])
        }
        return PostgresTallyQuery.tallies(from: rows)
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
