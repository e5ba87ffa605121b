/// What a conversion report is made of, summed by the store: for each placement, group and variation, the
/// profiles first exposed to it, how many of them converted and were shown another variation too, and their
/// revenue; and how many first exposures name each snapshot. A profile counts once per placement, under the
/// variation, group and snapshot of its first `shown` there (the earliest; of two at once, the smaller
/// `event_id`); it converted when a purchase of the placement finished as `purchased` at or after that.
public struct ConversionTallies: Sendable, Equatable {
    public struct Key: Hashable, Sendable {
        public let placementID: String
        /// The query's `groupBy` value at the first exposure; nil without `groupBy`, or when it did not say.
        public let group: String?
        public let variationID: String
    }

    public struct Sums: Sendable, Equatable {
        public var exposures = 0
        public var conversions = 0
        /// Exposed profiles shown another variation of the placement too.
        public var multipleExposures = 0
        /// The converted purchases' prices per currency, in millionths. Int128: ten prices at the largest pass Int64,
        /// and no store holds enough to pass Int128 (fewer than 2⁶³ rows, each price below 2⁶³, sum below 2¹²⁶).
        public var revenueMicros: [String: Int128] = [:]
        /// The first exposures per UTC day (`2026-11-29`).
        public var exposuresPerDay: [String: Int] = [:]
    }

    public var sums: [Key: Sums] = [:]
    /// Per placement, the first exposures that name each snapshot.
    public var snapshots: [String: [String: Int]] = [:]

    public init() {}
}
