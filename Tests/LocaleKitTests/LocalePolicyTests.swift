import Testing
import LocaleKit
import FixtureSupport

@Suite struct LocalePolicyTests {
    static let sample = """
        # comment
        version 1
        default en-GB   # trailing comment
        alias zh-CHS zh-Hans
        alias ZH_cht zh-Hant
        equivalent es ca
        """

    @Test func readsEveryDirective() throws {
        let policy = try LocalePolicy(parsing: Self.sample, source: "policy.txt")
        #expect(policy.defaultLocale == "en-GB")
        #expect(policy.aliases == ["zh-chs": "zh-Hans", "zh-cht": "zh-Hant"])
        #expect(policy.equivalentLanguages == ["es": "es", "ca": "es"])
    }

    @Test func readsWindowsLineEndings() throws {
        let policy = try LocalePolicy(parsing: Self.sample.replacingOccurrences(of: "\n", with: "\r\n"), source: "p")
        #expect(policy.defaultLocale == "en-GB")
        #expect(policy.aliases.count == 2)
    }

    @Test func aliasesAndEquivalencesChangeMatching() throws {
        let policy = try LocalePolicy(parsing: Self.sample, source: "p")
        #expect(LocaleMatcher(available: ["es", "en"], policy: policy).match(["ca-ES"]).matched == "es")
        #expect(LocaleMatcher(available: ["es", "en"]).match(["ca-ES"]).matched == "en")
        #expect(LocaleMatcher(available: ["zh-hant", "zh"], policy: policy).match(["zh_CHT"]).matched == "zh-hant")
        #expect(LocaleMatcher(available: ["fr"], policy: policy).match(["ja"]).matched == "en-GB")
    }

    /// CLDR makes `nb` and `no` one language: an equivalence naming either one holds both (Northern
    /// Sami users served Norwegian here).
    @Test func equivalencesReachTheLanguagesCLDRMakesOne() throws {
        let policy = try LocalePolicy(parsing: "version 1\nequivalent se nb", source: "p")
        #expect(policy.equivalentLanguages == ["se": "se", "no": "se"])
        #expect(LocaleMatcher(available: ["se", "en"], policy: policy).match(["no-NO"]).matched == "se")
        #expect(LocaleMatcher(available: ["no", "en"], policy: policy).match(["se"]).matched == "no")
        #expect(LocaleMatcher(available: ["nb", "en"]).match(["se"]).matched == "en")
    }

    @Test(arguments: [
        ("", 1, "empty policy: 'version 1' is required"),
        ("default en", 1, "the first directive must be 'version 1'"),
        ("version 2", 1, "unsupported policy version '2' (this build reads version 1)"),
        ("version 1\nversion 1", 2, "'version' given twice"),
        ("version 1\ndefault", 2, "expected 'default TAG'"),
        ("version 1\ndefault en\ndefault de", 3, "'default' given twice (first on line 2)"),
        ("version 1\ndefault english", 2, "'english' is not a language: a language subtag has 2 or 3 letters (as in 'en', 'pt-BR')"),
        ("version 1\nalias zh-CHS", 2, "expected 'alias FROM TO'"),
        ("version 1\nalias a-b zh\nalias A_B de", 3, "alias 'A_B' given twice"),
        ("version 1\nalias x pt--br", 2, "'pt--br' is not a valid language tag (empty subtag at offset 3)"),
        ("version 1\nequivalent nb", 2, "expected 'equivalent LANGUAGE LANGUAGE...'"),
        ("version 1\nequivalent nb-NO no", 2, "'nb-NO' is not a bare language"),
        ("version 1\nequivalent nb no\nequivalent nn no", 3, "language 'no' is already in an equivalence"),
        ("version 1\n\nfallback en", 3, "unknown directive 'fallback' (expected version, default, alias or equivalent)"),
    ])
    func rejectsWithFileAndLine(_ text: String, _ line: Int, _ reason: String) {
        #expect(throws: LocalePolicyError(source: "locales/policy.txt", line: line, reason: reason)) {
            try LocalePolicy(parsing: text, source: "locales/policy.txt")
        }
    }

    @Test func theShippedPolicyFileParses() throws {
        let url = Repository.file("locales/policy.txt")
        let policy = try LocalePolicy(parsing: try String(contentsOf: url, encoding: .utf8), source: url.path)
        #expect(policy.defaultLocale == "en")
        #expect(policy.aliases["zh-chs"] == "zh-Hans")
    }
}
