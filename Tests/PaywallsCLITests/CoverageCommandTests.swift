import Foundation
import Testing

/// `paywalls coverage` over the sample export: per-localization string coverage against the default
/// localization, and what device locales get.
@Suite final class CoverageCommandTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    @Test func countsTheDefaultLocalizationsStringsPerLocalization() throws {
        let report = try store.coverage(["--placement", "onboarding", "--locales", "pt-BR"])
        let hero = "paywalls/0"
        #expect(report.string("\(hero)/id") == "pw_onboarding_hero")
        #expect(report.string("\(hero)/localizations/0/locale") == "en")
        #expect(report.int("\(hero)/localizations/0/translated") == 9)
        #expect(report.int("\(hero)/localizations/0/total") == 9)
        #expect(report.string("\(hero)/localizations/1/locale") == "pt-br")
        #expect(report.int("\(hero)/localizations/1/translated") == 7)
        #expect(report.strings("\(hero)/localizations/1/missing") == ["restore", "terms"])
        #expect(report.canonical("\(hero)/localizations/1/percent") == "77.8")
        #expect(report.strings("paywalls/0/localizations/3/missing") == ["badge"])  // zh-hant lacks only the badge
    }

    @Test func tellsWhatEachDeviceLocaleGets() throws {
        let report = try store.coverage(["--placement", "onboarding", "--locales", "zh-Hant-HK,es-MX,fr-FR,pt_BR"])
        let outcomes = (0..<4).map { index in
            "\(report.string("paywalls/0/deviceLocales/\(index)/locale") ?? "?") -> "
                + "\(report.string("paywalls/0/deviceLocales/\(index)/gets") ?? "?") (\(report.string("paywalls/0/deviceLocales/\(index)/result") ?? "?"))"
        }
        #expect(outcomes == ["zh-Hant-HK -> zh-hant (fallback)", "es-MX -> es-419 (fallback)", "fr-FR -> en (default)", "pt_BR -> pt-br (exact)"])
    }

    @Test func onlyThePaywallsOfThePlacementAreReported() throws {
        let all = try store.coverage(["--locales", "en"])
        #expect(all.ids("paywalls") == ["pw_onboarding_hero", "pw_onboarding_trial", "pw_onboarding_compare", "pw_settings_upgrade"])
        // settings shows the compare paywall to one audience and the upgrade sheet to the others; in export order.
        let settings = try store.coverage(["--placement", "settings", "--locales", "en"])
        #expect(settings.ids("paywalls") == ["pw_onboarding_compare", "pw_settings_upgrade"])
        #expect(settings.ids("flows") == [])
        #expect(settings.ids("onboardings") == [])
    }

    @Test func failUnderExitsOneAndNamesTheWeakestLocalization() throws {
        let failing = try store.run(["coverage", "--locales", "en", "--fail-under", "90"])
        #expect(failing.status == 1)
        #expect(failing.standardError == "error: coverage below 90%: paywall pw_onboarding_hero [es-419] has 33.3%\n")
        #expect(failing.standardOutput.contains("paywall pw_onboarding_hero"))
        let passing = try store.run(["coverage", "--locales", "en", "--fail-under", "30"])
        #expect(passing.status == 0)
    }

    @Test func printsAReadableTable() throws {
        let outcome = try store.run(["coverage", "--placement", "onboarding", "--locales", "es-MX,fr-FR"])
        #expect(outcome.status == 0)
        let lines = outcome.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("paywall pw_onboarding_hero \"Onboarding · Hero video\" (default en)"))
        #expect(lines.contains("  pt-br     7/9    77.8%   restore, terms"))
        #expect(lines.contains("  device locales (2): 0 exact, 1 fallback, 1 default"))
        #expect(lines.contains("    fallback: es-MX -> es-419"))
    }

    @Test(arguments: [
        (["--placement", "onboardng", "--locales", "en"], Int32(66), "error: no placement 'onboardng'; closest: onboarding\n"),
        // Nothing is close to "nope": the message says how many there are and where to see them, as resolve's does.
        (["--placement", "nope", "--locales", "en"], 66, "error: no placement 'nope' (the snapshot has 4 placements; see `paywalls status`)\n"),
        (["--fail-under", "120", "--locales", "en"], 64, "error: invalid value '120' for --fail-under: expected a percentage from 0 to 100\n"),
        // A device locale that is not a language tag is refused, as `locale match --default` refuses one.
        (["--locales", "pt--BR"], 65, "error: invalid --locales: 'pt--BR' is not a valid language tag (empty subtag at offset 3)\n"),
        (["--locales", " , "], 64, "error: --locales lists no locale\n"),
        (["--locales", "en,de,english"], 65,
         "error: invalid --locales: 'english' is not a language: a language subtag has 2 or 3 letters (as in 'en', 'pt-BR')\n"),
    ])
    func mistakesSayWhatIsWrong(_ arguments: [String], _ status: Int32, _ firstLine: String) throws {
        let outcome = try store.run(["coverage"] + arguments)
        #expect(outcome.status == status)
        #expect(outcome.standardError.hasPrefix(firstLine))
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func anEmptyStoreHasNothingToReport() throws {
        let empty = try TemporaryStore()
        _ = try PaywallsProcess.run(["status", "--store", empty.path], in: empty.directory)
        let outcome = try empty.run(["coverage", "--locales", "en"])
        #expect(outcome.status == 66)
    }
}
