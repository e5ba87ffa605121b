import ArgumentKit
import FixtureSupport
import Foundation
@testable import paywalls
import Testing

/// The EXAMPLES of every command's help are commands that work: each is read by the real parser as a call of the
/// command it is shown for, and each that needs no server or network runs on the sample store and exits 0.
@Suite struct HelpExamplesTests {
    struct Shown: Sendable, CustomTestStringConvertible {
        /// The command whose help shows the example (`[]` for `paywalls`).
        let commandPath: [String]
        let example: CommandExample
        var testDescription: String { "paywalls " + example.arguments.joined(separator: " ") }
    }

    static let shown: [Shown] = {
        func below(_ spec: CommandSpec, prefix: [String]) -> [Shown] {
            spec.examples.map { Shown(commandPath: prefix, example: $0) }
                + spec.subcommands.flatMap { below($0, prefix: prefix + [$0.name]) }
        }
        return below(CommandTree.root, prefix: [])
    }()

    /// Those that run on the store alone: not a server, not a download.
    static let local: [Shown] = {
        var seen = Set<[String]>()
        return shown.filter { shown in
            let arguments = shown.example.arguments
            return !["serve", "sync"].contains(arguments[0]) && !arguments.contains("--fetch-policy") && seen.insert(arguments).inserted
        }
    }()

    @Test func everyCommandHasExamples() {
        for path in HelpTests.commandPaths {
            let spec = HelpFormatter(root: CommandTree.root).specs(along: ["paywalls"] + path).last!
            #expect(!spec.examples.isEmpty, "no example for paywalls \(path.joined(separator: " "))")
        }
    }

    @Test(arguments: shown)
    func parsesAsACallOfItsCommand(_ shown: Shown) throws {
        let outcome = try ArgumentParser(root: CommandTree.root).parse(shown.example.arguments)
        guard case let .run(parsed) = outcome else {
            Issue.record("\(shown.testDescription) parses to \(outcome)")
            return
        }
        #expect(Array(parsed.commandPath.dropFirst().prefix(shown.commandPath.count)) == shown.commandPath)
        #expect(CommandTree.leaf(at: parsed.commandPath) != nil)
    }

    /// In a fresh directory holding the repository's sync-config/, with the sample store in ./.paywalls as the examples
    /// make it: the sample export as the source local (after an earlier export, for diff), the vendor file as the
    /// source adapty, and the sample events.
    @Test(arguments: local)
    func runsOnTheSampleStore(_ shown: Shown) throws {
        try PaywallsProcess.withTemporaryDirectory { directory in
            try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("sync-config"),
                                                       withDestinationURL: Repository.file("sync-config"))
            for arguments in [["import", Repository.file("Tests/Fixtures/minimal-export.json").path],
                              ["import", "sync-config/sample-export.json"],
                              ["import", "--source", "adapty", "sync-config/sample-adapty-fallback-v9.json"],
                              ["events", "ingest", "sync-config/sample-events.jsonl"]] {
                let imported = try PaywallsProcess.run(arguments, in: directory)
                try #require(imported.status == 0, "\(arguments): \(imported.standardError)")
            }
            let outcome = try PaywallsProcess.run(shown.example.arguments, in: directory)
            #expect(outcome.status == 0, "\(shown.testDescription): \(outcome.standardError)")
            #expect(!outcome.standardError.contains("error:"), "\(outcome.standardError)")
            #expect(!outcome.standardOutput.isEmpty)
        }
    }
}
