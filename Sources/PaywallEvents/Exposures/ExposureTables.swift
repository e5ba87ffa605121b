/// The tables of the exposure state, the same in both stores but for the dialect: a row per profile and placement
/// exposed there (`exposures`), and per currency it bought in after its first exposure (`exposure_revenue`).
enum ExposureTables {
    static let exposures = TableDescription(name: "exposures", columns: [
        .init(name: "placement", kind: .name, isRequired: true),
        .init(name: "profile", kind: .text, isRequired: true),
        .init(name: "created_at", kind: .integer, isRequired: true),
        .init(name: "event_id", kind: .text, isRequired: true),
        .init(name: "variation", kind: .name, isRequired: true),
        .init(name: "snapshot", kind: .name, isRequired: false),
        .init(name: "locale", kind: .name, isRequired: false),
        .init(name: "locale_result", kind: .name, isRequired: false),
        .init(name: "country", kind: .name, isRequired: false),
        .init(name: "platform", kind: .name, isRequired: false),
        // 1 when shown another variation of the placement too, else 0.
        .init(name: "several", kind: .integer, isRequired: true),
        // 1 when a purchase finished as `purchased` at or after the first exposure, else 0.
        .init(name: "converted", kind: .integer, isRequired: true),
    ], key: ["placement", "profile"])

    /// A sum of prices in two halves, `micros_high` × 2³² + `micros_low`, each summed apart by the report: a sum of
    /// 64-bit prices passes 64 bits, and neither half's sum does below 2³¹ purchases.
    static let revenue = TableDescription(name: "exposure_revenue", columns: [
        .init(name: "placement", kind: .name, isRequired: true),
        .init(name: "profile", kind: .text, isRequired: true),
        .init(name: "currency", kind: .name, isRequired: true),
        .init(name: "micros_high", kind: .integer, isRequired: true),
        .init(name: "micros_low", kind: .integer, isRequired: true),
    ], key: ["placement", "profile", "currency"])

    /// The report's sums of the states (`ExposureSums`), a row per placement, UTC day of the first exposure and what a
    /// report tells apart; a value the first exposure did not say is `SQLDialect.absentName`, as a key holds no NULL.
    static let sums = TableDescription(name: "exposure_sums", columns: sumsKey + [
        .init(name: "exposures", kind: .integer, isRequired: true),
        .init(name: "conversions", kind: .integer, isRequired: true),
        .init(name: "several", kind: .integer, isRequired: true),
    ], key: sumsKey.map(\.name))

    /// The revenue of `sums`' converted profiles per currency, in `revenue`'s two halves, and how many profiles it sums.
    static let revenueSums = TableDescription(name: "exposure_revenue_sums", columns: sumsKey + [
        .init(name: "currency", kind: .name, isRequired: true),
        .init(name: "profiles", kind: .integer, isRequired: true),
        .init(name: "micros_high", kind: .integer, isRequired: true),
        .init(name: "micros_low", kind: .integer, isRequired: true),
    ], key: sumsKey.map(\.name) + ["currency"])

    private static let sumsKey: [TableDescription.Column] = [
        .init(name: "placement", kind: .name, isRequired: true),
        .init(name: "day", kind: .integer, isRequired: true),
        .init(name: "variation", kind: .name, isRequired: true),
    ] + exposureDetails.map { .init(name: $0, kind: .name, isRequired: true) }

    /// The columns of a first exposure a report tells apart, each of which it may leave unsaid.
    static let exposureDetails = ["snapshot", "locale", "locale_result", "country", "platform"]

    static let dayMilliseconds: Int64 = 86_400_000

    /// The UTC day of `milliseconds`, a time from 1970 on, as the days since then.
    static func day(of milliseconds: Int64) -> Int64 {
        milliseconds / dayMilliseconds
    }

