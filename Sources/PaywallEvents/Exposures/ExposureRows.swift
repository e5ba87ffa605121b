/// The rows both ledgers read, as lists of text values (PostgreSQL answers text; SQLite's values are read as text
/// too), and what they are made into: one description of the columns for both dialects.
enum ExposureRows {
    /// The columns of an event a state is made of.
    static let eventColumns: [(name: String, kind: SQLDialect.ColumnKind)] = [
        ("event_id", .text), ("type", .name), ("created_at", .integer), ("variation", .name), ("snapshot", .name),
        ("locale", .name), ("locale_result", .name), ("country", .name), ("platform", .name), ("price_micros", .integer),
        ("currency", .name), ("purchase_result", .name),
    ]

    /// The columns of a state, read from `exposures`.
    static let stateColumns: [(name: String, kind: SQLDialect.ColumnKind)] = [
        ("created_at", .integer), ("event_id", .text), ("variation", .name), ("snapshot", .name), ("locale", .name),
        ("locale_result", .name), ("country", .name), ("platform", .name), ("several", .integer), ("converted", .integer),
    ]

    /// Where `converted` is in a row of `stateColumns`.
    static let convertedColumn = stateColumns.firstIndex { $0.name == "converted" }!

    /// `columns` as a `SELECT` list of texts: names as their strings.
    static func select(_ columns: [(name: String, kind: SQLDialect.ColumnKind)], from table: String? = nil, in dialect: SQLDialect) -> String {
        columns.map { column in
            let qualified = table.map { "\($0).\(column.name)" } ?? column.name
            return column.kind == .name ? dialect.text(ofName: qualified) : qualified
        }.joined(separator: ", ")
    }

    /// `eventColumns` as a `SELECT` list of purchases that finished as `purchased`: what a state reads of one (its id,
    /// time, price and currency), its type and result as the constants they are, and NULL for the other names, each of
    /// which would cost SQLite a look-up.
    static func selectPurchases(from table: String? = nil, in dialect: SQLDialect) -> String {
        eventColumns.map { column in
            let qualified = table.map { "\($0).\(column.name)" } ?? column.name
            return switch column.name {
            case "type": "'\(Event.Kind.purchaseFinished.rawValue)'"
            case "purchase_result": "'\(Event.PurchaseResult.purchased.rawValue)'"
            case "event_id", "created_at", "price_micros": qualified
            case "currency": dialect.text(ofName: qualified)
            default: "NULL"
            }
        }.joined(separator: ", ")
    }

    /// The event of a row of `eventColumns` at `key`; nil for a type this build does not know (no state is made of it).
    static func event(_ row: [String?], at key: ExposureKey) -> Event? {
        guard let type = row[1].flatMap(Event.Kind.init(rawValue:)) else { return nil }
        var event = Event(id: row[0] ?? "", kind: type, createdAtMilliseconds: row[2].flatMap { Int64($0) } ?? 0, profileID: key.profileID,
                          placementID: key.placementID, variationID: row[3] ?? "")
        event.snapshot = row[4]
        event.locale = row[5]
        event.localeResult = row[6].flatMap(Event.LocaleResult.init(rawValue:))
        event.country = row[7]
        event.platform = row[8]
        if row[9] != nil || row[10] != nil {
            event.product = Event.Product(vendorProductID: "", priceMicros: row[9].flatMap { Int64($0) }, currency: row[10])
        }
        event.purchaseResult = row[11].flatMap(Event.PurchaseResult.init(rawValue:))
        return event
    }

    /// The state of a row of `stateColumns` and its revenue rows (currency, high, low).
    static func state(_ row: [String?], revenue: [[String?]]) -> ExposureState {
        let first = ExposureState.FirstExposure(createdAt: row[0].flatMap { Int64($0) } ?? 0, eventID: row[1] ?? "", variationID: row[2] ?? "",
                                                snapshot: row[3], locale: row[4], localeResult: row[5], country: row[6], platform: row[7])
        var micros: [String: Int128] = [:]
        for line in revenue {
            micros[line[0] ?? ""] = ExposureTables.micros(high: line[1].flatMap { Int128($0) } ?? 0, low: line[2].flatMap { Int128($0) } ?? 0)
        }
        return ExposureState(first: first, shownAnotherVariation: row[8] == "1", converted: row[convertedColumn] == "1", revenueMicros: micros)
    }
}
