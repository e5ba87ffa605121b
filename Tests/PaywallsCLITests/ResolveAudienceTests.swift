import Foundation
import Testing

/// `paywalls resolve` on the sample: audiences by segments and priority, the A/B variations by the
/// vendor's bucketing, `--explain`, and the errors.
@Suite final class ResolveAudienceTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    struct AudienceCase: CustomTestStringConvertible, Sendable {
        let placement: String
        let arguments: [String]
        let audience: String
        let segments: [String]
        let variation: String
        let paywall: String

        var testDescription: String { "\(placement) \(arguments.joined(separator: " ")) -> \(audience)" }
    }

    static let hero = "pw_onboarding_hero", trial = "pw_onboarding_trial", compare = "pw_onboarding_compare", upgrade = "pw_settings_upgrade"
    /// The variations of onboarding's "All Users" A/B test: 50 / 30 / 20.
    static let heroVariation = "69cc8a4d-3f81-428d-964f-51b7afa7b45b"
    static let trialVariation = "3e3e0895-dedc-4f57-81fe-c7813be84c71"
    static let compareVariation = "c3d623ce-a69d-48b7-9e9b-364d8c5dbf20"

    static let audienceCases: [AudienceCase] = [
        AudienceCase(placement: "onboarding", arguments: [], audience: "All Users", segments: [], variation: heroVariation, paywall: hero),
        // app_version gte 3.2.0: the edge value matches, one patch below does not, 3.10 is above 3.2.
        AudienceCase(placement: "onboarding", arguments: ["--attribution", "apple_ads", "--app-version", "3.2.0"], audience: "Apple Ads on app 3.2+",
                     segments: ["apple_ads", "app_3_2_plus"], variation: "3af3fd5a-ffe3-48cf-99a9-63a724ea7e7a", paywall: trial),
        AudienceCase(placement: "onboarding", arguments: ["--attribution", "apple_ads", "--app-version", "3.1.9"], audience: "All Users",
                     segments: [], variation: heroVariation, paywall: hero),
        AudienceCase(placement: "onboarding", arguments: ["--attribution", "apple_ads", "--app-version", "3.10.0"], audience: "Apple Ads on app 3.2+",
                     segments: ["apple_ads", "app_3_2_plus"], variation: "3af3fd5a-ffe3-48cf-99a9-63a724ea7e7a", paywall: trial),
        AudienceCase(placement: "onboarding", arguments: ["--attribution", "apple_ads"], audience: "All Users",
                     segments: [], variation: heroVariation, paywall: hero),
        // --attribution repeats: any one of the user's sources may match.
        AudienceCase(placement: "onboarding", arguments: ["--attribution", "organic", "--attribution", "apple_ads", "--app-version", "3.2.1"],
                     audience: "Apple Ads on app 3.2+", segments: ["apple_ads", "app_3_2_plus"], variation: "3af3fd5a-ffe3-48cf-99a9-63a724ea7e7a", paywall: trial),
        // Priority: Apple Ads (0) before Brazil (1) when both match.
        AudienceCase(placement: "onboarding", arguments: ["--attribution", "apple_ads", "--app-version", "3.2.0", "--country", "BR"],
                     audience: "Apple Ads on app 3.2+", segments: ["apple_ads", "app_3_2_plus"], variation: "3af3fd5a-ffe3-48cf-99a9-63a724ea7e7a", paywall: trial),
        AudienceCase(placement: "onboarding", arguments: ["--country", "BR"], audience: "Brazil & Portugal", segments: ["lusophone"],
                     variation: "cd0d359e-2fa5-45a2-9167-cdcbcea97a9b", paywall: hero),
        AudienceCase(placement: "onboarding", arguments: ["--country", "mz"], audience: "Brazil & Portugal", segments: ["lusophone"],
                     variation: "cd0d359e-2fa5-45a2-9167-cdcbcea97a9b", paywall: hero),
        AudienceCase(placement: "onboarding", arguments: ["--attribution", "tiktok_ads", "--country", "US"], audience: "Paid social outside the EU",
                     segments: ["paid_social", "outside_eu"], variation: "e7fa43fe-b848-4787-8e4c-986f468f7918", paywall: compare),
        AudienceCase(placement: "onboarding", arguments: ["--attribution", "tiktok_ads", "--country", "DE"], audience: "All Users",
                     segments: [], variation: heroVariation, paywall: hero),
        // Portugal is lusophone (priority 1) before paid social outside the EU (2), which it is not anyway.
        AudienceCase(placement: "onboarding", arguments: ["--attribution", "snapchat_ads", "--country", "PT"], audience: "Brazil & Portugal",
                     segments: ["lusophone"], variation: "cd0d359e-2fa5-45a2-9167-cdcbcea97a9b", paywall: hero),
        // app_version lte 2.14.1 and platform eq android (platform without case).
        AudienceCase(placement: "settings", arguments: ["--platform", "android", "--app-version", "2.14.1"], audience: "Legacy Android builds",
                     segments: ["legacy_android"], variation: "2e5d2c6a-49b3-4fcf-a555-c5de4c497955", paywall: upgrade),
        AudienceCase(placement: "settings", arguments: ["--platform", "android", "--app-version", "2.14.2"], audience: "All Users",
                     segments: [], variation: "d33a645b-2eea-43e7-ae7a-b94c15f0637d", paywall: upgrade),
        AudienceCase(placement: "settings", arguments: ["--platform", "Android", "--app-version", "2.9"], audience: "Legacy Android builds",
                     segments: ["legacy_android"], variation: "2e5d2c6a-49b3-4fcf-a555-c5de4c497955", paywall: upgrade),
        AudienceCase(placement: "settings", arguments: ["--platform", "ios", "--app-version", "2.0"], audience: "All Users",
                     segments: [], variation: "d33a645b-2eea-43e7-ae7a-b94c15f0637d", paywall: upgrade),
        AudienceCase(placement: "settings", arguments: ["--platform", "ios", "--attribute", "plan=refunded"], audience: "Lapsed iOS subscribers",
                     segments: ["lapsed", "ios"], variation: "48651f70-219e-4223-ba22-a58619ef0c7a", paywall: compare),
        AudienceCase(placement: "settings", arguments: ["--platform", "android", "--attribute", "plan=refunded", "--app-version", "3.0"],
                     audience: "All Users", segments: [], variation: "d33a645b-2eea-43e7-ae7a-b94c15f0637d", paywall: upgrade),
        // Custom attributes: eq (exact, with case), exists.
        AudienceCase(placement: "locked_feature", arguments: ["--attribute", "plan=free"], audience: "Free plan", segments: ["plan_free"],
                     variation: "b3fdd4d3-43ec-41b0-9348-e734e84e0878", paywall: trial),
        AudienceCase(placement: "locked_feature", arguments: ["--attribute", "plan=Free"], audience: "Any known plan", segments: ["has_plan"],
                     variation: "8b583086-2f89-4f08-921f-9c0a5db4b4f5", paywall: upgrade),
        AudienceCase(placement: "locked_feature", arguments: ["--attribute", "plan=pro", "--attribute", "tier=gold"], audience: "Any known plan",
                     segments: ["has_plan"], variation: "8b583086-2f89-4f08-921f-9c0a5db4b4f5", paywall: upgrade),
        AudienceCase(placement: "locked_feature", arguments: ["--attribute", "tier=free"], audience: "All Users", segments: [],
                     variation: "a345be48-e95e-4176-a5eb-84ee9a571d88", paywall: upgrade),
        AudienceCase(placement: "locked_feature", arguments: [], audience: "All Users", segments: [],
                     variation: "a345be48-e95e-4176-a5eb-84ee9a571d88", paywall: upgrade),
        // A dotted, non-ASCII placement id.
        AudienceCase(placement: "promo.été", arguments: ["--country", "PT"], audience: "Brazil & Portugal", segments: ["lusophone"],
                     variation: "9c0b535a-747a-414d-87dd-ac21b44be453", paywall: hero),
        AudienceCase(placement: "promo.été", arguments: ["--country", "US"], audience: "All Users", segments: [],
                     variation: "17dd734b-ba28-454e-9f4c-869793ecac71", paywall: compare),
        // --default-audience: only "All Users", whatever else matches.
        AudienceCase(placement: "locked_feature", arguments: ["--attribute", "plan=free", "--default-audience"], audience: "All Users",
                     segments: [], variation: "a345be48-e95e-4176-a5eb-84ee9a571d88", paywall: upgrade),
        AudienceCase(placement: "onboarding", arguments: ["--attribution", "apple_ads", "--app-version", "3.2.0", "--country", "BR", "--default-audience"],
                     audience: "All Users", segments: [], variation: heroVariation, paywall: hero),
        AudienceCase(placement: "settings", arguments: ["--platform", "ios", "--attribute", "plan=lapsed", "--attribute", "plan=refunded", "--default-audience"],
                     audience: "All Users", segments: [], variation: "d33a645b-2eea-43e7-ae7a-b94c15f0637d", paywall: upgrade),
    ]

    static let versionIDs = [
        "All Users": "680ac797-e2c2-44b9-82df-186914575da5", "Apple Ads on app 3.2+": "a0c85456-a24e-401b-b54d-2979c120aace",
    ]

    @Test(arguments: audienceCases)
    func audiencesAreTriedByPriority(_ item: AudienceCase) throws {
        try store.importExport()
        let bundle = try store.resolve(["--placement", item.placement] + item.arguments)
        #expect(bundle.string("placementId") == item.placement)
        #expect(bundle.string("audience/name") == item.audience)
        #expect(bundle.strings("audience/matchedSegments") == item.segments)
        #expect(bundle.string("variationId") == item.variation)
        #expect(bundle.string("paywallId") == item.paywall)
        if item.placement == "onboarding", let versionID = Self.versionIDs[item.audience] {
            #expect(bundle.string("audience/versionId") == versionID)
        }
    }

    /// Buckets computed independently, with Python's hashlib, for the "All Users" audience of onboarding
    /// (version 680ac797-e2c2-44b9-82df-186914575da5):
    ///     int.from_bytes(hashlib.md5(f"{version_id}-{profile}".encode()).digest()[-8:], "big") % 100
    /// Variations walk by ascending weight: compare (20) takes 0...19, trial (30) 20...49, hero (50) 50...99.
    @Test(arguments: [
        ("profile-325", 0, compareVariation, compare),
        ("profile-8", 19, compareVariation, compare),
        ("user-2", 0, compareVariation, compare),
        ("profile-44", 20, trialVariation, trial),
        ("carol", 37, trialVariation, trial),
        ("profile-123", 49, trialVariation, trial),
        ("profile-6", 50, heroVariation, hero),
        ("user-1", 53, heroVariation, hero),
        ("profile-33", 99, heroVariation, hero),
    ])
    func profilesAreBucketedLikeTheVendorsSDKs(_ profile: String, _ bucket: Int, _ variation: String, _ paywall: String) throws {
        try store.importExport()
        let outcome = try store.run(["resolve", "--placement", "onboarding", "--profile-id", profile, "--explain"])
        #expect(outcome.status == 0)
        let bundle = try JSONDocument(outcome.standardOutput)
        #expect(bundle.string("audience/name") == "All Users")
        #expect(bundle.string("variationId") == variation)
        #expect(bundle.string("paywallId") == paywall)
        #expect(outcome.standardError.split(separator: "\n").contains("explain: bucket \(bucket) of 100 (profile \(profile))"))
    }

    @Test func withoutAProfileTheHeaviestVariationWins() throws {
        try store.importExport()
        let outcome = try store.run(["resolve", "--placement", "onboarding", "--explain"])
        #expect(outcome.status == 0)
        #expect(try JSONDocument(outcome.standardOutput).string("variationId") == Self.heroVariation)
        #expect(outcome.standardError.contains("explain: no profile id: the heaviest variation\n"))
        #expect(outcome.standardError.contains("explain: variation \(Self.heroVariation) (weight 50) shows paywall pw_onboarding_hero\n"))
    }

    @Test func explainTellsTheAudiencesTriedTheBucketAndTheChain() throws {
        try store.importExport()
        let arguments = ["resolve", "--placement", "onboarding", "--locale", "zh-TW", "--profile-id", "profile-44"]
        let outcome = try store.run(arguments + ["--explain"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError == """
            explain: audience 'Apple Ads on app 3.2+' (priority 0): segment 'apple_ads' does not match: attribution_source in [apple_ads], user has none
            explain: audience 'Brazil & Portugal' (priority 1): segment 'lusophone' does not match: country in [BR, PT, AO, MZ], user has none
            explain: audience 'Paid social outside the EU' (priority 2): segment 'paid_social' does not match: attribution_source in [facebook_ads, tiktok_ads, snapchat_ads], user has none
            explain: audience 'All Users' (priority 3): the default audience, matches everyone
            explain: bucket 20 of 100 (profile profile-44)
            explain: variation 3e3e0895-dedc-4f57-81fe-c7813be84c71 (weight 30) shows paywall pw_onboarding_trial
            explain: locales en, pt-br, es, de, ja, zh-hant; chain zh-TW -> zh-Hant -> en; matched zh-hant (exact); strings merged from zh-hant, en

            """)
        // --explain changes stderr only.
        let quiet = try store.run(arguments)
        #expect(quiet.status == 0)
        #expect(quiet.standardError.isEmpty)
        #expect(quiet.standardOutput == outcome.standardOutput)
        let bundle = try JSONDocument(outcome.standardOutput)
        #expect(bundle.string("viewConfiguration/strings/title") == "免費試用如何運作")
        #expect(bundle.string("viewConfiguration/strings/timeline_day_5") == "Day 5: we'll remind you that your trial is ending")
        #expect(bundle.string("viewConfiguration/stringLocales/timeline_day_5") == "en")
    }

    @Test func explainNamesTheFailingConditionAndWhatTheUserHas() throws {
        try store.importExport()
        let outcome = try store.run(["resolve", "--placement", "onboarding", "--attribution", "tiktok_ads", "--country", "DE", "--locale", "es-MX", "--explain"])
        #expect(outcome.status == 0)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(lines == [
            "explain: audience 'Apple Ads on app 3.2+' (priority 0): segment 'apple_ads' does not match: attribution_source in [apple_ads], user has tiktok_ads",
            "explain: audience 'Brazil & Portugal' (priority 1): segment 'lusophone' does not match: country in [BR, PT, AO, MZ], user has DE",
            "explain: audience 'Paid social outside the EU' (priority 2): segment 'outside_eu' does not match: country not_in [AT, BE, DE, ES, FR, IE, IT, NL, PL, PT, SE], user has DE",
            "explain: audience 'All Users' (priority 3): the default audience, matches everyone",
            "explain: no profile id: the heaviest variation",
            "explain: variation 69cc8a4d-3f81-428d-964f-51b7afa7b45b (weight 50) shows paywall pw_onboarding_hero",
            "explain: locales en, pt-br, pt, zh-hant, zh, es-419, es, de, ar, ja; chain es-MX -> es-419 -> es -> en; matched es-419 (fallback); strings merged from es-419, es, en",
        ])
    }

    @Test func explainSaysWhichAudiencesTheDefaultAudienceFlagSkipped() throws {
        try store.importExport()
        let outcome = try store.run(["resolve", "--placement", "settings", "--platform", "ios", "--attribute", "plan=refunded", "--default-audience", "--explain"])
        #expect(outcome.status == 0)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        #expect(Array(lines.prefix(3)) == [
            "explain: audience 'Lapsed iOS subscribers' (priority 0): skipped, only the default audience was asked for",
            "explain: audience 'Legacy Android builds' (priority 5): skipped, only the default audience was asked for",
            "explain: audience 'All Users' (priority 100): the default audience, matches everyone",
        ])
    }

    /// An --app-version that is not a dotted version is a usage mistake, not version 0.
    @Test func anAppVersionThatIsNotAVersionIsRefused() throws {
        try store.importExport()
        let outcome = try store.run(["resolve", "--placement", "settings", "--platform", "android", "--app-version", "banana"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix("error: invalid value 'banana' for --app-version: expected a dotted version such as 2.4.1"))
    }

    // MARK: - Errors

    @Test(arguments: [
        ("onboardng", "error: no placement 'onboardng'; closest: onboarding\n"),
        ("promo.ete", "error: no placement 'promo.ete'; closest: promo.été\n"),
        ("Settings", "error: no placement 'Settings'; closest: settings\n"),
        ("xyzzy-nothing-like-it", "error: no placement 'xyzzy-nothing-like-it' (the snapshot has 4 placements; see `paywalls status`)\n"),
    ])
    func anUnknownPlacementExits66AndNamesTheClosest(_ placement: String, _ message: String) throws {
        try store.importExport()
        let outcome = try store.run(["resolve", "--placement", placement, "--locale", "en"])
        #expect(outcome.status == 66)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == message)
    }

    @Test func anEmptyStoreDirectoryExits66AndStaysEmpty() throws {
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        for command in [["resolve", "--placement", "onboarding"], ["status"], ["snapshots"], ["diff"]] {
            let outcome = try store.run(command)
            #expect(outcome.status == 66, "\(command)")
            #expect(outcome.standardOutput.isEmpty, "\(command)")
            #expect(outcome.standardError == "error: no store at \(store.path) (run `paywalls import FILE` first)\n", "\(command)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.path) == [])
    }

    @Test func aMissingStoreDirectoryExits66AndIsNotCreated() throws {
        let outcome = try store.run(["resolve", "--placement", "onboarding"])
        #expect(outcome.status == 66)
        #expect(outcome.standardError == "error: no store at \(store.path) (run `paywalls import FILE` first)\n")
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    /// A store whose database exists but holds no snapshot yet (an empty file is an empty SQLite database).
    @Test func resolveBeforeAnyImportExits66NoSnapshot() throws {
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: store.databasePath, contents: Data()))
        let outcome = try store.run(["resolve", "--placement", "onboarding", "--locale", "pt-BR"])
        #expect(outcome.status == 66)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == "error: the store has no snapshot yet (run `paywalls import FILE` or `paywalls sync`)\n")
    }

    @Test(arguments: [
        (["--placement", "onboarding", "--attribute", "novalue"], "error: invalid value 'novalue' for --attribute: expected key=value\n"),
        (["--placement", "onboarding", "--attribute", "=free"], "error: invalid value '=free' for --attribute: expected key=value\n"),
        (["--locale", "en"], "error: missing --placement <id>\n"),
        (["--placement", "onboarding", "--mode", "best"], "error: invalid value 'best' for --mode: expected cldr, adapty or icu\n"),
        (["--placement", "onboarding", "--profile-id", String(repeating: "p", count: 257)],
         "error: invalid value '\(String(repeating: "p", count: 32))…' for --profile-id: expected at most 256 bytes\n"),
        (["--placement", "onboarding", "--locale", Array(repeating: "de", count: 33).joined(separator: ",")],
         "error: invalid value '33 locales' for --locale: expected at most 32\n"),
        (["--placement", "", "--locale", "en"], "error: invalid value '' for --placement: expected a placement id\n"),
    ])
    func usageMistakesExit64(_ arguments: [String], _ message: String) throws {
        try store.importExport()
        let outcome = try store.run(["resolve"] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix(message), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("\nusage: paywalls resolve"))
    }
}
