/// The exposure state in PostgreSQL, read and written for many keys at once: each read is one statement over the keys
/// given as two arrays, each write a `COPY`.
struct PostgresExposureLedger: ExposureLedger {
    let connection: PostgresConnection

    private static let keyIn = "(placement, profile) IN (SELECT * FROM unnest($1::text[], $2::text[]))"
    /// The events a state is made of: the predicate of their index.
    static let stateEvents = "(type = 'shown' OR type = 'purchase_finished' AND purchase_result = 'purchased')"

    func states(of keys: Set<ExposureKey>) throws(PostgresError) -> [ExposureKey: ExposureState] {
        let rows = try connection.execute("""
            SELECT placement, profile, \(ExposureRows.select(ExposureRows.stateColumns, in: .postgres)) FROM paywalls_exposures WHERE \(Self.keyIn)
            """, Self.arrays(keys))
        // Revenue is counted only with a conversion: most commits read none.
        let converted = Set(rows.filter { $0[2 + ExposureRows.convertedColumn] == "1" }.map(Self.key))
        let revenue = converted.isEmpty ? [] : try connection.execute("""
            SELECT placement, profile, currency, micros_high, micros_low FROM paywalls_exposure_revenue WHERE \(Self.keyIn)
            """, Self.arrays(converted))
        let revenueByKey = Dictionary(grouping: revenue, by: Self.key).mapValues { $0.map { Array($0.dropFirst(2)) } }
        return Dictionary(rows.map { row in
            let key = Self.key(row)
            return (key, ExposureRows.state(Array(row.dropFirst(2)), revenue: revenueByKey[key] ?? []))
        }, uniquingKeysWith: { first, _ in first })
    }

    func stateEvents(of keys: Set<ExposureKey>) throws(PostgresError) -> [ExposureKey: [Event]] {
        try events(of: keys, select: ExposureRows.select(ExposureRows.eventColumns, from: "e", in: .postgres), where: Self.stateEvents)
    }

    /// The events of `keys` where `condition`, their columns `select`, a list of `ExposureRows.eventColumns`.
    private func events(of keys: Set<ExposureKey>, select: String, where condition: String) throws(PostgresError) -> [ExposureKey: [Event]] {
        // Key by key (LATERAL, kept from being joined by `OFFSET 0`): a planner that takes a table filled since its last
        // analysis for an empty one would rather read the whole partial index at every commit.
        let rows = try connection.execute("""
            SELECT k.placement, k.profile, \(select)
            FROM unnest($1::text[], $2::text[]) AS k (placement, profile) CROSS JOIN LATERAL (
                SELECT * FROM paywalls_events WHERE placement = k.placement AND profile = k.profile AND \(condition) OFFSET 0) AS e
            """, Self.arrays(keys))
        var events: [ExposureKey: [Event]] = [:]
        for row in rows {
            let key = Self.key(row)
            if let event = ExposureRows.event(Array(row.dropFirst(2)), at: key) { events[key, default: []].append(event) }
        }
        return events
    }

    func purchases(of keys: Set<ExposureKey>) throws(PostgresError) -> [ExposureKey: [Event]] {
        try events(of: keys, select: ExposureRows.selectPurchases(from: "e", in: .postgres),
                   where: "type = 'purchase_finished' AND purchase_result = 'purchased'")
    }

    func delete(_ keys: Set<ExposureKey>) throws(PostgresError) {
        guard !keys.isEmpty else { return }
        let arrays = Self.arrays(keys)
        try connection.execute("DELETE FROM paywalls_exposures WHERE \(Self.keyIn)", arrays)
        try connection.execute("DELETE FROM paywalls_exposure_revenue WHERE \(Self.keyIn)", arrays)
    }

    func insert(_ states: [ExposureKey: ExposureState]) throws(PostgresError) {
        var exposures = PostgresCopyText(), revenue = PostgresCopyText()
        for (key, state) in states {
            let first = state.first
            for value: PostgresCopyText.Value in [
                .text(key.placementID), .text(key.profileID), .integer(first.createdAt), .text(first.eventID), .text(first.variationID),
                .text(first.snapshot), .text(first.locale), .text(first.localeResult), .text(first.country), .text(first.platform),
                .integer(state.shownAnotherVariation ? 1 : 0), .integer(state.converted ? 1 : 0),
            ] { exposures.append(value) }
            exposures.endRow()
            for (currency, micros) in state.revenueMicros {
                let (high, low) = ExposureTables.halves(of: micros)
                for value: PostgresCopyText.Value in [.text(key.placementID), .text(key.profileID), .text(currency), .integer(high), .integer(low)] {
                    revenue.append(value)
                }
                revenue.endRow()
            }
        }
        for (table, rows) in [(ExposureTables.exposures, exposures), (ExposureTables.revenue, revenue)] where !rows.bytes.isEmpty {
            try connection.copy("COPY \(SQLDialect.postgres.table(table.name)) (\(table.columnList)) FROM STDIN", rows: rows.bytes)
        }
    }

