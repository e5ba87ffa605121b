import ArgumentKit
import Testing

/// Accessors of `ParsedArguments` and typed conversion with `value(_:expected:_:)`.
@Suite("ParsedArguments")
struct ParsedArgumentsTests {
    let sample = ParsedArguments(
        commandPath: ["tool", "locale", "match"],
        optionValues: ["json": [""], "locale": ["en", "fr"], "limit": ["3"]],
        arguments: ["de"]
    )

    @Test("flag, value and values read the stored option values")
    func accessors() {
        #expect(sample.flag("json"))
        #expect(sample.flag("locale"))
        #expect(!sample.flag("verbose"))
        #expect(sample.value("limit") == "3")
        #expect(sample.value("locale") == "fr")
        #expect(sample.value("json") == "")
        #expect(sample.value("verbose") == nil)
        #expect(sample.values("locale") == ["en", "fr"])
        #expect(sample.values("verbose") == [])
        #expect(sample.arguments == ["de"])
        #expect(sample.commandPath == ["tool", "locale", "match"])
    }

    @Test("typed value: conversion succeeds", arguments: [
        ("0", 0), ("3", 3), ("42", 42), ("-1", -1),
    ])
    func convertSuccess(text: String, expected: Int) throws {
        let parsed = try run(["locale", "match", "--limit=\(text)"])
        let limit = try parsed.value("limit", expected: "an integer") { Int($0) }
        #expect(limit == expected)
    }

    @Test("typed value: a failed conversion throws a usage error naming the value and the expectation", arguments: [
        "abc", "", "3.5", "1e3",
    ])
    func convertFailure(text: String) throws {
        let parsed = try run(["locale", "match", "--limit", text])
        #expect(throws: UsageError(commandPath: Fixture.matchPath,
                                   message: "invalid value '\(text)' for --limit: expected an integer")) {
            try parsed.value("limit", expected: "an integer") { Int($0) }
        }
    }

    @Test("typed value: the expectation text is used verbatim")
    func convertFailureCustomExpectation() throws {
        let parsed = try run(["locale", "explain", "--mode", "fuzzy", "en"])
        let modes = ["cldr", "icu", "adapty"]
        #expect(throws: UsageError(commandPath: Fixture.explainPath,
                                   message: "invalid value 'fuzzy' for --mode: expected one of cldr, icu, adapty")) {
            try parsed.value("mode", expected: "one of cldr, icu, adapty") { modes.contains($0) ? $0 : nil }
        }
        let valid = try run(["locale", "explain", "--mode=icu", "en"])
        #expect(try valid.value("mode", expected: "one of cldr, icu, adapty") { modes.contains($0) ? $0 : nil } == "icu")
    }

    @Test("typed value: an absent option gives nil without calling the conversion")
    func convertAbsent() throws {
        let parsed = try run(["locale", "match"])
        var calls = 0
        let limit: Int? = try parsed.value("limit", expected: "an integer") { calls += 1; return Int($0) }
        #expect(limit == nil)
        #expect(calls == 0)
    }

    @Test("typed value: a repeated option converts its last value")
    func convertRepeatedUsesLast() throws {
        let parsed = try run(["locale", "match", "--locale", "en", "--locale", "fr"])
        var seen: [String] = []
        let last = try parsed.value("locale", expected: "a tag") { seen.append($0); return $0.uppercased() }
        #expect(last == "FR")
        #expect(seen == ["fr"])
    }

    enum Mode: String, CaseIterable {
        case cldr, adapty, icu
    }

    @Test("choice: a raw value gives its case; another is refused with the list and the nearest")
    func choice() throws {
        #expect(try run(["locale", "explain", "--mode", "adapty", "en"]).choice("mode", of: Mode.self) == .adapty)
        #expect(try run(["locale", "explain", "en"]).choice("mode", of: Mode.self) == nil)
        #expect(throws: UsageError(commandPath: Fixture.explainPath,
                                   message: "invalid value 'adpaty' for --mode: expected one of cldr, adapty, icu; did you mean 'adapty'?")) {
            try run(["locale", "explain", "--mode", "adpaty", "en"]).choice("mode", of: Mode.self)
        }
        #expect(throws: UsageError(commandPath: Fixture.explainPath,
                                   message: "invalid value 'fuzzy' for --mode: expected one of cldr, adapty, icu")) {
            try run(["locale", "explain", "--mode", "fuzzy", "en"]).choice("mode", of: Mode.self)
        }
    }

    @Test("the error's command path is the parsed command's path")
    func errorPath() throws {
        let parsed = ParsedArguments(commandPath: ["tool", "sync"], optionValues: ["store": ["x"]], arguments: [])
        do {
            _ = try parsed.value("store", expected: "a number") { Int($0) }
            Issue.record("expected a UsageError")
        } catch {
            #expect(error.commandPath == ["tool", "sync"])
            #expect(error.message == "invalid value 'x' for --store: expected a number")
        }
    }
}
