/// The columns both stores keep an event in, in order, and what each holds of it. A `name` is one of the strings
/// many events repeat (a placement, a locale, a type): `events.sqlite` keeps those once, in its `names` table.
enum EventColumns {
    enum Value {
        case name(String?)
        case text(String?)
        case integer(Int64?)
    }

    static let all: [(name: String, value: @Sendable (Event) -> Value)] = [
        ("event_id", { .text($0.id) }),
        ("type", { .name($0.kind.rawValue) }),
        ("created_at", { .integer($0.createdAtMilliseconds) }),
        ("profile", { .text($0.profileID) }),
        ("placement", { .name($0.placementID) }),
        ("variation", { .name($0.variationID) }),
        ("locale", { .name($0.locale) }),
        ("locale_result", { .name($0.localeResult?.rawValue) }),
        ("requested_locale", { .name($0.requestedLocale) }),
        ("country", { .name($0.country) }),
        ("platform", { .name($0.platform) }),
        ("app_version", { .name($0.appVersion) }),
        ("snapshot", { .name($0.snapshot) }),
        ("product", { .name($0.product?.vendorProductID) }),
        ("price_micros", { .integer($0.product?.priceMicros) }),
        ("currency", { .name($0.product?.currency) }),
        ("purchase_result", { .name($0.purchaseResult?.rawValue) }),
        ("action_type", { .name($0.action?.kind.rawValue) }),
        ("action_value", { .text($0.action?.value) }),
        ("screen", { .name($0.screen?.id) }),
        ("screen_order", { .integer($0.screen?.order.map(Int64.init)) }),
        ("screen_last", { .integer($0.screen?.isLast.map { $0 ? 1 : 0 }) }),
        ("error_code", { .name($0.failure?.code) }),
        ("error_message", { .text($0.failure?.message) }),
    ]

    /// The column names, comma-separated, for a statement.
    static let list = all.map(\.name).joined(separator: ", ")

    /// The columns that hold names, found by what each makes of an event (a name is a name, given or not).
    static let names: [String] = {
        let event = Event(id: "", kind: .shown, createdAtMilliseconds: 0, profileID: "", placementID: "", variationID: "")
        return all.compactMap { column in
            guard case .name = column.value(event) else { return nil }
            return column.name
        }
    }()
}
