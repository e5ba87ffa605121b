import PaywallStore

/// The exposure state in `events.sqlite`, its strings as ids into `names`, one key at a time (each a descent of a key).
struct SQLiteExposureLedger: ExposureLedger {
    let database: Database
    let names: NameTable
    private let readState: Statement
    private let readRevenue: Statement
    private let readEvents: Statement
    private let readPurchases: Statement
    private let deleteState: Statement
    private let deleteRevenue: Statement
    private let insertState: Statement
    private let insertRevenue: Statement
    private let readKeys: Statement
    /// The writes to the sums: none in the schema's step that makes the first state, before their tables exist.
    private let sumsWrites: (counts: SumsWrites, revenue: SumsWrites)?

    init(database: Database, names: NameTable, keepsSums: Bool = true) throws(StoreError) {
        self.database = database
        self.names = names
        sumsWrites = keepsSums
            ? (try SumsWrites(to: ExposureTables.sums, in: database), try SumsWrites(to: ExposureTables.revenueSums, in: database))
            : nil
        // The placement by its id, bound as the names table has it: nothing to look up per row read.
        let key = "placement = ?1 AND profile = ?2"
        readState = try database.prepare("SELECT \(ExposureRows.select(ExposureRows.stateColumns, in: .sqlite)) FROM exposures WHERE \(key)")
        readRevenue = try database.prepare("SELECT (SELECT text FROM names WHERE id = currency), micros_high, micros_low FROM exposure_revenue WHERE \(key)")
        let reads = Self.eventReads(stateTypes: SQLiteStateTypes.condition(try SQLiteStateTypes.ids(in: database)))
        readEvents = try database.prepare(reads.events)
        readPurchases = try database.prepare(reads.purchases)
        deleteState = try database.prepare("DELETE FROM exposures WHERE placement = ?1 AND profile = ?2")
        deleteRevenue = try database.prepare("DELETE FROM exposure_revenue WHERE placement = ?1 AND profile = ?2")
        let exposures = ExposureTables.exposures, revenue = ExposureTables.revenue
        insertState = try database.prepare("INSERT INTO exposures (\(exposures.columnList)) VALUES (\(Self.placeholders(exposures.columns.count)))")
        insertRevenue = try database.prepare("INSERT INTO exposure_revenue (\(revenue.columnList)) VALUES (\(Self.placeholders(revenue.columns.count)))")
        readKeys = try database.prepare("""
            SELECT (SELECT text FROM names WHERE id = placement), profile FROM (SELECT DISTINCT placement, profile FROM events
                WHERE ?1 IS NULL OR (placement, profile) > ((SELECT id FROM names WHERE text = ?1), ?2) ORDER BY placement, profile LIMIT ?3)
            """)
    }

    /// What reads a key's events a state is made of (its placement's id `?1`, its profile `?2`), and its purchases (the
    /// ids of their type `?3` and result `?4`): from the partial index, whose condition `stateTypes` they say in its very
    /// words. The type is in the index: a key without purchases costs one descent of it.
    static func eventReads(stateTypes: String) -> (events: String, purchases: String) {
        let key = "placement = ?1 AND profile = ?2 AND \(stateTypes)"
        return ("SELECT \(ExposureRows.select(ExposureRows.eventColumns, in: .sqlite)) FROM events WHERE \(key)",
                "SELECT \(ExposureRows.selectPurchases(in: .sqlite)) FROM events WHERE \(key) AND type = ?3 AND purchase_result = ?4")
    }

    /// `count` parameters, numbered from `first`.
    private static func placeholders(_ count: Int, from first: Int = 1) -> String {
        (first..<first + count).map { "?\($0)" }.joined(separator: ", ")
    }

    func states(of keys: Set<ExposureKey>) throws(StoreError) -> [ExposureKey: ExposureState] {
        var states: [ExposureKey: ExposureState] = [:]
        for key in keys {
            guard let row = try rows(readState, at: key).first else { continue }
            // Revenue is counted only with a conversion.
            let converted = row[ExposureRows.convertedColumn] == "1"
            states[key] = ExposureRows.state(row, revenue: converted ? try rows(readRevenue, at: key) : [])
        }
        return states
    }

