import Foundation
import Testing

@Suite struct LocaleCommandTests {
    static let available = "en,pt-br,pt,zh,zh-hant,es,es-419,sr,sr-latn,he,de"

    @Test func explainPrintsTheDocumentedJSON() throws {
        let outcome = try PaywallsProcess.run(["locale", "explain", "iw_IL"])
        #expect(outcome.status == 0)
        let json = try outcome.json()
        #expect(json["input"] as? String == "iw_IL")
        #expect(json["tag"] as? String == "he-IL")
        #expect(json["language"] as? String == "he")
        #expect(json["script"] is NSNull)
        #expect(json["region"] as? String == "IL")
        #expect(json["maximized"] as? String == "he-Hebr-IL")
        #expect(json["parent"] as? String == "he")
        #expect(json["chain"] as? [String] == ["he-IL", "he", "en"])
    }

    @Test(arguments: [("es-MX", "es-419", ["es-MX", "es-419", "es", "en"]), ("zh-TW", "zh-Hant", ["zh-TW", "zh-Hant", "en"]),
                      ("sh", "sr", ["sr-Latn", "en"])])
    func explainShowsParentsAndChains(_ input: String, _ parent: String, _ chain: [String]) throws {
        let json = try PaywallsProcess.run(["locale", "explain", input]).json()
        #expect(json["chain"] as? [String] == chain)
        if input == "sh" { #expect(json["parent"] is NSNull) } else { #expect(json["parent"] as? String == parent) }
    }

    /// ICU 72 loops forever opening the alias bundle `no_NO` in a process that has not loaded Norwegian
    /// before: each spelling gets a fresh process, and an answer within seconds.
    @Test(arguments: ["no-NO", "no_NO", "no-Latn-NO"])
    func explainAnswersForNorwegianOfNorway(_ input: String) throws {
        let outcome = try PaywallsProcess.run(["locale", "explain", input], timeout: 10)
        #expect(outcome.status == 0)
        let json = try outcome.json()
        #expect(json["parent"] as? String == "no")
        #expect(json["chain"] as? [String] == [input == "no-Latn-NO" ? "no-Latn-NO" : "no-NO", "no", "en"])
    }

    @Test(arguments: [
        ("pt--br", "error: 'pt--br' is not a valid language tag (empty subtag at offset 3)\n"),
        ("english", "error: 'english' is not a language: a language subtag has 2 or 3 letters (as in 'en', 'pt-BR')\n"),
        ("", "error: empty language tag\n"),
        ("12", "error: '12' is not a valid language tag ('12' at offset 0 is not a valid subtag there)\n"),
    ])
    func explainRejectsInvalidTagsWith65(_ input: String, _ message: String) throws {
        let outcome = try PaywallsProcess.run(["locale", "explain", input])
        #expect(outcome.status == 65)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == message)
    }

    @Test(arguments: [("pt_BR", "pt-br"), ("zh-TW", "zh-hant"), ("es-AR", "es-419"), ("fr-CA", "en"), ("ja, de-AT;q=0.9", "de")])
    func matchPrintsTheAvailableAsSpelled(_ preference: String, _ expected: String) throws {
        let outcome = try PaywallsProcess.run(["locale", "match", "--available", Self.available, preference])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == expected + "\n")
        #expect(outcome.standardError.isEmpty)
    }

    @Test func matchJSONExplainsTheChainAndSkippedPreferences() throws {
        let outcome = try PaywallsProcess.run(["locale", "match", "--json", "--available", Self.available, "english", "zh-HK"])
        #expect(outcome.status == 0)
        let json = try outcome.json()
        #expect(json["matched"] as? String == "zh-hant")
        #expect(json["outcome"] as? String == "fallback")
        #expect(json["chain"] as? [String] == ["zh-HK", "zh-Hant", "en"])
        #expect(json["mode"] as? String == "cldr")
        #expect((json["skipped"] as? [[String: String]])?.first?["input"] == "english")
        #expect(outcome.standardError.contains("warning: skipped preference: 'english' is not a language"))
    }

    @Test(arguments: [("adapty", "zh"), ("icu", "zh-hant"), ("cldr", "zh-hant")])
    func matchHonoursTheMode(_ mode: String, _ expected: String) throws {
        let outcome = try PaywallsProcess.run(["locale", "match", "--mode", mode, "--available", Self.available, "zh-Hant-HK"])
        #expect(outcome.standardOutput == expected + "\n")
    }

    /// `--mode icu` takes what ICU takes: `und` as a default and an available, private use, pseudo-locales.
    @Test(arguments: [
        (["--default", "und", "--available", "de,en,fr", "hi"], "und"),
        (["--available", "it,und", "und"], "und"),
        (["--available", "fr,x-bork,en", "x-bork"], "x-bork"),
        (["--available", "fr,en-XA,en", "en-US"], "en"),
        (["--available", "fr,en-XA,en", "en-XA"], "en-XA"),
    ])
    func icuModeReadsTagsAsICUDoes(_ arguments: [String], _ expected: String) throws {
        let outcome = try PaywallsProcess.run(["locale", "match", "--mode", "icu"] + arguments)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == expected + "\n")
        #expect(outcome.standardError.isEmpty)
    }

    @Test func matchWithOnlyInvalidPreferencesGivesTheDefault() throws {
        let outcome = try PaywallsProcess.run(["locale", "match", "--default", "de", "--available", "fr,de", "english", "12"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "de\n")
        #expect(outcome.standardError.components(separatedBy: "warning: skipped preference").count == 3)
    }

    @Test func anInvalidDefaultIsBadData() throws {
        let outcome = try PaywallsProcess.run(["locale", "match", "--default", "english", "--available", "fr", "de"])
        #expect(outcome.status == 65)
        #expect(outcome.standardError.hasPrefix("error: invalid --default: 'english' is not a language"))
    }
}
