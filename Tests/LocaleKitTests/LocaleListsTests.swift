import Testing
import LocaleKit

@Suite struct LocaleListsTests {
    @Test(arguments: [
        ("pt-BR,en", ["pt-BR", "en"]),
        (" pt-BR , en ", ["pt-BR", "en"]),
        ("da, en-GB;q=0.8, en;q=0.7", ["da", "en-GB", "en"]),
        ("en;q=0.5, fr;q=0.9, de", ["de", "fr", "en"]),
        ("fr;q=0.5, de;q=0.5", ["fr", "de"]),
        ("fr;q=0, de", ["de"]),
        ("*, de;q=0.1", ["de"]),
        ("fr;q=abc, de", ["fr", "de"]),
        (",,", []),
        ("", []),
    ])
    func readsPreferenceLists(_ list: String, _ expected: [String]) {
        #expect(localePreferences(in: list) == expected)
    }

    @Test func readsAvailableListsKeepingSpelling() {
        #expect(availableLocales(in: " en, pt_br ,,zh-Hant ") == ["en", "pt_br", "zh-Hant"])
    }
}
