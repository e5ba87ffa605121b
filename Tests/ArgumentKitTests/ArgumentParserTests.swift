import ArgumentKit
import Testing

/// Successful parses: subcommand resolution, option forms, positionals, `--` and `-`.
@Suite("ArgumentParser: successful parses")
struct ArgumentParserTests {
    // MARK: Subcommand resolution

    struct ResolutionCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let commandPath: [String]
        let positionals: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test("subcommand names at the front select the command", arguments: [
        ResolutionCase(arguments: ["locale", "explain", "en"], commandPath: Fixture.explainPath, positionals: ["en"]),
        ResolutionCase(arguments: ["locale", "match"], commandPath: Fixture.matchPath, positionals: []),
        ResolutionCase(arguments: ["locale", "match", "de", "fr"], commandPath: Fixture.matchPath, positionals: ["de", "fr"]),
        ResolutionCase(arguments: ["sync"], commandPath: ["tool", "sync"], positionals: []),
        // A leaf has no subcommands, so a later word equal to a command name is a positional.
        ResolutionCase(arguments: ["locale", "match", "explain", "sync"], commandPath: Fixture.matchPath, positionals: ["explain", "sync"]),
        // Resolution stops at the first option: later command names are positionals.
        ResolutionCase(arguments: ["locale", "match", "--json", "match"], commandPath: Fixture.matchPath, positionals: ["match"]),
    ])
    func resolvesSubcommands(_ testCase: ResolutionCase) throws {
        let parsed = try run(testCase.arguments)
        #expect(parsed.commandPath == testCase.commandPath)
        #expect(parsed.arguments == testCase.positionals)
    }

    @Test("a whole parse result compares equal to the expected ParsedArguments")
    func wholeResult() throws {
        let outcome = try Fixture.parser.parse(["locale", "explain", "--store", "/db", "en-US", "--json", "--mode=cldr", "US"])
        #expect(outcome == .run(ParsedArguments(
            commandPath: Fixture.explainPath,
            optionValues: ["store": ["/db"], "json": [""], "mode": ["cldr"]],
            arguments: ["en-US", "US"]
        )))
    }

    // MARK: Option values

    @Test("a single value is read from the next argument or after '='", arguments: [
        ["locale", "explain", "--mode", "cldr", "en"],
        ["locale", "explain", "--mode=cldr", "en"],
        ["locale", "explain", "en", "--mode", "cldr"],
        ["locale", "explain", "en", "--mode=cldr"],
    ])
    func singleValue(_ arguments: [String]) throws {
        let parsed = try run(arguments)
        #expect(parsed.value("mode") == "cldr")
        #expect(parsed.values("mode") == ["cldr"])
        #expect(parsed.arguments == ["en"])
    }

    @Test("an inline value keeps everything after the first '='")
    func inlineValueWithEquals() throws {
        let parsed = try run(["locale", "explain", "--mode=a=b", "en"])
        #expect(parsed.value("mode") == "a=b")
    }

    @Test("a value that starts with a dash is taken as the option's value")
    func dashedValue() throws {
        let parsed = try run(["locale", "explain", "--mode", "-x", "en"])
        #expect(parsed.value("mode") == "-x")
        #expect(parsed.arguments == ["en"])
    }

    @Test("repeated options keep their order across both spellings")
    func repeatedKeepOrder() throws {
        let parsed = try run(["locale", "match", "--locale", "en", "de", "--locale=fr", "--locale", "pt-BR"])
        #expect(parsed.values("locale") == ["en", "fr", "pt-BR"])
        #expect(parsed.value("locale") == "pt-BR")
        #expect(parsed.arguments == ["de"])
    }

    // MARK: Flags

    @Test("flags are present or absent")
    func flags() throws {
        let with = try run(["locale", "explain", "--json", "en"])
        #expect(with.flag("json"))
        #expect(!with.flag("verbose"))
        #expect(with.arguments == ["en"])

        let without = try run(["locale", "explain", "en"])
        #expect(!without.flag("json"))
    }

    @Test("a flag given twice records one empty value per occurrence")
    func flagTwice() throws {
        let parsed = try run(["locale", "match", "--json", "--json"])
        #expect(parsed.flag("json"))
        #expect(parsed.values("json") == ["", ""])
    }

    // MARK: Inherited options

    @Test("a leaf accepts options of the root and of its group")
    func inheritedOptions() throws {
        let parsed = try run(["locale", "explain", "--store", "/var/db", "--verbose", "en"])
        #expect(parsed.commandPath == Fixture.explainPath)
        #expect(parsed.value("store") == "/var/db")
        #expect(parsed.flag("verbose"))
        #expect(parsed.arguments == ["en"])
    }

    @Test("a root-level leaf accepts the root's option")
    func rootOptionOnSync() throws {
        let parsed = try run(["sync", "--store=/tmp/s", "--dry-run"])
        #expect(parsed.commandPath == ["tool", "sync"])
        #expect(parsed.value("store") == "/tmp/s")
        #expect(parsed.flag("dry-run"))
    }

    /// CommandSpec.swift documents "`paywalls --store DIR locale explain`" as accepted, but the
    /// parser resolves subcommand names only before the first option.
    @Test("a root option given before the subcommand names (documented in CommandSpec)")
    func rootOptionBeforeSubcommand() throws {
        let parsed = try run(["--store", "/db", "locale", "explain", "en"])
        #expect(parsed.commandPath == Fixture.explainPath)
        #expect(parsed.value("store") == "/db")
        #expect(parsed.arguments == ["en"])
    }

    // MARK: `--` and `-`

    @Test("'--' ends options: later dashed words are positionals")
    func doubleDash() throws {
        let parsed = try run(["locale", "match", "--json", "--", "--json", "-h", "--locale", "x", "--"])
        #expect(parsed.values("json") == [""])
        #expect(parsed.values("locale") == [])
        #expect(parsed.arguments == ["--json", "-h", "--locale", "x", "--"])
    }

    @Test("'--' ends options on a leaf with a bounded arity")
    func doubleDashExplain() throws {
        let parsed = try run(["locale", "explain", "--", "--json"])
        #expect(!parsed.flag("json"))
        #expect(parsed.arguments == ["--json"])
    }

    @Test("'--help' after '--' is a positional, not a help request")
    func helpAfterDoubleDash() throws {
        let outcome = try Fixture.parser.parse(["locale", "match", "--", "--help", "--version"])
        #expect(outcome.parsed?.arguments == ["--help", "--version"])
    }

    @Test("a lone '-' is a positional")
    func loneDash() throws {
        let parsed = try run(["locale", "match", "-", "--json", "-"])
        #expect(parsed.arguments == ["-", "-"])
        #expect(parsed.flag("json"))

        let explained = try run(["locale", "explain", "-"])
        #expect(explained.arguments == ["-"])
    }

    // MARK: Positional arities

    @Test("arity .one plus .optional accepts one or two positionals", arguments: [["en"], ["en", "US"]])
    func explainArity(_ positionals: [String]) throws {
        let parsed = try run(["locale", "explain"] + positionals)
        #expect(parsed.arguments == positionals)
    }

    @Test("arity .any accepts any number of positionals", arguments: [0, 1, 5])
    func anyArity(_ count: Int) throws {
        let positionals = (0..<count).map { "p\($0)" }
        let parsed = try run(["locale", "match"] + positionals)
        #expect(parsed.arguments == positionals)
    }
}