    func apply(_ sums: ExposureSums) throws(PostgresError) {
        try write(sums.counts.map { ($0.key, $0.value.values) }, lowered: sums.lowered, to: ExposureTables.sums, keyArrays: Self.keyArrays)
        try write(sums.revenue.map { ($0.key, $0.value.values) }, lowered: sums.loweredRevenue, to: ExposureTables.revenueSums,
                  keyArrays: Self.keyArrays)
    }

    /// Adds `rows` (a key, and the values of `table`'s columns after it) to `table`'s sums, then deletes its rows at
    /// `lowered` that came to no profile; `keyArrays` gives keys as one array parameter per column of the key.
    private func write<Key>(_ rows: [(key: Key, values: [Int64])], lowered: [Key], to table: TableDescription,
                            keyArrays: ([Key]) -> [String?]) throws(PostgresError) {
        if !rows.isEmpty {
            let values = (0..<table.columns.count - table.key.count).map { column in Self.integers(rows.map { $0.values[column] }) }
            try connection.execute(ExposureTables.addition(to: table, values: Self.rows(of: table.columns), in: .postgres),
                                   keyArrays(rows.map(\.key)) + values)
        }
        if !lowered.isEmpty {
            try connection.execute(Self.deletionOfEmpty(table), keyArrays(lowered))
        }
    }

    /// Rows given as one array parameter per column of `columns`, in order.
    private static func rows(of columns: some Collection<TableDescription.Column>) -> String {
        let arrays = columns.enumerated().map { index, column in "$\(index + 1)::\(column.kind == .integer ? "bigint" : "text")[]" }
        return "SELECT * FROM unnest(\(arrays.joined(separator: ", ")))"
    }

    /// The deletion of `table`'s empty rows at keys given as one array parameter per column of its key.
    private static func deletionOfEmpty(_ table: TableDescription) -> String {
        ExposureTables.deletionOfEmpty(table, at: rows(of: table.columns.prefix(table.key.count)), in: .postgres)
    }

    /// The sums' keys as one array parameter per column, a value not said as `SQLDialect.absentName` (the empty string).
    private static func keyArrays(_ keys: [ExposureSums.Key]) -> [String?] {
        [arrayLiteral(keys.map(\.placementID)), integers(keys.map(\.day)), arrayLiteral(keys.map(\.variationID))]
            + ExposureTables.exposureDetails.indices.map { detail in arrayLiteral(keys.lazy.map { $0.details[detail] ?? "" }) }
    }

    /// The revenue sums' keys as one array parameter per column: the sums' key, then the currency.
    private static func keyArrays(_ keys: [ExposureSums.RevenueKey]) -> [String?] {
        keyArrays(keys.map(\.key)) + [arrayLiteral(keys.map(\.currency))]
    }

    private static func integers(_ numbers: [Int64]) -> String {
        "{" + numbers.map(String.init).joined(separator: ",") + "}"
    }

    func keys(after key: ExposureKey?, limit: Int) throws(PostgresError) -> [ExposureKey] {
        try connection.execute("""
            SELECT DISTINCT placement, profile FROM paywalls_events
            WHERE \(Self.stateEvents) AND ($1::text IS NULL OR (placement, profile) > ($1::text, $2::text))
            ORDER BY placement, profile LIMIT $3
            """, [key?.placementID, key?.profileID, String(limit)]).map(Self.key)
    }

    private static func key(_ row: [String?]) -> ExposureKey {
        ExposureKey(placementID: row[0] ?? "", profileID: row[1] ?? "")
    }

    /// The keys as two array parameters, placements and profiles, in the same order.
    private static func arrays(_ keys: Set<ExposureKey>) -> [String?] {
        let keys = Array(keys)
        return [arrayLiteral(keys.map(\.placementID)), arrayLiteral(keys.map(\.profileID))]
    }

    /// A `text[]` in PostgreSQL's text form: each element quoted, with a backslash before `"` and `\`. Written byte by
    /// byte: a commit writes thousands of elements, and `replacing` searches each one as a collection of characters.
    static func arrayLiteral(_ elements: some Sequence<String>) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for element in elements {
            if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(UInt8(ascii: "\""))
            for byte in element.utf8 {
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
