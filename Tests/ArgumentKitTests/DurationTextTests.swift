import ArgumentKit
import Basics
import Testing

/// Durations as the command line writes them: a whole number and a unit, nothing else.
@Suite struct DurationTextTests {
    @Test(arguments: [
        ("500ms", Duration.milliseconds(500)), ("0ms", .zero), ("5s", .seconds(5)), ("10m", .seconds(600)),
        ("1h", .seconds(3600)), ("999999h", .seconds(999_999 * 3600)), ("90d", .seconds(90 * 86_400)),
    ])
    func spelledDurationsAreRead(_ text: String, _ expected: Duration) {
        #expect(DurationText.parse(text) == expected)
    }

    @Test(arguments: ["", "5", "s", "-5s", "+5s", "1.5s", "5 s", "5S", "5sec", "5ms ", "1000000s", "٥s", "5D", "5dd", "0x5s", "5s5s"])
    func anythingElseIsRefused(_ text: String) {
        #expect(DurationText.parse(text) == nil)
    }

    @Test(arguments: [
        (Duration.milliseconds(1500), "1500ms"), (.seconds(90), "90s"), (.seconds(120), "2m"), (.seconds(7200), "2h"),
        (.zero, "0ms"), (.milliseconds(1), "1ms"),
    ])
    func aDurationIsSpelledInItsLargestWholeUnit(_ duration: Duration, _ expected: String) {
        #expect(DurationText.spelling(duration) == expected)
        #expect(DurationText.parse(expected) == duration)
    }

    @Test func anOptionOutsideItsRangeIsAUsageErrorThatSaysTheRange() throws {
        let parsed = ParsedArguments(commandPath: ["tool", "serve"], optionValues: ["max-age": ["2h"], "timeout": ["5"]], arguments: [])
        #expect(throws: UsageError(commandPath: ["tool", "serve"],
                                   message: "invalid value '2h' for --max-age: expected a duration such as 500ms, 5s, 10m or 1h, from 1s to 1h")) {
            try parsed.duration("max-age", in: .seconds(1)...(.seconds(3600)))
        }
        #expect(throws: UsageError.self) { try parsed.duration("timeout", in: .zero...(.seconds(60))) }
        #expect(try parsed.duration("absent", in: .zero...(.seconds(60))) == nil)
        let valid = ParsedArguments(commandPath: ["tool"], optionValues: ["max-age": ["90s"]], arguments: [])
        #expect(try valid.duration("max-age", in: .seconds(1)...(.seconds(3600))) == .seconds(90))
    }
}
