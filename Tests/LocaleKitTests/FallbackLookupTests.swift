import LocaleKit
import Testing

@Suite struct KnownLocaleTagsTests {
    @Test func listsAboutEightHundredBCP47Tags() {
        let tags = knownLocaleTags()
        #expect(tags.count > 500)
        #expect(Set(tags).count == tags.count)
        for expected in ["en", "en-US", "zh-Hant-TW", "es-419", "pt-PT", "fr-CA"] {
            #expect(tags.contains(expected), "\(expected) missing")
        }
        #expect(!tags.contains { $0.contains("_") || $0.isEmpty })
    }
}

@Suite struct FallbackLookupTests {
    static let files = ["en", "zh-hant", "zh", "es-419", "es", "pt", "pt-br", "de"]

    @Test(arguments: [
        ("zh-TW", "zh-hant"),
        ("zh-HK", "zh-hant"),
        ("zh-Hant-MO", "zh-hant"),
        ("zh-CN", "zh"),
        ("es-MX", "es-419"),
        ("es-ES", "es"),
        ("pt-PT", "pt"),
        ("pt-BR", "pt-br"),
        ("fr-CA", "en"),
        ("de-AT", "de"),
        ("ja", "en"),
    ])
    func mapsDeviceLocalesToFiles(_ device: String, _ file: String) {
        #expect(FallbackLookup(fileLocales: Self.files, defaultLocale: "en").fileLocale(for: device) == file)
    }

    @Test func theDefaultIsTheFileOfAnyLocaleWithoutItsLanguage() {
        let lookup = FallbackLookup(fileLocales: ["de", "en"], defaultLocale: "de")
        #expect(lookup.fileLocale(for: "fr-CA") == "de")
    }

    @Test func coversEveryKnownLocale() {
        let table = FallbackLookup(fileLocales: Self.files, defaultLocale: "en").table()
        #expect(table.count == knownLocaleTags().count)
        let byDevice = Dictionary(table.map { ($0.deviceLocale, $0.fileLocale) }, uniquingKeysWith: { first, _ in first })
        #expect(byDevice["zh-Hant-TW"] == "zh-hant")
        #expect(byDevice["zh-Hant-HK"] == "zh-hant")
        #expect(byDevice["es-MX"] == "es-419")
        #expect(byDevice["fr-CA"] == "en")
        #expect(Set(table.map(\.fileLocale)).isSubset(of: Set(Self.files)))
    }
}

@Suite struct DeviceLocaleKeysTests {
    @Test func addTheMinimizedSpellingsDevicesReport() {
        let keys = FallbackLookup.deviceLocaleKeys()
        #expect(Set(keys).count == keys.count)
        for expected in ["zh-Hant-TW", "zh-TW", "zh-HK", "es-MX", "pt-PT"] {
            #expect(keys.contains(expected), "\(expected) missing")
        }
        let lookup = FallbackLookup(fileLocales: ["en", "zh-hant", "es-419"], defaultLocale: "en")
        #expect(lookup.fileLocale(for: "zh-TW") == "zh-hant")
    }

    /// docs/contracts.md, "Fallback files and their manifest": canonical, minimized and language-region spellings; Android reports the
    /// last (`zh-CN`, `zh-TW`, `sr-RS`), which are not ICU locales of their own.
    @Test func addTheLanguageRegionSpellingsAndroidReports() {
        let keys = Set(FallbackLookup.deviceLocaleKeys())
        let known = Set(knownLocaleTags())
        for (canonical, minimized, languageRegion) in [("zh-Hans-CN", "zh", "zh-CN"), ("zh-Hant-TW", "zh-TW", "zh-TW"),
                                                       ("sr-Cyrl-RS", "sr", "sr-RS"), ("uz-Latn-UZ", "uz", "uz-UZ"),
                                                       ("pa-Guru-IN", "pa", "pa-IN")] {
            #expect(known.contains(canonical))
            #expect(!known.contains(languageRegion))
            #expect(keys.isSuperset(of: [canonical, minimized, languageRegion]), "\(canonical)")
        }
        let lookup = FallbackLookup(fileLocales: ["en", "zh", "zh-hant", "sr", "sr-latn"], defaultLocale: "en")
        let table = Dictionary(uniqueKeysWithValues: lookup.table(for: FallbackLookup.deviceLocaleKeys()).map { ($0.deviceLocale, $0.fileLocale) })
        #expect(table["zh-CN"] == "zh")
        #expect(table["zh-TW"] == "zh-hant")
        #expect(table["sr-RS"] == "sr")
        #expect(table["sr-Latn-RS"] == "sr-latn")
    }

    /// Every ICU locale stays a key, and is also reachable by its language-region spelling.
    @Test func everyLocaleHasItsLanguageRegionSpelling() throws {
        let keys = Set(FallbackLookup.deviceLocaleKeys())
        for tag in knownLocaleTags() {
            let maximized = try LanguageTag(parsing: tag).maximized
            #expect(keys.contains(tag))
            #expect(keys.contains("\(maximized.language)-\(maximized.region)"), "\(tag)")
        }
    }
}
