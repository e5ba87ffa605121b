import ArgumentKit
import FixtureSupport
import Foundation
@testable import paywalls
import Testing

/// Every command's `--help`, compared whole with the text kept in `Tests/Fixtures/help/<path>.txt`
/// (`paywalls.txt` for the root, `locale/match.txt` for `paywalls locale match`). The commands come
/// from `CommandTree.root`, so a new command without its fixture fails here.
///
/// After changing a help text on purpose, regenerate the fixtures and review the diff:
///     PAYWALLS_UPDATE_HELP_FIXTURES=1 swift test --skip-build --disable-xctest --filter HelpTests
@Suite struct HelpTests {
    static let directory = Repository.file("Tests/Fixtures/help")
    static let updatesFixtures = ProcessInfo.processInfo.environment["PAYWALLS_UPDATE_HELP_FIXTURES"] == "1"

    /// The path of every command below the root, the root's and the groups' included (`[]` is `paywalls`).
    static let commandPaths: [[String]] = {
        func paths(below spec: CommandSpec, prefix: [String]) -> [[String]] {
            spec.subcommands.flatMap { [prefix + [$0.name]] + paths(below: $0, prefix: prefix + [$0.name]) }
        }
        return [[]] + paths(below: CommandTree.root, prefix: [])
    }()

    static func fixture(for path: [String]) -> URL {
        directory.appendingPathComponent((path.isEmpty ? "paywalls" : path.joined(separator: "/")) + ".txt")
    }

    @Test(arguments: commandPaths)
    func helpIsTheFixtureText(_ path: [String]) throws {
        let fixture = Self.fixture(for: path)
        let outcome = try PaywallsProcess.run(path + ["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.isEmpty)
        if Self.updatesFixtures {
            try FileManager.default.createDirectory(at: fixture.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(outcome.standardOutput.utf8).write(to: fixture)
        }
        let expected = try #require(try? String(contentsOf: fixture, encoding: .utf8),
                                    "no help fixture \(fixture.path) (PAYWALLS_UPDATE_HELP_FIXTURES=1 writes it)")
        #expect(outcome.standardOutput == expected)
        #expect(try PaywallsProcess.run(path + ["-h"]).standardOutput == outcome.standardOutput)
        #expect(outcome.standardOutput.contains("\nEXAMPLES:\n"))
        Self.expectFits(outcome.standardOutput, width: 80)
    }

    /// Every line within `width` columns, but one that is a single word (a URL, a path, with an example's `\\` after
    /// it) or a single usage fragment (`[--events-password-file <file>]`) too long for any line.
    static func expectFits(_ text: String, width: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in text.split(separator: "\n") where line.count > width {
            let words = line.split(separator: " ").filter { $0 != "\\" }
            let isOneFragment = words.first?.hasPrefix("[") == true && words.last?.hasSuffix("]") == true && words.dropFirst().allSatisfy { !$0.hasPrefix("[") }
            #expect(words.count == 1 || isOneFragment, "a line of \(line.count) columns: \(line)", sourceLocation: sourceLocation)
        }
    }

    /// Through a pipe, with no $COLUMNS (the fixtures' case): 80 columns, as with COLUMNS=80.
    @Test(arguments: [["resolve"], ["serve"], []])
    func aPipeWithoutColumnsGets80(_ path: [String]) throws {
        let piped = try PaywallsProcess.run(path + ["--help"])
        #expect(piped.standardOutput == (try PaywallsProcess.run(path + ["--help"], environment: ["COLUMNS": "80"])).standardOutput)
        #expect(piped.standardOutput.split(separator: "\n").contains { $0.count > 70 }, "lines are filled toward 80 columns")
    }

    /// On a terminal (a pseudo-terminal of the width given), without $COLUMNS: the terminal's own width.
    @Test(arguments: [64, 100])
    func aTerminalGetsItsWidth(_ width: Int) throws {
        let script = """
            import fcntl, os, struct, subprocess, sys, termios
            controller, terminal = os.openpty()
            fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, int(sys.argv[2]), 0, 0))
            subprocess.run([sys.argv[1], "resolve", "--help"], stdout=terminal, env={}, timeout=10, check=True)
            os.close(terminal)
            output = b""
            while True:
                try:
                    chunk = os.read(controller, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                output += chunk
            sys.stdout.write(output.decode().replace("\\r\\n", "\\n"))
            """
        let onTerminal = try Python.run(script, [PaywallsProcess.executable.path, String(width)])
        #expect(onTerminal == (try PaywallsProcess.run(["resolve", "--help"], environment: ["COLUMNS": String(width)])).standardOutput)
        Self.expectFits(onTerminal, width: width)
    }

    @Test(arguments: [40, 120])
    func helpFillsTheWidthColumnsSays(_ width: Int) throws {
        let outcome = try PaywallsProcess.run(["resolve", "--help"], environment: ["COLUMNS": String(width)])
        #expect(outcome.status == 0)
        Self.expectFits(outcome.standardOutput, width: width)
        let lines = outcome.standardOutput.split(separator: "\n")
        if width > 80 { #expect(lines.contains { $0.count > 80 }) }
        // The same words as at 80 columns, in the same order: only the line breaks (and an example's `\` before one) moved.
        let standard = try PaywallsProcess.run(["resolve", "--help"]).standardOutput
        #expect(outcome.standardOutput != standard)
        func words(_ text: String) -> [Substring] { text.split(whereSeparator: \.isWhitespace).filter { $0 != "\\" } }
        #expect(words(outcome.standardOutput) == words(standard))
    }

    /// The other way round: a fixture left behind by a command that is gone, or renamed, fails too (and
    /// goes when the fixtures are regenerated).
    @Test func noFixtureOutlivesItsCommand() throws {
        let enumerator = try #require(FileManager.default.enumerator(atPath: Self.directory.path))
        let fixtures = Set(enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".txt") })
        let commands = Set(Self.commandPaths.map { String(Self.fixture(for: $0).path.dropFirst(Self.directory.path.count + 1)) })
        let stale = fixtures.subtracting(commands)
        if Self.updatesFixtures {
            for name in stale { try FileManager.default.removeItem(at: Self.directory.appendingPathComponent(name)) }
            return
        }
        #expect(stale.isEmpty, "help fixtures of no command: \(stale.sorted())")
    }
}
