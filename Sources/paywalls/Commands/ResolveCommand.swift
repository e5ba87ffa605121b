import ArgumentKit
import LocaleKit
import PaywallModel
import PaywallResolver

/// `paywalls resolve --placement ID ...`: the bundle a user gets, as JSON (SPEC §5).
enum ResolveCommand: Command {
    static let spec = CommandSpec(
        name: "resolve",
        abstract: "Print the localized paywall bundle a user gets at a placement.",
        discussion: """
            Picks the audience (ascending priority, the first whose segments all match), the variation (the
            vendor SDKs' bucketing with --profile-id, else the heaviest), and the localization (the locale
            chain of --mode), then merges strings along the chain. --explain tells on stderr why.
            An unknown placement exits 66 and names the closest ids.
            """,
        options: [
            .value("placement", "id", help: "The placement id (required)."),
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
            .flag("explain", help: "Explain the audience, bucket and locale choices on stderr."),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        guard let placementID = arguments.value("placement") else {
            throw UsageError(commandPath: arguments.commandPath, message: "missing --placement <id>")
        }
        let request = ResolutionRequest(
            placementID: placementID,
            locales: arguments.values("locale").flatMap(localePreferences(in:)),
            mode: try arguments.value("mode", expected: "cldr, adapty or icu", MatchMode.init(rawValue:)) ?? .cldr,
            context: UserContext(country: arguments.value("country"), platform: arguments.value("platform"),
                                 appVersion: try arguments.value("app-version", expected: "a dotted version such as 2.4.1") { DottedVersion($0) == nil ? nil : $0 },
                                 attributionSources: arguments.values("attribution"),
                                 attributes: try customAttributes(arguments)),
            defaultAudienceOnly: arguments.flag("default-audience"),
            profileID: arguments.value("profile-id"),
            source: arguments.value("source")
        )
        let policy = try context.localePolicy(arguments)
        let resolver = PaywallResolver(store: try context.openStore(arguments), policy: policy)
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
        context.standardOutput.writeLine(bundle.json().rendered(pretty: true))
    }

    private static func customAttributes(_ arguments: ParsedArguments) throws(UsageError) -> [String: String] {
        var attributes: [String: String] = [:]
        for pair in arguments.values("attribute") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw UsageError(commandPath: arguments.commandPath, message: "invalid --attribute '\(pair)': expected key=value")
            }
            attributes[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        return attributes
    }

    private static func failure(for error: ResolutionError) -> CommandFailure {
        switch error {
        case let .unknownPlacement(id, knownIDs):
            let closest = closestCandidates(to: id, among: knownIDs, limit: 3)
            let hint = closest.isEmpty ? " (the snapshot has \(knownIDs.count) placements; see `paywalls status`)" : "; closest: \(closest.joined(separator: ", "))"
            return CommandFailure(exitCode: .noInput, message: error.description + hint)
        case .noSnapshot, .noAudience:
            return CommandFailure(exitCode: .noInput, message: error.description)
        case .inconsistent:
            return CommandFailure(exitCode: .dataError, message: error.description)
        case let .store(storeError):
            return CommandFailure(storeError)
        }
    }
}
