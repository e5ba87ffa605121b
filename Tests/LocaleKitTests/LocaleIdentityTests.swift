import LocaleKit
import Testing

@Suite struct LocaleIdentityTests {
    @Test(arguments: [("pt_br", "pt-BR|pt|Latn|BR|pt"), ("zh-tw", "zh-TW|zh|Hant|TW|zh"), ("iw", "he|he|Hebr|IL|he"),
                      ("de-DE-u-co-phonebk", "de-DE|de|Latn|DE|de"), ("nb", "nb|nb|Latn|NO|no"), ("nn-NO", "nn-NO|nn|Latn|NO|nn")])
    func isWorkedOutOnceAndKeptAsText(_ key: String, _ serialized: String) throws {
        let identity = try #require(LocaleIdentity(of: key))
        #expect(identity.serialized == serialized)
        #expect(LocaleIdentity(serialized: serialized) == identity)
    }

    @Test(arguments: ["english", "", "und", "pt--br"])
    func keysThatCannotBeMatchedHaveNone(_ key: String) {
        #expect(LocaleIdentity(of: key) == nil)
    }

    /// Identities kept before the matching language was have four fields: it is worked out again.
    @Test func anIdentityOfFourFieldsWorksOutItsMatchingLanguage() throws {
        #expect(LocaleIdentity(serialized: "nb|nb|Latn|NO") == LocaleIdentity(of: "nb"))
        #expect(LocaleIdentity(serialized: "pt-BR|pt|Latn|BR") == LocaleIdentity(of: "pt_br"))
    }

    @Test(arguments: ["", "pt-BR", "a|b|c", "|pt|Latn|BR", "a|b|c|d|", "a|b|c|d|e|f"])
    func malformedTextIsNoIdentity(_ text: String) {
        #expect(LocaleIdentity(serialized: text) == nil)
    }

    static let available = ["en", "pt-br", "pt", "zh", "zh-hant", "es", "es-419", "sr-latn", "he", "de", "nb", "nn", "english"]

    /// A matcher given identities answers exactly as one that parses the keys itself.
    @Test(arguments: MatchMode.allCases)
    func matchingWithIdentitiesIsMatchingWithout(_ mode: MatchMode) {
        let identities = Self.available.map { LocaleIdentity(of: $0) }
        let parsing = LocaleMatcher(available: Self.available, mode: mode)
        let reading = LocaleMatcher(available: Self.available, identities: identities, mode: mode)
        for preference in ["pt_BR", "zh-TW", "zh-HK", "es-MX", "sr-Latn-RS", "iw-IL", "de-AT", "fr-CA", "ja", "no-NO", "nb", "nn-NO"] {
            #expect(reading.match([preference]) == parsing.match([preference]), "\(preference)")
        }
        #expect(reading.unusableAvailables == parsing.unusableAvailables)
    }

    /// Proof the identities are read, not recomputed: one that lies is believed.
    @Test func identitiesAreBelieved() throws {
        let lie = try #require(LocaleIdentity(serialized: "ja|ja|Jpan|JP"))
        let matcher = LocaleMatcher(available: ["en", "xx-yy"], identities: [LocaleIdentity(of: "en"), lie])
        #expect(matcher.match(["ja-JP"]).matched == "xx-yy")
    }

    /// The matching language is read too, not asked of ICU again (which would load its matcher data):
    /// an `nb` said to be read as `nb` no longer serves `no`.
    @Test func theMatchingLanguageIsBelieved() throws {
        let truthful = try #require(LocaleIdentity(serialized: "nb|nb|Latn|NO|no"))
        let lie = try #require(LocaleIdentity(serialized: "nb|nb|Latn|NO|nb"))
        #expect(LocaleMatcher(available: ["en", "nb"], identities: [LocaleIdentity(of: "en"), truthful]).match(["no"]).matched == "nb")
        #expect(LocaleMatcher(available: ["en", "nb"], identities: [LocaleIdentity(of: "en"), lie]).match(["no"]).matched == "en")
    }

    /// The policy's aliases apply at matching time, so an aliased key is read again whatever was kept.
    @Test func anAliasedKeyIsParsedAgain() throws {
        let policy = try LocalePolicy(parsing: "version 1\nalias zh-CHT zh-Hant\n", source: "test")
        let stale = try #require(LocaleIdentity(serialized: "ja|ja|Jpan|JP"))
        let matcher = LocaleMatcher(available: ["en", "zh-CHT"], identities: [LocaleIdentity(of: "en"), stale], policy: policy)
        #expect(matcher.match(["zh-TW"]).matched == "zh-CHT")
        #expect(matcher.match(["ja"]).matched == "en")
    }
}
