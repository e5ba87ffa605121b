import Foundation
import LocaleKit
import PaywallModel
import Testing

/// The vendor's fallback files (SPEC §4.2): the hand-made sample in sync-config/ and the small fixtures
/// in Tests/Fixtures/adapty-fallback read into the model; broken ones are in the invalid-export corpus.
@Suite struct AdaptyFallbackDecoderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func decode(_ path: String, format: ExportDecoder.Format = .auto) throws -> PaywallExport {
        let data = try Data(contentsOf: root.appendingPathComponent(path))
        return try data.withUnsafeBytes { bytes throws(InvalidExport) in
            try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes, format: format)
        }
    }

    static func decode(text: String) -> Result<PaywallExport, InvalidExport> {
        Array(text.utf8).withUnsafeBytes { bytes in
            Result { () throws(InvalidExport) in try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes) }
        }
    }

    /// The smallest fallback file: one placement, one remote-config paywall.
    static func minimalFile(version: String = "9", createdAt: String = "1795953600000") -> String {
        """
        {"data": {"main": {"data": [{"variation_id": "v", "paywall_id": "pw", "paywall_name": "Main", "weight": 100,
            "products": [], "remote_config": {"lang": "en", "data": "{}"}}],
          "meta": {"placement": {"developer_id": "main", "audience_name": "All Users",
            "placement_audience_version_id": "a1", "revision": 1, "ab_test_name": null}}}},
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
        #expect(onboarding.variations.map(\.paywallID) == ["2f0c4d3f-c69c-4872-b542-ac94c5444d01", "230c28cb-c46b-48ce-8761-5381d677cc9d"])
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
        #expect(settings.productIDs == ["e5bb2c82-0d47-40fe-8a0e-f5b0c39b499e", "3d1618e0-2e3d-413e-a854-a65637b439cb",
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

    @Test func format10ReadsViewConfigurationsFromTheUIBuilderMap() throws {
        let export = try Self.decode("Tests/Fixtures/adapty-fallback/format-10.json")
        #expect(export.format == .adaptyFallback(version: 10))
        #expect(export.placements.map(\.id) == ["onboarding", "promo.black_friday"])
        #expect(export.placements.first?.audiences.first?.variations.map(\.weight) == [70, 30])
        #expect(export.revision == 21)
        #expect(export.paywalls.map(\.id) == ["pw-hero", "pw-plain"])
        #expect(export.products.map(\.id) == ["prod-yearly", "prod-weekly"])
        let hero = try #require(export.paywalls.first)
        #expect(hero.view?.assets.keys == ["hero_video"])
        #expect(hero.localizations.map(\.locale) == ["en", "he"])
        #expect(hero.localizations.last?.isRightToLeft == true)
        #expect(hero.localizations.first?.strings["title"] == .string("Welcome"))
        let plain = try #require(export.paywalls.last)
        #expect(plain.view == nil)
        #expect(plain.localizations.first?.remoteConfig == .array([.number("1"), .number("2"), .number("3")]))
    }

    @Test func format11MergesRemoteConfigsAndBuilderLocalizationsPerLocale() throws {
        let export = try Self.decode("Tests/Fixtures/adapty-fallback/format-11.json")
        #expect(export.format == .adaptyFallback(version: 11))
        #expect(export.exportedAt == "2026-12-01T09:30:00Z")
        #expect(export.placements.map(\.id) == ["settings", "locked.feature"])
        #expect(export.placements.allSatisfy { $0.audiences.map(\.name) == ["Returning users"] && $0.audiences[0].isDefault })
        #expect(export.products.map(\.id) == ["prod-monthly"])
        let settings = try Self.paywall(export, named: "Settings upsell")
        #expect(settings.defaultLocale == "en")
        #expect(settings.localizations.map(\.locale) == ["en", "de", "pt-br", "ja", "zh-Hant"])
        let german = try #require(settings.localizations.first { $0.locale == "de" })
        #expect(german.remoteConfig?.rendered() == #"{"headline":"Upgraden"}"#)
        #expect(german.strings.keys == ["cta"])
        #expect(settings.localizations.first { $0.locale == "ja" }?.strings.keys == [])
        #expect(settings.localizations.last?.remoteConfig == nil)
        let locked = try Self.paywall(export, named: "Locked feature")
        #expect(locked.localizations.map(\.locale) == ["es", "fr"])
        #expect(locked.defaultLocale == "es")
    }

    @Test(arguments: [("0", "1970-01-01T00:00:00Z"), ("951782400000", "2000-02-29T00:00:00Z"),
                      ("1709251199001", "2024-02-29T23:59:59.001Z"), ("1795953600000", "2026-11-29T12:00:00Z"),
                      ("253402300799999", "9999-12-31T23:59:59.999Z"), (#""2026-11-29T12:00:00+02:00""#, "2026-11-29T12:00:00+02:00")])
    func creationTimesBecomeISO8601(_ createdAt: String, _ expected: String) throws {
        let export = try Self.decode(text: Self.minimalFile(createdAt: createdAt)).get()
        #expect(export.exportedAt == expected)
    }

    @Test(arguments: ["-1", "253402300800000", "1.5e12", #""yesterday""#])
    func impossibleCreationTimesAreRefused(_ createdAt: String) {
        guard case let .failure(invalid) = Self.decode(text: Self.minimalFile(createdAt: createdAt)) else {
            Issue.record("\(createdAt) was accepted")
            return
        }
        #expect(invalid.issues.map(\.pointer.description) == ["/meta/response_created_at"])
    }

    @Test(arguments: 8...11)
    func everySupportedVersionReads(_ version: Int) throws {
        let export = try Self.decode(text: Self.minimalFile(version: String(version))).get()
        #expect(export.format == .adaptyFallback(version: version))
        // Format 11 reads `remote_configs`, so the older `remote_config` leaves an empty `en` localization.
        #expect(export.paywalls.first?.localizations.map(\.locale) == ["en"])
        #expect(export.paywalls.first?.localizations.first?.remoteConfig == (version < 11 ? .object(JSONObject()) : nil))
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
            + #""meta": {"placement": {"developer_id": "main", "placement_audience_version_id": "a1", "revision": 1}}}"#
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
