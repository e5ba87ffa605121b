import Foundation
import Testing

@Suite struct LocaleMatchStandardInputTests {
    static func run(_ input: [UInt8], _ extra: [String] = []) throws -> PaywallsProcess.Outcome {
        try PaywallsProcess.run(["locale", "match", "--stdin"] + extra, input: Data(input))
    }

    @Test func answersOneLinePerLineInOrder() throws {
        let input = "pt_BR\ten,pt-br\nzh-TW,en\tzh,zh-hant\nja\tfr,de\tde\r\nes-MX\tes,es-419"
        let outcome = try Self.run(Array(input.utf8))
        #expect(outcome.status == 0)
        #expect(outcome.outputLines == ["pt-br", "zh-hant", "de", "es-419"])
        #expect(outcome.standardError.isEmpty)
    }

    @Test func modeAndDefaultApplyToEveryLine() throws {
        let outcome = try Self.run(Array("zh-TW\tzh,zh-hant\nja\tfr\n".utf8), ["--mode", "adapty", "--default", "fr"])
        #expect(outcome.outputLines == ["zh", "fr"])
    }

    @Test func badLinesGetTheDefaultAndAWarningWithTheirNumber() throws {
        var input = Array("pt_BR\ten,pt-br\nno tab here\n".utf8)
        input += [0xFF, 0x00, 0xFE, 0x09] + Array("en,de\n".utf8)              // invalid UTF-8 and NUL
        input += Array(repeating: UInt8(ascii: "a"), count: 70_000) + [0x0A]  // longer than 64 KiB
        input += Array("\nde-AT\tde\n".utf8)
        let outcome = try Self.run(input)
        #expect(outcome.status == 0)
        #expect(outcome.outputLines == ["pt-br", "en", "en", "en", "en", "de"])
        #expect(outcome.standardError.contains("warning: line 2: malformed line (no tab)"))
        #expect(outcome.standardError.contains("warning: line 3: skipped preference: "))
        #expect(outcome.standardError.contains("warning: line 4: longer than 65536 bytes; answered with the default"))
        #expect(outcome.standardError.contains("warning: line 5: malformed line (no tab)"))
    }

    @Test func warningsStopAfterTwentyWithACount() throws {
        let outcome = try Self.run(Array(String(repeating: "junk\n", count: 50).utf8))
        #expect(outcome.outputLines.count == 50)
        #expect(outcome.standardError.components(separatedBy: "\n").filter { $0.contains("malformed line") }.count == 20)
        #expect(outcome.standardError.contains("warning: 30 more warnings not shown (50 in all)"))
    }

    @Test func streamsLargeInputWithoutLosingLines() throws {
        let lines = (0..<200_000).map { $0 % 3 == 0 ? "pt_BR\ten,pt-br" : ($0 % 3 == 1 ? "zh-HK\tzh,zh-hant" : "fr\ten") }
        let outcome = try Self.run(Array((lines.joined(separator: "\n") + "\n").utf8))
        #expect(outcome.status == 0)
        let answers = outcome.outputLines
        #expect(answers.count == lines.count)
        #expect(answers[0] == "pt-br" && answers[1] == "zh-hant" && answers[2] == "en" && answers[199_999] == "zh-hant")
    }

    @Test func emptyInputGivesEmptyOutput() throws {
        let outcome = try Self.run([])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.isEmpty)
    }
}
