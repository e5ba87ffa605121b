import Testing
import LocaleKit

@Suite struct LanguageTagTests {
    @Test(arguments: [
        ("pt_BR", "pt-BR"), ("PT-br", "pt-BR"), ("pt-br", "pt-BR"), ("zh-Hant-TW", "zh-Hant-TW"), ("ZH_hant_tw", "zh-Hant-TW"),
        ("de-DE-u-co-phonebk", "de-DE-u-co-phonebk"), ("en-US-POSIX", "en-US-u-va-posix"), ("iw", "he"), ("iw-IL", "he-IL"),
        ("in", "id"), ("mo", "ro"), ("en_US@calendar=gregorian", "en-US-u-ca-gregory"),
        ("en_GB@rg=uszzzz;calendar=japanese", "en-GB-u-ca-japanese-rg-uszzzz"), ("sh", "sr-Latn"), ("tl", "fil"), ("cmn", "zh"), ("und", "und"), ("i-klingon", "tlh"),
    ])
    func canonicalizes(_ input: String, _ expected: String) throws {
        #expect(try LanguageTag(parsing: input).identifier == expected)
    }

    /// What ICU's own matcher is given in `--mode icu`: the input's syntax normalized, its codes left alone.
    @Test(arguments: [
        ("pt_br", "pt-BR", "pt-BR"), ("sh", "sh", "sr-Latn"), ("x-bork", "und-x-bork", "und-x-bork"), ("und_TW", "und-TW", "und-TW"),
        ("en-PSCRACK", "en-pscrack", "en-pscrack"), ("i-klingon", "tlh", "tlh"), ("en_US@rg=gbzzzz", "en-US-u-rg-gbzzzz", "en-US-u-rg-gbzzzz"),
        ("zh-cmn-Hans", "cmn-Hans", "zh-Hans"),
    ])
    func keepsTheSpellingAsWritten(_ input: String, _ asWritten: String, _ canonical: String) throws {
        let tag = try LanguageTag(parsing: input)
        #expect(tag.asWritten == asWritten)
        #expect(tag.identifier == canonical)
    }

    @Test func splitsIntoSubtagsAndAddsLikelySubtags() throws {
        let tag = try LanguageTag(parsing: "zh-TW")
        #expect(tag.language == "zh")
        #expect(tag.script == nil)
        #expect(tag.region == "TW")
        #expect(tag.maximized == MaximizedLocale(language: "zh", script: "Hant", region: "TW"))
        #expect(tag.maximized.description == "zh-Hant-TW")
        #expect(tag.minimized == "zh-TW")
        #expect(try LanguageTag(parsing: "zh-Hant-TW").minimized == "zh-TW")
        #expect(try LanguageTag(parsing: "sr-Cyrl-RS").minimized == "sr")
    }

    @Test func undHasNoLanguageButStillMaximizes() throws {
        let tag = try LanguageTag(parsing: "und")
        #expect(tag.language == "und")
        #expect(tag.maximized.description == "en-Latn-US")
    }

    @Test func variantsAndExtensionsAreFlaggedAndDroppedFromTheBase() throws {
        let tag = try LanguageTag(parsing: "de-DE-u-co-phonebk")
        #expect(tag.hasVariantsOrExtensions)
        #expect(tag.base.identifier == "de-DE")
        #expect(!tag.base.hasVariantsOrExtensions)
        #expect(try LanguageTag(parsing: "sl-rozaj-biske").base.identifier == "sl")
        #expect(try !LanguageTag(parsing: "pt-BR").hasVariantsOrExtensions)
    }

    @Test(arguments: [
        ("es-MX", "es-419"), ("es-AR", "es-419"), ("en-AU", "en-001"), ("en-IN", "en-001"), ("pt-AO", "pt-PT"),
        ("zh-MO", "zh-Hant-HK"), ("en-DE", "en-150"), ("pt-FR", "pt-PT"), ("nb", "no"), ("nn", "no"),
    ])
    func knowsExplicitCLDRParents(_ input: String, _ parent: String) throws {
        #expect(try LanguageTag(parsing: input).explicitParent?.identifier == parent)
    }

    @Test(arguments: ["pt-BR", "de-AT", "zh-TW", "es-419", "pt", "zh-Hant", "ja-JP", "no", "ht", "hi-Latn"])
    func hasNoExplicitParentWhereCLDRTruncates(_ input: String) throws {
        #expect(try LanguageTag(parsing: input).explicitParent == nil)
    }

