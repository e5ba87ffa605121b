import Foundation
import LocaleKit
import PaywallModel
@testable import PaywallResolver
import PaywallStore
import Testing

/// The compiled snapshots and the store's resolution image answer as the store does, byte for byte, and
/// fail as it fails, over thousands of random requests against the repository's exports: a paywall export, the vendor's paywall and
/// onboarding file, a format-11 file with flows and onboardings, several sources in one store.
@Suite struct CompiledSnapshotEquivalenceTests {
    /// An answer as a caller sees it: the compact bundle and the explanation, or the error.
    enum Answer: Equatable {
        case bundle(json: String, explanation: [String])
        case failure(String)

        init(_ resolve: () throws(ResolutionError) -> ResolvedBundle) {
            do {
                let bundle = try resolve()
                self = .bundle(json: bundle.json().rendered(), explanation: bundle.explanation)
            } catch {
                self = .failure(Self.describe(error))
            }
        }

        init(bytes: () throws(ResolutionError) -> [UInt8], explanation: [String]) {
            do {
                self = .bundle(json: String(decoding: try bytes(), as: UTF8.self), explanation: explanation)
            } catch {
                self = .failure(Self.describe(error))
            }
        }

        /// The case, the message, and for an unknown placement the ids the snapshots have.
        static func describe(_ error: ResolutionError) -> String {
            switch error {
            case let .unknownPlacement(_, knownIDs): return "unknownPlacement: \(error) known: \(knownIDs)"
            case .noSnapshot: return "noSnapshot: \(error)"
            case .noAudience: return "noAudience: \(error)"
            case .noVariation: return "noVariation: \(error)"
            case .inconsistent: return "inconsistent: \(error)"
            case .store: return "store: \(error)"
            }
        }

        var explanation: [String] {
            if case let .bundle(_, explanation) = self { return explanation }
            return []
        }
    }

    /// Compares the store's answers with the compiled ones for `count` random requests; returns how
    /// many of each kind of outcome were seen, so that a test can tell its requests reached them all.
    @discardableResult
    static func compare(_ fixture: PublishedFixture, count: Int, seed: UInt64) throws -> [String: Int] {
        let current = try fixture.store.currentSnapshots()
        let resolver = PaywallResolver(store: fixture.store)
        let compiled = try CompiledSnapshots(store: fixture.store, snapshots: current)
        let image = try #require(ResolutionImage.open(inStore: fixture.directory + "/store"), "the publish wrote no resolution image")
        #expect(image.snapshots == current)
        let imageResolver = PaywallResolver(image: image)
        var placements: [String] = []
        for snapshot in current { placements += try fixture.store.reader(of: snapshot).placementIDs() }
        var requests = RandomRequests(seed: seed)
        var outcomes: [String: Int] = [:]
        for _ in 0..<count {
            let request = requests.next(placements: placements, sources: current.map(\.source))
            let expected = Answer { () throws(ResolutionError) in try resolver.resolve(request) }
            let resolved = Answer { () throws(ResolutionError) in try compiled.resolve(request) }
            let rendered = Answer(bytes: { () throws(ResolutionError) in try compiled.bundleBytes(request) }, explanation: expected.explanation)
            #expect(resolved == expected, "resolve: \(request)")
            #expect(Answer { () throws(ResolutionError) in try imageResolver.resolve(request) } == expected, "image: \(request)")
            #expect(rendered == expected, "bundleBytes: \(request)")
            if case let .bundle(json, _) = expected {
                outcomes[json.contains(#""kind":"paywall""#) ? "paywall" : json.contains(#""kind":"flow""#) ? "flow" : "onboarding", default: 0] += 1
            } else if case let .failure(message) = expected {
                outcomes[String(message.prefix { $0 != ":" }), default: 0] += 1
            }
        }
        return outcomes
    }

    @Test func threeSourcesInOneStoreAnswerAlike() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json", asImported: true)
        try fixture.publish(PublishedFixture.decode("Tests/Fixtures/adapty-fallback/format-11.json"), as: "flows", asImported: true)
        try fixture.publish(PublishedFixture.decode("Tests/Fixtures/adapty-fallback/vendor-ios-v8.json"), as: "vendor", asImported: true)
        let outcomes = try Self.compare(fixture, count: 3000, seed: 1)
        for outcome in ["paywall", "flow", "onboarding", "unknownPlacement", "store"] {
            #expect(outcomes[outcome, default: 0] > 0, "no \(outcome) among \(outcomes)")
        }
    }

    /// One flow id at two versions, one per variation: each answers with its own.
    @Test func aFlowAtTwoVersionsAnswersAlike() throws {
        let outcomes = try Self.compare(PublishedFixture("Tests/Fixtures/adapty-fallback/format-11-flow-versions.json", asImported: true),
                                        count: 600, seed: 3)
        #expect(outcomes["flow", default: 0] > 100, "\(outcomes)")
    }

    /// A store published without locale identities or formatted texts (as before they were kept): matchers
    /// parse every key, ICU formats every price.
    @Test func aSnapshotWithoutIdentitiesAnswersAlike() throws {
        try Self.compare(PublishedFixture("sync-config/sample-export.json"), count: 1000, seed: 2)
    }

    /// Outcomes a valid export cannot produce, from a model built in code: no audience matches, an
    /// audience without variations, a variation showing a paywall the snapshot lacks.
    @Test func failuresOfAModelBuiltInCodeAreTheSame() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json")
        var export = try PublishedFixture.decode("sync-config/sample-export.json")
        let never = Segment(id: "never", conditions: [Condition(attribute: "country", op: .in, values: ["ZZ"])])
        export.segments.append(never)
        export.placements = [
            Placement(id: "no-audience", audiences: [Audience(name: "Nobody", priority: 0, segmentIDs: ["never"], versionID: "v1", variations: [
                Variation(variationID: "a", contentKey: export.paywalls[0].id, weight: 100),
            ])]),
            Placement(id: "no-variation", audiences: [Audience(name: "All Users", priority: 0, segmentIDs: [], versionID: "v2", variations: [])]),
            Placement(id: "dangling", audiences: [Audience(name: "All Users", priority: 0, segmentIDs: [], versionID: "v3", variations: [
                Variation(variationID: "b", contentKey: "no-such-paywall", weight: 100),
            ])]),
        ]
        try fixture.publish(export, as: "built-in-code", contentHash: String(repeating: "cd", count: 32))
        let outcomes = try Self.compare(fixture, count: 600, seed: 3)
        for outcome in ["noAudience", "noVariation", "inconsistent", "paywall"] {
            #expect(outcomes[outcome, default: 0] > 0, "no \(outcome) among \(outcomes)")
        }
    }