/// `--help`, `-h` and `--version`.
@Suite("ArgumentParser: help and version")
struct HelpAndVersionParsingTests {
    struct HelpCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let commandPath: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test("--help and -h return help for the command resolved so far", arguments: [
        HelpCase(arguments: ["--help"], commandPath: ["tool"]),
        HelpCase(arguments: ["-h"], commandPath: ["tool"]),
        HelpCase(arguments: ["--store", "x", "-h"], commandPath: ["tool"]),
        // An option's value is not a word of the command path.
        HelpCase(arguments: ["--store", "x", "sync", "--help"], commandPath: ["tool", "sync"]),
        HelpCase(arguments: ["--store=x", "locale", "explain", "-h"], commandPath: Fixture.explainPath),
        HelpCase(arguments: ["locale", "explain", "--mode", "cldr", "--help"], commandPath: Fixture.explainPath),
        HelpCase(arguments: ["locale", "--help"], commandPath: ["tool", "locale"]),
        HelpCase(arguments: ["locale", "--verbose", "-h"], commandPath: ["tool", "locale"]),
        HelpCase(arguments: ["locale", "explain", "-h"], commandPath: Fixture.explainPath),
        HelpCase(arguments: ["locale", "explain", "en", "--help"], commandPath: Fixture.explainPath),
        HelpCase(arguments: ["locale", "explain", "--json", "-h", "en"], commandPath: Fixture.explainPath),
        // Help wins over positional errors that would be found only after all arguments are read.
        HelpCase(arguments: ["locale", "explain", "a", "b", "c", "--help"], commandPath: Fixture.explainPath),
        HelpCase(arguments: ["locale", "match", "--locale", "en", "-h"], commandPath: Fixture.matchPath),
        HelpCase(arguments: ["sync", "--help"], commandPath: ["tool", "sync"]),
        // Help wins over mistakes elsewhere on the line, and applies to the command the line names.
        HelpCase(arguments: ["locale", "explain", "--bogus", "--help"], commandPath: Fixture.explainPath),
        HelpCase(arguments: ["--help", "locale", "explain"], commandPath: Fixture.explainPath),
        // Help comes before the missing-subcommand check of a group.
        HelpCase(arguments: ["locale", "-h"], commandPath: ["tool", "locale"]),
    ])
    func help(_ testCase: HelpCase) throws {
        #expect(try Fixture.parser.parse(testCase.arguments) == .help(commandPath: testCase.commandPath))
    }

    @Test("--version at the root", arguments: [
        ["--version"],
        ["--store", "x", "--version"],
    ])
    func version(_ arguments: [String]) throws {
        #expect(try Fixture.parser.parse(arguments) == .version)
    }

    @Test("--help wins over --version, in either order")
    func helpBeforeVersion() throws {
        #expect(try Fixture.parser.parse(["--help", "--version"]) == .help(commandPath: ["tool"]))
        #expect(try Fixture.parser.parse(["--version", "--help"]) == .help(commandPath: ["tool"]))
    }

    @Test("--version below the root is an unknown option", arguments: [
        ["tool", "locale"],
        Fixture.explainPath,
        Fixture.matchPath,
        ["tool", "sync"],
    ])
    func versionOnSubcommand(_ path: [String]) {
        #expect(throws: UsageError(commandPath: path, message: "unknown option '--version'")) {
            try Fixture.parser.parse(Array(path.dropFirst()) + ["--version"])
        }
    }
}
