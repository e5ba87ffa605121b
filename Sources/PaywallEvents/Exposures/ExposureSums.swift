/// Changes to the report's sums kept beside the state (`ExposureTables.sums` and `.revenueSums`), made of the states a
/// transaction adds and removes: per placement, UTC day of the first exposure, variation, snapshot and each value a
/// report may be split by, the profiles first exposed there, how many of them converted and were shown another
/// variation too; and per currency their revenue, in `ExposureTables.revenue`'s two halves, and how many profiles it
/// sums. A report reads these for the whole days of its window, and states only for the days its window cuts.
struct ExposureSums {
    struct Key: Hashable {
        let placementID: String
        let day: Int64
        let variationID: String
        let snapshot: String?
        let locale: String?
        let localeResult: String?
        let country: String?
        let platform: String?

        /// The values of `ExposureTables.exposureDetails`, in its order.
        var details: [String?] { [snapshot, locale, localeResult, country, platform] }
    }

    struct Counts {
        var exposures: Int64 = 0
        var conversions: Int64 = 0
        var several: Int64 = 0

        var isZero: Bool { exposures == 0 && conversions == 0 && several == 0 }
        /// In the order of `ExposureTables.sums`' columns after its key.
        var values: [Int64] { [exposures, conversions, several] }

        mutating func count(_ state: ExposureState, sign: Int64) {
            exposures += sign
            conversions += state.converted ? sign : 0
            several += state.shownAnotherVariation ? sign : 0
        }
    }

    struct RevenueKey: Hashable {
        let key: Key
        let currency: String
    }

    struct Revenue {
        var profiles: Int64 = 0
        var high: Int64 = 0
        var low: Int64 = 0

        var isZero: Bool { profiles == 0 && high == 0 && low == 0 }
        /// In the order of `ExposureTables.revenueSums`' columns after its key.
        var values: [Int64] { [profiles, high, low] }

        mutating func count(_ micros: Int128, sign: Int64) {
            let (high, low) = ExposureTables.halves(of: micros)
            profiles += sign
            self.high += sign * high
            self.low += sign * low
        }
    }

    private var allCounts: [Key: Counts] = [:]
    private var allRevenue: [RevenueKey: Revenue] = [:]

    /// The changes to add: a change of nothing (a state removed and added back with the same counts, its revenue changed
    /// say) writes nothing.
    var counts: [Key: Counts] { allCounts.filter { !$0.value.isZero } }
    var revenue: [RevenueKey: Revenue] { allRevenue.filter { !$0.value.isZero } }

    /// The keys whose profiles went down: their rows may have come to none, and are then to go. A sum of profiles
    /// comes to none no other way.
    var lowered: [Key] { allCounts.compactMap { $0.value.exposures < 0 ? $0.key : nil } }
    var loweredRevenue: [RevenueKey] { allRevenue.compactMap { $0.value.profiles < 0 ? $0.key : nil } }

    var isEmpty: Bool { allCounts.isEmpty }

    mutating func add(_ state: ExposureState, at key: ExposureKey) {
        count(state, at: key, sign: 1)
    }

    mutating func remove(_ state: ExposureState, at key: ExposureKey) {
        count(state, at: key, sign: -1)
    }

    /// The counts are bounded by the states a transaction touches, and the halves by what one state's revenue holds
    /// (each below 2⁶³), so none of the sums nears Int64's end.
    private mutating func count(_ state: ExposureState, at exposureKey: ExposureKey, sign: Int64) {
        let first = state.first
        let key = Key(placementID: exposureKey.placementID, day: ExposureTables.day(of: first.createdAt), variationID: first.variationID,
                      snapshot: first.snapshot, locale: first.locale, localeResult: first.localeResult, country: first.country,
                      platform: first.platform)
        allCounts[key, default: .init()].count(state, sign: sign)
        for (currency, micros) in state.revenueMicros {
            allRevenue[RevenueKey(key: key, currency: currency), default: .init()].count(micros, sign: sign)
        }
    }
}
