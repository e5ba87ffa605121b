import Foundation
import LocaleKit
import PaywallModel
@testable import PaywallResolver
import PaywallStore
import Testing

/// Placements that show flows and onboardings (docs/contracts.md), resolved over a real store holding the format
/// 11 fixture: the A/B draw as for paywalls, a flow's languages chosen by the locale engine, an
/// onboarding's Accept-Language.
@Suite final class FlowAndOnboardingResolutionTests {
    let fixture: PublishedFixture

    init() throws {
        fixture = try PublishedFixture("Tests/Fixtures/adapty-fallback/format-11.json")
    }

    func resolve(_ placement: String, _ locales: [String], profile: String? = nil) throws -> ResolvedBundle {
        try PaywallResolver(store: fixture.store).resolve(ResolutionRequest(placementID: placement, locales: locales, profileID: profile))
    }

    func flow(_ bundle: ResolvedBundle) throws -> ResolvedFlow {
        guard case let .flow(flow) = bundle.shown else { throw ResolutionError.inconsistent("not a flow: \(bundle.kind)") }
        return flow
    }

    @Test func aFlowDrawsLikeAPaywallAndNamesItsVariation() throws {
        // Weights 40 (fv-b) then 60 (fv-a): bucket 79 of profile u1 falls in fv-a, bucket 27 of u3 in fv-b.
        #expect(VariationDraw.bucket(versionID: "pav-sleep", profileID: "u1") == 79)
        #expect(VariationDraw.bucket(versionID: "pav-sleep", profileID: "u3") < 40)
        #expect(try resolve("sleep", ["en"], profile: "u1").variation.variationID == "fv-a")
        #expect(try resolve("sleep", ["en"], profile: "u3").variation.variationID == "fv-b")
        // Without a profile, the heaviest.
        let bundle = try resolve("sleep", ["de"])
        #expect(bundle.kind == .flow)
        #expect(try flow(bundle).flow.id == "flow-sleep")
        guard case let .object(json) = bundle.json(), case let .object(flowJSON)? = json["flow"] else {
            Issue.record("no flow object")
            return
        }
        #expect(json.keys == ["kind", "placementId", "audience", "variationId", "flow", "locale", "remoteConfig", "paywalls", "layouts",
                              "grids", "snapshot"])
        #expect(json["kind"] == .string("flow"))
        #expect(flowJSON == JSONObject(["id": .string("flow-sleep"), "name": .string("Sleep onboarding flow"), "versionId": .string("fver-7"),
                                        "variationName": .string("Long copy")]))
    }

    @Test func aFlowGivesTheRemoteConfigOfTheBestLanguageAndMergesEachLayout() throws {
        let bundle = try resolve("sleep", ["de-AT", "en"])
        let resolved = try flow(bundle)
        #expect(bundle.localeMatch.matched == "de")
        #expect(bundle.localeMatch.outcome == .fallback)
        #expect(resolved.remoteConfig?.locale == "de")
        let phone = try #require(resolved.layouts.first)
        #expect(phone.id == "lay-phone")
        #expect(phone.content.strings == JSONObject(["title": .string("Heute besser schlafen"), "cta": .string("Weiter"),
                                                     "terms": .string("Cancel anytime")]))
        #expect(phone.content.stringLocales == JSONObject(["title": .string("de"), "cta": .string("de"), "terms": .string("en")]))
        let tablet = try #require(resolved.layouts.last)
        #expect(tablet.content.stringLocales == JSONObject(["title": .string("de"), "cta": .string("en")]))
        #expect(bundle.explanation.contains("layout lay-phone: strings merged from de, en"))
    }

    @Test func aLanguageWithLayoutStringsButNoRemoteConfigFallsBackPerPart() throws {
        // zh-TW: the layouts have Traditional Chinese, the remote configs do not: the default's config.
        let bundle = try resolve("sleep", ["zh-TW"])
        let resolved = try flow(bundle)
        #expect(bundle.localeMatch.matched == "zh-Hant")
        #expect(resolved.remoteConfig?.locale == "en")
        #expect(resolved.layouts.first?.content.strings["title"] == .string("今晚睡得更好"))
        #expect(resolved.layouts.first?.content.stringLocales["cta"] == .string("en"))
        // pt-PT walks pt-PT -> pt: the layout's pt; pt stands for Brazilian Portuguese, whose config exists.
        let portuguese = try flow(try resolve("sleep", ["pt-PT"]))
        #expect(portuguese.layouts.first?.content.stringLocales["title"] == .string("pt"))
        #expect(portuguese.remoteConfig?.locale == "pt-BR")
    }

    @Test func aSilentArabicLayoutIsRightToLeftThoughItsDefaultSaysOtherwise() throws {
        // lay-phone's `en` says is_right_to_left false; its `ar` says nothing.
        let resolved = try flow(try resolve("sleep", ["ar-EG"]))
        #expect(resolved.layouts.first?.content.stringLocales["title"] == .string("ar"))
        #expect(resolved.layouts.first?.content.isRightToLeft == true)
        #expect(resolved.layouts.last?.content.isRightToLeft == false)
    }

    @Test func aFlowsPaywallsCarryTheirProducts() throws {
        let resolved = try flow(try resolve("sleep", ["en"]))
        #expect(resolved.paywalls.map(\.paywall.paywallID) == ["pw-yearly", "pw-weekly"])
        #expect(resolved.paywalls.map { $0.products.map(\.vendorProductID) } == [["app.premium.yearly", "app.premium.weekly"], ["app.premium.weekly"]])
        // The vendor's files carry no prices or titles.
        #expect(resolved.paywalls.flatMap(\.products).allSatisfy { $0.price == nil && $0.localizedTitle == nil })
    }

    @Test func anOnboardingNamesTheLanguageToAskTheBuilderFor() throws {
        let bundle = try resolve("welcome", ["pt_BR", "en"], profile: "u1")
        guard case let .onboarding(onboarding) = bundle.shown else {
            Issue.record("not an onboarding: \(bundle.kind)")
            return
        }
        #expect(onboarding.acceptLanguage == "pt-BR")
        #expect(bundle.localeMatch.matched == "en")
        guard case let .object(json) = bundle.json() else { return }
        #expect(json.keys == ["kind", "placementId", "audience", "variationId", "onboarding", "locale", "remoteConfig", "snapshot"])
        let expectedID = VariationDraw.bucket(versionID: "pav-welcome-2", profileID: "u1") < 50 ? "onb-1" : "onb-2"
        #expect(json["onboarding"] == .object(JSONObject([
            "id": .string(expectedID), "name": .string(expectedID == "onb-1" ? "Welcome A" : "Welcome B"),
            "configUrl": .string("https://builder.example.com/onb/\(expectedID)"), "acceptLanguage": .string("pt-BR"),
        ])))
        // Without a usable preference, the builder's own language.
        guard case let .onboarding(fallback) = try resolve("welcome", ["english"]).shown else { return }
        #expect(fallback.acceptLanguage == "en")
    }

    @Test func aPlacementWithNoVariationHasNothingToShow() {
        #expect(throws: ResolutionError.self) { try self.resolve("promo.été", ["en"]) }
        do {
            _ = try resolve("promo.été", ["en"])
        } catch let error as ResolutionError {
            #expect(error.description == "placement 'promo.été' has no variation for audience 'All Users': the export lists nothing to show there")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
