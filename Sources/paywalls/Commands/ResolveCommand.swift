import ArgumentKit
import LocaleKit
import PaywallModel
import PaywallResolver
import PaywallStore

/// `paywalls resolve --placement ID ...`: the bundle a user gets, as JSON (docs/contracts.md).
enum ResolveCommand: Command {
    static let spec = CommandSpec(
        name: "resolve",
        abstract: "Print the localized bundle a user gets at a placement: a paywall, an onboarding or a flow.",
        discussion: """
            Picks the audience (ascending priority, the first whose segments all match), the variation (the
            vendor SDKs' bucketing with --profile-id, else the heaviest), and the localization (the locale
            chain of --mode), then merges strings along the chain. The bundle's "kind" says what the
            placement shows: a paywall, an onboarding (with the Accept-Language to load it with) or a flow
            (its remote config and layouts in the user's best language). --explain tells on stderr why.
            An unknown placement, or one with no variation, exits 66 (an unknown one names the closest ids).

            With --fetch-policy, the placement's source is synced first as `paywalls sync` does it (its config,
            lock, checks and publish; the config's store and locale_policy unless --store and --locale-policy
            say): the --source, else the source whose snapshot answers for the placement, else, for a
            placement no snapshot has, every source of the config. A sync that fails or passes --load-timeout
            is a warning on stderr and the last good snapshot answers (exit 0); with none at all, exit 66 says
            why. Without --fetch-policy nothing is downloaded.
            """,
        options: [
            .required("placement", "id", help: "The placement id."),
            .repeated("locale", "tag", help: "A preferred locale, most preferred first; repeat for more."),
            .value("country", "code", help: "The user's country (ISO 3166, e.g. BR)."),
            .value("platform", "name", help: "The user's platform (ios, android, web...)."),
            .value("app-version", "version", help: "The app version (dotted, e.g. 2.4.1)."),
            .repeated("attribution", "source", help: "An attribution source (apple_ads, ...); repeat for more."),
            .repeated("attribute", "key=value", help: "A custom attribute; repeat for more."),
            .value("profile-id", "id", help: "The user's profile id, for A/B bucketing."),
            .flag("default-audience", help: "Use only the default audience (the vendor's getPaywallForDefaultAudience)."),
            .value("mode", "mode", help: "Locale matching: cldr (default), adapty or icu."),
            .value("source", "name", help: "Answer from this source (default: the first, in sync config order, with the placement)."),
            .flag("explain", help: "Explain the audience, bucket and locale choices (and what --fetch-policy did) on stderr."),
        ] + FetchOptions.specs,
        examples: [
            CommandExample("The bundle a user in Brazil on pt-BR gets at the placement onboarding:",
                           ["resolve", "--placement", "onboarding", "--locale", "pt-BR", "--country", "BR"]),
            CommandExample("The same user in the A/B test, bucketed by profile id, with the reasons on stderr:",
                           ["resolve", "--placement", "onboarding", "--locale", "pt-BR", "--profile-id", "user-1842", "--explain"]),
            CommandExample("An Android user of app 1.9 on Mexican Spanish, at the placement settings:",
                           ["resolve", "--placement", "settings", "--locale", "es-MX", "--platform", "android", "--app-version", "1.9.0"]),
            CommandExample("Sync the placement's source first when its snapshot is older than ten minutes:",
                           ["resolve", "--placement", "onboarding", "--fetch-policy", "return-cache-data-if-not-expired-else-load",
                            "--max-age", "10m"]),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let placementID = arguments.requiredValue("placement")
        let request: ResolutionRequest
        do {
            let attributes = try arguments.values("attribute").map { (text) throws(RequestProblem) in try ResolutionRequest.attribute(text) }
            request = try ResolutionRequest(
                placementID: placementID, locales: arguments.values("locale"), country: arguments.value("country"),
                platform: arguments.value("platform"), appVersion: arguments.value("app-version"),
                attributionSources: arguments.values("attribution"), attributes: attributes,
                profileID: arguments.value("profile-id"), defaultAudienceOnly: arguments.flag("default-audience"),
                mode: arguments.value("mode"), source: arguments.value("source"))
        } catch {
            throw UsageError(commandPath: arguments.commandPath, message: "invalid value '\(error.value)' for --\(option(for: error.field)): expected \(error.expected)")
        }
        let fetched = try FetchOptions(arguments).map { options in
            try FetchBeforeResolve(options: options, arguments: arguments, context: context).run(placementID: placementID)
        }
        do {
            try answer(request, from: fetched?.storePath ?? context.storePath(arguments), configuredLocalePolicy: fetched?.configuredLocalePolicy,
                       arguments: arguments, context: context)
        } catch let failure as CommandFailure {
            throw fetched?.explaining(failure) ?? failure
        }
    }

    private static func answer(_ request: ResolutionRequest, from storePath: String, configuredLocalePolicy: String?,
                               arguments: ParsedArguments, context: CommandContext) throws {
        // Before anything parses a locale (the policy first), each learns the answers ICU gave at import.
        let resolver: PaywallResolver
        if let image = ResolutionImage.open(inStore: storePath) {
            // The store's current state, mapped: no SQLite.
            try? PaywallResolver.learnLocaleFacts(from: image.snapshots.map { (snapshot) throws(StoreError) in try image.reader(of: snapshot) })
            resolver = PaywallResolver(image: image, policy: try context.localePolicy(arguments, configured: configuredLocalePolicy))
        } else {
            let store = Result { () throws(CommandFailure) in try context.openStore(at: storePath) }
            if case let .success(opened) = store { try? PaywallResolver.learnLocaleFacts(from: opened.currentSnapshots().map(opened.reader(of:))) }
            let policy = try context.localePolicy(arguments, configured: configuredLocalePolicy)
            resolver = PaywallResolver(store: try store.get(), policy: policy)
        }
        let bundle: ResolvedBundle
        do {
            bundle = try resolver.resolve(request)
        } catch {
            throw failure(for: error)
        }
        if arguments.flag("explain") {
            bundle.explanation.forEach { context.standardError.writeLine("explain: \($0)") }
        }
        for skipped in bundle.localeMatch.skippedPreferences { context.warn("skipped preference: \(skipped.reason)") }
        context.standardOutput.writeJSON(bundle.json())
    }

    private static func option(for field: RequestProblem.Field) -> String {
        switch field {
        case .placement: "placement"
        case .locale: "locale"
        case .appVersion: "app-version"
        case .attribute: "attribute"
        case .profileID: "profile-id"
        case .mode: "mode"
        }
    }

    private static func failure(for error: ResolutionError) -> CommandFailure {
        switch error {
        case let .unknownPlacement(id, knownIDs):
            return .unknownPlacement(id, knownIDs: knownIDs)
        case .noSnapshot, .noAudience, .noVariation:
            return CommandFailure(exitCode: .noInput, message: error.description)
        case .inconsistent:
            return CommandFailure(exitCode: .dataError, message: error.description)
        case let .store(storeError):
            return CommandFailure(storeError)
        }
    }
}
