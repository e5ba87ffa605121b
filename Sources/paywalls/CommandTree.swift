import ArgumentKit

/// The whole command tree: specs for parsing and help, and the leaf commands that run. Each command
/// is listed once; the specs and the lookup of what runs are made from the lists.
enum CommandTree {
    /// `paywalls COMMAND`, in the order help lists them.
    private static let commands: [any Command.Type] = [
        ImportCommand.self, SyncCommand.self, ResolveCommand.self, StatusCommand.self, SnapshotsCommand.self, DiffCommand.self,
        CoverageCommand.self, FallbacksCommand.self, ServeCommand.self, ReportCommand.self,
    ]

    /// `paywalls GROUP COMMAND`: commands that share a subject.
    private static let groups: [(spec: CommandSpec, commands: [any Command.Type])] = [
        group("locale", abstract: "Inspect language tags and match locale preferences.", [LocaleExplainCommand.self, LocaleMatchCommand.self]),
        group("events", abstract: "Store the paywall and flow events apps send.", [EventsIngestCommand.self]),
        group("sources", abstract: "List the store's sources, and retire one.", [SourcesListCommand.self, SourcesRemoveCommand.self]),
    ]

    /// A group's examples are its commands'.
    private static func group(_ name: String, abstract: String, _ commands: [any Command.Type]) -> (CommandSpec, [any Command.Type]) {
        (CommandSpec(name: name, abstract: abstract, subcommands: commands.map { $0.spec }, examples: commands.flatMap { $0.spec.examples }), commands)
    }

    /// The command that runs for `path` (`["paywalls", "locale", "match"]`), if it names one.
    static func leaf(at path: [String]) -> (any Command.Type)? {
        guard path.first == root.name else { return nil }
        switch path.count {
        case 2: return commands.first { $0.spec.name == path[1] }
        case 3: return groups.first { $0.spec.name == path[1] }?.commands.first { $0.spec.name == path[2] }
        default: return nil
        }
    }

    static let root = CommandSpec(
        name: "paywalls",
        abstract: "Sync paywall exports and resolve localized paywall bundles.",
        discussion: """
            Start with a snapshot in the store: `paywalls import FILE` publishes an export you have (a
            paywall-export v1 document or a vendor fallback file), or `paywalls sync` downloads the sources
            of a sync config. Then `paywalls resolve --placement ID` prints the bundle a user gets, and
            `paywalls serve` answers the same over HTTP. `paywalls status` shows what the store holds.

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
        subcommands: commands.map { $0.spec } + groups.map(\.spec),
        examples: [
            CommandExample("Publish the sample export as the store's current snapshot (the store is ./.paywalls):",
                           ["import", "sync-config/sample-export.json"]),
            CommandExample("Print the bundle a user in Brazil on pt-BR gets at the placement onboarding:",
                           ["resolve", "--placement", "onboarding", "--locale", "pt-BR", "--country", "BR"]),
            CommandExample("Answer the same over HTTP, on 127.0.0.1:8787:", ["serve"]),
        ]
    )
}
