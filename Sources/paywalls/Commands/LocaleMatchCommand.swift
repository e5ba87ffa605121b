import ArgumentKit
import LocaleKit
import PaywallModel
import PaywallResolver

/// `paywalls locale match`: which of the available localizations a user with these preferences gets.
enum LocaleMatchCommand: Command {
    static let spec = CommandSpec(
        name: "match",
        abstract: "Choose the available localization for a user's locale preferences.",
        discussion: """
            Preferences are tried in order, each down its fallback chain, before the default. Prints the
            chosen available as the list spells it; --json adds the chain walked and the outcome (exact,
            fallback or default). Invalid preferences are skipped with a warning.

            With --stdin, reads lines PREFS<TAB>AVAILABLES[<TAB>DEFAULT] (comma-separated lists; DEFAULT
            defaults to --default, else the policy's default, en) and writes one chosen locale per line,
            in order. A malformed line yields the default and a warning on stderr.
            """,
        options: [
            .value("mode", "mode", help: "cldr (default), adapty or icu."),
            .value("default", "tag", help: "The locale every chain ends at (default: the policy's, en)."),
            .value("available", "list", help: "Comma-separated available localizations, as the export spells them."),
            .flag("json", help: "Print JSON with the chain walked and the outcome."),
            .flag("stdin", help: "Batch mode: read PREFS<TAB>AVAILABLES[<TAB>DEFAULT] lines from standard input."),
        ],
        arguments: [ArgumentSpec("preference", .any, help: "A preferred locale, most preferred first (an Accept-Language value works too).")],
        examples: [
            CommandExample("The localization a user on Mexican Spanish gets:", ["locale", "match", "--available", "en,es,es-419,pt-BR", "es-MX"]),
            CommandExample("From an Accept-Language value, with the chain walked:",
                           ["locale", "match", "--json", "--available", "en,de,pt", "da, de-AT;q=0.8, en;q=0.5"]),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let policy = try context.localePolicy(arguments)
        let mode = try arguments.value("mode", expected: "cldr, adapty or icu", MatchMode.init(rawValue:)) ?? .cldr
        let defaultLocale = try arguments.value("default").map { try validatedDefault($0, mode: mode, policy: policy) }
        if arguments.flag("stdin") {
            if !arguments.arguments.isEmpty || arguments.value("available") != nil || arguments.flag("json") {
                throw UsageError(commandPath: arguments.commandPath,
                                 message: "--stdin reads preferences and availables from standard input: give no preference, --available or --json")
            }
            try matchStandardInput(mode: mode, policy: policy, defaultLocale: defaultLocale, context: context)
            return
        }
        guard let availableList = arguments.value("available") else {
            throw UsageError(commandPath: arguments.commandPath, message: "missing --available <list> (or use --stdin)")
        }
        guard !arguments.arguments.isEmpty else {
            throw UsageError(commandPath: arguments.commandPath, message: "missing argument <preference>")
        }
        let matcher = LocaleMatcher(available: availableLocales(in: availableList), defaultLocale: defaultLocale, mode: mode, policy: policy)
        let preferences = arguments.arguments.flatMap(localePreferences(in:))
        let match = matcher.match(preferences)
        for skipped in matcher.unusableAvailables { context.warn("skipped available: \(skipped.reason)") }
        for skipped in match.skippedPreferences { context.warn("skipped preference: \(skipped.reason)") }
        if arguments.flag("json") {
            context.standardOutput.writeJSON(match.json(requested: preferences, defaultLocale: matcher.defaultLocale))
        } else {
            context.standardOutput.writeLine(match.matched)
        }
    }

    private static func validatedDefault(_ text: String, mode: MatchMode, policy: LocalePolicy) throws(CommandFailure) -> String {
        guard mode != .adapty else { return text }
        do {
            _ = try policy.languageTag(for: text)
            return text
        } catch {
            throw CommandFailure(exitCode: .dataError, message: "invalid --default: \(error.description)")
        }
    }
}
