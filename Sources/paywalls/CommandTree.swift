import ArgumentKit

/// The whole command tree: specs for parsing and help, and the leaf commands that run.
enum CommandTree {
    static let version = "0.1.0"

    static func leaf(at path: [String]) -> (any Command.Type)? {
        switch path {
        case ["paywalls", "locale", "explain"]: return LocaleExplainCommand.self
        case ["paywalls", "locale", "match"]: return LocaleMatchCommand.self
        case ["paywalls", "import"]: return ImportCommand.self
        case ["paywalls", "sync"]: return SyncCommand.self
        case ["paywalls", "resolve"]: return ResolveCommand.self
        case ["paywalls", "status"]: return StatusCommand.self
        case ["paywalls", "snapshots"]: return SnapshotsCommand.self
        case ["paywalls", "diff"]: return DiffCommand.self
        case ["paywalls", "coverage"]: return CoverageCommand.self
        case ["paywalls", "fallbacks"]: return FallbacksCommand.self
        default: return nil
        }
    }

    static let root = CommandSpec(
        name: "paywalls",
        abstract: "Sync paywall exports and resolve localized paywall bundles.",
        options: [
            .value("store", "dir", help: "The snapshot store (default: $PAYWALLS_STORE, else ./.paywalls)."),
            .value("locale-policy", "file", help: "Locale policy file (default: $PAYWALLS_LOCALE_POLICY, else ./locales/policy.txt)."),
        ],
        subcommands: [
            ImportCommand.spec,
            SyncCommand.spec,
            ResolveCommand.spec,
            StatusCommand.spec,
            SnapshotsCommand.spec,
            DiffCommand.spec,
            CoverageCommand.spec,
            FallbacksCommand.spec,
            CommandSpec(
                name: "locale",
                abstract: "Inspect language tags and match locale preferences.",
                subcommands: [LocaleExplainCommand.spec, LocaleMatchCommand.spec]
            ),
        ]
    )
}
