import ArgumentKit

/// The whole command tree: specs for parsing and help, and the leaf commands that run.
enum CommandTree {
    static let version = "0.1.0"

    static func leaf(at path: [String]) -> (any Command.Type)? {
        switch path {
        case ["paywalls", "locale", "explain"]: return LocaleExplainCommand.self
        case ["paywalls", "locale", "match"]: return LocaleMatchCommand.self
        default: return nil
        }
    }

    static let root = CommandSpec(
        name: "paywalls",
        abstract: "Sync paywall exports and resolve localized paywall bundles.",
        options: [
            .value("locale-policy", "file", help: "Locale policy file (default: $PAYWALLS_LOCALE_POLICY, else ./locales/policy.txt)."),
        ],
        subcommands: [
            CommandSpec(
                name: "locale",
                abstract: "Inspect language tags and match locale preferences.",
                subcommands: [LocaleExplainCommand.spec, LocaleMatchCommand.spec]
            ),
        ]
    )
}
