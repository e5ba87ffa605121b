import Testing
import LocaleKit

@Suite struct FallbackChainTests {
    @Test(arguments: [
        ("pt_BR", ["pt-BR", "pt"]),
        ("es-MX", ["es-MX", "es-419", "es"]),
        ("en-AU", ["en-AU", "en-001", "en"]),
        ("en-DE", ["en-DE", "en-150", "en-001", "en"]),
        ("pt-AO", ["pt-AO", "pt-PT", "pt"]),
        ("zh-TW", ["zh-TW", "zh-Hant"]),
        ("zh-MO", ["zh-MO", "zh-Hant-HK", "zh-Hant"]),
        ("zh-CN", ["zh-CN", "zh"]),
        ("zh-Hans", ["zh-Hans", "zh"]),
        ("sr-Latn-RS", ["sr-Latn-RS", "sr-Latn"]),
        ("iw-IL", ["he-IL", "he"]),
        ("de-DE-u-co-phonebk", ["de-DE", "de"]),
        ("ja", ["ja"]),
        ("pt-FR", ["pt-FR", "pt-PT", "pt"]),
        ("nn-NO", ["nn-NO", "nn", "no"]),
        // CLDR's parents in another language are not followed: ht -> fr-HT, hi-Latn -> en-IN.
        ("ht", ["ht"]),
        ("hi-Latn-IN", ["hi-Latn-IN", "hi-Latn"]),
    ])
    func walksRegionParentScriptLanguage(_ input: String, _ expected: [String]) throws {
        #expect(FallbackChain(for: try LanguageTag(parsing: input)).elements.map(\.identifier) == expected)
    }

    @Test func matchReportsTheWholeChainEndingAtTheDefault() {
        let match = LocaleMatcher(available: ["en", "pt-br", "pt"]).match(["pt_BR"])
        #expect(match.chain == ["pt-BR", "pt", "en"])
        let noMatch = LocaleMatcher(available: ["de"], defaultLocale: "de").match(["fr-CA", "ja"])
        #expect(noMatch.chain == ["fr-CA", "fr", "ja", "de"])
    }
}

@Suite struct FallbackOrderTests {
    static let available = ["en", "pt-br", "pt", "zh", "zh-hant", "es", "es-419", "de"]

    @Test(arguments: [
        (MatchMode.cldr, "pt_BR", ["pt-br", "pt", "en"]),
        (.cldr, "es-MX", ["es-419", "es", "en"]),
        (.cldr, "zh-HK", ["zh-hant", "en"]),
        (.cldr, "fr-CA", ["en"]),
        (.cldr, "en-AU", ["en"]),
        (.adapty, "pt-BR", ["pt-br", "pt", "en"]),
        (.adapty, "es-MX", ["es", "en"]),
        (.icu, "es-MX", ["es-419", "en"]),
    ])
    func mergesAlongTheChainThenTheDefault(_ mode: MatchMode, _ preference: String, _ expected: [String]) {
        let match = LocaleMatcher(available: Self.available, mode: mode).match([preference])
        #expect(match.fallbackOrder.map { Self.available[$0] } == expected)
    }

    @Test func aDefaultOutsideTheAvailablesAddsNothing() {
        #expect(LocaleMatcher(available: ["fr"], defaultLocale: "en").match(["de"]).fallbackOrder == [])
    }
}
