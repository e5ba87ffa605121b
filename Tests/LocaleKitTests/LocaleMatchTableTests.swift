import Testing
import LocaleKit

/// The matching rules of docs/locales.md, Matching modes, mode by mode, on the availables a real export has.
@Suite struct LocaleMatchTableTests {
    struct Case: CustomStringConvertible, Sendable {
        let mode: MatchMode
        let available: String
        let preferences: [String]
        let expected: String
        let outcome: MatchOutcome
        var defaultLocale: String? = nil

        var description: String { "\(mode): \(preferences) in [\(available)] -> \(expected) (\(outcome))" }
    }

    /// The documented example availables.
    static let spec = "en, pt-br, pt, zh, zh-hant, es, es-419, sr, sr-latn, he, de"
    /// Availables spelled as some dashboards spell them.
    static let unusual = "en, zh-tw, he-il, pt-pt, es_419"

    static func cldr(_ preferences: String, _ expected: String, _ outcome: MatchOutcome, in available: String = spec) -> Case {
        Case(mode: .cldr, available: available, preferences: [preferences], expected: expected, outcome: outcome)
    }

    static let cldrCases: [Case] = [
        // Case and separators.
        cldr("pt_BR", "pt-br", .exact), cldr("pt-br", "pt-br", .exact), cldr("PT-BR", "pt-br", .exact),
        cldr("pt", "pt", .exact), cldr("pt-PT", "pt", .fallback), cldr("pt-AO", "pt", .fallback),
        // Chinese by region and by script: Traditional never reaches Simplified `zh`.
        cldr("zh-TW", "zh-hant", .exact), cldr("zh-Hant", "zh-hant", .exact), cldr("zh-Hant-HK", "zh-hant", .fallback),
        cldr("zh-HK", "zh-hant", .fallback), cldr("zh-MO", "zh-hant", .fallback), cldr("zh-CN", "zh", .exact),
        cldr("zh-Hans", "zh", .exact), cldr("zh-SG", "zh", .fallback), cldr("zh_Hans_CN", "zh", .exact),
        // CLDR parents.
        cldr("es-AR", "es-419", .fallback), cldr("es-MX", "es-419", .fallback), cldr("es-US", "es-419", .fallback),
        cldr("es-ES", "es", .exact), cldr("es", "es", .exact), cldr("en-AU", "en", .fallback),
        cldr("en-GB", "en", .fallback), cldr("en-US", "en", .exact), cldr("de-AT", "de", .fallback), cldr("de-CH", "de", .fallback),
        // Serbian scripts: Latin never reaches Cyrillic `sr`.
        cldr("sr-Latn-RS", "sr-latn", .exact), cldr("sr-ME", "sr-latn", .fallback), cldr("sr-Cyrl", "sr", .exact),
        cldr("sr", "sr", .exact), cldr("sh", "sr-latn", .exact),
        // Legacy codes.
        cldr("iw-IL", "he", .exact), cldr("iw", "he", .exact), cldr("he-IL", "he", .exact),
        // Extensions and variants never take part.
        cldr("de-DE-u-co-phonebk", "de", .exact), cldr("en-US-POSIX", "en", .exact),
        // Apple device identifiers carry ICU keywords.
        cldr("pt_BR@rg=ptzzzz", "pt-br", .exact), cldr("en_GB@calendar=gregorian", "en", .fallback),
        // No match in the language: the default, never another language.
        cldr("fr-CA", "en", .default), cldr("yue", "en", .default), cldr("ja", "en", .default),
        // Availables spelled unusually.
        cldr("zh-Hant-HK", "zh-tw", .fallback, in: unusual), cldr("zh-HK", "zh-tw", .fallback, in: unusual),
        cldr("zh-TW", "zh-tw", .exact, in: unusual), cldr("zh-CN", "en", .default, in: unusual),
        cldr("iw", "he-il", .exact, in: unusual), cldr("pt-AO", "pt-pt", .fallback, in: unusual),
        cldr("pt-BR", "en", .default, in: unusual), cldr("es-MX", "es_419", .fallback, in: unusual),
        cldr("es-ES", "en", .default, in: unusual),
    ]

