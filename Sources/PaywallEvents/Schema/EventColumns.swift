/// The columns both stores keep an event in, in order, what each holds of it and how it is typed. A `name` is one of
/// the strings many events repeat (a placement, a locale, a type): `events.sqlite` keeps those once, in its `names`
/// table.
enum EventColumns {
    enum Value {
        case name(String?)
        case text(String?)
        case integer(Int64?)
    }

    struct Column: Sendable {
        let name: String
        let kind: SQLDialect.ColumnKind
        let isRequired: Bool
        let value: @Sendable (Event) -> Value
    }

    static let all: [Column] = [
        Column(name: "event_id", kind: .text, isRequired: true) { .text($0.id) },
        Column(name: "type", kind: .name, isRequired: true) { .name($0.kind.rawValue) },
        Column(name: "created_at", kind: .integer, isRequired: true) { .integer($0.createdAtMilliseconds) },
        Column(name: "profile", kind: .text, isRequired: true) { .text($0.profileID) },
        Column(name: "placement", kind: .name, isRequired: true) { .name($0.placementID) },
        Column(name: "variation", kind: .name, isRequired: true) { .name($0.variationID) },
        Column(name: "locale", kind: .name, isRequired: false) { .name($0.locale) },
        Column(name: "locale_result", kind: .name, isRequired: false) { .name($0.localeResult?.rawValue) },
        Column(name: "requested_locale", kind: .name, isRequired: false) { .name($0.requestedLocale) },
        Column(name: "country", kind: .name, isRequired: false) { .name($0.country) },
        Column(name: "platform", kind: .name, isRequired: false) { .name($0.platform) },
        Column(name: "app_version", kind: .name, isRequired: false) { .name($0.appVersion) },
        Column(name: "snapshot", kind: .name, isRequired: false) { .name($0.snapshot) },
        Column(name: "product", kind: .name, isRequired: false) { .name($0.product?.vendorProductID) },
        Column(name: "price_micros", kind: .integer, isRequired: false) { .integer($0.product?.priceMicros) },
        Column(name: "currency", kind: .name, isRequired: false) { .name($0.product?.currency) },
        Column(name: "purchase_result", kind: .name, isRequired: false) { .name($0.purchaseResult?.rawValue) },
        Column(name: "action_type", kind: .name, isRequired: false) { .name($0.action?.kind.rawValue) },
        Column(name: "action_value", kind: .text, isRequired: false) { .text($0.action?.value) },
        Column(name: "screen", kind: .name, isRequired: false) { .name($0.screen?.id) },
        Column(name: "screen_order", kind: .integer, isRequired: false) { .integer($0.screen?.order.map(Int64.init)) },
        Column(name: "screen_last", kind: .integer, isRequired: false) { .integer($0.screen?.isLast.map { $0 ? 1 : 0 }) },
        Column(name: "error_code", kind: .name, isRequired: false) { .name($0.failure?.code) },
        Column(name: "error_message", kind: .text, isRequired: false) { .text($0.failure?.message) },
    ]

    /// The events table, keyed by `event_id`: a second copy of an event meets the key and is dropped.
    static let table = TableDescription(name: "events", columns: all.map { .init(name: $0.name, kind: $0.kind, isRequired: $0.isRequired) },
                                        key: ["event_id"])

    /// The column names, comma-separated, for a statement.
    static let list = table.columnList

    /// The columns that hold names.
    static let names: [String] = all.filter { $0.kind == .name }.map(\.name)
}
