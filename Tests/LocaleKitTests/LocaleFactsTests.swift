@testable import LocaleKit
import Testing

/// ICU's answers told ahead of time (`LocaleFacts`): kept by spelling in lower case with `-`, which
/// ICU reads alike; recorded as asked, learned back, and believed.
@Suite struct LocaleFactsTests {
    /// Every locale ICU knows reads the same in any case and with `_` for `-`: one fact serves them all.
    @Test func icuReadsASpellingAlikeInAnyCaseAndWithUnderscores() throws {
        for tag in knownLocaleTags() {
            let parsed = try LanguageTag(askingICU: tag)
            for variant in [tag.lowercased(), tag.uppercased(), tag.replacing("-", with: "_"), tag.lowercased().replacing("-", with: "_")] {
                #expect(try LanguageTag(askingICU: variant) == parsed, "\(variant)")
            }
        }
    }

    /// Spellings that may not be kept: anything but letters, digits, `-` and `_` (the Kelvin sign folds
    /// to `k` in Unicode lower case, never in this key).
    @Test(arguments: ["\u{212A}o", "pt-BR@currency=EUR", "de DE", "ja\u{0}", "en-US-u-nu-arab!"])
    func spellingsOutsideTheTagAlphabetHaveNoKey(_ input: String) {
        #expect(LocaleFacts.tagKey(input) == nil)
    }

    @Test func aKeyFoldsCaseAndUnderscores() {
        #expect(LocaleFacts.tagKey("pt_BR") == "pt-br")
        #expect(LocaleFacts.tagKey("ZH-Hant-TW") == "zh-hant-tw")
    }

    /// A recording holds each answer asked for, whether ICU gave it or it was known already, so that
    /// a second export recorded in one process (a sync of two sources) gets all of its own. (It may
    /// hold more: what other threads asked meanwhile, as other tests do.)
    @Test func aRecordingHoldsEveryAnswerAskedFor() {
        let spellings = ["sr-Latn-RS", "es-MX", "nb", "iw-IL", "ar-EG"]
        func record() -> String {
            LocaleFacts.shared.recording {
                for spelling in spellings {
                    for element in Preference(spelling).chain {
                        _ = LocalePolicy.standard.matchKey(for: element)
                        _ = element.maximized.isRightToLeft
                    }
                }
            }
        }
        for recorded in [record(), record()] {
            for line in ["t\tsr-latn-rs\tsr-Latn-RS\t", "t\tes-mx\t", "p\tes|Latn|MX\tes-419\n", "m\tnb\tno\n", "t\tiw-il\the-IL\t",
                         "d\tar|Arab|EG\t1\n"] {
                #expect(recorded.contains(line), "\(line)")
            }
        }
    }

    /// What is learned is answered without ICU: proof, a learned lie is believed, in any spelling.
    /// (`qtx` is a private-use language no other test asks about.)
    @Test func whatIsLearnedIsBelieved() throws {
        #expect(try LanguageTag(parsing: "qtx-AQ").identifier == "qtx-AQ")
        LocaleFacts.shared.learn("t\tqtx-aq\tde-AT\tde-AT\tde\t\tAT\t0\tde\tLatn\tAT\n" + "malformed line\n" + "m\tqtx\tde\n")
        let told = try LanguageTag(parsing: "QTX_aq")
        #expect(told.identifier == "de-AT" && told.maximized == MaximizedLocale(language: "de", script: "Latn", region: "AT"))
        #expect(matchingLanguage(for: "qtx") == "de")
        #expect(try LanguageTag(askingICU: "qtx-AQ").identifier == "qtx-AQ")
    }
}
