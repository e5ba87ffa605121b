import FixtureSupport
import Testing
import LocaleKit

/// Thousands of random and adversarial strings through parsing and matching: never a crash, and
/// every answer is one of the availables or the default.
@Suite struct RobustnessTests {
    static let adversarial = [
        "", "-", "_", "--", "pt--br", "english", "12", "123", "x", "x-", "und", "und-x-priv", "root", "i-default",
        "zh-min-nan", "art-lojban", "en-a-", "en-u", "en-u-ca", "en-US-u-co-phonebk-x-y", "qaa-Qaaa-QM-x-southern",
        String(repeating: "a", count: 300), String(repeating: "ab-", count: 100), "pt\u{0}BR", "pt-BR\u{0}", "\u{0}",
        "pt-BR\n", "💥", "zh-Hant-TW-", "-zh", "zh_Hant_TW_", "EN-us-POSIX", "sr-Latn-RS-u-nu-arab", "*", ";q=0.5",
        "en;q=", "de-1996-1996", "en-GB-oed", "i-klingon", "sgn-BE-FR", "no-bok", "zh-guoyu", "\u{FFFD}", "ﬁ",
    ]

    static func randomString(_ generator: inout SplitMix64) -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_;=,*. \u{0}\t\u{7F}éü漢")
        let length = Int(generator.next() % 24)
        return String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
    }

    /// Random well-formed-looking tags built from real subtags, which reach deeper into ICU.
    static func randomTag(_ generator: inout SplitMix64) -> String {
        let parts = [["en", "pt", "zh", "sr", "iw", "und", "xx", "yue", "fil", "no", "nb"], ["", "-Latn", "-Hant", "-Cyrl", "_Hans", "-Zzzz"],
                     ["", "-BR", "_tw", "-419", "-001", "-XX", "-150", "-AQ"], ["", "-u-nu-arab", "-x-test", "-fonipa", "-POSIX"]]
        return parts.map { $0[Int(generator.next() % UInt64($0.count))] }.joined()
    }

    @Test func parsingNeverCrashes() {
        var generator = SplitMix64(state: 20261129)
        var parsed = 0
        for _ in 0..<5000 {
            for input in [Self.randomString(&generator), Self.randomTag(&generator)] {
                if let tag = try? LanguageTag(parsing: input) {
                    parsed += 1
                    #expect(!tag.identifier.isEmpty)
                    #expect(FallbackChain(for: tag).elements.count <= 8)
                }
            }
        }
        for input in Self.adversarial { _ = try? LanguageTag(parsing: input) }
        #expect(parsed > 1000, "the generator must reach valid tags too")
    }

    @Test(arguments: MatchMode.allCases)
    func matchingAlwaysAnswersWithAnAvailableOrTheDefault(_ mode: MatchMode) {
        var generator = SplitMix64(state: 42)
        for round in 0..<300 {
            let available = (0..<Int(generator.next() % 6)).map { _ in
                generator.next() % 3 == 0 ? Self.randomString(&generator) : Self.randomTag(&generator)
            }
            let matcher = LocaleMatcher(available: available, defaultLocale: "en", mode: mode)
            for _ in 0..<10 {
                let preferences = (0..<Int(generator.next() % 4)).map { _ in
                    generator.next() % 2 == 0 ? Self.randomTag(&generator) : Self.adversarial[Int(generator.next() % UInt64(Self.adversarial.count))]
                }
                let match = matcher.match(preferences)
                #expect(available.contains(match.matched) || match.matched == "en", "round \(round): \(preferences) in \(available)")
                #expect(match.chain.last == "en")
            }
        }
    }

    @Test func batchSurvivesArbitraryBytes() {
        var generator = SplitMix64(state: 7)
        var matcher = BatchLineMatcher(mode: .cldr, policy: .standard)
        for _ in 0..<3000 {
            let bytes = (0..<Int(generator.next() % 64)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let answer = bytes.withUnsafeBytes { matcher.answer(line: $0) }
            #expect(!answer.locale.isEmpty)
        }
    }

    /// One matcher shared by several threads gives every thread the answers a single thread gets.
    @Test func aMatcherIsSafeToShareBetweenThreads() async {
        let matcher = LocaleMatcher(available: ["en", "pt-br", "pt", "zh", "zh-hant", "es-419", "sr-latn", "he"])
        let icuMatcher = LocaleMatcher(available: ["en", "pt-br", "zh-hant", "es-419"], mode: .icu)
        let preferences = ["pt_BR", "zh-TW", "zh-HK", "es-MX", "sr-Latn-RS", "iw", "fr", "pt-PT", "zh-CN", "en-AU"]
        let expected = preferences.map { (matcher.match([$0]).matched, icuMatcher.match([$0]).matched) }
        let answers = await withTaskGroup(of: [(String, String)].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var answers: [(String, String)] = []
                    for _ in 0..<50 {
                        answers = preferences.map { (matcher.match([$0]).matched, icuMatcher.match([$0]).matched) }
                    }
                    return answers
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 8)
        for answer in answers {
            #expect(answer.map(\.0) == expected.map(\.0))
            #expect(answer.map(\.1) == expected.map(\.1))
        }
    }
}
