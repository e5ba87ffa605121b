import Testing
import LocaleKit

@Suite struct BatchLineMatcherTests {
    /// Answers a line given as raw bytes, as `--stdin` reads it.
    static func answer(_ matcher: inout BatchLineMatcher, _ bytes: [UInt8]) -> (locale: String, warnings: [String]) {
        let answer = bytes.withUnsafeBytes { matcher.answer(line: $0) }
        return (String(decoding: answer.locale, as: UTF8.self), answer.warnings)
    }

    static func answer(_ matcher: inout BatchLineMatcher, _ line: String) -> (locale: String, warnings: [String]) {
        answer(&matcher, Array(line.utf8))
    }

    @Test func answersEachShapeOfLine() {
        var matcher = BatchLineMatcher(mode: .cldr, policy: .standard)
        #expect(Self.answer(&matcher, "pt_BR\ten,pt-br").locale == "pt-br")
        #expect(Self.answer(&matcher, "zh-TW, en\tzh-hant, en\tfr").locale == "zh-hant")
        #expect(Self.answer(&matcher, "ja\tzh-hant,fr\tfr").locale == "fr")
        #expect(Self.answer(&matcher, "ja\tzh-hant,fr").locale == "en")
        #expect(Self.answer(&matcher, "da, en-GB;q=0.8, de;q=0.9\ten,de").locale == "de")
        #expect(Self.answer(&matcher, "pt-BR\t").locale == "en")
    }

    @Test func malformedLinesGetTheDefaultAndAWarning() {
        var matcher = BatchLineMatcher(mode: .cldr, policy: .standard, defaultLocale: "de")
        let noTab = Self.answer(&matcher, "pt-BR en")
        #expect(noTab.locale == "de")
        #expect(noTab.warnings == ["malformed line (no tab): expected PREFS<TAB>AVAILABLES[<TAB>DEFAULT]"])
        let tooMany = Self.answer(&matcher, "a\tb\tc\td")
        #expect(tooMany.locale == "de")
        #expect(tooMany.warnings == ["malformed line (4 columns): expected PREFS<TAB>AVAILABLES[<TAB>DEFAULT]"])
        #expect(Self.answer(&matcher, "").warnings.count == 1)
    }

    @Test func invalidPreferencesAndAvailablesAreWarnedAbout() {
        var matcher = BatchLineMatcher(mode: .cldr, policy: .standard)
        let answer = Self.answer(&matcher, "english,pt-BR\tpt-br,pt--br")
        #expect(answer.locale == "pt-br")
        #expect(answer.warnings == [
            "skipped preference: 'english' is not a language: a language subtag has 2 or 3 letters (as in 'en', 'pt-BR')",
            "skipped available: 'pt--br' is not a valid language tag (empty subtag at offset 3)",
        ])
    }

    @Test func invalidUTF8IsNeverAStop() {
        var matcher = BatchLineMatcher(mode: .cldr, policy: .standard)
        let answer = Self.answer(&matcher, [0xFF, 0xFE, 0x09] + Array("en,de".utf8))
        #expect(answer.locale == "en")
        #expect(answer.warnings.count == 1)
        #expect(Self.answer(&matcher, Array("de\t".utf8) + [0xC3, 0x28] + Array(",de".utf8)).locale == "de")
    }

    /// The memo must not change answers: the same lines in another order, and each line answered
    /// cold by a fresh matcher, agree.
    @Test func memoizedAnswersEqualFreshOnes() {
        let lines = ["pt_BR\ten,pt-br", "zh-TW\tzh,zh-hant", "pt_BR\ten,pt-br\tpt-br", "es-MX\tes,es-419", "zh-TW\tzh,zh-hant"]
        var shared = BatchLineMatcher(mode: .cldr, policy: .standard)
        for line in lines + lines.reversed() {
            var fresh = BatchLineMatcher(mode: .cldr, policy: .standard)
            #expect(Self.answer(&shared, line).locale == Self.answer(&fresh, line).locale, "\(line)")
        }
    }

    @Test(arguments: MatchMode.allCases)
    func agreesWithLocaleMatcherInEveryMode(_ mode: MatchMode) {
        var batch = BatchLineMatcher(mode: mode, policy: .standard)
        let available = ["en", "pt-br", "zh", "zh-hant", "es-419"]
        for preference in ["pt_BR", "zh-TW", "zh-HK", "es-AR", "fr"] {
            let expected = LocaleMatcher(available: available, mode: mode).match([preference]).matched
            #expect(Self.answer(&batch, "\(preference)\t\(available.joined(separator: ","))").locale == expected)
        }
    }
}
