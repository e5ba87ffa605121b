import FixtureSupport
@testable import PaywallEvents

/// Seeded events full of what makes the exposure state hard, and the report's sums counted from them by hand.
enum ExposureFixtures {
    /// Per profile and placement a few exposures at five times over three days (ties at the same millisecond, other variations),
    /// purchases before, at and after them (purchased, cancelled; with and without a price or a currency), and
    /// events of other types; ids random, so that the tie-break by `event_id` decides.
    static func events(seed: UInt64, profiles: Int = 120) -> [Event] {
        var random = SplitMix64(state: seed)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        var events: [Event] = []
        for profile in 0..<profiles {
            for placement in ["onboarding", "paywall"] where random.next() % 3 != 0 {
                for _ in 0..<(1 + random.next() % 6) {
                    let kind: Event.Kind = pick([.shown, .shown, .shown, .purchaseFinished, .purchaseFinished, .closed])
                    var event = Event(id: "e\(random.next() % 1_000_000)-\(events.count)", kind: kind,
                                      createdAtMilliseconds: time(Int64(random.next() % 5)), profileID: "p\(profile)",
                                      placementID: placement, variationID: pick(["A", "A", "B", "C"]))
                    event.locale = pick(["en", "pt-BR", nil])
                    event.localeResult = pick([.exact, .fallback, nil])
                    event.country = pick(["US", "BR", nil])
                    event.platform = pick(["ios", "android"])
                    event.snapshot = pick(["000001-aaaa", "000002-bbbb", nil])
                    if kind == .purchaseFinished {
                        event.purchaseResult = pick([.purchased, .purchased, .cancelled])
                        event.product = Event.Product(vendorProductID: "yearly", priceMicros: pick([4_990_000, 9_223_372_036_854_775_807, nil]),
                                                      currency: pick(["USD", "EUR", nil]))
                    }
                    events.append(event)
                }
            }
        }
        return events
    }

    /// `events` shuffled and cut into batches of 1 to 40, some sent twice and some with events of earlier batches again.
    static func resentBatches(_ events: [Event], seed: UInt64) -> [[Event]] {
        var random = SplitMix64(state: seed)
        let shuffled = events.shuffled(using: &random)
        var batches: [[Event]] = []
        var start = 0
        while start < shuffled.count {
            let end = min(shuffled.count, start + 1 + Int(random.next() % 40))
            var batch = Array(shuffled[start..<end])
            if start > 0, random.next() % 4 == 0 { batch.append(shuffled[Int(random.next() % UInt64(start))]) }
            batches.append(batch)
            if random.next() % 5 == 0 { batches.append(batch) }
            start = end
        }
        return batches
    }

    /// The `step`th of the events' five times, 14 hours apart: two in the first UTC day, two in the second, one in the third.
    static func time(_ step: Int64) -> Int64 {
        1_000_000 + step * 50_400_000
    }

    /// The queries the sums are compared on: everything, a placement, each split, and cohorts of first exposures: whole
    /// days, days cut at one end or both, and a window within a day.
    static let queries: [ReportQuery] = [
        ReportQuery(), ReportQuery(placementID: "paywall"), ReportQuery(since: time(2)), ReportQuery(since: time(1), until: time(3)),
        ReportQuery(placementID: "onboarding", until: time(2)), ReportQuery(since: day, until: 2 * day), ReportQuery(since: day),
        ReportQuery(since: time(1), until: time(1) + 1), ReportQuery(since: time(3), until: 3 * day, groupBy: .locale),
    ] + ReportQuery.GroupKey.allCases.map { ReportQuery(groupBy: $0) }

    private static let day: Int64 = 86_400_000

    /// The sums of `query` over `events` as docs/contracts.md defines them, counted by hand: per placement and profile,
    /// the first `shown` (earliest, then the smallest id by bytes), in the window; converted by a `purchased`
    /// purchase at or after it.
    static func tallies(of events: [Event], _ query: ReportQuery) -> ConversionTallies {
        var tallies = ConversionTallies()
        let byKey = Dictionary(grouping: events) { "\($0.placementID)\u{1}\($0.profileID)" }
        for events in byKey.values {
            let shown = events.filter { $0.kind == .shown }
            guard let first = shown.min(by: { ($0.createdAtMilliseconds, Array($0.id.utf8)) < ($1.createdAtMilliseconds, Array($1.id.utf8)) })
            else { continue }
            if let placement = query.placementID, placement != first.placementID { continue }
            if let since = query.since, first.createdAtMilliseconds < since { continue }
            if let until = query.until, first.createdAtMilliseconds >= until { continue }
            let group: String? = switch query.groupBy {
            case .locale: first.locale
            case .localeResult: first.localeResult?.rawValue
            case .country: first.country
            case .platform: first.platform
            case nil: nil
            }
            let key = ConversionTallies.Key(placementID: first.placementID, group: group, variationID: first.variationID)
            let bought = events.filter {
                $0.kind == .purchaseFinished && $0.purchaseResult == .purchased && $0.createdAtMilliseconds >= first.createdAtMilliseconds
            }
            tallies.sums[key, default: .init()].exposures += 1
            // The events' times are in the first three days of 1970.
            tallies.sums[key]!.exposuresPerDay["1970-01-0\(1 + first.createdAtMilliseconds / 86_400_000)", default: 0] += 1
            if !bought.isEmpty { tallies.sums[key]!.conversions += 1 }
            if Set(shown.map(\.variationID)).count > 1 { tallies.sums[key]!.multipleExposures += 1 }
            for purchase in bought {
                if let price = purchase.product?.priceMicros, let currency = purchase.product?.currency {
                    tallies.sums[key]!.revenueMicros[currency, default: 0] += Int128(price)
                }
            }
            if let snapshot = first.snapshot { tallies.snapshots[first.placementID, default: [:]][snapshot, default: 0] += 1 }
        }
        return tallies
    }
}

private func < (left: (Int64, [UInt8]), right: (Int64, [UInt8])) -> Bool {
    left.0 != right.0 ? left.0 < right.0 : left.1.lexicographicallyPrecedes(right.1)
}
