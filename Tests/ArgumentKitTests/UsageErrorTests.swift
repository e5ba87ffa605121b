import ArgumentKit
import Testing

/// Every way `ArgumentParser.parse` reports a usage error, with the exact message and the command
/// path the error belongs to (used by the CLI to print the right usage line).
@Suite("ArgumentParser: usage errors")
struct UsageErrorTests {
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let commandPath: [String]
        let message: String
        init(_ arguments: [String], _ commandPath: [String], _ message: String) {
            self.arguments = arguments
            self.commandPath = commandPath
            self.message = message
        }
        var testDescription: String { "\(arguments.joined(separator: " ")) → \(message)" }
    }

    static let explain = Fixture.explainPath
    static let match = Fixture.matchPath
    static let locale = ["tool", "locale"]

    static func check(_ testCase: ErrorCase) {
        #expect(throws: UsageError(commandPath: testCase.commandPath, message: testCase.message)) {
            try Fixture.parser.parse(testCase.arguments)
        }
    }

    @Test("unknown option without a suggestion", arguments: [
        ErrorCase(["locale", "explain", "--frobnicate", "en"], explain, "unknown option '--frobnicate'"),
        ErrorCase(["locale", "explain", "-x", "en"], explain, "unknown option '-x'"),
        // A sibling's option is not accepted.
        ErrorCase(["locale", "explain", "--locale", "en"], explain, "unknown option '--locale'"),
        // A child's option is not accepted by its parent.
        ErrorCase(["locale", "--json"], locale, "unknown option '--json'"),
        ErrorCase(["--dry-run", "sync"], ["tool"], "unknown option '--dry-run'"),
        // The message shows the option without its inline value.
        ErrorCase(["sync", "--frobnicate=yes"], ["tool", "sync"], "unknown option '--frobnicate'"),
    ])
    func unknownOption(_ testCase: ErrorCase) {
        Self.check(testCase)
    }

    @Test("unknown option with a 'did you mean' suggestion", arguments: [
        ErrorCase(["locale", "explain", "--jsn", "en"], explain, "unknown option '--jsn'; did you mean '--json'?"),
        ErrorCase(["locale", "explain", "--jsn=1", "en"], explain, "unknown option '--jsn'; did you mean '--json'?"),
        ErrorCase(["locale", "explain", "--mdoe", "x", "en"], explain, "unknown option '--mdoe'; did you mean '--mode'?"),
        // Inherited options are suggested too.
        ErrorCase(["locale", "explain", "--stor", "x", "en"], explain, "unknown option '--stor'; did you mean '--store'?"),
        ErrorCase(["locale", "match", "--locales", "en"], match, "unknown option '--locales'; did you mean '--locale'?"),
        // Only long options exist: a single-dash long name is rejected and the long form suggested.
        ErrorCase(["locale", "explain", "-json", "en"], explain, "unknown option '-json'; did you mean '--json'?"),
        ErrorCase(["sync", "--dryrun"], ["tool", "sync"], "unknown option '--dryrun'; did you mean '--dry-run'?"),
    ])
    func unknownOptionWithSuggestion(_ testCase: ErrorCase) {
        Self.check(testCase)
    }

    @Test("an option that takes a value but has none", arguments: [
        ErrorCase(["locale", "explain", "en", "--mode"], explain, "--mode needs a value <mode>"),
        ErrorCase(["locale", "match", "--locale", "en", "--locale"], match, "--locale needs a value <tag>"),
        ErrorCase(["locale", "match", "--store"], match, "--store needs a value <dir>"),
        ErrorCase(["--store"], ["tool"], "--store needs a value <dir>"),
    ])
    func missingValue(_ testCase: ErrorCase) {
        Self.check(testCase)
    }

    @Test("a single-value option given twice", arguments: [
        ErrorCase(["locale", "explain", "--mode", "a", "--mode", "b", "en"], explain, "--mode given more than once"),
        ErrorCase(["locale", "explain", "--mode=a", "en", "--mode=a"], explain, "--mode given more than once"),
        ErrorCase(["locale", "match", "--store", "a", "--store=b"], match, "--store given more than once"),
        ErrorCase(["locale", "match", "--limit", "1", "--limit", "2"], match, "--limit given more than once"),
    ])
    func givenTwice(_ testCase: ErrorCase) {
        Self.check(testCase)
    }

    @Test("a flag given a value", arguments: [
        ErrorCase(["locale", "explain", "--json=1", "en"], explain, "--json takes no value"),
        ErrorCase(["locale", "explain", "--json=", "en"], explain, "--json takes no value"),
        ErrorCase(["locale", "explain", "--verbose=yes", "en"], explain, "--verbose takes no value"),
        ErrorCase(["sync", "--dry-run=false"], ["tool", "sync"], "--dry-run takes no value"),
    ])
    func flagWithValue(_ testCase: ErrorCase) {
        Self.check(testCase)
    }

    @Test("a group called without a subcommand", arguments: [
        ErrorCase([], ["tool"], "missing subcommand: expected one of locale, sync"),
        ErrorCase(["--store", "x"], ["tool"], "missing subcommand: expected one of locale, sync"),
        ErrorCase(["locale"], locale, "missing subcommand: expected one of explain, match"),
        ErrorCase(["locale", "--verbose"], locale, "missing subcommand: expected one of explain, match"),
    ])
    func missingSubcommand(_ testCase: ErrorCase) {
        Self.check(testCase)
    }

    @Test("an unknown command or subcommand, named before anything after it, with a suggestion when one is close", arguments: [
        ErrorCase(["locale", "explian"], locale, "unknown subcommand 'explian'; did you mean 'explain'?"),
        ErrorCase(["locale", "mach", "en"], locale, "unknown subcommand 'mach'; did you mean 'match'?"),
        ErrorCase(["lcoale", "explain"], ["tool"], "unknown command 'lcoale'; did you mean 'locale'?"),
        ErrorCase(["frob"], ["tool"], "unknown command 'frob'"),
        // The mistyped command is named, not the options meant for it.
        ErrorCase(["synk", "--dry-run"], ["tool"], "unknown command 'synk'; did you mean 'sync'?"),
        ErrorCase(["--store", "x", "synk", "--frobnicate"], ["tool"], "unknown command 'synk'; did you mean 'sync'?"),
        ErrorCase(["locale", "explian", "--json", "en"], locale, "unknown subcommand 'explian'; did you mean 'explain'?"),
        // A grandchild is not a subcommand of the root.
        ErrorCase(["explain", "en"], ["tool"], "unknown command 'explain'"),
        ErrorCase(["locale", "-", "explain"], locale, "unknown subcommand '-'"),
    ])
    func unknownSubcommand(_ testCase: ErrorCase) {
        Self.check(testCase)
    }

    @Test("a required positional is missing", arguments: [
        ErrorCase(["locale", "explain"], explain, "missing argument <tag>"),
        ErrorCase(["locale", "explain", "--json", "--mode", "cldr"], explain, "missing argument <tag>"),
        ErrorCase(["locale", "explain", "--"], explain, "missing argument <tag>"),
    ])
    func missingPositional(_ testCase: ErrorCase) {
        Self.check(testCase)
    }

    @Test("an extra positional beyond the arity", arguments: [
        ErrorCase(["locale", "explain", "en", "US", "extra"], explain, "unexpected argument 'extra'"),
        ErrorCase(["locale", "explain", "en", "--", "a", "b"], explain, "unexpected argument 'b'"),
        ErrorCase(["sync", "now"], ["tool", "sync"], "unexpected argument 'now'"),
        ErrorCase(["sync", "-"], ["tool", "sync"], "unexpected argument '-'"),
    ])
    func extraPositional(_ testCase: ErrorCase) {
        Self.check(testCase)
    }

    @Test("the first error in argument order is the one reported")
    func firstErrorWins() {
        #expect(throws: UsageError(commandPath: Self.explain, message: "--json takes no value")) {
            try Fixture.parser.parse(["locale", "explain", "--json=1", "--bogus"])
        }
        #expect(throws: UsageError(commandPath: Self.explain, message: "unknown option '--bogus'")) {
            try Fixture.parser.parse(["locale", "explain", "--bogus", "--json=1"])
        }
        // Option errors come before positional checks even when the option is last.
        #expect(throws: UsageError(commandPath: Self.explain, message: "unknown option '--bogus'")) {
            try Fixture.parser.parse(["locale", "explain", "--bogus"])
        }
    }

    @Test("UsageError describes itself by its message")
    func description() {
        let error = UsageError(commandPath: ["tool"], message: "missing subcommand")
        #expect(error.description == "missing subcommand")
        #expect("\(error)" == "missing subcommand")
    }
}