    func stateEvents(of keys: Set<ExposureKey>) throws(StoreError) -> [ExposureKey: [Event]] {
        var events: [ExposureKey: [Event]] = [:]
        for key in keys {
            events[key] = try rows(readEvents, at: key).compactMap { ExposureRows.event($0, at: key) }.filter(ExposureState.concerns)
        }
        return events
    }

    func purchases(of keys: Set<ExposureKey>) throws(StoreError) -> [ExposureKey: [Event]] {
        var purchases: [ExposureKey: [Event]] = [:]
        // No event of a type or result the names do not hold.
        guard let type = try names.storedID(of: Event.Kind.purchaseFinished.rawValue),
              let purchased = try names.storedID(of: Event.PurchaseResult.purchased.rawValue) else { return purchases }
        readPurchases.reset()
        try readPurchases.set(3, type)
        try readPurchases.set(4, purchased)
        for key in keys {
            let rows = try rows(readPurchases, at: key)
            if !rows.isEmpty { purchases[key] = rows.compactMap { ExposureRows.event($0, at: key) } }
        }
        return purchases
    }

    func delete(_ keys: Set<ExposureKey>) throws(StoreError) {
        for key in keys {
            let placement = try names.id(of: key.placementID)
            for delete in [deleteState, deleteRevenue] {
                try delete.bind(placement, key.profileID)
                try delete.run()
            }
        }
    }

    func insert(_ states: [ExposureKey: ExposureState]) throws(StoreError) {
        for (key, state) in states {
            let placement = try names.id(of: key.placementID)
            let first = state.first
            // Set one by one: boxing a dozen arguments for `bind` costs more than the insert's search.
            insertState.reset()
            try insertState.set(1, placement)
            try insertState.set(2, key.profileID)
            try insertState.set(3, first.createdAt)
            try insertState.set(4, first.eventID)
            try insertState.set(5, try names.id(of: first.variationID))
            for (offset, name) in [first.snapshot, first.locale, first.localeResult, first.country, first.platform].enumerated() {
                try insertState.set(6 + Int32(offset), try id(name))
            }
            try insertState.set(11, Int64(state.shownAnotherVariation ? 1 : 0))
            try insertState.set(12, Int64(state.converted ? 1 : 0))
            try insertState.run()
            for (currency, micros) in state.revenueMicros {
                let (high, low) = ExposureTables.halves(of: micros)
                insertRevenue.reset()
                try insertRevenue.set(1, placement)
                try insertRevenue.set(2, key.profileID)
                try insertRevenue.set(3, try names.id(of: currency))
                try insertRevenue.set(4, high)
                try insertRevenue.set(5, low)
                try insertRevenue.run()
            }
        }
    }

    func apply(_ sums: ExposureSums) throws(StoreError) {
        guard !sums.isEmpty else { return }
        guard let (countWrites, revenueWrites) = sumsWrites else {
            throw StoreError(kind: .corrupt, message: "the sums of the exposure state in \(database.path) are not made yet")
        }
        try countWrites.add(Array(sums.counts)) { (row, statement, first) throws(StoreError) in
            try set(row.key, in: statement, from: first)
            for (offset, value) in row.value.values.enumerated() {
                try statement.set(first + Self.sumsKeyCount + Int32(offset), value)
            }
        }
        try revenueWrites.add(Array(sums.revenue)) { (row, statement, first) throws(StoreError) in
            try set(row.key, in: statement, from: first)
            for (offset, value) in row.value.values.enumerated() {
                try statement.set(first + Self.sumsKeyCount + 1 + Int32(offset), value)
            }
        }
        try countWrites.deleteEmpty(at: sums.lowered) { (key, statement) throws(StoreError) in try set(key, in: statement, from: 1) }
        try revenueWrites.deleteEmpty(at: sums.loweredRevenue) { (key, statement) throws(StoreError) in try set(key, in: statement, from: 1) }
    }

