import Basics
import Testing

@Suite struct TerminalTextTests {
    /// Every scalar of the planes' first 0x3000 values: the ones a terminal acts on are written out, every other kept.
    @Test func writesOutExactlyTheCharactersATerminalActsOn() {
        let actedOn: Set<UInt32> = Set(Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x061C, 0x200E, 0x200F]
                                       + Array(0x202A...0x202E) + Array(0x2066...0x2069))
        for value in UInt32(0)..<0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(Character(scalar)) + "b"
            let expected = actedOn.contains(value) && value != 0x0A && value != 0x09
                ? "a\\u{\(String(value, radix: 16, uppercase: true))}b" : text
            #expect(TerminalText.safe(text) == expected, "U+\(String(value, radix: 16))")
        }
    }

    @Test func lineFeedsAndTabsAreKeptAndACarriageReturnIsNot() {
        #expect(TerminalText.safe("one\n\ttwo\r") == "one\n\ttwo\\u{D}")
    }

    @Test func anEscapeSequenceAndAnOverrideShowAsTheyAre() {
        #expect(TerminalText.safe("\u{1B}]0;owned\u{7}\u{1B}[2J fdp\u{202E}.exe")
                == "\\u{1B}]0;owned\\u{7}\\u{1B}[2J fdp\\u{202E}.exe")
        #expect(TerminalText.safe("Durma melhor — 日本語 ✓") == "Durma melhor — 日本語 ✓")
    }
}
