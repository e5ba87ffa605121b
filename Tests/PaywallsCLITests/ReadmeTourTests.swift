import FixtureSupport
import Foundation
import Testing

/// The README's quick start, run as a new user runs it: every `$ paywalls` line of its tour, in order,
/// as written (through `sh`, with the built `paywalls` first on `PATH`), in a fresh directory that holds
/// the repository's files and no store, so the store is the tour's own `./.paywalls`. Each step must
/// exit 0 and show the fact the README promises of it.
@Suite struct ReadmeTourTests {
    /// One step of the tour: the command it runs (its words before the first option), and what its
    /// outcome must show.
    struct Step: Sendable {
        let command: String
        let check: @Sendable (PaywallsProcess.Outcome, URL) throws -> Void
    }

    static let steps: [Step] = [
        Step(command: "paywalls import") { outcome, _ in
            let imported = try JSONDocument(outcome.standardOutput)
            #expect(imported.string("status") == "published")
            #expect(imported.string("source") == "local")
            #expect(imported.int("placements") == 4)
        },
        Step(command: "paywalls resolve") { outcome, _ in
            let bundle = try JSONDocument(outcome.standardOutput)
            #expect(bundle.string("audience/name") == "Brazil & Portugal")
            #expect(bundle.string("locale/matched") == "pt-br")
            #expect(bundle.string("products/0/localizedPrice")?.hasPrefix("R$") == true)
            #expect(outcome.standardError.contains("matched pt-br (exact)"))
        },
        Step(command: "paywalls resolve") { outcome, _ in
            let bundle = try JSONDocument(outcome.standardOutput)
            #expect(bundle.string("locale/matched") == "zh-hant")
        },
        Step(command: "paywalls locale match") { outcome, _ in
            #expect(outcome.standardOutput == "zh\n")
        },
        Step(command: "paywalls import") { outcome, _ in
            let imported = try JSONDocument(outcome.standardOutput)
            #expect(imported.string("status") == "published")
            #expect(imported.string("source") == "vendor")
            #expect(outcome.standardError.contains("placement 'promo.été' has no variation"))
        },
        Step(command: "paywalls resolve") { outcome, _ in
            let bundle = try JSONDocument(outcome.standardOutput)
            #expect(bundle.string("kind") == "flow")
            #expect(bundle.string("locale/matched") == "de")
        },
        // The sample still answers beside the vendor's file: the import above did not replace it.
        Step(command: "paywalls resolve") { outcome, _ in
            let bundle = try JSONDocument(outcome.standardOutput)
            #expect(bundle.string("kind") == "paywall")
            #expect(bundle.string("locale/matched") == "es-419")
        },
        Step(command: "paywalls status") { outcome, _ in
            #expect(outcome.standardOutput.contains("local"))
            #expect(outcome.standardOutput.contains("vendor"))
        },
        Step(command: "paywalls coverage") { outcome, _ in
            #expect(outcome.standardOutput.contains("fallback: zh-HK -> zh-hant, es-MX -> es-419"))
            #expect(outcome.standardOutput.contains("default: fr-FR -> en"))
        },
        Step(command: "paywalls fallbacks") { _, directory in
            let folder = directory.appendingPathComponent("fallbacks")
            let manifest = try JSONDocument(String(contentsOf: folder.appendingPathComponent("manifest.json"), encoding: .utf8))
            #expect(manifest.string("lookup/zh-TW") == "fallback.zh-hant.json")
            #expect(manifest.string("lookup/es-MX") == "fallback.es-419.json")
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("fallback.zh-hant.json").path))
        },
        Step(command: "paywalls import") { outcome, _ in
            let imported = try JSONDocument(outcome.standardOutput)
            #expect(imported.string("status") == "unchanged")
        },
    ]

    @Test func theReadmeTourRunsInOrderOnAFreshStore() throws {
        let commands = try DocumentationText.readme.get().tourCommands
        #expect(commands.count == Self.steps.count, "the README's tour has \(commands.count) commands, the test knows \(Self.steps.count)")
        try PaywallsProcess.withTemporaryDirectory { directory in
            try Self.placeRepositoryFiles(in: directory)
            for (command, step) in zip(commands, Self.steps) {
                try #require(command.hasPrefix(step.command + " ") || command == step.command,
                             "the README's tour runs `\(command)` where the test expects `\(step.command)`")
                let outcome = try Self.run(command, in: directory)
                try #require(outcome.status == 0, "`\(command)` exited \(outcome.status): \(outcome.standardError)")
                try step.check(outcome, directory)
            }
        }
    }

    /// The repository's top-level files and folders, linked into `directory` as a clone has them, but
    /// no store, build or fallback folder (hidden, or what the tour writes).
    static func placeRepositoryFiles(in directory: URL) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: Repository.root.path) where !name.hasPrefix(".") && name != "fallbacks" {
            try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent(name),
                                                       withDestinationURL: Repository.root.appendingPathComponent(name))
        }
    }

    /// Runs one README line through `sh` with the built `paywalls` first on `PATH`.
    static func run(_ command: String, in directory: URL) throws -> PaywallsProcess.Outcome {
        let shell = ["/bin/sh", "-c", "PATH=\"${0%/*}:/usr/bin:/bin\"; export PATH; eval \"$1\""]
        return try PaywallsProcess.Running([command], in: directory, launcher: shell).wait(timeout: 60)
    }
}
