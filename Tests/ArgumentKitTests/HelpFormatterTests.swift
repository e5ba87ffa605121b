import ArgumentKit
import Testing

/// One-line usage and `--help` text.
@Suite("HelpFormatter")
struct HelpFormatterTests {
    let help = Fixture.help

    // MARK: Usage line

    @Test("usage lists the path, <subcommand> for groups, inherited options root first, then positionals", arguments: [
        (["tool"], "tool <subcommand> [--store <dir>]"),
        (["tool", "locale"], "tool locale <subcommand> [--store <dir>] [--verbose]"),
        (["tool", "locale", "explain"], "tool locale explain [--store <dir>] [--verbose] [--json] [--mode <mode>] <tag> [<region>]"),
        (["tool", "locale", "match"],
         "tool locale match [--store <dir>] [--verbose] [--json] [--locale <tag> ...] [--fallback-language-tag <tag>] [--limit <n>] [<pref> ...]"),
        (["tool", "sync"], "tool sync [--store <dir>] [--dry-run]"),
    ])
    func usage(path: [String], expected: String) {
        #expect(help.usage(for: path) == expected)
    }

    @Test("specs(along:) follows known names and stops at the first unknown one")
    func specsAlong() {
        #expect(help.specs(along: ["tool", "locale", "match"]).map(\.name) == ["tool", "locale", "match"])
        #expect(help.specs(along: ["tool", "locale", "match"]).last == Fixture.match)
        #expect(help.specs(along: ["tool"]).map(\.name) == ["tool"])
        #expect(help.specs(along: ["tool", "nope", "explain"]).map(\.name) == ["tool"])
        #expect(help.specs(along: ["tool", "locale", "nope"]).map(\.name) == ["tool", "locale"])
        // The first name is the root's by convention and is not checked.
        #expect(help.specs(along: ["x", "sync"]).map(\.name) == ["tool", "sync"])
    }

    // MARK: Full help text