    @Test func knowsDefaultScripts() throws {
        #expect(try LanguageTag(parsing: "pt-BR").hasDefaultScript)
        #expect(try LanguageTag(parsing: "zh-CN").hasDefaultScript)
        #expect(try !LanguageTag(parsing: "zh-TW").hasDefaultScript)
        #expect(try !LanguageTag(parsing: "sr-Latn").hasDefaultScript)
    }

    /// From the script, explicit or likely: Arabic, Hebrew, Thaana, Syriac and Adlam run right to left.
    @Test(arguments: [
        ("ar", true), ("ar-EG", true), ("he", true), ("iw-IL", true), ("fa", true), ("ur", true), ("ps", true), ("yi", true),
        ("ckb", true), ("dv", true), ("syr", true), ("sd", true), ("pa-Arab", true), ("ff-Adlm", true), ("az-Arab", true),
        ("en", false), ("de-AT", false), ("zh-Hant", false), ("ja", false), ("sr", false), ("pa", false), ("sd-Deva", false),
        ("az", false), ("ar-Latn", false), ("he-Latn", false), ("und", false),
    ])
    func knowsTheScriptDirection(_ input: String, _ rightToLeft: Bool) throws {
        #expect(try LanguageTag(parsing: input).maximized.isRightToLeft == rightToLeft)
    }

    @Test(arguments: [
        ("", LanguageTagError.empty, "empty language tag"),
        ("pt--br", .malformed(input: "pt--br", offset: 2), "'pt--br' is not a valid language tag (empty subtag at offset 3)"),
        ("12", .malformed(input: "12", offset: 0), "'12' is not a valid language tag ('12' at offset 0 is not a valid subtag there)"),
        ("en-US-toolongvariant", .malformed(input: "en-US-toolongvariant", offset: 5),
         "'en-US-toolongvariant' is not a valid language tag ('toolongvariant' at offset 6 is not a valid subtag there)"),
        ("english", .notALanguage(input: "english"), "'english' is not a language: a language subtag has 2 or 3 letters (as in 'en', 'pt-BR')"),
        ("pt-", .malformed(input: "pt-", offset: 2), "'pt-' is not a valid language tag (it ends with a separator)"),
        ("pt BR", .malformed(input: "pt BR", offset: 2), "'pt BR' is not a valid language tag (unexpected ' ' at offset 2)"),
        ("pt\u{0}BR", .malformed(input: "pt\u{0}BR", offset: 2), "'pt\\0BR' is not a valid language tag (unexpected byte 0x0 at offset 2)"),
        ("pt-BRé", .malformed(input: "pt-BRé", offset: 5), "'pt-BRé' is not a valid language tag (unexpected byte 0xc3 at offset 5)"),
        ("en-US-x", .malformed(input: "en-US-x", offset: 5), "'en-US-x' is not a valid language tag ('x' at offset 6 is not a valid subtag there)"),
        ("en_US@", .malformed(input: "en_US@", offset: 5), "'en_US@' is not a valid language tag (unexpected '@' at offset 5)"),
        ("en_US@calendar", .malformed(input: "en_US@calendar", offset: 6),
         "'en_US@calendar' is not a valid language tag (invalid keyword 'calendar' at offset 6; keywords are key=value, as in @calendar=gregorian)"),
        ("en_US@ca=x;", .malformed(input: "en_US@ca=x;", offset: 11), "'en_US@ca=x;' is not a valid language tag (incomplete at the end)"),
        ("en@a=b@c=d", .malformed(input: "en@a=b@c=d", offset: 6),
         "'en@a=b@c=d' is not a valid language tag (invalid keyword '@c=d' at offset 6; keywords are key=value, as in @calendar=gregorian)"),
    ])
    func rejectsWithAReason(_ input: String, _ error: LanguageTagError, _ message: String) {
        #expect(throws: error) { try LanguageTag(parsing: input) }
        #expect(error.description == message)
    }

    @Test func rejectsVeryLongInputWithItsLength() {
        let junk = String(repeating: "abcdefgh-", count: 34)
        #expect(throws: LanguageTagError.tooLong(input: junk)) { try LanguageTag(parsing: junk) }
        #expect(LanguageTagError.tooLong(input: junk).description == "language tag of 306 characters is too long (at most 159)")
    }

    @Test func printsControlCharactersEscapedAndLongInputShortened() {
        let message = LanguageTagError.malformed(input: "a\nb" + String(repeating: "x", count: 60), offset: 1).description
        #expect(message.hasPrefix("'a\\nb"))
        #expect(message.contains("…'"))
        #expect(!message.contains("\n"))
    }
}
