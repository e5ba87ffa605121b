import ExperimentStatistics
import PaywallStore

/// The A/B result of each placement's variations, from the events: who was exposed to which variation (a
/// profile counts once, in the variation of its first `shown` at the placement), who of them bought after it,
/// the posterior of each rate, the chance that each is best, and whether exposures follow the audience's weights.
public struct ConversionReport: Sendable {
    public struct Variation: Sendable, Equatable {
        public let variationID: String
        public let exposures: Int
        public let conversions: Int
        /// Conversions per exposure; 0 without exposures.
        public let rate: Double
        /// The 95% credible interval of Beta(1 + conversions, 1 + exposures − conversions).
        public let interval: ClosedRange<Double>
        public let chanceToBeBest: Double
        /// The converted purchases' prices per currency, in millionths (`ConversionTallies.Sums.revenueMicros`).
        public let revenueMicros: [String: Int128]
        /// The first exposures per UTC day (`2026-11-29`).
        public let exposuresPerDay: [String: Int]
    }

    /// A χ² test of exposures per variation against the variation weights of the placement's audience.
    public struct SampleRatio: Sendable, Equatable {
        public static let mismatchThreshold = 0.001

        public let pValue: Double
        public var mismatch: Bool { pValue < Self.mismatchThreshold }
    }

    /// The variations within one value of the query's `groupBy`.
    public struct Group: Sendable, Equatable {
        /// Nil for the profiles whose first exposure did not say.
        public let value: String?
        public let variations: [Variation]
    }

    public struct Placement: Sendable, Equatable {
        public let placementID: String
        public let exposures: Int
        public let conversions: Int
        /// Exposed profiles later (or earlier) shown another variation of the placement too.
        public let multipleExposures: Int
        public let variations: [Variation]
        /// Nil when no audience of the placement has all the variations exposed, or fewer than two were.
        public let sampleRatio: SampleRatio?
        public let groups: [Group]
    }

    public let query: ReportQuery
    public let placements: [Placement]

    public init(query: ReportQuery, placements: [Placement]) {
        self.query = query
        self.placements = placements
    }

    /// The placement's audiences, in priority order, each as its variations' weights (percent), as the snapshot
    /// `snapshot` has them (the one most exposures name; nil when none does): empty when there is no such placement.
    public typealias Weights = (_ placementID: String, _ snapshot: String?) -> [[(variationID: String, weight: Int)]]
}

extension ConversionReport {
    /// The report of `query` over `store`'s events.
    public static func build(from store: some EventStore, query: ReportQuery, weights: Weights) throws(StoreError) -> ConversionReport {
        build(from: try store.conversionTallies(query), query: query, weights: weights)
    }

    /// The report of `query` made of the sums `tallies`.
    static func build(from tallies: ConversionTallies, query: ReportQuery, weights: Weights) -> ConversionReport {
        let byPlacement = Dictionary(grouping: tallies.sums, by: \.key.placementID).sorted { $0.key < $1.key }
        let placements = byPlacement.map { placementID, sums in
            placement(placementID, sums: sums, snapshot: mostCommon(tallies.snapshots[placementID] ?? [:]), weights: weights)
        }
        return ConversionReport(query: query, placements: placements)
    }

    private typealias Tally = (key: ConversionTallies.Key, value: ConversionTallies.Sums)

    private static func placement(_ placementID: String, sums: [Tally], snapshot: String?, weights: Weights) -> Placement {
        let variations = variations(of: sums)
        let groups = Dictionary(grouping: sums, by: \.key.group).sorted { ($0.key ?? "") < ($1.key ?? "") }
            .concurrentMap { value, members in Group(value: value, variations: Self.variations(of: members)) }
        return Placement(placementID: placementID, exposures: variations.reduce(0) { $0 + $1.exposures },
                         conversions: variations.reduce(0) { $0 + $1.conversions },
                         multipleExposures: sums.reduce(0) { $0 + $1.value.multipleExposures }, variations: variations,
                         sampleRatio: sampleRatio(variations, audiences: weights(placementID, snapshot)), groups: groups)
    }

    /// The variations of `sums`, each summed over the groups it has.
    private static func variations(of sums: [Tally]) -> [Variation] {
        var byVariation: [String: ConversionTallies.Sums] = [:]
        for (key, value) in sums {
            byVariation[key.variationID, default: .init()].exposures += value.exposures
            byVariation[key.variationID]!.conversions += value.conversions
            byVariation[key.variationID]!.revenueMicros.merge(value.revenueMicros, uniquingKeysWith: +)
            byVariation[key.variationID]!.exposuresPerDay.merge(value.exposuresPerDay, uniquingKeysWith: +)
        }
        let sorted = byVariation.sorted { $0.key < $1.key }
        let posteriors = sorted.map { BetaPosterior(conversions: $0.value.conversions, exposures: $0.value.exposures) }
        let best = chanceToBeBest(posteriors)
        return zip(sorted, zip(posteriors, best)).map { entry, statistics in
            let (variationID, sums) = entry
            return Variation(variationID: variationID, exposures: sums.exposures, conversions: sums.conversions,
                             rate: Double(sums.conversions) / Double(sums.exposures), interval: statistics.0.credibleInterval(),
                             chanceToBeBest: statistics.1, revenueMicros: sums.revenueMicros, exposuresPerDay: sums.exposuresPerDay)
        }
    }

    /// The test against the first audience (in priority order) that has every variation exposed.
    private static func sampleRatio(_ variations: [Variation], audiences: [[(variationID: String, weight: Int)]]) -> SampleRatio? {
        guard variations.count >= 2, let audience = audiences.first(where: { audience in
            variations.allSatisfy { variation in audience.contains { $0.variationID == variation.variationID } }
        }) else { return nil }
        let observed = audience.map { planned in variations.first { $0.variationID == planned.variationID }?.exposures ?? 0 }
        guard let test = sampleRatioMismatch(observed: observed, expectedWeights: audience.map { Double($0.weight) }) else { return nil }
        return SampleRatio(pValue: test.pValue)
    }

    /// The value counted most often; of two counted as often, the smaller.
    private static func mostCommon(_ counts: [String: Int]) -> String? {
        counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }
}
