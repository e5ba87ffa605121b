import ArgumentKit
import Testing

/// A small command tree shaped like a real CLI:
///
///     tool [--store <dir>]
///     ├── locale [--verbose]            (group)
///     │   ├── explain [--json] [--mode <mode>] <tag> [<region>]
///     │   └── match   [--json] [--locale <tag> ...] [--fallback-language-tag <tag>] [--limit <n>] [<pref> ...]
///     └── sync [--dry-run]
enum Fixture {
    static let explain = CommandSpec(
        name: "explain",
        abstract: "Explain one language tag.",
        options: [
            .flag("json", help: "Print JSON."),
            .value("mode", "mode", help: "Matching mode."),
        ],
        arguments: [
            ArgumentSpec("tag", help: "The tag to explain."),
            ArgumentSpec("region", .optional, help: "A region to assume."),
        ]
    )

    static let match = CommandSpec(
        name: "match",
        abstract: "Match preferences against available locales.",
        discussion: "Preferences are tried in order.",
        options: [
            .flag("json", help: "Print JSON."),
            .repeated("locale", "tag", help: "An available locale; repeat for more."),
            .value("fallback-language-tag", "tag", help: "Tag used when nothing matches."),
            .value("limit", "n", help: "Show at most n results."),
        ],
        arguments: [ArgumentSpec("pref", .any, help: "Preferred language tags.")]
    )

    static let locale = CommandSpec(
        name: "locale",
        abstract: "Inspect language tags.",
        options: [.flag("verbose", help: "Print more detail.")],
        subcommands: [explain, match]
    )

    static let sync = CommandSpec(
        name: "sync",
        abstract: "Sync exports.",
        options: [.flag("dry-run", help: "Show what would change.")]
    )

    static let root = CommandSpec(
        name: "tool",
        abstract: "A small sample tool.",
        options: [.value("store", "dir", help: "Where data is kept.")],
        subcommands: [locale, sync]
    )

    static let parser = ArgumentParser(root: root)
    static let help = HelpFormatter(root: root)

    static let explainPath = ["tool", "locale", "explain"]
    static let matchPath = ["tool", "locale", "match"]
}

extension ParseOutcome {
    /// The parsed arguments of a `.run` outcome, else nil.
    var parsed: ParsedArguments? {
        if case let .run(parsed) = self { return parsed }
        return nil
    }
}

/// Parses `arguments` with the fixture parser and requires a `.run` outcome.
func run(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> ParsedArguments {
    let outcome = try Fixture.parser.parse(arguments)
    return try #require(outcome.parsed, "expected .run for \(arguments), got \(outcome)", sourceLocation: sourceLocation)
}
