import Foundation
import LocaleKit
import PaywallModel
@testable import PaywallResolver
import PaywallStore
import Testing

/// The resolver over a real store: the sample decoded by `ExportDecoder`, published into a SQLite
/// `PaywallStore` in a temporary directory, resolved through the public API (no CLI).
@Suite final class ResolverIntegrationTests {
    let fixture: PublishedFixture

    init() throws {
        fixture = try PublishedFixture("sync-config/sample-export.json")
    }

    var store: PaywallStore { fixture.store }
    var snapshot: SnapshotInfo { fixture.snapshot }

    var resolver: PaywallResolver { PaywallResolver(store: store) }

    static func dictionary(_ object: JSONObject) -> [String: String] {
        var result: [String: String] = [:]
        for member in object.members {
            if case let .string(text) = member.value { result[member.key] = text }
        }
        return result
    }

    @Test func brazilianUserGetsTheLusophoneAudienceInPortuguese() throws {
        let bundle = try resolver.resolve(ResolutionRequest(placementID: "onboarding", locales: ["pt_BR"], context: UserContext(country: "BR")))
        #expect(bundle.placementID == "onboarding")
        #expect(bundle.audience.name == "Brazil & Portugal")
        #expect(bundle.audience.versionID == "65651d90-7c6f-4779-8347-63cd7eac47f5")
        #expect(bundle.matchedSegments == ["lusophone"])
        #expect(bundle.variation == Variation(variationID: "cd0d359e-2fa5-45a2-9167-cdcbcea97a9b", contentKey: "pw_onboarding_hero", weight: 100))
        #expect(bundle.paywall?.paywall.id == "pw_onboarding_hero")
        #expect(bundle.paywall?.paywall.name == "Onboarding · Hero video")
        #expect(bundle.paywall?.paywall.locales == ["en", "pt-br", "pt", "zh-hant", "zh", "es-419", "es", "de", "ar", "ja"])
        #expect(bundle.requestedLocales == ["pt_BR"])
        #expect(bundle.localeMatch.matched == "pt-br")
        #expect(bundle.localeMatch.outcome == .exact)
        #expect(bundle.localeMatch.chain == ["pt-BR", "pt", "en"])
        #expect(bundle.localeMatch.mode == .cldr)
        #expect(Self.dictionary(bundle.paywall?.content.stringLocales ?? JSONObject()) == [
            "title": "pt-br", "subtitle": "pt-br", "feature_1": "pt-br", "feature_2": "pt-br", "feature_3": "pt-br",
            "badge": "pt-br", "cta": "pt-br", "restore": "pt", "terms": "en",
        ])
        #expect(bundle.paywall?.content.strings["restore"] == .string("Restaurar compras"))
        #expect(bundle.paywall?.content.strings["badge"] == (try JSONParser.parse(#"[{"text": "Economize ", "attributes": {}}, {"text": "50%", "attributes": {"bold": true}}]"#)))
        #expect(bundle.paywall?.content.remoteConfigLocale == "pt-br")
        #expect(bundle.paywall?.content.assets["hero_image"] == .string("https://cdn.lumenlabs.app/paywalls/hero-night-br.jpg"))
        #expect(bundle.paywall?.content.isRightToLeft == false)
        #expect(bundle.paywall?.products.map(\.vendorProductID) == ["lumen.premium.yearly.trial7d", "lumen.premium.monthly.trial7d"])
        #expect(bundle.paywall?.products.map(\.localizedTitle) == ["Premium Anual", "Premium Mensal"])
        #expect(bundle.paywall?.products.map(\.price) == [Price(country: "BR", currency: "BRL", amount: "199.90"),
                                                 Price(country: "BR", currency: "BRL", amount: "49.90")])
        #expect(bundle.snapshot == snapshot)
        #expect(bundle.explanation == [
            "audience 'Apple Ads on app 3.2+' (priority 0): segment 'apple_ads' does not match: attribution_source in [apple_ads], user has none",
            "audience 'Brazil & Portugal' (priority 1): segments lusophone match",
            "no profile id: the heaviest variation",
            "variation cd0d359e-2fa5-45a2-9167-cdcbcea97a9b (weight 100) shows paywall pw_onboarding_hero",
            "locales en, pt-br, pt, zh-hant, zh, es-419, es, de, ar, ja; chain pt-BR -> pt -> en; matched pt-br (exact); strings merged from pt-br, pt, en",
        ])
    }

    /// Bucket computed independently with Python's hashlib for version 680ac797-… and profile-44: 20,
    /// the first bucket of the 30 % trial variation (compare 20 % takes 0...19).
    @Test func aProfileIsBucketedIntoTheABTest() throws {
        let bundle = try resolver.resolve(ResolutionRequest(placementID: "onboarding", locales: ["zh-HK"], profileID: "profile-44"))
        #expect(bundle.audience.name == "All Users")
        #expect(bundle.variation.variationID == "3e3e0895-dedc-4f57-81fe-c7813be84c71")
        #expect(bundle.paywall?.paywall.id == "pw_onboarding_trial")
        #expect(bundle.localeMatch.matched == "zh-hant")
        #expect(bundle.localeMatch.outcome == .fallback)
        #expect(Self.dictionary(bundle.paywall?.content.stringLocales ?? JSONObject()) == [
            "title": "zh-hant", "timeline_today": "zh-hant", "cta": "zh-hant", "skip": "zh-hant",
            "timeline_day_5": "en", "timeline_day_7": "en",
        ])
        #expect(bundle.paywall?.content.remoteConfigLocale == "en")
        #expect(bundle.explanation.contains("bucket 20 of 100 (profile profile-44)"))
        #expect(bundle.explanation.last == "locales en, pt-br, es, de, ja, zh-hant; chain zh-HK -> zh-Hant -> en; matched zh-hant (fallback); strings merged from zh-hant, en")
        // No region with a price (HK), no country: the first price.
        #expect(bundle.paywall?.products.map(\.price?.currency) == ["USD", "USD"])
    }

    @Test func theDefaultAudienceOnlyAndTheVendorsLocaleRule() throws {
        let request = ResolutionRequest(placementID: "locked_feature", locales: ["zh-TW"], mode: .adapty,
                                        context: UserContext(attributes: ["plan": "free"]), defaultAudienceOnly: true)
        let bundle = try resolver.resolve(request)
        #expect(bundle.audience.name == "All Users")
        #expect(bundle.matchedSegments == [])
        #expect(bundle.variation.variationID == "a345be48-e95e-4176-a5eb-84ee9a571d88")
        #expect(bundle.localeMatch.matched == "zh")
        #expect(bundle.localeMatch.mode == .adapty)
        #expect(bundle.paywall?.content.strings["title"] == .string("解锁 Lumen 高级版"))
        #expect(Array(bundle.explanation.prefix(3)) == [
            "audience 'Free plan' (priority 0): skipped, only the default audience was asked for",
            "audience 'Any known plan' (priority 1): skipped, only the default audience was asked for",
            "audience 'All Users' (priority 2): the default audience, matches everyone",
        ])
        // The same request without the flag: the free plan's audience.
        var open = request
        open.defaultAudienceOnly = false
        #expect(try resolver.resolve(open).audience.name == "Free plan")
    }

    @Test func theBundleJSONCarriesTheContract() throws {
        let bundle = try resolver.resolve(ResolutionRequest(placementID: "promo.été", locales: ["ar"], context: UserContext(country: "US")))
        guard case let .object(json) = bundle.json() else {
            Issue.record("the bundle is not a JSON object")
            return
        }
        #expect(json.keys == ["kind", "placementId", "audience", "variationId", "paywallId", "paywallName", "locale", "remoteConfig",
                              "viewConfiguration", "products", "snapshot"])
        #expect(json["kind"] == .string("paywall"))
        #expect(json["placementId"] == .string("promo.été"))
        #expect(json["paywallId"] == .string("pw_onboarding_compare"))
        guard case let .object(view)? = json["viewConfiguration"] else {
            Issue.record("no viewConfiguration object")
            return
        }
        #expect(view["isRightToLeft"] == .bool(true))
        #expect(view["assets"] == (try JSONParser.parse(#"{"background": "https://cdn.lumenlabs.app/paywalls/bg-compare-rtl.png"}"#)))
        #expect(view["templateId"] == .string("flat"))
        #expect(view["timers"] == .array([.string("CUSTOM_TIMER_NY")]))
        #expect(json["snapshot"] == (try JSONParser.parse("""
            {"id": "\(snapshot.key)", "revision": 57, "exportedAt": "2026-11-29T12:00:00Z", "syncedAt": "2026-12-01T08:00:00Z"}
            """)))
        guard case let .array(products)? = json["products"], case let .object(first)? = products.first else {
            Issue.record("no products")
            return
        }
        #expect(first["vendorProductId"] == .string("lumen.premium.yearly.trial7d"))
        #expect(first["localizedTitle"] == .string("بريميوم سنوي"))
        #expect(first["price"] == .number("49.99"))
        #expect(first["currencyCode"] == .string("USD"))
    }

    @Test func errorsNameWhatIsMissing() throws {
        do {
            _ = try resolver.resolve(ResolutionRequest(placementID: "onboarding.v2"))
            Issue.record("an unknown placement resolved")
        } catch let error {
            guard case let .unknownPlacement(id, knownIDs) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(id == "onboarding.v2")
            #expect(knownIDs == ["onboarding", "settings", "locked_feature", "promo.été"])  // export order
        }

        let empty = try PaywallStore.open(at: fixture.directory + "/empty", create: true)
        do {
            _ = try PaywallResolver(store: empty).resolve(ResolutionRequest(placementID: "onboarding"))
            Issue.record("a store without snapshots resolved")
        } catch let error {
            guard case .noSnapshot = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(error.description == "the store has no snapshot yet (run `paywalls import FILE` or `paywalls sync`)")
        }
    }
}

/// How the command line's `--attribute K=V` reads: split at the first `=`, the value may hold more.
@Suite struct AttributeArgumentTests {
    @Test func theKeyEndsAtTheFirstEqualsSign() throws {
        let pair = try ResolutionRequest.attribute("plan=free=x")
        #expect(pair.key == "plan" && pair.value == "free=x")
        #expect(throws: RequestProblem(field: .attribute, value: "=x", expected: "key=value")) { try ResolutionRequest.attribute("=x") }
        #expect(throws: RequestProblem(field: .attribute, value: "plan", expected: "key=value")) { try ResolutionRequest.attribute("plan") }
    }
}
