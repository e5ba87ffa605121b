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

    /// The statements that make the tables, and the index that finds a key's events for a recount (in PostgreSQL, of
    /// the events a state is made of only; SQLite's can only name constants, and a name's id is not one: its index
    /// holds the type instead, so that a key's purchases are found in it).
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
