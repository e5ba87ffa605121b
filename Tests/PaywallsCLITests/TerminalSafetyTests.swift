import Foundation
import Testing

/// Strings from an export reach the human-readable output (`resolve --explain`, `diff`, errors): a terminal that shows
/// them does not act on their control characters or bidirectional overrides, which show written out (`\u{1B}`).
@Suite final class TerminalSafetyTests {
    let store: TemporaryStore
    /// An audience name that would retitle the window, clear the screen, ring the bell and read backwards.
    static let hostileName = #"Brazil\u001b]0;owned\u0007\u001b[2J \u202eLAGUTROP"#
    static let shownName = #"Brazil\u{1B}]0;owned\u{7}\u{1B}[2J \u{202E}LAGUTROP"#

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
        let sample = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        let hostile = try store.write(sample.replacingOccurrences(of: "\"Brazil & Portugal\"", with: "\"\(Self.hostileName)\""), to: "hostile.json")
        #expect(try store.importExport(hostile).status == 0)
    }

    static func isTerminalSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x7F || $0 == "\u{202E}" }
    }

    @Test func explainShowsTheNameWrittenOut() throws {
        let outcome = try store.run(["resolve", "--placement", "onboarding", "--locale", "pt-BR", "--country", "BR", "--explain"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(Self.shownName), "\(outcome.standardError)")
        #expect(Self.isTerminalSafe(outcome.standardError))
        // The bundle is JSON for machines: the name as the export has it.
        #expect(outcome.standardOutput.contains(#"\u001b]0;owned\u0007"#) || !outcome.standardOutput.contains("owned"))
    }

    @Test func diffShowsTheNameWrittenOut() throws {
        let outcome = try store.run(["diff"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains(Self.shownName), "\(outcome.standardOutput)")
        #expect(Self.isTerminalSafe(outcome.standardOutput))
        let json = try store.run(["diff", "--json"])
        #expect(json.standardOutput.contains(#"\u001b]0;owned\u0007\u001b[2J \#u{202E}LAGUTROP"#), "\(json.standardOutput)")
    }
}
