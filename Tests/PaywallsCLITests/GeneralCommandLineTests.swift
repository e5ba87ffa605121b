import Testing

@Suite struct GeneralCommandLineTests {
    @Test func printsItsVersion() throws {
        let outcome = try PaywallsProcess.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput == "0.1.0\n")
        #expect(outcome.standardError.isEmpty)
    }

    @Test(arguments: [
        (["--help"], "USAGE: paywalls <subcommand>"),
        (["locale", "--help"], "USAGE: paywalls locale <subcommand>"),
        (["locale", "explain", "--help"], "USAGE: paywalls locale explain [--store <dir>] [--locale-policy <file>] <tag>"),
        (["import", "--help"], "USAGE: paywalls import [--store <dir>] [--locale-policy <file>] [--format <format>]"),
        (["resolve", "--help"], "USAGE: paywalls resolve [--store <dir>] [--locale-policy <file>] [--placement <id>]"),
        (["status", "--help"], "USAGE: paywalls status"),
        (["snapshots", "--help"], "USAGE: paywalls snapshots"),
        (["diff", "--help"], "USAGE: paywalls diff"),
        (["coverage", "--help"], "USAGE: paywalls coverage"),
        (["locale", "match", "-h"], "USAGE: paywalls locale match"),
    ])
    func everyCommandHasHelp(_ arguments: [String], _ usage: String) throws {
        let outcome = try PaywallsProcess.run(arguments)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("OVERVIEW: "))
        #expect(outcome.standardOutput.contains(usage))
        #expect(outcome.standardError.isEmpty)
    }

    @Test(arguments: [
        ([], "error: missing subcommand: expected one of import, sync, resolve, status, snapshots, diff, coverage, fallbacks, locale"),
        (["locale"], "error: missing subcommand: expected one of explain, match"),
        (["lcoale"], "error: unknown subcommand 'lcoale', did you mean 'locale'?"),
        (["locale", "match", "--mdoe", "icu"], "error: unknown option '--mdoe', did you mean '--mode'?"),
        (["locale", "explain"], "error: missing argument <tag>"),
        (["locale", "explain", "en", "de"], "error: unexpected argument 'de'"),
        (["locale", "match", "--mode"], "error: --mode needs a value <mode>"),
        (["locale", "match", "--mode", "best", "--available", "en", "de"], "error: invalid value 'best' for --mode: expected cldr, adapty or icu"),
        (["locale", "match", "de"], "error: missing --available <list> (or use --stdin)"),
        (["locale", "match", "--available", "en"], "error: missing argument <preference>"),
        (["locale", "match", "--stdin", "de"], "error: --stdin reads preferences and availables from standard input"),
    ])
    func usageMistakesExit64WithUsage(_ arguments: [String], _ message: String) throws {
        let outcome = try PaywallsProcess.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix(message), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("\nusage: paywalls"))
    }
}