    @Test("help for the root")
    func rootHelp() {
        #expect(help.help(for: ["tool"]) == """
            OVERVIEW: A small sample tool.

            USAGE: tool <subcommand> [--store <dir>]

            OPTIONS:
              --store <dir>           Where data is kept.
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              locale                  Inspect language tags.
              sync                    Sync exports.

              See 'tool <subcommand> --help' for detailed help.

            """)
    }

    @Test("help for a group")
    func groupHelp() {
        #expect(help.help(for: ["tool", "locale"]) == """
            OVERVIEW: Inspect language tags.

            USAGE: tool locale <subcommand> [--store <dir>] [--verbose]

            OPTIONS:
              --verbose               Print more detail.
              --store <dir>           Where data is kept.
              -h, --help              Show help information.

            SUBCOMMANDS:
              explain                 Explain one language tag.
              match                   Match preferences against available locales.

              See 'tool locale <subcommand> --help' for detailed help.

            """)
    }

    @Test("help for a leaf: arguments, own options first, then inherited ones; the usage filled to 80 columns")
    func leafHelp() {
        #expect(help.help(for: Fixture.explainPath) == """
            OVERVIEW: Explain one language tag.

            USAGE: tool locale explain [--store <dir>] [--verbose] [--json] [--mode <mode>]
                   <tag> [<region>]

            ARGUMENTS:
              <tag>                   The tag to explain.
              <region>                A region to assume.

            OPTIONS:
              --json                  Print JSON.
              --mode <mode>           Matching mode.
              --verbose               Print more detail.
              --store <dir>           Where data is kept.
              -h, --help              Show help information.

            """)
    }

    @Test("help for a leaf with a discussion and a label too long for the column")
    func leafHelpWithDiscussionAndWrap() {
        #expect(help.help(for: Fixture.matchPath) == """
            OVERVIEW: Match preferences against available locales.

            Preferences are tried in order.

            USAGE: tool locale match [--store <dir>] [--verbose] [--json]
                   [--locale <tag> ...] [--fallback-language-tag <tag>] [--limit <n>]
                   [<pref> ...]

            ARGUMENTS:
              <pref>                  Preferred language tags.

            OPTIONS:
              --json                  Print JSON.
              --locale <tag>          An available locale; repeat for more.
              --fallback-language-tag <tag>
                                      Tag used when nothing matches.
              --limit <n>             Show at most n results.
              --verbose               Print more detail.
              --store <dir>           Where data is kept.
              -h, --help              Show help information.

            """)
    }

    // MARK: Sections

    static let allPaths: [[String]] = [
        ["tool"], ["tool", "locale"], Fixture.explainPath, Fixture.matchPath, ["tool", "sync"],
    ]

    @Test("sections appear in order, and only when they have content", arguments: allPaths)
    func sections(path: [String]) throws {
        // Wide enough for the usage to be one line.
        let text = HelpFormatter(root: Fixture.root, width: 200).help(for: path)
        let command = try #require(help.specs(along: path).last)
        let headers = ["OVERVIEW:", "USAGE:", "ARGUMENTS:", "OPTIONS:", "SUBCOMMANDS:"]
        let present = headers.filter { text.contains($0) }
        var expected = ["OVERVIEW:", "USAGE:"]
        if !command.arguments.isEmpty { expected.append("ARGUMENTS:") }
        expected.append("OPTIONS:")
        if !command.subcommands.isEmpty { expected.append("SUBCOMMANDS:") }
        #expect(present == expected)

        // Each header starts a line, and they appear in the order above.
        let lineHeaders = text.split(separator: "\n").compactMap { line in headers.first { line.hasPrefix($0) } }
        #expect(lineHeaders == expected)
        #expect(text.hasPrefix("OVERVIEW: \(command.abstract)\n"))
        #expect(text.contains("\nUSAGE: \(help.usage(for: path))\n"))
        #expect(text.hasSuffix("\n"))
    }

    @Test("--version is listed only at the root; -h, --help everywhere", arguments: allPaths)
    func versionOnlyAtRoot(path: [String]) {
        let text = help.help(for: path)
        #expect(text.contains("  --version               Show the version.\n") == (path.count == 1))
        #expect(text.contains("  -h, --help              Show help information.\n"))
    }

    @Test("every inherited option is listed in a leaf's help", arguments: [Fixture.explainPath, Fixture.matchPath])
    func inheritedInHelp(path: [String]) {
        let text = help.help(for: path)
        for option in ["--store <dir>", "--verbose"] {
            #expect(text.contains("\n  \(option) "))
        }
    }

    // MARK: Column layout

    @Test("a label that fits keeps its help on the same line; one that reaches the column wraps")
    func wrapBoundary() {
        // "  " + label is compared with a 26-column help column.
        let fits = String(repeating: "f", count: 21)   // "--" + 21 = 23 characters, padded to 25
        let wraps = String(repeating: "w", count: 22)  // "--" + 22 = 24 characters, padded to 26
        let root = CommandSpec(name: "t", abstract: "T.", options: [
            .flag(fits, help: "Fits."),
            .flag(wraps, help: "Wraps."),
            .value("a-rather-long-name", "value", help: "Long with value."),
        ])
        let text = HelpFormatter(root: root).help(for: ["t"])
        let column = String(repeating: " ", count: 26)
        #expect(text.contains("\n  --\(fits) Fits.\n"))
        #expect(text.contains("\n  --\(wraps)\n\(column)Wraps.\n"))
        #expect(text.contains("\n  --a-rather-long-name <value>\n\(column)Long with value.\n"))
    }

    @Test("a command with no options of its own still lists help (and version at the root)")
    func bareRoot() {
        let text = HelpFormatter(root: CommandSpec(name: "bare", abstract: "Bare.")).help(for: ["bare"])
        #expect(text == """
            OVERVIEW: Bare.

            USAGE: bare

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            """)
    }
}