    static let listCases: [Case] = [
        // Several preferences: each walks its whole chain before the next.
        Case(mode: .cldr, available: spec, preferences: ["ja", "de-AT"], expected: "de", outcome: .fallback),
        Case(mode: .cldr, available: spec, preferences: ["fr", "es-MX", "de"], expected: "es-419", outcome: .fallback),
        Case(mode: .cldr, available: spec, preferences: ["de-AT", "pt-BR"], expected: "de", outcome: .fallback),
        // Invalid preferences mixed with valid ones are skipped.
        Case(mode: .cldr, available: spec, preferences: ["", "pt-BR"], expected: "pt-br", outcome: .exact),
        Case(mode: .cldr, available: spec, preferences: ["english", "pt--br", "es-MX"], expected: "es-419", outcome: .fallback),
        Case(mode: .cldr, available: spec, preferences: ["und", "12"], expected: "en", outcome: .default),
        // The default stands for itself or for an equivalent available.
        Case(mode: .cldr, available: "en-US, fr", preferences: ["ja"], expected: "en-US", outcome: .default),
        Case(mode: .cldr, available: "en-US, fr", preferences: ["fr-CA"], expected: "fr", outcome: .fallback),
        Case(mode: .cldr, available: "fr, de", preferences: ["ja"], expected: "en", outcome: .default),
        Case(mode: .cldr, available: "fr, de", preferences: ["ja"], expected: "de", outcome: .default, defaultLocale: "de-DE"),
        Case(mode: .cldr, available: "", preferences: ["pt-BR"], expected: "en", outcome: .default),
    ]

    static func adapty(_ preferences: String, _ expected: String, _ outcome: MatchOutcome) -> Case {
        Case(mode: .adapty, available: spec, preferences: [preferences], expected: expected, outcome: outcome)
    }

    /// The vendor's rule, including where it goes wrong (Traditional Chinese users get Simplified).
    static let adaptyCases: [Case] = [
        adapty("pt_BR", "pt-br", .exact), adapty("PT-BR", "pt-br", .exact), adapty("zh-TW", "zh", .fallback),
        adapty("zh-Hant-HK", "zh", .fallback), adapty("es-MX", "es", .fallback), adapty("sr-Latn-RS", "sr", .fallback),
        adapty("iw-IL", "en", .default), adapty("fr-CA", "en", .default), adapty("en-US", "en", .fallback),
        Case(mode: .adapty, available: spec, preferences: ["ja", "de-AT"], expected: "de", outcome: .fallback),
    ]

    static func icu(_ preferences: String, _ expected: String, _ outcome: MatchOutcome, in available: String = spec) -> Case {
        Case(mode: .icu, available: available, preferences: [preferences], expected: expected, outcome: outcome)
    }

    /// ICU's distance-based best fit, which may cross languages.
    static let icuCases: [Case] = [
        icu("pt_BR", "pt-br", .exact), icu("zh-TW", "zh-hant", .exact), icu("es-MX", "es-419", .fallback),
        icu("iw-IL", "he", .exact), icu("sr-Latn-RS", "sr-latn", .exact), icu("fr-CA", "en", .default),
        icu("en-AU", "en-GB", .fallback, in: "en, en-GB"), icu("yue", "zh-hant", .fallback, in: "zh-hant, en"),
        icu("zh-HK", "zh-tw", .fallback, in: unusual),
    ]

    static let allCases = cldrCases + listCases + adaptyCases + icuCases

    @Test func theTableIsLargeAndCoversEveryMode() {
        #expect(Self.allCases.count >= 60)
        #expect(Set(Self.allCases.map(\.mode)) == Set(MatchMode.allCases))
    }

    @Test(arguments: allCases)
    func matches(_ testCase: Case) {
        let matcher = LocaleMatcher(available: availableLocales(in: testCase.available), defaultLocale: testCase.defaultLocale,
                                    mode: testCase.mode)
        let match = matcher.match(testCase.preferences)
        #expect(match.matched == testCase.expected, "\(testCase): chain \(match.chain)")
        #expect(match.outcome == testCase.outcome, "\(testCase)")
        #expect(match.mode == testCase.mode)
    }
}