    /// A flow whose paywalls' products have prices per country (a model built in code: vendor files carry
    /// none): the country decides its bundle, and the compiled snapshot, which keeps flows' bundles,
    /// answers each country as the store does.
    @Test func aFlowsPricesFollowTheCountry() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json")
        var export = try PublishedFixture.decode("Tests/Fixtures/adapty-fallback/format-11.json")
        export.products = export.products.map { product in
            var priced = product
            priced.prices = [Price(country: "US", currency: "USD", amount: "9.99"), Price(country: "BR", currency: "BRL", amount: "49.90")]
            return priced
        }
        try fixture.publish(export, as: "priced", contentHash: String(repeating: "ef", count: 32))
        let resolver = PaywallResolver(store: fixture.store)
        let compiled = try CompiledSnapshots(store: fixture.store, snapshots: fixture.store.currentSnapshots())
        var bundles: [String?: Answer] = [:]
        for country in ["US", "BR", nil, "br", "US"] {
            let request = ResolutionRequest(placementID: "sleep", locales: ["pt-BR"], context: UserContext(country: country), profileID: "p1",
                                            source: "priced")
            let expected = Answer { () throws(ResolutionError) in try resolver.resolve(request) }
            #expect(Answer(bytes: { () throws(ResolutionError) in try compiled.bundleBytes(request) }, explanation: expected.explanation) == expected,
                    "country \(country ?? "none")")
            bundles[country] = expected
        }
        #expect(bundles["US"] != bundles["BR"] && bundles["BR"] == bundles["br"], "the country does not show in the flow's bundle")
    }

    @Test func noSnapshotAtAllIsTheSameError() throws {
        let fixture = try PublishedFixture("sync-config/sample-export.json")
        let empty = try PaywallStore.open(at: fixture.directory + "/empty", create: true)
        let request = ResolutionRequest(placementID: "onboarding")
        let expected = Answer { () throws(ResolutionError) in try PaywallResolver(store: empty).resolve(request) }
        #expect(expected == .failure("noSnapshot: \(PaywallStore.noSnapshotMessage)"))
        #expect(Answer { () throws(ResolutionError) in try CompiledSnapshots([]).resolve(request) } == expected)
        #expect(Answer(bytes: { () throws(ResolutionError) in try CompiledSnapshots([]).bundleBytes(request) }, explanation: []) == expected)
    }
}
