/// What a conversion report covers: one placement or all, a window of `created_at`, and a split.
public struct ReportQuery: Sendable, Hashable {
    /// What a report may be split by, taken from each profile's first exposure.
    public enum GroupKey: String, Sendable, CaseIterable {
        case locale
        case localeResult = "locale-result"
        case country, platform

        /// The events column that holds it.
        var column: String {
            switch self {
            case .locale: "locale"
            case .localeResult: "locale_result"
            case .country: "country"
            case .platform: "platform"
            }
        }
    }

    public var placementID: String?
    /// Epoch milliseconds, inclusive.
    public var since: Int64?
    /// Epoch milliseconds, exclusive.
    public var until: Int64?
    public var groupBy: GroupKey?

    public init(placementID: String? = nil, since: Int64? = nil, until: Int64? = nil, groupBy: GroupKey? = nil) {
        self.placementID = placementID
        self.since = since
        self.until = until
        self.groupBy = groupBy
    }
}
