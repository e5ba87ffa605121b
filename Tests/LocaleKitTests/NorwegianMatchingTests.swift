import Testing
import LocaleKit

/// Norwegian, the macrolanguage users meet daily (docs/locales.md, Matching modes): `no`, `no-NO`, `nb` and `nb-NO` serve each
/// other, and Nynorsk falls back to them before the default, from CLDR's data alone (no policy file).
@Suite struct NorwegianMatchingTests {
    static let bokmål = ["no", "no-NO", "nb", "nb-NO", "nb_no", "NO"]

    @Test(arguments: bokmål, bokmål)
    func bokmålSpellingsServeEachOther(_ preference: String, _ available: String) {
        let match = LocaleMatcher(available: ["en", available]).match([preference])
        #expect(match.matched == available, "chain \(match.chain)")
        #expect(match.outcome != .default)
    }

    @Test(arguments: ["nn", "nn-NO", "nn_NO"], bokmål)
    func nynorskFallsBackToBokmålBeforeTheDefault(_ preference: String, _ available: String) {
        let match = LocaleMatcher(available: ["en", available]).match([preference])
        #expect(match.matched == available, "chain \(match.chain)")
        #expect(match.outcome == .fallback)
    }

    @Test func chainsShowTheWay() throws {
        #expect(LocaleMatcher(available: ["en", "nb"]).match(["nn-NO"]).chain == ["nn-NO", "nn", "no", "en"])
        #expect(FallbackChain(for: try LanguageTag(parsing: "nb-NO")).elements.map(\.identifier) == ["nb-NO", "nb", "no"])
        #expect(FallbackChain(for: try LanguageTag(parsing: "no-NO")).elements.map(\.identifier) == ["no-NO", "no"])
    }

    /// With both spellings exported, each takes its own.
    @Test(arguments: [("no-NO", "no"), ("no_no", "no"), ("nb-NO", "nb"), ("no", "no"), ("nb", "nb"), ("nn-NO", "no")])
    func eachTakesItsOwnLanguageWhenBothAreThere(_ preference: String, _ expected: String) {
        #expect(LocaleMatcher(available: ["en", "nb", "no"]).match([preference]).matched == expected)
        #expect(LocaleMatcher(available: ["en", "no", "nb"]).match([preference]).matched == expected)
    }

    @Test func nynorskIsTakenWhenThereIsNynorsk() {
        let match = LocaleMatcher(available: ["en", "nb", "nn"]).match(["nn-NO"])
        #expect(match.matched == "nn")
        #expect(match.outcome == .exact)
        #expect(match.fallbackOrder == [2, 1, 0])
    }

    /// Nynorsk serves Nynorsk users only: Bokmål users never get it, and Danish is another language.
    @Test(arguments: [("nb-NO", ["en", "nn"]), ("no", ["en", "nn"]), ("da", ["en", "nb"]), ("da-DK", ["en", "no"])])
    func nothingElseCrossesOver(_ preference: String, _ available: [String]) {
        let match = LocaleMatcher(available: available).match([preference])
        #expect(match.matched == "en")
        #expect(match.outcome == .default)
    }

    /// The vendor's rule knows nothing of Norwegian: exact spelling or the language part.
    @Test(arguments: [("no", "en"), ("no-NO", "en"), ("nb-NO", "nb"), ("nn", "en")])
    func adaptyModeStaysTheVendorsRule(_ preference: String, _ expected: String) {
        #expect(LocaleMatcher(available: ["en", "nb"], mode: .adapty).match([preference]).matched == expected)
    }

    /// ICU's matcher (distance 1 between nb and no, 20 to nn) answers the same as `cldr` here.
    @Test(arguments: ["no", "no-NO", "nb-NO", "nn", "nn-NO"])
    func icuModeAgrees(_ preference: String) {
        #expect(LocaleMatcher(available: ["en", "nb"], mode: .icu).match([preference]).matched == "nb")
    }

    @Test func theDefaultMayBeSpelledEitherWay() {
        let match = LocaleMatcher(available: ["nb", "de"], defaultLocale: "no").match(["ja"])
        #expect(match.matched == "nb")
        #expect(match.fallbackOrder == [0])
    }
}
