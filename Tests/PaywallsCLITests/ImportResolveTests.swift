import Foundation
import Testing

/// `paywalls import` of the hand-made sample (sync-config/sample-export.json) into a fresh store, then
/// `paywalls resolve` across locales, checking the bundle of docs/contracts.md field by field.
@Suite final class ImportResolveTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    static let sampleLocales = ["ar", "de", "en", "es", "es-419", "ja", "pt", "pt-br", "zh", "zh-hant"]

    @Test func importPublishesTheSampleAndReimportChangesNothing() throws {
        let before = Date()
        let first = try store.run(["import", TemporaryStore.samplePath])
        let after = Date()
        #expect(first.status == 0)
        let imported = try JSONDocument(first.standardOutput)
        let hash = try Python.valueHash(ofFile: TemporaryStore.samplePath)
        let key = "000001-" + hash.prefix(12)
        #expect(imported.string("status") == "published")
        #expect(imported.string("snapshot") == key)
        #expect(imported.string("source") == "local")
        #expect(imported.string("format") == "paywall-export v1")
        #expect(imported.string("appId") == "com.lumenlabs.sleep")
        #expect(imported.int("revision") == 57)
        #expect(imported.string("exportedAt") == "2026-11-29T12:00:00Z")
        #expect(imported.string("contentHash") == hash)
        #expect(imported.int("placements") == 4)
        #expect(imported.int("paywalls") == 4)
        #expect(imported.int("onboardings") == 0)
        #expect(imported.int("flows") == 0)
        #expect(imported.strings("locales") == Self.sampleLocales)
        #expect(imported.strings("warnings") == [])
        let importedAt = try #require(imported.string("importedAt"))
        let date = try #require(ISO8601DateFormatter().date(from: importedAt), "importedAt \(importedAt) is not ISO 8601")
        #expect(importedAt.hasSuffix("Z"))
        #expect(date >= before.addingTimeInterval(-1) && date <= after.addingTimeInterval(1))
        #expect(first.standardError == "imported \(TemporaryStore.samplePath) as snapshot \(key): 4 placements, 4 paywalls, 0 onboardings, 0 flows\n")
        #expect(FileManager.default.fileExists(atPath: store.databasePath))

        let second = try store.run(["import", TemporaryStore.samplePath])
        #expect(second.status == 0)
        let again = try JSONDocument(second.standardOutput)
        #expect(again.string("status") == "unchanged")
        #expect(again.string("snapshot") == key)
        #expect(again.string("importedAt") == importedAt)
        #expect(again.int("placements") == 4)
        #expect(second.standardError == "\(TemporaryStore.samplePath) is identical to snapshot \(key): nothing published\n")

        let listed = try store.run(["snapshots", "--json"])
        #expect(listed.status == 0)
        let snapshots = try JSONDocument(listed.standardOutput)
        #expect(snapshots.count("") == 1)
        #expect(snapshots.string("0/snapshot") == key)
        #expect(snapshots.string("0/importedAt") == importedAt)
        #expect(snapshots.string("0/contentHash") == hash)
    }

    /// The docs/contracts.md example, on the sample: pt_BR merges pt-br, then pt, then en, string by string.
    @Test func portugueseOfBrazilMergesAlongItsChain() throws {
        let imported = try JSONDocument(try store.importExport().standardOutput)
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "pt_BR"])
        #expect(bundle.string("placementId") == "onboarding")
        #expect(bundle.string("audience/name") == "All Users")
        #expect(bundle.string("audience/versionId") == "680ac797-e2c2-44b9-82df-186914575da5")
        #expect(bundle.strings("audience/matchedSegments") == [])
        // No profile id: the heaviest variation of the 50/30/20 test.
        #expect(bundle.string("variationId") == "69cc8a4d-3f81-428d-964f-51b7afa7b45b")
        #expect(bundle.string("paywallId") == "pw_onboarding_hero")
        #expect(bundle.string("paywallName") == "Onboarding · Hero video")
        #expect(bundle.strings("locale/requested") == ["pt_BR"])
        #expect(bundle.string("locale/matched") == "pt-br")
        #expect(bundle.strings("locale/chain") == ["pt-BR", "pt", "en"])
        #expect(bundle.string("locale/mode") == "cldr")
        #expect(bundle.string("locale/result") == "exact")
        #expect(bundle.canonical("remoteConfig") == (try canonicalJSON("""
            {"headline": "Durma melhor a partir de hoje", "theme": "dark",
             "hero": {"type": "video", "autoplay": true, "loop": true, "muted": true},
             "close_button": {"visible": true, "delay_seconds": 5}, "highlighted_product_index": 0,
             "features": ["meditations", "sleep_stories", "offline", "no_ads"],
             "trial_toggle": {"enabled": true, "default_on": false}}
            """)))
        #expect(bundle.string("viewConfiguration/templateId") == "basic")
        #expect(bundle.canonical("viewConfiguration/strings") == (try canonicalJSON("""
            {"title": "Durma melhor a partir de hoje",
             "subtitle": "Meditações guiadas, histórias para dormir e paisagens sonoras: todo o Lumen, liberado.",
             "feature_1": "Mais de 500 meditações guiadas", "feature_2": "Histórias para dormir narradas com calma",
             "feature_3": "Ouça offline, sem anúncios",
             "badge": [{"text": "Economize ", "attributes": {}}, {"text": "50%", "attributes": {"bold": true}}],
             "cta": "Começar minha semana grátis", "restore": "Restaurar compras",
             "terms": "Cancel anytime in Settings. Terms & Privacy"}
            """)))
        #expect(bundle.canonical("viewConfiguration/stringLocales") == (try canonicalJSON("""
            {"title": "pt-br", "subtitle": "pt-br", "feature_1": "pt-br", "feature_2": "pt-br", "feature_3": "pt-br",
             "badge": "pt-br", "cta": "pt-br", "restore": "pt", "terms": "en"}
            """)))
        #expect(bundle.bool("viewConfiguration/isRightToLeft") == false)
        // pt-br overrides the view's hero image; the other assets are the view's.
        #expect(bundle.canonical("viewConfiguration/assets") == (try canonicalJSON("""
            {"hero_image": "https://cdn.lumenlabs.app/paywalls/hero-night-br.jpg",
             "hero_video": "https://cdn.lumenlabs.app/paywalls/hero-night-loop.mp4",
             "background": "https://cdn.lumenlabs.app/paywalls/bg-gradient-indigo.png"}
            """)))
        #expect(bundle.strings("viewConfiguration/timers") == [])
        #expect(bundle.strings("viewConfiguration/customActions") == ["open_faq"])
        // No --country: the price of the locale's region, BR.
        #expect(bundle.count("products") == 2)
        #expect(bundle.string("products/0/vendorProductId") == "lumen.premium.yearly.trial7d")
        #expect(bundle.string("products/0/localizedTitle") == "Premium Anual")
        #expect(bundle.canonical("products/0/price") == (try canonicalJSON("199.90")))
        #expect(bundle.string("products/0/currencyCode") == "BRL")
        #expect(bundle.string("products/1/vendorProductId") == "lumen.premium.monthly.trial7d")
        #expect(bundle.string("products/1/localizedTitle") == "Premium Mensal")
        #expect(bundle.canonical("products/1/price") == (try canonicalJSON("49.90")))
        #expect(bundle.string("products/1/currencyCode") == "BRL")
        // Decimal prices are printed as exported, not through a binary double.
        #expect(bundle.text.contains("\"price\": 199.90,"))
        #expect(bundle.text.contains("\"price\": 49.90,"))
        #expect(bundle.string("snapshot/id") == imported.string("snapshot"))
        #expect(bundle.int("snapshot/revision") == 57)
        #expect(bundle.string("snapshot/exportedAt") == "2026-11-29T12:00:00Z")
        #expect(bundle.string("snapshot/syncedAt") == imported.string("importedAt"))
    }

    @Test(arguments: ["pt_BR", "pt-br", "PT-BR", "pt_br", "pt-BR"])
    func spellingsOfPortugueseOfBrazilAreOneLocale(_ spelling: String) throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", spelling])
        #expect(bundle.strings("locale/requested") == [spelling])
        #expect(bundle.string("locale/matched") == "pt-br")
        #expect(bundle.strings("locale/chain") == ["pt-BR", "pt", "en"])
        #expect(bundle.string("locale/result") == "exact")
    }

    /// zh-TW and zh-HK are Traditional Chinese: a string zh-hant lacks comes from en, never from Simplified zh
    /// (which has it: the "badge" and the hero image are zh's and must not leak).
    @Test(arguments: [("zh-TW", "exact"), ("zh-HK", "fallback"), ("zh-Hant-HK", "fallback"), ("zh_Hant", "exact")])
    func traditionalChineseNeverFallsToSimplified(_ tag: String, _ result: String) throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", tag])
        #expect(bundle.string("paywallId") == "pw_onboarding_hero")
        #expect(bundle.string("locale/matched") == "zh-hant")
        #expect(bundle.string("locale/result") == result)
        #expect(bundle.strings("locale/chain")?.contains("zh") == false)
        #expect(bundle.strings("locale/chain")?.last == "en")
        #expect(bundle.canonical("viewConfiguration/strings") == (try canonicalJSON("""
            {"title": "今晚就開始睡得更好", "subtitle": "引導冥想、睡前故事與自然音景：Lumen 全部內容，一次解鎖。",
             "feature_1": "500 多個引導冥想", "feature_2": "以溫柔嗓音朗讀的睡前故事", "feature_3": "可離線收聽，無廣告",
             "cta": "開始我的免費一週", "restore": "恢復購買", "terms": "可隨時在「設定」中取消。條款與隱私權",
             "badge": [{"text": "Save ", "attributes": {}}, {"text": "50%", "attributes": {"bold": true}}]}
            """)))
        #expect(bundle.canonical("viewConfiguration/stringLocales") == (try canonicalJSON("""
            {"title": "zh-hant", "subtitle": "zh-hant", "feature_1": "zh-hant", "feature_2": "zh-hant", "feature_3": "zh-hant",
             "cta": "zh-hant", "restore": "zh-hant", "terms": "zh-hant", "badge": "en"}
            """)))
        #expect(bundle.string("viewConfiguration/assets/hero_image") == "https://cdn.lumenlabs.app/paywalls/hero-night.jpg")
        #expect(bundle.string("remoteConfig/headline") == "今晚就開始睡得更好")
        // The yearly product has a Simplified title only: the Traditional user gets the English one.
        #expect(bundle.string("products/0/localizedTitle") == "Premium Yearly")
        #expect(bundle.string("products/1/localizedTitle") == "高級版（每月）")
    }

    @Test func zhTWChainIsExplainedExactly() throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "zh-TW"])
        #expect(bundle.strings("locale/chain") == ["zh-TW", "zh-Hant", "en"])
        let hongKong = try store.resolve(["--placement", "onboarding", "--locale", "zh-HK"])
        #expect(hongKong.strings("locale/chain") == ["zh-HK", "zh-Hant", "en"])
    }

    /// es-MX walks es-419 then es: three strings from es-419, the rest from es; es-419 has no remote config,
    /// so es gives it; the prices are Mexico's by the locale's region.
    @Test func spanishOfMexicoFallsToLatinAmericaThenSpanish() throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "es-MX"])
        #expect(bundle.string("locale/matched") == "es-419")
        #expect(bundle.strings("locale/chain") == ["es-MX", "es-419", "es", "en"])
        #expect(bundle.string("locale/result") == "fallback")
        #expect(bundle.canonical("viewConfiguration/stringLocales") == (try canonicalJSON("""
            {"title": "es-419", "badge": "es-419", "cta": "es-419", "subtitle": "es", "feature_1": "es", "feature_2": "es",
             "feature_3": "es", "restore": "es", "terms": "es"}
            """)))
        #expect(bundle.string("viewConfiguration/strings/title") == "Duerme mejor desde esta noche")
        #expect(bundle.string("viewConfiguration/strings/cta") == "Comenzar mi semana gratis")
        #expect(bundle.string("viewConfiguration/strings/restore") == "Restaurar compras")
        #expect(bundle.canonical("remoteConfig") == (try canonicalJSON("""
            {"headline": "Duerme mejor a partir de esta noche", "theme": "dark",
             "hero": {"type": "video", "autoplay": true, "loop": true, "muted": true}, "highlighted_product_index": 0}
            """)))
        #expect(bundle.string("products/0/localizedTitle") == "Premium anual")
        #expect(bundle.canonical("products/0/price") == (try canonicalJSON("899.00")))
        #expect(bundle.string("products/0/currencyCode") == "MXN")
        #expect(bundle.string("products/1/localizedTitle") == "Premium mensual")
        #expect(bundle.canonical("products/1/price") == (try canonicalJSON("179.00")))
        #expect(bundle.string("products/1/currencyCode") == "MXN")
    }

    /// Nothing French: the paywall's default, en, for everything; the result says "default".
    @Test func frenchOfCanadaGetsTheDefault() throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "fr-CA"])
        #expect(bundle.string("locale/matched") == "en")
        #expect(bundle.strings("locale/chain") == ["fr-CA", "fr", "en"])
        #expect(bundle.string("locale/result") == "default")
        let locales = try #require(bundle["viewConfiguration/stringLocales"] as? [String: Any])
        #expect(locales.count == 9)
        #expect(locales.values.allSatisfy { $0 as? String == "en" })
        #expect(bundle.string("viewConfiguration/strings/title") == "Sleep better, starting tonight")
        #expect(bundle.canonical("viewConfiguration/strings/badge") == (try canonicalJSON("""
            [{"text": "Save ", "attributes": {}}, {"text": "50%", "attributes": {"bold": true}}]
            """)))
        #expect(bundle.int("remoteConfig/close_button/delay_seconds") == 3)
        #expect(bundle.string("viewConfiguration/assets/hero_image") == "https://cdn.lumenlabs.app/paywalls/hero-night.jpg")
        // No region with a price (CA): the first price, US dollars.
        #expect(bundle.string("products/0/currencyCode") == "USD")
        #expect(bundle.canonical("products/0/price") == (try canonicalJSON("49.99")))
        #expect(bundle.string("products/1/localizedTitle") == "Premium Monthly")
    }

    /// `no-NO` once hung every command that walked its chain (see LocaleCommandTests).
    @Test func norwegianOfNorwayResolvesInAFreshProcess() throws {
        try store.importExport()
        let outcome = try store.run(["resolve", "--placement", "onboarding", "--locale", "no-NO"], timeout: 10)
        #expect(outcome.status == 0)
        let bundle = try JSONDocument(outcome.standardOutput)
        #expect(bundle.strings("locale/chain") == ["no-NO", "no", "en"])
        #expect(bundle.string("locale/matched") == "en")
    }

    @Test func arabicIsRightToLeftWithItsOwnAssetAndRemoteConfig() throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "ar"])
        #expect(bundle.string("locale/matched") == "ar")
        #expect(bundle.strings("locale/chain") == ["ar", "en"])
        #expect(bundle.string("locale/result") == "exact")
        #expect(bundle.bool("viewConfiguration/isRightToLeft") == true)
        #expect(bundle.string("viewConfiguration/assets/hero_image") == "https://cdn.lumenlabs.app/paywalls/hero-night-rtl.jpg")
        #expect(bundle.string("viewConfiguration/assets/hero_video") == "https://cdn.lumenlabs.app/paywalls/hero-night-loop.mp4")
        #expect(bundle.string("remoteConfig/layout_direction") == "rtl")
        #expect(bundle.string("viewConfiguration/stringLocales/badge") == "en")
        #expect(bundle.string("viewConfiguration/stringLocales/terms") == "en")
        #expect(bundle.string("viewConfiguration/stringLocales/cta") == "ar")
        #expect(bundle.string("viewConfiguration/strings/cta") == "ابدأ أسبوعي المجاني")
        #expect(bundle.string("products/0/localizedTitle") == "بريميوم سنوي")
        #expect(bundle.string("products/1/localizedTitle") == "Premium Monthly")
    }

    /// A paywall without Arabic (the trial timeline) is left to right in English.
    @Test func arabicWithoutAnArabicLocalizationIsLeftToRight() throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "ar-EG", "--attribution", "apple_ads", "--app-version", "4.0"])
        #expect(bundle.string("paywallId") == "pw_onboarding_trial")
        #expect(bundle.string("locale/matched") == "en")
        #expect(bundle.string("locale/result") == "default")
        #expect(bundle.bool("viewConfiguration/isRightToLeft") == false)
    }

    /// Rich-text strings stay JSON arrays, whatever locale they come from.
    @Test func richTextStringsStayArrays() throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "pt-BR", "--attribution", "apple_ads", "--app-version", "3.2.0"])
        #expect(bundle.string("paywallId") == "pw_onboarding_trial")
        #expect(bundle.canonical("viewConfiguration/strings/timeline_day_7") == (try canonicalJSON("""
            [{"text": "Dia 7: ", "attributes": {"bold": true}},
             {"text": "sua assinatura começa. Cancele quando quiser antes disso.", "attributes": {}}]
            """)))
        #expect(bundle.string("viewConfiguration/stringLocales/timeline_day_7") == "pt-br")
        #expect(bundle.string("viewConfiguration/strings/skip") == "Not now")
        #expect(bundle.string("viewConfiguration/stringLocales/skip") == "en")
        // German spells the same string as plain text.
        let german = try store.resolve(["--placement", "onboarding", "--locale", "de-DE", "--attribution", "apple_ads", "--app-version", "3.2.0"])
        #expect(german.string("viewConfiguration/strings/timeline_day_7") == "Tag 7: Dein Abo beginnt. Vorher jederzeit kündbar.")
        #expect(german.string("viewConfiguration/templateId") == "transparent")
        #expect(german.strings("viewConfiguration/timers") == ["CUSTOM_TIMER_6H"])
        #expect(german.strings("viewConfiguration/customActions") == ["open_faq", "skip_onboarding"])
    }

    /// The comparison paywall (promo.été's default audience): Arabic overrides the view's background;
    /// the remote config comes from the best locale that has one (es-419 for es-MX; en for pt-BR, whose
    /// pt-br and pt have none); a string pt-br lacks comes from pt before en.
    @Test func assetsAndRemoteConfigComeFromTheBestLocaleThatHasThem() throws {
        try store.importExport()
        let arabic = try store.resolve(["--placement", "promo.été", "--locale", "ar-SA"])
        #expect(arabic.string("paywallId") == "pw_onboarding_compare")
        #expect(arabic.canonical("viewConfiguration/assets") == (try canonicalJSON("""
            {"background": "https://cdn.lumenlabs.app/paywalls/bg-compare-rtl.png"}
            """)))
        #expect(arabic.bool("viewConfiguration/isRightToLeft") == true)
        #expect(arabic.int("remoteConfig/default_product_index") == 0)
        #expect(arabic.count("remoteConfig/rows") == 3)

        let english = try store.resolve(["--placement", "promo.été", "--locale", "en-GB"])
        #expect(english.canonical("viewConfiguration/assets") == (try canonicalJSON("""
            {"background": "https://cdn.lumenlabs.app/paywalls/bg-compare.png"}
            """)))
        #expect(english.bool("viewConfiguration/isRightToLeft") == false)

        let mexican = try store.resolve(["--placement", "promo.été", "--locale", "es-MX"])
        #expect(mexican.string("locale/matched") == "es-419")
        #expect(mexican.canonical("remoteConfig") == (try canonicalJSON("""
            {"columns": ["free", "premium"],
             "rows": [{"id": "library", "free": false, "premium": true}, {"id": "offline", "free": false, "premium": true}],
             "default_product_index": 1, "show_monthly_equivalent": true}
            """)))
        #expect(mexican.string("products/1/localizedTitle") == "Premium trimestral")

        let brazilian = try store.resolve(["--placement", "promo.été", "--locale", "pt-BR", "--country", "US"])
        #expect(brazilian.string("audience/name") == "All Users")
        #expect(brazilian.int("remoteConfig/default_product_index") == 0)
        #expect(brazilian.count("remoteConfig/rows") == 3)
        #expect(brazilian.string("viewConfiguration/strings/footnote") == "Os preços incluem impostos. A subscrição é renovada automaticamente.")
        #expect(brazilian.string("viewConfiguration/stringLocales/footnote") == "pt")
        #expect(brazilian.string("viewConfiguration/strings/title") == "Escolha seu plano")
        #expect(brazilian.string("viewConfiguration/stringLocales/title") == "pt-br")
        // --country wins over the locale's region.
        #expect(brazilian.string("products/0/currencyCode") == "USD")
    }

    /// Prices: --country first (any case), else the region of the first locale, else the product's first price.
    @Test(arguments: [
        (["--country", "DE"], "EUR", "54.99", "10.99"),
        (["--country", "br"], "BRL", "199.90", "49.90"),
        (["--locale", "ja-JP"], "JPY", "7800", "1500"),
        (["--locale", "en-GB"], "GBP", "44.99", "8.99"),
        (["--locale", "de-DE", "--country", "JP"], "JPY", "7800", "1500"),
        (["--locale", "xx--bad", "--locale", "de-DE"], "EUR", "54.99", "10.99"),
        (["--locale", "de"], "USD", "49.99", "9.99"),
        (["--country", "FR"], "USD", "49.99", "9.99"),
    ])
    func pricesFollowTheCountryThenTheLocaleRegion(_ arguments: [String], _ currency: String, _ yearly: String, _ monthly: String) throws {
        try store.importExport()
        let outcome = try store.run(["resolve", "--placement", "settings"] + arguments)
        #expect(outcome.status == 0)
        let bundle = try JSONDocument(outcome.standardOutput)
        #expect(bundle.string("paywallId") == "pw_settings_upgrade")
        #expect(bundle.string("products/0/vendorProductId") == "lumen.premium.monthly.trial7d")
        #expect(bundle.string("products/0/currencyCode") == currency)
        #expect(bundle.canonical("products/0/price") == (try canonicalJSON(monthly)))
        #expect(bundle.string("products/1/vendorProductId") == "lumen.premium.yearly.trial7d")
        #expect(bundle.string("products/1/currencyCode") == currency)
        #expect(bundle.canonical("products/1/price") == (try canonicalJSON(yearly)))
        #expect(bundle.string("products/2/vendorProductId") == "lumen.premium.quarterly")
        #expect(bundle.count("products") == 3)
    }

    /// An invalid preference is skipped with a warning; the next one decides.
    @Test func anInvalidPreferenceIsSkippedWithAWarning() throws {
        try store.importExport()
        let outcome = try store.run(["resolve", "--placement", "onboarding", "--locale", "pt--br", "--locale", "de-AT"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError == "warning: skipped preference: 'pt--br' is not a valid language tag (empty subtag at offset 3)\n")
        let bundle = try JSONDocument(outcome.standardOutput)
        #expect(bundle.strings("locale/requested") == ["pt--br", "de-AT"])
        #expect(bundle.string("locale/matched") == "de")
        #expect(bundle.strings("locale/chain") == ["de-AT", "de", "en"])
        #expect(bundle.string("locale/result") == "fallback")
        #expect(bundle.string("viewConfiguration/stringLocales/feature_3") == "en")
        #expect(bundle.string("viewConfiguration/strings/feature_2") == "Einschlafgeschichten mit ruhigen Stimmen")
        #expect(bundle.int("remoteConfig/highlighted_product_index") == 1)
    }

    /// The vendor's rule (--mode adapty): zh-TW is not in the export, so "zh", the part before the dash:
    /// Simplified Chinese, everything from zh.
    @Test func adaptyModeGivesTraditionalChineseTheSimplifiedLocalization() throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", "onboarding", "--mode", "adapty", "--locale", "zh-TW"])
        #expect(bundle.string("locale/matched") == "zh")
        #expect(bundle.string("locale/mode") == "adapty")
        #expect(bundle.strings("locale/chain") == ["zh-tw", "zh", "en"])
        #expect(bundle.string("locale/result") == "fallback")
        #expect(bundle.string("viewConfiguration/stringLocales/badge") == "zh")
        #expect(bundle.string("viewConfiguration/strings/title") == "今晚就开始睡得更好")
        #expect(bundle.string("viewConfiguration/assets/hero_image") == "https://cdn.lumenlabs.app/paywalls/hero-night-cn.jpg")
    }

    /// A Spanish page should not show English product titles when the product has Spanish ones on the user's
    /// own chain: es-MX reaches es, which the products have, but the comparison paywall has no es localization.
    @Test func productTitlesFollowTheUsersChainNotOnlyThePaywallsLocales() throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", "promo.été", "--locale", "es-MX"])
        #expect(bundle.string("viewConfiguration/stringLocales/title") == "es-419")
        #expect(bundle.string("products/0/localizedTitle") == "Premium anual")
        #expect(bundle.string("products/2/localizedTitle") == "Premium mensual")
    }
}
