import FixtureSupport
import Foundation
import LocaleKit
import PaywallModel
import Testing

/// The vendor's fallback files (docs/formats.md): the hand-made sample in sync-config/ and the small fixtures
/// in Tests/Fixtures/adapty-fallback read into the model; broken ones are in the invalid-export corpus.
@Suite struct AdaptyFallbackDecoderTests {
    static func decode(_ path: String, format: ExportDecoder.Format = .auto) throws -> PaywallExport {
        let data = try Data(contentsOf: Repository.file(path))
        return try data.withUnsafeBytes { bytes throws(InvalidExport) in
            try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes, format: format)
        }
    }

    static func decode(text: String) -> Result<PaywallExport, InvalidExport> {
        Array(text.utf8).withUnsafeBytes { bytes in
            Result { () throws(InvalidExport) in try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes) }
        }
    }

    /// The smallest fallback file: one placement showing one onboarding, which every version has.
    static func minimalFile(version: String = "9", createdAt: String = "1795953600000") -> String {
        """
        {"data": {"main": {"data": [{"variation_id": "v", "onboarding_id": "ob", "onboarding_name": "Main", "weight": 100,
            "onboarding_builder": {"config_url": "https://builder.example.com/ob", "lang": "en"}, "remote_config": {"lang": "en", "data": "{}"}}],
          "meta": {"placement": {"developer_id": "main", "audience_name": "All Users", "is_tracking_purchases": true,
            "placement_audience_version_id": "a1", "revision": 1, "ab_test_name": ""}}}},
         "meta": {"version": \(version), "response_created_at": \(createdAt), "developer_ids": ["main"]}}
        """
    }

    static func paywall(_ export: PaywallExport, named name: String) throws -> Paywall {
        try #require(export.paywalls.first { $0.name == name })
    }

    @Test func theSampleFileReadsCompletely() throws {
        let export = try Self.decode("sync-config/sample-adapty-fallback-v9.json")
        #expect(export.format == .adaptyFallback(version: 9))
        #expect(export.appID == "adapty-fallback")
        #expect(export.revision == 12)
        #expect(export.exportedAt == "2026-11-29T12:00:00Z")
        #expect(export.defaultLocale == "en")
        #expect(export.segments.isEmpty)
        #expect(export.placements.map(\.id) == ["onboarding", "com.lumenlabs.settings.v2", "locked_feature"])
        for placement in export.placements {
            let audience = try #require(placement.audiences.first)
            #expect(placement.audiences.count == 1)
            #expect(audience.name == "All Users" && audience.isDefault && audience.priority == 0)
        }
        let onboarding = try #require(export.placements.first?.audiences.first)
        #expect(onboarding.versionID == "15d61242-0f7a-4e0f-a0e1-432eef90f17b")
        #expect(onboarding.variations.map(\.weight) == [50, 50])
        #expect(onboarding.variations.map(\.contentKey) == ["2f0c4d3f-c69c-4872-b542-ac94c5444d01", "230c28cb-c46b-48ce-8761-5381d677cc9d"])
        #expect(export.paywalls.map(\.name) == ["Onboarding · Hero video", "Onboarding · Trial timeline", "Settings · Upgrade sheet",
                                                "Locked feature · Deep Sleep"])
        #expect(export.products.map(\.vendorProductID) == ["lumen.premium.yearly.trial7d", "lumen.premium.monthly.trial7d",
                                                           "lumen.premium.weekly", "lumen.premium.quarterly"])
        #expect(export.products.allSatisfy { $0.period == nil && $0.prices.isEmpty && $0.titles.isEmpty && $0.accessLevelID == "premium" })
    }

    @Test func theSamplePaywallsKeepTheirLocalesStringsAndViews() throws {
        let export = try Self.decode("sync-config/sample-adapty-fallback-v9.json")
        let settings = try Self.paywall(export, named: "Settings · Upgrade sheet")
        #expect(settings.defaultLocale == "en")
        #expect(settings.localizations.map(\.locale) == ["en", "pt-br"])
        #expect(settings.productKeys == ["e5bb2c82-0d47-40fe-8a0e-f5b0c39b499e", "3d1618e0-2e3d-413e-a854-a65637b439cb",
                                        "3b039559-bb90-43f2-9246-a5cf66949273"])
        let english = try #require(settings.localizations.first)
        #expect(english.isRightToLeft == false)
        #expect(english.strings.keys == ["title", "subtitle", "cta", "manage"])
        guard case let .array(items)? = english.strings["cta"] else {
            Issue.record("the rich-text cta is not kept as an array")
            return
        }
        #expect(items.count == 3)
        #expect(english.remoteConfig?.rendered() == #"{"sheet_height":0.72,"show_manage_subscription":true,"upsell":{"from":"monthly","to":"yearly","savings_percent":58}}"#)
        let portuguese = try #require(settings.localizations.last)
        #expect(portuguese.remoteConfig == nil)
        #expect(portuguese.strings.keys == ["title", "cta"])
        let view = try #require(settings.view)
        #expect(view.templateID == "basic")
        #expect(view.assets.keys == ["hero_image", "color_background", "color_accent", "font_body"])
        #expect(view.assets["color_accent"] == .object(JSONObject(["id": .string("color_accent"), "type": .string("color"), "value": .string("#5B3FE0FF")])))
        #expect(view.customActions == ["open_manage_subscription"])

        let locked = try Self.paywall(export, named: "Locked feature · Deep Sleep")
        #expect(locked.view == nil)
        #expect(locked.localizations.map(\.locale) == ["en"])
        if case let .object(config)? = locked.localizations.first?.remoteConfig, case let .object(feature)? = config["locked_feature"] {
            #expect(feature["body"] == .string(#"Unlock "Deep Sleep" stories and 500+ meditations."#))
            #expect(config["experiments"] == .null)
        } else {
            Issue.record("the remote config of the locked feature is not an object")
        }
    }

    @Test func format8ReadsBuilderLocalizationsAndVendorOnlyProducts() throws {
        let export = try Self.decode("Tests/Fixtures/adapty-fallback/format-8.json")
        #expect(export.format == .adaptyFallback(version: 8))
        #expect(export.exportedAt == "2026-11-29T12:00:00.123Z")
        #expect(export.placements.first?.audiences.first?.name == "All Users")
        #expect(export.products.map(\.id) == ["5a0b7c9e-1d2f-4e3a-8b4c-6d7e8f9a0b1c", "app.pro.lifetime"])
        #expect(export.products.map(\.accessLevelID) == ["pro", nil])
        let paywall = try #require(export.paywalls.first)
        #expect(paywall.localizations.map(\.locale) == ["en", "ar"])
        #expect(paywall.localizations.map(\.isRightToLeft) == [false, true])
        #expect(paywall.localizations.first?.remoteConfig?.rendered() == #"{"title":"Go Pro","price_scale":1.50}"#)
        #expect(paywall.localizations.last?.assets.keys == ["hero_image"])
        #expect(paywall.view?.templateID == "transparent")
        #expect(paywall.view?.customActions == ["open_faq"])
    }

    @Test func theVendorsOwnFormat8FileReadsWithItsOnboardings() throws {
        let export = try Self.decode("Tests/Fixtures/adapty-fallback/vendor-ios-v8.json")
        #expect(export.format == .adaptyFallback(version: 8))
        #expect(export.placements.count == 29)
        let onboardingPlacements = export.placements.filter { $0.kind == .onboarding }.map(\.id)
        #expect(onboardingPlacements == ["TestLera", "TestLera2", "evg", "evg2", "evg3", "mirazim-test"])
        #expect(export.placements.filter { $0.kind == .paywall }.count == 23)
        #expect(export.flows.isEmpty)
        // One paywall sells the monthly product with a promotional offer the other does not have.
        #expect(export.warnings.map(\.description) == [
            "/data/access.or.subscribe/data/1/products/1: product '02e463b3-164e-4d2a-98a7-84d1177196f2' differs from the product of the same id "
                + "at /data/access.or.subscribe/data/0/products/1: each keeps its own, as '02e463b3-164e-4d2a-98a7-84d1177196f2~2'",
        ])
        // TestLera and TestLera2 show the same onboarding: it is kept once.
        #expect(export.onboardings.count == Set(export.placements.filter { $0.kind == .onboarding }
            .flatMap { $0.audiences.flatMap(\.variations).map(\.contentKey) }).count)
        let lera = try #require(export.onboardings.first { $0.id == "f678a5a6-61c1-4d56-b5c2-dc099524cee9" })
        #expect(lera.name == "TestLera")
        #expect(lera.configURL == "https://6a05c988-5306-43e7-aec3-c401b8cbc953.octopusbuilder.com/e71d84af-0c60-426c-8023-abbcae2941ea")
        #expect(lera.builderLocale == "en")
        #expect(lera.remoteConfig == nil)
        let paywallIDs = Set(export.paywalls.map(\.id))
        for placement in export.placements where placement.kind == .paywall {
            #expect(placement.audiences[0].variations.allSatisfy { paywallIDs.contains($0.contentKey) }, "\(placement.id)")
        }
    }

    @Test func format11ReadsFlowsWithEveryLanguageTheirPaywallsAndLayouts() throws {
        let export = try Self.decode("Tests/Fixtures/adapty-fallback/format-11.json")
        #expect(export.format == .adaptyFallback(version: 11))
        #expect(export.placements.map(\.id) == ["sleep", "welcome", "promo.été"])
        #expect(export.placements.map(\.kind) == [.flow, .onboarding, .flow])
        #expect(export.paywalls.isEmpty)
        let sleep = try #require(export.placements.first?.audiences.first)
        #expect(sleep.variations == [Variation(variationID: "fv-a", contentKey: "flow-sleep", weight: 60, name: "Long copy"),
                                     Variation(variationID: "fv-b", contentKey: "flow-sleep-short", weight: 40)])
        let flow = try #require(export.flows.first)
        #expect(flow.id == "flow-sleep" && flow.name == "Sleep onboarding flow" && flow.versionID == "fver-7")
        #expect(flow.remoteConfigs.map(\.locale) == ["en", "de", "pt-BR", "ar"])
        #expect(flow.remoteConfigs[1].document.rendered() == #"{"cta":"Los geht's","trial_days":7}"#)
        #expect(flow.paywalls.map(\.paywallID) == ["pw-yearly", "pw-weekly"])
        #expect(flow.paywalls.map(\.webPurchaseURL) == ["https://pay.example.com/yearly", nil])
        #expect(flow.paywalls.map(\.productKeys) == [["prod-yearly", "prod-weekly"], ["prod-weekly"]])
        #expect(export.products.map(\.id) == ["prod-yearly", "prod-weekly"])
        #expect(export.products.map(\.accessLevelID) == ["premium", "premium"])
        #expect(flow.layouts.map(\.id) == ["lay-phone", "lay-tablet"])
        #expect(flow.layouts.map(\.defaultLocale) == ["en", "en"])
        let phone = try #require(flow.layouts.first)
        #expect(phone.localizations.map(\.locale) == ["en", "de", "pt", "pt-BR", "ar", "zh-Hant"])
        #expect(phone.localizations[1].strings.keys == ["title", "cta"])
        #expect(phone.localizations.map(\.isRightToLeft) == [false, nil, nil, nil, nil, nil])
        #expect(flow.grids?.rendered() == #"[{"platforms":"all","devices":["phone","tab"],"custom_id":null,"h_breakpoints":[600],"cells":[0,1]}]"#)
        #expect(flow.locales == ["en", "de", "pt-BR", "ar", "pt", "zh-Hant"])
        #expect(flow.defaultLocale == "en")
        #expect(export.flows.last?.layouts.map(\.id) == ["lay-short"])
    }

    @Test func format10KeysAFlowsUISchemaByItsVersionID() throws {
        let export = try Self.decode("Tests/Fixtures/adapty-fallback/format-10.json")
        #expect(export.format == .adaptyFallback(version: 10))
        #expect(export.revision == 21)
        #expect(export.placements.map(\.kind) == [.flow, .onboarding])
        #expect(export.flows.map { $0.layouts.map(\.id) } == [["fver-7"], ["fver-8"]])
        #expect(export.flows.allSatisfy { $0.grids == nil })
        #expect(export.flows.first?.layouts.first?.localizations.count == 6)
        #expect(export.placements.first?.audiences.first?.variations.map(\.name) == [nil, nil])
    }

    @Test func onboardingsKeepTheirBuilderAndRemoteConfig() throws {
        let export = try Self.decode("Tests/Fixtures/adapty-fallback/format-11.json")
        #expect(export.onboardings == [
            Onboarding(id: "onb-1", name: "Welcome A", configURL: "https://builder.example.com/onb/onb-1", builderLocale: "en",
                       remoteConfig: RemoteConfig(locale: "en", document: .object(JSONObject(["skip_button": .bool(false)])))),
            Onboarding(id: "onb-2", name: "Welcome B", configURL: "https://builder.example.com/onb/onb-2", builderLocale: "en", remoteConfig: nil),
        ])
        #expect(export.placements[1].audiences[0].variations.map(\.weight) == [50, 50])
    }

    @Test func aPlacementWithNoVariationImportsWithAWarning() throws {
        let export = try Self.decode("Tests/Fixtures/adapty-fallback/format-11.json")
        let empty = try #require(export.placements.last)
        #expect(empty.id == "promo.été")
        #expect(empty.audiences.map(\.variations.isEmpty) == [true])
        #expect(export.warnings.map(\.description) == ["/data/promo.été/data: placement 'promo.été' has no variation: it is kept, and resolving it finds nothing"])
    }

    @Test(arguments: [("0", "1970-01-01T00:00:00Z"), ("951782400000", "2000-02-29T00:00:00Z"),
                      ("1709251199001", "2024-02-29T23:59:59.001Z"), ("1795953600000", "2026-11-29T12:00:00Z"),
                      ("253402300799999", "9999-12-31T23:59:59.999Z")])
    func creationTimesBecomeISO8601(_ createdAt: String, _ expected: String) throws {
        let export = try Self.decode(text: Self.minimalFile(createdAt: createdAt)).get()
        #expect(export.exportedAt == expected)
    }

    /// The vendor's SDKs read epoch milliseconds only: a file with a date written out does not load.
    @Test(arguments: [("-1", "-1 is out of range 0...253402300799999"), ("253402300800000", "253402300800000 is out of range 0...253402300799999"),
                      ("1.5e12", "expected an integer, found 1.5e12"), (#""yesterday""#, "expected epoch milliseconds (an integer), found a string"),
                      (#""2026-11-29T12:00:00+02:00""#, "expected epoch milliseconds (an integer), found a string")])
    func impossibleCreationTimesAreRefused(_ createdAt: String, _ problem: String) {
        guard case let .failure(invalid) = Self.decode(text: Self.minimalFile(createdAt: createdAt)) else {
            Issue.record("\(createdAt) was accepted")
            return
        }
        #expect(invalid.issues.map(\.description) == ["/meta/response_created_at: \(problem)"])
    }

    @Test(arguments: 8...11)
    func everySupportedVersionReads(_ version: Int) throws {
        let export = try Self.decode(text: Self.minimalFile(version: String(version))).get()
        #expect(export.format == .adaptyFallback(version: version))
        #expect(export.placements.map(\.kind) == [.onboarding])
        #expect(export.onboardings.first?.remoteConfig == RemoteConfig(locale: "en", document: .object(JSONObject())))
    }

    @Test(arguments: [7, 12, -1])
    func otherVersionsAreRefusedAtOnce(_ version: Int) {
        guard case let .failure(invalid) = Self.decode(text: Self.minimalFile(version: String(version))) else {
            Issue.record("version \(version) was accepted")
            return
        }
        #expect(invalid.issues.map(\.description) == ["/meta/version: unsupported fallback format version \(version) (this build reads 8 to 11)"])
    }

    @Test func placementKeysThatAreNotIDsAreNamedEscapedAndShort() {
        let variations = #"{"data": [], "meta": {"placement": {}}}"#
        let text = #"{"data": {"": \#(variations), "\#(String(repeating: "a", count: 300))": \#(variations), "tab\there": \#(variations)}, "#
            + #""meta": {"version": 9, "response_created_at": 0}}"#
        guard case let .failure(invalid) = Self.decode(text: text) else {
            Issue.record("accepted")
            return
        }
        #expect(invalid.issues.map(\.description) == [
            #"/data: placement id "": must not be empty"#,
            #"/data: placement id "\#(String(repeating: "a", count: 64))…": longer than 256 bytes"#,
            #"/data: placement id "tab\there": contains a control character"#,
        ])
    }

    @Test func aPlacementKeyWrittenTwiceIsRefused() {
        let placement = #"{"data": [{"variation_id": "v", "paywall_id": "pw", "paywall_name": "Main", "weight": 100, "products": []}], "#
            + #""meta": {"placement": {"developer_id": "main", "audience_name": "All Users", "placement_audience_version_id": "a1", "revision": 1, "#
            + #""ab_test_name": ""}}}"#
        let text = #"{"data": {"main": \#(placement), "main": \#(placement)}, "meta": {"version": 9, "response_created_at": 0}}"#
        guard case let .failure(invalid) = Self.decode(text: text) else {
            Issue.record("accepted")
            return
        }
        #expect(invalid.issues.map(\.description) == ["/data: duplicate placement id 'main'"])
    }

    @Test func anExplicitFormatThatTheContentContradictsIsRefused() throws {
        #expect(throws: InvalidExport(issues: [ValidationIssue(JSONPointer(tokens: ["format"]),
                                                               #"expected a vendor fallback file, found a "paywall-export" document"#)], truncated: false)) {
            try Self.decode("Tests/Fixtures/minimal-export.json", format: .adaptyFallback)
        }
        #expect(throws: InvalidExport(issues: [ValidationIssue(.root, #"expected a "paywall-export" document, found a vendor fallback file ("data" and "meta", no "format")"#)],
                                      truncated: false)) {
            try Self.decode("sync-config/sample-adapty-fallback-v9.json", format: .paywallExport)
        }
        #expect(try Self.decode("sync-config/sample-adapty-fallback-v9.json", format: .adaptyFallback).placements.count == 3)
        #expect(try Self.decode("Tests/Fixtures/minimal-export.json", format: .paywallExport).format == .paywallExport(version: 1))
    }
}
