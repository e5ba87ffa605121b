import ArgumentKit
import FixtureSupport
import Foundation
@testable import paywalls
import Testing

/// What the README and docs/ state that a test can read, checked against the code: the store schema,
/// the options of every `paywalls ...` command line they quote, the README's locale table, and the
/// version CHANGELOG.md describes last.
@Suite struct DocumentationFactsTests {
    /// Every "store schema N" of the docs names the schema this build reads and writes.
    @Test func theStoreSchemaTheDocsStateIsTheCodes() throws {
        let current = try #require(Version.lines.last)
        #expect(current.hasPrefix("store schema "))
        var statements = 0
        for page in try DocumentationText.all() {
            for match in page.text.matches(of: /store schema (\d+)/) {
                statements += 1
                #expect("store schema \(match.1)" == current, "\(page.name) says '\(match.0)', the code '\(current)'")
            }
        }
        #expect(statements > 0, "no page states the store schema")
    }

    /// The newest entry of CHANGELOG.md is this build's version, the one `--version` prints.
    @Test func theChangelogsNewestEntryIsThisVersion() throws {
        let changelog = try DocumentationText.file("CHANGELOG.md")
        let newest = try #require(changelog.lines.first { $0.hasPrefix("## ") }, "CHANGELOG.md has no entry")
        #expect(newest.hasPrefix("## \(Version.number) "), "CHANGELOG.md's newest entry is '\(newest)', the version \(Version.number)")
    }

    /// Every option of a quoted `paywalls ...` command line is one its command, or a command above it,
    /// takes.
    @Test func everyQuotedCommandLineUsesOptionsTheCommandTakes() throws {
        var checked = 0
        for page in try DocumentationText.all() {
            for mention in page.commandMentions {
                let (path, options) = Self.command(of: mention.words)
                let known = Set(path.flatMap { $0.options.map(\.name) } + ["help", "version"])
                for option in options {
                    checked += 1
                    #expect(known.contains(option),
                            "\(page.name):\(mention.line): `paywalls \(path.dropFirst().map(\.name).joined(separator: " "))` has no --\(option)")
                }
            }
        }
        #expect(checked > 100, "only \(checked) options quoted: the docs' command lines were not found")
    }

    /// The commands a line's words walk down to from the root, skipping the root's options and their
    /// values, and the option names (without dashes or `=value`) that follow.
    static func command(of words: [String]) -> (path: [CommandSpec], options: [String]) {
        var path = [CommandTree.root]
        var options: [String] = []
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index].trimmingCharacters(in: CharacterSet(charactersIn: "[]()`,."))
            if word.hasPrefix("--") {
                let name = String(word.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" })
                options.append(name)
                // A root option before the command takes a value: skip it, so it is not read as a command.
                if path.count == 1, Self.takesValue(name, in: CommandTree.root), !word.contains("=") { index += 1 }
            } else if let next = path.last?.subcommand(named: word) {
                path.append(next)
            }
            index += 1
        }
        return (path, options)
    }

    private static func takesValue(_ name: String, in spec: CommandSpec) -> Bool {
        guard let option = spec.options.first(where: { $0.name == name }) else { return false }
        if case .flag = option.kind { return false }
        return true
    }

    /// The README's table of what each device locale gets: Adapty's rule and ours, each over the
    /// localizations of the sample export's paywall the table names, as `locale match` answers.
    @Test func theReadmesLocaleTableIsWhatTheMatcherAnswers() throws {
        let rows = try DocumentationText.readme.get().whyTableRows
        #expect(rows.count >= 4)
        let available = try Self.sampleLocalizations(of: "pw_onboarding_hero").joined(separator: ",")
        for row in rows {
            let device = try #require(DocumentationText.firstCodeSpan(row[0]), "row \(row)")
            let adapty = try #require(DocumentationText.firstCodeSpan(row[1]), "row \(row)")
            let ours = try #require(DocumentationText.firstCodeSpan(row[3]), "row \(row)")
            let vendorRule = try PaywallsProcess.run(["locale", "match", "--mode", "adapty", "--available", available, device])
            #expect(vendorRule.standardOutput == adapty + "\n", "\(device) under Adapty's rule")
            let cldr = try PaywallsProcess.run(["locale", "match", "--available", available, device])
            #expect(cldr.standardOutput == ours + "\n", "\(device) under CLDR")
        }
    }

    static func sampleLocalizations(of paywall: String) throws -> [String] {
        let data = try Data(contentsOf: Repository.file("sync-config/sample-export.json"))
        let export = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let paywalls = try #require(export["paywalls"] as? [[String: Any]])
        let chosen = try #require(paywalls.first { $0["id"] as? String == paywall })
        let localizations = try #require(chosen["localizations"] as? [String: Any])
        return localizations.keys.sorted()
    }
}