    /// The writes to a table of sums: additions prepared for one row and for `rowsPerRun` (one run of many rows costs a
    /// fraction of as many runs of one), and the deletion of a key's row that came to no profile.
    private struct SumsWrites {
        static let rowsPerRun = 32
        let one: Statement
        let many: Statement
        let deletion: Statement
        let columns: Int32

        init(to table: TableDescription, in database: Database) throws(StoreError) {
            columns = Int32(table.columns.count)
            let values = { (rows: Int) in
                "VALUES " + (0..<rows).map { row in
                    "(\(SQLiteExposureLedger.placeholders(table.columns.count, from: row * table.columns.count + 1)))"
                }.joined(separator: ", ")
            }
            one = try database.prepare(ExposureTables.addition(to: table, values: values(1), in: .sqlite))
            many = try database.prepare(ExposureTables.addition(to: table, values: values(Self.rowsPerRun), in: .sqlite))
            let key = "VALUES (\(SQLiteExposureLedger.placeholders(table.key.count)))"
            deletion = try database.prepare(ExposureTables.deletionOfEmpty(table, at: key, in: .sqlite))
        }

        /// Adds `rows`, `set` setting the parameters of a row from the one given.
        func add<Row>(_ rows: [Row], set: (Row, Statement, Int32) throws(StoreError) -> Void) throws(StoreError) {
            var start = 0
            while start < rows.count {
                let count = rows.count - start >= Self.rowsPerRun ? Self.rowsPerRun : 1
                let statement = count == 1 ? one : many
                statement.reset()
                for offset in 0..<count { try set(rows[start + offset], statement, Int32(offset) * columns + 1) }
                try statement.run()
                start += count
            }
        }

        /// Deletes the rows of `keys` that count no profile, `set` setting a key's parameters.
        func deleteEmpty<Key>(at keys: [Key], set: (Key, Statement) throws(StoreError) -> Void) throws(StoreError) {
            for key in keys {
                deletion.reset()
                try set(key, deletion)
                try deletion.run()
            }
        }
    }

    /// The columns of a key of the sums.
    private static let sumsKeyCount = Int32(3 + ExposureTables.exposureDetails.count)

    /// Sets the parameters of `statement` from `first` on to the revenue sums' key `key`: the sums' key, then the currency.
    private func set(_ key: ExposureSums.RevenueKey, in statement: Statement, from first: Int32) throws(StoreError) {
        try set(key.key, in: statement, from: first)
        try statement.set(first + Self.sumsKeyCount, try names.id(of: key.currency))
    }

    /// Sets the parameters of `statement` from `first` on to the sums' key `key`, a value not said as
    /// `SQLDialect.absentName`.
    private func set(_ key: ExposureSums.Key, in statement: Statement, from first: Int32) throws(StoreError) {
        try statement.set(first, try names.id(of: key.placementID))
        try statement.set(first + 1, key.day)
        try statement.set(first + 2, try names.id(of: key.variationID))
        for (offset, value) in key.details.enumerated() {
            try statement.set(first + 3 + Int32(offset), try id(value) ?? 0)
        }
    }

    func keys(after key: ExposureKey?, limit: Int) throws(StoreError) -> [ExposureKey] {
        try readKeys.bind(key?.placementID, key?.profileID, limit)
        return try readKeys.rows { ExposureKey(placementID: $0.text(at: 0), profileID: $0.text(at: 1)) }
    }

    private func id(_ name: String?) throws(StoreError) -> Int64? {
        try name.map { name throws(StoreError) in try names.id(of: name) }
    }

    /// The rows of `statement` at `key`, its parameters after the key bound already: none when no event names the
    /// placement.
    private func rows(_ statement: Statement, at key: ExposureKey) throws(StoreError) -> [[String?]] {
        guard let placement = try names.storedID(of: key.placementID) else { return [] }
        statement.reset()
        try statement.set(1, placement)
        try statement.set(2, key.profileID)
        return try statement.rows { row in (0..<row.columnCount).map { row.optionalText(at: $0) } }
    }
}
