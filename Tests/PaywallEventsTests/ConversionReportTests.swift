import Foundation
import PaywallEvents
import PaywallStore
import Testing

/// The report over a real events.sqlite, against counts made by hand and statistics computed with SciPy 1.17
/// (`scipy.stats.beta.ppf`, `scipy.integrate.quad` of f_B · F_A, `scipy.stats.chisquare`).
@Suite struct ConversionReportTests {
    let store: SQLiteEventStore
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "report-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        store = try SQLiteEventStore.open(inStore: directory)
    }

    private var serial = 0

    /// An event; ids are made unique in order.
    private mutating func event(_ kind: Event.Kind, profile: String, placement: String = "pl", variation: String, at time: Int64,
                                localeResult: Event.LocaleResult? = nil, result: Event.PurchaseResult? = nil,
                                price: Int64? = nil, currency: String? = nil) -> Event {
        serial += 1
        var event = Event(id: "e\(serial)", kind: kind, createdAtMilliseconds: time, profileID: profile, placementID: placement,
                          variationID: variation)
        event.localeResult = localeResult
        event.purchaseResult = result
        if price != nil || currency != nil { event.product = Event.Product(vendorProductID: "yearly", priceMicros: price, currency: currency) }
        return event
    }

    /// `exposed` profiles shown `variation`, the first `converted` of them buying after it.
    private mutating func arm(_ variation: String, exposed: Int, converted: Int, placement: String = "pl",
                              localeResult: Event.LocaleResult? = nil) -> [Event] {
        (0..<exposed).flatMap { index -> [Event] in
            let profile = "\(placement)-\(variation)-\(localeResult?.rawValue ?? "")-\(index)"
            var events = [event(.shown, profile: profile, placement: placement, variation: variation, at: 1_000, localeResult: localeResult)]
            if index < converted {
                events.append(event(.purchaseFinished, profile: profile, placement: placement, variation: variation, at: 2_000,
                                    result: .purchased, price: 4_990_000, currency: "USD"))
            }
            return events
        }
    }

    private func report(_ query: ReportQuery = ReportQuery(),
                        weights: @escaping ConversionReport.Weights = { _, _ in [] }) throws -> ConversionReport {
        try ConversionReport.build(from: store, query: query, weights: weights)
    }

    @Test mutating func twoVariationsGetTheirRatesIntervalsAndExactChanceToBeBest() throws {
        _ = try store.append(arm("A", exposed: 100, converted: 10) + arm("B", exposed: 100, converted: 20))
        let placement = try #require(try report().placements.first)
        #expect(placement.placementID == "pl" && placement.exposures == 200 && placement.conversions == 30)
        let (a, b) = (placement.variations[0], placement.variations[1])
        #expect(a.variationID == "A" && a.exposures == 100 && a.conversions == 10 && a.rate == 0.1)
        #expect(b.variationID == "B" && b.exposures == 100 && b.conversions == 20 && b.rate == 0.2)
        // beta.ppf([0.025, 0.975], 11, 91) and (21, 81)
        #expect(abs(a.interval.lowerBound - 0.055637223835302965) < 1e-9 && abs(a.interval.upperBound - 0.17455282607711903) < 1e-9)
        #expect(abs(b.interval.lowerBound - 0.13355471026823137) < 1e-9 && abs(b.interval.upperBound - 0.2891228981950768) < 1e-9)
        // quad(beta(21, 81).pdf * beta(11, 91).cdf)
        #expect(abs(b.chanceToBeBest - 0.9751730331528735) < 1e-6)
        #expect(abs(a.chanceToBeBest - 0.024826966847126486) < 1e-6)
        #expect(a.revenueMicros == ["USD": 10 * 4_990_000] && b.revenueMicros == ["USD": 20 * 4_990_000])
    }

    @Test mutating func threeVariationsGetTheirChanceToBeBestByQuadrature() throws {
        _ = try store.append(arm("A", exposed: 100, converted: 10) + arm("B", exposed: 100, converted: 20) + arm("C", exposed: 100, converted: 15))
        let best = try #require(try report().placements.first).variations.map(\.chanceToBeBest)
        // quad(f_i · F_j · F_k) for Beta(11, 91), Beta(21, 81), Beta(16, 86)
        for (found, expected) in zip(best, [0.014681892343444544, 0.8104596735542133, 0.1748584341023412]) {
            #expect(abs(found - expected) < 1e-6, "\(best)")
        }
        #expect(try report().placements.first?.variations.map(\.chanceToBeBest) == best, "not the same on a second run")
    }

    /// One variation shown to 60% of a 50/50 split: χ² = 40, p = 2.54e-10 (chisquare([600, 400])); 505/495 is p = 0.75.
    @Test mutating func exposuresThatDoNotFollowTheWeightsAreAMismatch() throws {
        _ = try store.append(arm("A", exposed: 600, converted: 0, placement: "skewed") + arm("B", exposed: 400, converted: 0, placement: "skewed")
            + arm("A", exposed: 505, converted: 0, placement: "even") + arm("B", exposed: 495, converted: 0, placement: "even"))
        let report = try report { _, _ in [[("X", 100)], [("A", 50), ("B", 50)]] }
        let even = try #require(report.placements.first { $0.placementID == "even" }?.sampleRatio)
        let skewed = try #require(report.placements.first { $0.placementID == "skewed" }?.sampleRatio)
        #expect(abs(skewed.pValue - 2.5396285894708634e-10) < 1e-12 && skewed.mismatch)
        #expect(abs(even.pValue - 0.7518296340458492) < 1e-9 && !even.mismatch)
        #expect(try self.report().placements.allSatisfy { $0.sampleRatio == nil }, "no weights, no test")
    }

    @Test mutating func aProfileCountsOnceInTheVariationOfItsFirstExposure() throws {
        _ = try store.append([
            event(.shown, profile: "p1", variation: "A", at: 5_000), event(.shown, profile: "p1", variation: "B", at: 3_000),
            event(.shown, profile: "p1", variation: "A", at: 9_000), event(.shown, profile: "p2", variation: "B", at: 1_000),
            event(.shown, profile: "p2", variation: "B", at: 2_000),
        ])
        let placement = try #require(try report().placements.first)
        #expect(placement.exposures == 2 && placement.multipleExposures == 1)
        #expect(placement.variations.map { "\($0.variationID)=\($0.exposures)" } == ["B=2"])
    }

    @Test mutating func onlyPurchasesAtOrAfterTheFirstExposureThatWerePurchasedConvert() throws {
        _ = try store.append([
            event(.purchaseFinished, profile: "before", variation: "A", at: 1_000, result: .purchased),
            event(.shown, profile: "before", variation: "A", at: 2_000),
            event(.shown, profile: "same-time", variation: "A", at: 2_000),
            event(.purchaseFinished, profile: "same-time", variation: "A", at: 2_000, result: .purchased, price: 1_000_000, currency: "EUR"),
            event(.purchaseFinished, profile: "same-time", variation: "A", at: 3_000, result: .purchased, price: 500_000, currency: "EUR"),
            event(.shown, profile: "cancelled", variation: "A", at: 2_000),
            event(.purchaseFinished, profile: "cancelled", variation: "A", at: 3_000, result: .cancelled),
            event(.shown, profile: "elsewhere", variation: "A", at: 2_000),
            event(.purchaseFinished, profile: "elsewhere", placement: "other", variation: "A", at: 3_000, result: .purchased),
        ])
        let variation = try #require(try report(ReportQuery(placementID: "pl")).placements.first?.variations.first)
        #expect(variation.exposures == 4 && variation.conversions == 1)
        #expect(variation.revenueMicros == ["EUR": 1_500_000])
    }

    @Test mutating func theWindowAndThePlacementNarrowTheReport() throws {
        _ = try store.append([
            event(.shown, profile: "early", variation: "A", at: 1_000), event(.shown, profile: "inside", variation: "A", at: 5_000),
            event(.shown, profile: "late", variation: "A", at: 9_000), event(.shown, profile: "other", placement: "other", variation: "A", at: 5_000),
        ])
        let narrowed = try report(ReportQuery(placementID: "pl", since: 5_000, until: 9_000))
        #expect(narrowed.placements.map(\.placementID) == ["pl"])
        #expect(narrowed.placements.first?.exposures == 1)
        #expect(try report(ReportQuery(placementID: "nowhere")).placements.isEmpty)
    }

    /// A window is a cohort: the profiles first exposed in it, with what they bought after, whenever; a profile first
    /// exposed before it is left out, though shown again inside.
    @Test mutating func aWindowIsTheCohortOfTheFirstExposuresInIt() throws {
        _ = try store.append([
            event(.shown, profile: "before", variation: "A", at: 1_000), event(.shown, profile: "before", variation: "B", at: 5_000),
            event(.shown, profile: "inside", variation: "A", at: 5_000),
            event(.purchaseFinished, profile: "inside", variation: "A", at: 12_000, result: .purchased, price: 1_000_000, currency: "USD"),
        ])
        let placement = try #require(try report(ReportQuery(since: 4_000, until: 9_000)).placements.first)
        #expect(placement.exposures == 1 && placement.conversions == 1)
        #expect(placement.variations.map(\.variationID) == ["A"])
        #expect(placement.variations.first?.revenueMicros == ["USD": 1_000_000])
    }

    /// What a missing translation costs: the same split by how each profile's locale was served.
    @Test mutating func aSplitByLocaleResultGroupsProfilesByTheirFirstExposure() throws {
        _ = try store.append(arm("A", exposed: 10, converted: 5, localeResult: .exact) + arm("A", exposed: 10, converted: 2, localeResult: .fallback)
            + arm("A", exposed: 5, converted: 0, localeResult: .default) + arm("B", exposed: 4, converted: 1, localeResult: .exact)
            + arm("B", exposed: 3, converted: 1))
        let placement = try #require(try report(ReportQuery(groupBy: .localeResult)).placements.first)
        let groups = placement.groups.map { group in
            "\(group.value ?? "none"): " + group.variations.map { "\($0.variationID) \($0.conversions)/\($0.exposures)" }.joined(separator: ", ")
        }
        #expect(groups == ["none: B 1/3", "default: A 0/5", "exact: A 5/10, B 1/4", "fallback: A 2/10"])
        #expect(placement.exposures == 32 && placement.conversions == 9)
    }

    @Test func noEventsFileIsAClearError() throws {
        let empty = directory + "/empty"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        #expect {
            _ = try SQLiteEventStore.open(inStore: empty, create: false)
        } throws: { error in
            (error as? StoreError)?.kind == .missing && ((error as? StoreError)?.message.hasPrefix("no events at ") ?? false)
        }
    }
}
