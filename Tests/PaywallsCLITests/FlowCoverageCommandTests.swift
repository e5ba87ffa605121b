import Foundation
import Testing

/// `paywalls coverage` over the format-11 vendor file: per flow, its remote config languages and per
/// layout its strings against the layout's `default_localization`, and what device locales get of
/// each; onboardings listed, since the vendor's web builder localizes them.
@Suite final class FlowCoverageCommandTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport(TemporaryStore.flowFilePath)
    }

    @Test func countsEachLayoutsStringsAgainstItsDefaultLocalization() throws {
        let report = try store.coverage(["--locales", "en"])
        #expect(report.ids("paywalls") == [])
        #expect(report.ids("flows") == ["flow-sleep", "flow-sleep-short"])
        #expect(report.ids("flows/0/layouts") == ["lay-phone", "lay-tablet"])
        let phone = "flows/0/layouts/0"
        #expect(report.string("\(phone)/defaultLocale") == "en")
        let counts = (0..<6).map { index in
            let localization = "\(phone)/localizations/\(index)"
            return "\(report.string("\(localization)/locale") ?? "?") \(report.int("\(localization)/translated") ?? -1)/"
                + "\(report.int("\(localization)/total") ?? -1) \(report.strings("\(localization)/missing") ?? [])"
        }
        #expect(counts == ["en 3/3 []", "de 2/3 [\"terms\"]", "pt 3/3 []", "pt-BR 1/3 [\"cta\", \"terms\"]",
                           "ar 1/3 [\"cta\", \"terms\"]", "zh-Hant 1/3 [\"cta\", \"terms\"]"])
        #expect(report.canonical("\(phone)/localizations/1/percent") == "66.7")
        // The tablet layout has its own reference: two strings.
        #expect(report.strings("flows/0/layouts/1/localizations/1/missing") == ["cta"])
        #expect(report.canonical("flows/0/layouts/1/localizations/1/percent") == "50")
        #expect(report.canonical("lowestPercent") == "33.3")
    }

    /// What `resolve` gives: pt-PT takes the pt-BR remote config (pt and pt-BR are one locale to CLDR, and
    /// the flow has no other Portuguese config) but the phone layout's pt strings, while the tablet layout
    /// has no Portuguese at all.
    @Test func tellsWhatEachDeviceLocaleGetsOfTheRemoteConfigsAndOfEachLayout() throws {
        let report = try store.coverage(["--locales", "de-AT,pt-PT,pt-BR,fr-FR,zh-TW"])
        func outcomes(_ path: String) -> [String] {
            (0..<5).map { index in
                "\(report.string("\(path)/\(index)/locale") ?? "?") -> \(report.string("\(path)/\(index)/gets") ?? "?") "
                    + "(\(report.string("\(path)/\(index)/result") ?? "?"))"
            }
        }
        #expect(report.strings("flows/0/remoteConfigs/locales") == ["en", "de", "pt-BR", "ar"])
        #expect(outcomes("flows/0/remoteConfigs/deviceLocales") == [
            "de-AT -> de (fallback)", "pt-PT -> pt-BR (fallback)", "pt-BR -> pt-BR (exact)", "fr-FR -> en (default)", "zh-TW -> en (default)",
        ])
        #expect(outcomes("flows/0/layouts/0/deviceLocales") == [
            "de-AT -> de (fallback)", "pt-PT -> pt (fallback)", "pt-BR -> pt-BR (exact)", "fr-FR -> en (default)", "zh-TW -> zh-Hant (exact)",
        ])
        #expect(outcomes("flows/0/layouts/1/deviceLocales") == [
            "de-AT -> de (fallback)", "pt-PT -> en (default)", "pt-BR -> en (default)", "fr-FR -> en (default)", "zh-TW -> en (default)",
        ])
    }

    /// A flow whose remote configs lack its default language: every user who matches none gets the first,
    /// as `resolve` and the vendor's SDK do.
    @Test func withoutTheDefaultLanguageARemoteConfigFallsToTheFirst() throws {
        var text = try String(contentsOfFile: TemporaryStore.flowFilePath, encoding: .utf8)
        let shortConfig = #""lang": "en",\#n              "data": "{\"cta\":\"Go\"}""#
        try #require(text.components(separatedBy: shortConfig).count == 2)
        text = text.replacingOccurrences(of: shortConfig, with: #""lang": "fr",\#n              "data": "{\"cta\":\"Allez\"}""#)
        try store.importExport(try store.write(text, to: "format-11-french.json"))
        let report = try store.coverage(["--locales", "fr-CA,de"])
        #expect(report.strings("flows/1/remoteConfigs/locales") == ["fr"])
        #expect(report.string("flows/1/remoteConfigs/deviceLocales/0/gets") == "fr")
        #expect(report.string("flows/1/remoteConfigs/deviceLocales/0/result") == "fallback")
        #expect(report.string("flows/1/remoteConfigs/deviceLocales/1/gets") == "fr")
        #expect(report.string("flows/1/remoteConfigs/deviceLocales/1/result") == "default")
    }

    @Test func onboardingsAreListedWithTheirLanguages() throws {
        let report = try store.coverage(["--locales", "de"])
        #expect(report.canonical("onboardings") == (try canonicalJSON("""
            [{"id": "onb-1", "name": "Welcome A", "configUrl": "https://builder.example.com/onb/onb-1", "builderLocale": "en",
              "remoteConfigLocale": "en", "localizedBy": "accept-language"},
             {"id": "onb-2", "name": "Welcome B", "configUrl": "https://builder.example.com/onb/onb-2", "builderLocale": "en",
              "remoteConfigLocale": null, "localizedBy": "accept-language"}]
            """)))
    }

    @Test func aPlacementLimitsTheReportToWhatItShows() throws {
        let sleep = try store.coverage(["--placement", "sleep", "--locales", "en"])
        #expect(sleep.ids("flows") == ["flow-sleep", "flow-sleep-short"])
        #expect(sleep.ids("onboardings") == [])
        #expect(sleep.ids("paywalls") == [])
        let welcome = try store.coverage(["--placement", "welcome", "--locales", "en"])
        #expect(welcome.ids("flows") == [])
        #expect(welcome.ids("onboardings") == ["onb-1", "onb-2"])
        #expect(welcome["lowestPercent"] is NSNull)
        let empty = try store.coverage(["--placement", "promo.été", "--locales", "en"])
        #expect(empty.ids("flows") == [] && empty.ids("onboardings") == [] && empty.ids("paywalls") == [])
    }

    /// Ids are unique per kind only: a placement of flows shows no onboarding, whatever its id.
    @Test func aPlacementShowsContentOfItsOwnKindOnly() throws {
        let text = try String(contentsOfFile: TemporaryStore.flowFilePath, encoding: .utf8)
        try #require(text.components(separatedBy: #""onboarding_id": "onb-1""#).count == 2)
        let renamed = text.replacingOccurrences(of: #""onboarding_id": "onb-1""#, with: #""onboarding_id": "flow-sleep""#)
        try store.importExport(try store.write(renamed, to: "format-11-shared-id.json"))
        let sleep = try store.coverage(["--placement", "sleep", "--locales", "en"])
        #expect(sleep.ids("flows") == ["flow-sleep", "flow-sleep-short"])
        #expect(sleep.ids("onboardings") == [])
        let welcome = try store.coverage(["--placement", "welcome", "--locales", "en"])
        #expect(welcome.ids("flows") == [])
        #expect(welcome.ids("onboardings") == ["flow-sleep", "onb-2"])
    }

    @Test func failUnderCountsFlowLayouts() throws {
        let failing = try store.run(["coverage", "--locales", "en", "--fail-under", "50"])
        #expect(failing.status == 1)
        #expect(failing.standardError == "error: coverage below 50%: flow flow-sleep layout lay-phone [pt-BR] has 33.3%\n")
        #expect(try store.run(["coverage", "--locales", "en", "--fail-under", "33"]).status == 0)
        // Onboardings have no strings to count, so they never fail.
        #expect(try store.run(["coverage", "--placement", "welcome", "--locales", "en", "--fail-under", "100"]).status == 0)
    }

    @Test func printsFlowsAndOnboardingsReadably() throws {
        let outcome = try store.run(["coverage", "--locales", "de-AT,fr-FR"])
        #expect(outcome.status == 0)
        let lines = outcome.outputLines.map { $0.replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression) }
        #expect(Array(lines.dropFirst(2).prefix(22)) == [
            #"flow flow-sleep "Sleep onboarding flow" (default en)"#,
            "  remote configs: en, de, pt-BR, ar",
            "    device locales (2): 0 exact, 1 fallback, 1 default",
            "      fallback: de-AT -> de",
            "      default: fr-FR -> en",
            "  layout lay-phone (default en)",
            "    locale    strings        missing",
            "    en        3/3    100%",
            "    de        2/3    66.7%   terms",
            "    pt        3/3    100%",
            "    pt-BR     1/3    33.3%   cta, terms",
            "    ar        1/3    33.3%   cta, terms",
            "    zh-Hant   1/3    33.3%   cta, terms",
            "    device locales (2): 0 exact, 1 fallback, 1 default",
            "      fallback: de-AT -> de",
            "      default: fr-FR -> en",
            "  layout lay-tablet (default en)",
            "    locale    strings        missing",
            "    en        2/2    100%",
            "    de        1/2    50%     cta",
            "    device locales (2): 0 exact, 1 fallback, 1 default",
            "      fallback: de-AT -> de",
        ])
        #expect(Array(lines.suffix(3)) == [
            "onboardings: localized by the vendor's web builder from the app's Accept-Language (no strings here to count)",
            #"  onb-1 "Welcome A": builder en, remote config en, https://builder.example.com/onb/onb-1"#,
            #"  onb-2 "Welcome B": builder en, no remote config, https://builder.example.com/onb/onb-2"#,
        ])
    }
}