    /// The statements that make the sums from the states stored, and the indexes that find the rows a transaction
    /// emptied and the states of the days a report's window cuts (which `EventSchema`'s later steps drop or replace).
    static func createSums(in dialect: SQLDialect) -> [String] {
        let (exposures, revenue) = (dialect.table(Self.exposures.name), dialect.table(Self.revenue.name))
        let key = "placement, created_at / \(dayMilliseconds), variation, "
            + exposureDetails.map { "coalesce(\($0), \(dialect.absentName))" }.joined(separator: ", ")
        let qualifiedKey = "e.placement, e.created_at / \(dayMilliseconds), e.variation, "
            + exposureDetails.map { "coalesce(e.\($0), \(dialect.absentName))" }.joined(separator: ", ")
        return [
            sums.create(in: dialect), revenueSums.create(in: dialect),
            "CREATE INDEX \(dialect.table(sums.name))_emptied ON \(dialect.table(sums.name)) (placement) WHERE exposures = 0",
            "CREATE INDEX \(dialect.table(revenueSums.name))_emptied ON \(dialect.table(revenueSums.name)) (placement) WHERE profiles = 0",
            "CREATE INDEX \(exposures)_by_time ON \(exposures) (created_at)",
            "INSERT INTO \(dialect.table(sums.name)) (\(sums.columnList)) SELECT \(key), count(*), sum(converted), sum(several) FROM \(exposures) GROUP BY \(key)",
            """
            INSERT INTO \(dialect.table(revenueSums.name)) (\(revenueSums.columnList))
                SELECT \(qualifiedKey), r.currency, count(*), sum(r.micros_high), sum(r.micros_low)
                FROM \(exposures) e JOIN \(revenue) r ON r.placement = e.placement AND r.profile = e.profile GROUP BY \(qualifiedKey), r.currency
            """,
        ]
    }

    /// Adds the sums of the rows `values` (a `VALUES` list or a `SELECT`) to `table`'s: a row of a new key is stored.
    static func addition(to table: TableDescription, values: String, in dialect: SQLDialect) -> String {
        let name = dialect.table(table.name)
        let added = table.columns.map(\.name).filter { !table.key.contains($0) }
        return "INSERT INTO \(name) (\(table.columnList)) \(values) ON CONFLICT (\(table.key.joined(separator: ", "))) DO UPDATE SET "
            + added.map { "\($0) = \(name).\($0) + excluded.\($0)" }.joined(separator: ", ")
    }

    /// Deletes the rows of `table` (`sums` or `revenueSums`) at the keys `keys` (a `VALUES` list or a `SELECT` of its key's
    /// columns) that count no profile any more: each table of sums counts its profiles in its first column after the key.
    static func deletionOfEmpty(_ table: TableDescription, at keys: String, in dialect: SQLDialect) -> String {
        let profiles = table.columns[table.key.count].name
        return "DELETE FROM \(dialect.table(table.name)) WHERE (\(table.key.joined(separator: ", "))) IN (\(keys)) AND \(profiles) = 0"
    }

    /// The statements that make the tables, and the index that finds a key's events for a recount (in PostgreSQL, of
    /// the events a state is made of only; SQLite's holds the type, so that a key's purchases are found in it, and
    /// `EventSchema`'s later step keeps only the types a state is made of, by their ids).
    static func create(in dialect: SQLDialect) -> [String] {
        let events = dialect.table("events")
        let index = switch dialect {
        case .sqlite: "CREATE INDEX events_by_profile ON events (placement, profile, type)"
        case .postgres: """
            CREATE INDEX \(events)_by_profile ON \(events) (placement, profile)
                WHERE type = 'shown' OR type = 'purchase_finished' AND purchase_result = 'purchased'
            """
        }
        return [exposures.create(in: dialect), revenue.create(in: dialect), index]
    }

    /// The halves of `micros` as `revenue` keeps them.
    static func halves(of micros: Int128) -> (high: Int64, low: Int64) {
        (Int64(truncatingIfNeeded: micros >> 32), Int64(truncatingIfNeeded: micros & 0xFFFF_FFFF))
    }

    static func micros(high: Int128, low: Int128) -> Int128 {
        high << 32 + low
    }
}
