import ArgumentKit
import Foundation
@testable import paywalls
import Testing

@Suite struct GeneralCommandLineTests {
    /// The version first, alone on its line, then the ICU library in use (as its development files on
    /// this machine say) and the schema of the stores this build writes (as a fresh store records it).
    @Test func printsItsVersionTheICUVersionAndTheStoreSchema() throws {
        let outcome = try PaywallsProcess.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        let icu = try Python.run("import subprocess; print(subprocess.run(['pkg-config', '--modversion', 'icu-uc'], "
                                 + "check=True, capture_output=True, text=True).stdout.strip())", [])
        let store = try TemporaryStore()
        try store.importExport()
        let schema = try Python.userVersion(ofDatabase: store.databasePath)
        #expect(outcome.outputLines == [Version.number, "ICU \(icu.trimmingCharacters(in: .whitespacesAndNewlines))", "store schema \(schema)"])
        #expect(Version.number.split(separator: ".").count == 3 && Version.number.allSatisfy { $0.isNumber || $0 == "." })
    }

    @Test(arguments: [
        ([], "error: missing subcommand: expected one of import, sync, resolve, status, snapshots, diff, coverage, fallbacks, serve, report, locale, events"),
        (["locale"], "error: missing subcommand: expected one of explain, match"),
        (["lcoale"], "error: unknown command 'lcoale'; did you mean 'locale'?"),
        // The command typo is named, not the options that were meant for the command.
        (["resolv", "--placement", "X"], "error: unknown command 'resolv'; did you mean 'resolve'?"),
        (["--store", "s", "covrage", "--locales", "pt-BR"], "error: unknown command 'covrage'; did you mean 'coverage'?"),
        (["sources", "lst", "--json"], "error: unknown subcommand 'lst'; did you mean 'list'?"),
        (["locale", "match", "--mdoe", "icu"], "error: unknown option '--mdoe'; did you mean '--mode'?"),
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

    /// After the error, the usage is filled to 80 columns through a pipe, as help is, then the way to help.
    @Test func theUsageAfterAnErrorFitsTheWidth() throws {
        let outcome = try PaywallsProcess.run(["serve", "--threads", "0"])
        #expect(outcome.status == 64)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        try #require(lines.count > 3)
        #expect(lines[0] == "error: invalid value '0' for --threads: expected a whole number from 1 to 256")
        let usage = lines[1..<(lines.count - 1)]
        #expect(usage.first?.hasPrefix("usage: paywalls serve [--store <dir>]") == true)
        #expect(usage.dropFirst().allSatisfy { $0.hasPrefix("       [") })
        #expect(usage.allSatisfy { $0.count <= 80 })
        #expect(usage.map { $0.dropFirst(7) }.joined(separator: " ") == HelpFormatter(root: CommandTree.root).usage(for: ["paywalls", "serve"]))
        #expect(lines.last == "See 'paywalls serve --help'.")
    }
}
