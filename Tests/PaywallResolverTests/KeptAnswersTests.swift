import FixtureSupport
import PaywallModel
@testable import PaywallResolver
import PaywallStore
import Testing

/// A compiled snapshot keeps each distinct decision's answer whole: a request that reaches a known
/// decision gets the kept bytes themselves, the answers stay within their budget when requests
/// overflow it and are still right after evictions, and a new snapshot never answers with an old one's.
@Suite struct KeptAnswersTests {
    /// A placement of the sample export whose audiences ask nothing of the country, and whose
    /// paywalls' products have prices in several countries.
    static let placement = "settings"

    static func compiled(_ fixture: PublishedFixture, budget: Int = RenderingCaches.defaultBudget) throws -> CompiledSnapshots {
        try CompiledSnapshots(fixture.store.currentSnapshots().map { try CompiledSnapshot(store: fixture.store, snapshot: $0, cacheBudget: budget) })
    }

    @Test func aKnownDecisionIsAnsweredWithTheKeptBytes() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json", asImported: true)
        let compiled = try Self.compiled(fixture)
        let resolver = PaywallResolver(store: fixture.store)
        let request = ResolutionRequest(placementID: Self.placement, locales: ["pt-BR"], profileID: "profile-1")
        let first = try compiled.renderedBundle(request)
        #expect(try compiled.renderedBundle(request) === first)
        // Another profile drawing the same variation reaches the same decision, and so the same answer.
        let variation = try resolver.resolve(request).variation.variationID
        let twin = try #require((2..<200).map { ResolutionRequest(placementID: Self.placement, locales: ["pt-BR"], profileID: "profile-\($0)") }
            .first { try resolver.resolve($0).variation.variationID == variation })
        #expect(try compiled.renderedBundle(twin) === first)
        // Another list of locales is another decision.
        let german = ResolutionRequest(placementID: Self.placement, locales: ["de-AT"], profileID: "profile-1")
        #expect(try compiled.renderedBundle(german) !== first)
        #expect(try compiled.bundleBytes(german) == Array(resolver.resolve(german).json().rendered().utf8))
    }

    /// The user's country decides prices: a country with prices of its own is another answer, one
    /// without is the locale's answer.
    @Test func theCountryTakesPartInTheDecisionThroughPricesAlone() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json", asImported: true)
        let compiled = try Self.compiled(fixture)
        let resolver = PaywallResolver(store: fixture.store)
        func request(_ country: String?) -> ResolutionRequest {
            ResolutionRequest(placementID: Self.placement, locales: ["en-US"], context: UserContext(country: country), profileID: "profile-1")
        }
        let none = try compiled.renderedBundle(request(nil))
        #expect(try compiled.renderedBundle(request("ZZ")) === none)
        let prices = try resolver.resolve(request(nil)).paywall?.products.map(\.price?.currency)
        let priced = try #require(RandomRequests.countries.first { try resolver.resolve(request($0)).paywall?.products.map(\.price?.currency) != prices },
                                  "no country of the fixture changes a price")
        let answer = try compiled.renderedBundle(request(priced))
        #expect(answer !== none)
        #expect(answer.joinedBytes == Array(try resolver.resolve(request(priced)).json().rendered().utf8))
    }

    /// Every placement of two fixtures (paywalls, onboardings, flows) in many locales, profiles and
    /// countries through caches of 128 kB per snapshot: far more answers than fit, each still the store's.
    @Test func answersStayWithinTheBudgetAndRightAfterEvictions() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json", asImported: true)
        try fixture.publish(PublishedFixture.decode("Tests/Fixtures/adapty-fallback/format-11.json"), as: "flows", asImported: true)
        let sweep = try Self.sweep(fixture, budget: 128 << 10)
        #expect(sweep.answered > 3000)
        #expect(sweep.kept > 0 && sweep.kept < sweep.distinct / 2,
                "\(sweep.answered) answers: the sweep should overflow the answers kept: \(sweep.kept) of \(sweep.distinct)")
    }

    /// Paywalls whose every localization carries 12 kB of text: a content is larger than a share of
    /// the contents cache, which so keeps none, and the answers alone hold them. The answers' cache
    /// lets go of answers so that the pieces alive stay within their limit.
    @Test func answersAloneHoldingTheirContentsStayWithinThePiecesLimit() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json", asImported: true)
        var export = try PublishedFixture.decode("sync-config/sample-export.json")
        for paywall in export.paywalls.indices {
            for localization in export.paywalls[paywall].localizations.indices {
                export.paywalls[paywall].localizations[localization].strings.append("padding", .string(String(repeating: "x", count: 12_000)))
            }
        }
        try fixture.publish(export, as: "local", contentHash: String(repeating: "ef", count: 32), asImported: true)
        let sweep = try Self.sweep(fixture, budget: 256 << 10)
        let caches = try #require(sweep.compiled.snapshots.first?.caches)
        #expect(caches.contents.usage.count == 0)
        #expect(sweep.kept > 0)
    }

    /// Asks `fixture`'s every placement in 32 locale lists, 7 profiles and 4 countries, twice, of
    /// snapshots compiled with caches of `budget` bytes each, and checks each answer against the
    /// store's and each snapshot's caches against their bounds as it goes.
    static func sweep(_ fixture: PublishedFixture, budget: Int) throws -> (compiled: CompiledSnapshots, answered: Int, distinct: Int, kept: Int) {
        let compiled = try Self.compiled(fixture, budget: budget)
        let resolver = PaywallResolver(store: fixture.store)
        var placements: [String] = []
        for snapshot in try fixture.store.currentSnapshots() { placements += try fixture.store.reader(of: snapshot).placementIDs() }
        let locales = RandomRequests.locales.prefix(30).map { [$0] } + [["es-MX", "en"], []]
        var answered = 0, distinct = Set<[UInt8]>()
        for round in 0..<2 {
            for (index, placement) in placements.enumerated() {
                for (position, locale) in locales.enumerated() {
                    for profile in [nil] + (0..<6).map({ "profile-\($0)" }) {
                        let country = [nil, "BR", "US", "DE"][(index + position) % 4]
                        let request = ResolutionRequest(placementID: placement, locales: locale, context: UserContext(country: country), profileID: profile)
                        guard let expected = try? resolver.resolve(request).json().rendered() else { continue }
                        let bytes = try compiled.bundleBytes(request)
                        #expect(String(decoding: bytes, as: UTF8.self) == expected, "round \(round): \(request)")
                        distinct.insert(bytes)
                        answered += 1
                        for caches in compiled.snapshots.map(\.caches) {
                            #expect(caches.usage.cost <= budget)
                            #expect(caches.ledger.bytes <= caches.ledger.limit)
                        }
                    }
                }
            }
        }
        return (compiled, answered, distinct.count, compiled.snapshots.map(\.caches.answers.usage.count).reduce(0, +))
    }

    /// A kept answer's encoded form (serve's gzip) is made once, kept with the answer and charged to the
    /// snapshot's ledger like its pieces.
    @Test func anAnswersEncodedFormIsMadeOnceAndCharged() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json", asImported: true)
        let compiled = try Self.compiled(fixture)
        let bundle = try compiled.renderedBundle(ResolutionRequest(placementID: Self.placement, locales: ["pt-BR"]))
        let ledger = try #require(compiled.snapshots.first?.caches.ledger)
        let before = ledger.bytes
        var encodings = 0
        let reversed = { (segments: [UnsafeRawBufferPointer]) -> [UInt8]? in
            encodings += 1
            return segments.flatMap { Array($0) }.reversed()
        }
        let first = try #require(bundle.encoded(by: reversed))
        #expect(bundle.encoded(by: reversed) === first)
        #expect(encodings == 1)
        #expect(first.joinedBytes == bundle.joinedBytes.reversed())
        #expect(ledger.bytes >= before + bundle.byteCount)
        #expect(bundle.encoded { _ in nil } === first)
    }

    /// A reload compiles the changed snapshot afresh: its answers come from its own content, never from
    /// what the old snapshot kept, and their entity tags differ.
    @Test func aNewSnapshotNeverAnswersWithAnOldOnesAnswer() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json", asImported: true)
        let before = try Self.compiled(fixture)
        let request = ResolutionRequest(placementID: Self.placement, locales: ["pt-BR"], profileID: "profile-1")
        let old = try before.renderedBundle(request)
        let shown = try PaywallResolver(store: fixture.store).resolve(request).paywall!.paywall.key

        var revised = try PublishedFixture.decode("sync-config/sample-export.json")
        let index = try #require(revised.paywalls.firstIndex { $0.key == shown })
        revised.paywalls[index].name += " (revised)"
        let newer = try fixture.publish(revised, as: "local", contentHash: String(repeating: "cd", count: 32), asImported: true)
        let after = try CompiledSnapshots(store: fixture.store, snapshots: [newer], reusing: before)
        let new = try after.renderedBundle(request)
        #expect(new.joinedBytes == Array(try PaywallResolver(store: fixture.store).resolve(request).json().rendered().utf8))
        #expect(String(decoding: new.joinedBytes, as: UTF8.self).contains(#"(revised)""#))
        #expect(new.entityTag != old.entityTag)
        #expect(try before.renderedBundle(request) === old)
    }
}
