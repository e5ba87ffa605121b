import ArgumentKit

/// The whole command tree: specs for parsing and help, and the leaf commands that run.
enum CommandTree {
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
        case ["paywalls", "serve"]: return ServeCommand.self
        default: return nil
        }
    }

    static let root = CommandSpec(
        name: "paywalls",
        abstract: "Sync paywall exports and resolve localized paywall bundles.",
        discussion: """
            The locale policy (policy.txt) and the device locales coverage checks (device-locales.txt) ship
            with paywalls. They are read from <prefix>/share/paywalls beside the binary (/usr/share/paywalls
            for /usr/bin/paywalls), else, for a binary built in a checkout, from the checkout's locales/;
            never from the working directory. What you name comes first: the locale policy is
            --locale-policy, else a sync config's locale_policy (sync, serve --sync-config, resolve
            --fetch-policy), else $PAYWALLS_LOCALE_POLICY, else the shipped policy.txt, else none (pure
            CLDR, ending at en).
            """,
        options: [
            .value("store", "dir", help: "The snapshot store (default: $PAYWALLS_STORE, else ./.paywalls)."),
            .value("locale-policy", "file", help: "Locale policy file (default: $PAYWALLS_LOCALE_POLICY, else the shipped policy.txt; see paywalls --help)."),
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
            ServeCommand.spec,
            CommandSpec(
                name: "locale",
                abstract: "Inspect language tags and match locale preferences.",
                subcommands: [LocaleExplainCommand.spec, LocaleMatchCommand.spec]
            ),
        ]
    )
}
