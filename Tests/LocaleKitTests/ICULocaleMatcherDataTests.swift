import Testing
import LocaleKit

/// ICU 72's own data-driven `LocaleMatcher` test (`localeMatcherTest.txt`), run through the matcher
/// that `--mode icu` uses.
@Suite struct ICULocaleMatcherDataTests {
    struct Case: CustomStringConvertible, Sendable {
        let line: Int
        let group: String
        let supported: [String]
        let defaultLocale: ICULocaleMatcher.DefaultLocale
        let favorScript: Bool
        /// `@threshold` sets a distance limit that ICU's public API cannot set (ICU's C API harness
        /// skips these cases too).
        let usesThreshold: Bool
        let desired: [String]
        let expectedMatch: String
        let expectedDesired: String?
        let expectedCombined: String?

        var description: String { "line \(line) [\(group)]: \(desired.joined(separator: ", ")) >> \(expectedMatch)" }
    }

    static func cases() throws -> [Case] {
        var cases: [Case] = []
        var group = ""
        var supported: [String] = []
        var defaultLocale = ICULocaleMatcher.DefaultLocale.firstSupported
        var favorScript = false
        var usesThreshold = false
        func list(_ text: Substring) -> [String] {
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        for (number, text) in try ICUTestData.lines(of: "localeMatcherTest-72.txt") {
            if text.hasPrefix("** test:") {
                group = String(text.dropFirst("** test:".count)).trimmingCharacters(in: .whitespaces)
                (supported, defaultLocale, favorScript, usesThreshold) = ([], .firstSupported, false, false)
            } else if text.hasPrefix("@") {
                let parts = text.dropFirst().split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let value = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                switch parts[0] {
                case "supported": supported = list(Substring(value))
                case "default": defaultLocale = value.isEmpty ? .firstSupported : .tag(value)
                case "favor": favorScript = value == "script"
                case "threshold": usesThreshold = !value.isEmpty
                default: Issue.record("line \(number): unknown parameter \(text)")
                }
            } else if let arrow = text.range(of: ">>") {
                let expected = text[arrow.upperBound...].split(separator: "|", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                cases.append(Case(line: number, group: group, supported: supported, defaultLocale: defaultLocale,
                                  favorScript: favorScript, usesThreshold: usesThreshold,
                                  desired: list(text[..<arrow.lowerBound]), expectedMatch: expected[0],
                                  expectedDesired: expected.count > 1 && !expected[1].isEmpty ? expected[1] : nil,
                                  expectedCombined: expected.count > 2 && !expected[2].isEmpty ? expected[2] : nil))
            } else {
                Issue.record("line \(number): unreadable '\(text)'")
            }
        }
        return cases
    }

    /// Tags compare as ICU's harness compares them, as locales: `i-klingon` is `tlh`, and extension
    /// keywords in any order are the same locale.
    static func same(_ a: String?, _ b: String?) -> Bool {
        func key(_ tag: String?) -> String {
            guard let tag else { return "null" }
            return (try? LanguageTag(parsing: tag).identifier) ?? tag.lowercased()
        }
        return key(a) == key(b)
    }

    @Test func theFileHasItsCases() throws {
        let cases = try Self.cases()
        #expect(cases.count > 900)
        #expect(cases.filter(\.usesThreshold).count < 10)
    }

    @Test(arguments: try cases().filter { !$0.usesThreshold })
    func matchesLikeICU(_ testCase: Case) throws {
        let matcher = try #require(ICULocaleMatcher(supported: testCase.supported, defaultLocale: testCase.defaultLocale,
                                                    favorScript: testCase.favorScript))
        let result = matcher.bestMatch(for: testCase.desired)
        let match: String?
        switch result {
        case let .supported(index, _, _): match = testCase.supported[index]
        case .noMatch: match = nil
        case .defaultLocale:
            switch testCase.defaultLocale {
            case .firstSupported: match = testCase.supported.first
            case .none: match = nil
            case let .tag(tag): match = tag
            }
        }
        #expect(Self.same(match, testCase.expectedMatch), "\(testCase): got \(match ?? "null")")
        if case let .supported(_, desiredIndex, combined) = result {
            if let expectedDesired = testCase.expectedDesired {
                #expect(Self.same(testCase.desired[desiredIndex], expectedDesired), "\(testCase): desired")
            }
            // ICU-20727: ICU4C keeps the supported locale's -u- keywords when combining; ICU's own
            // harness ignores the combined value for these lines, and so does this one.
            if let expectedCombined = testCase.expectedCombined, !testCase.expectedMatch.contains("-u-") {
                #expect(Self.same(combined, expectedCombined), "\(testCase): combined \(combined)")
            }
        }
    }
}

/// The same file through the public matcher of `--mode icu` (`LocaleMatcher(..., mode: .icu)`, what
/// `paywalls locale match --mode icu` runs): every case that sets no option, `@default` included, must
/// answer what ICU answers. `icu` mode uses ICU's defaults, so cases after `@favor=script` or with a
/// `@threshold` are ICU's business only (the test above); the file sets no demotion or direction.
@Suite struct ICUModeDataTests {
    static func cases() throws -> [ICULocaleMatcherDataTests.Case] {
        try ICULocaleMatcherDataTests.cases().filter { !$0.usesThreshold && !$0.favorScript }
    }

    /// What the public matcher answers, in the file's terms: "null" when ICU would have no default.
    static func answer(_ testCase: ICULocaleMatcherDataTests.Case) -> String? {
        let defaultLocale: String?
        switch testCase.defaultLocale {
        case .firstSupported: defaultLocale = testCase.supported.first
        case .none: defaultLocale = nil
        case let .tag(tag): defaultLocale = tag
        }
        let match = LocaleMatcher(available: testCase.supported, defaultLocale: defaultLocale, mode: .icu).match(testCase.desired)
        return match.outcome == .default && defaultLocale == nil ? nil : match.matched
    }

    /// None is left out silently: of the file's 929 cases, 427 favor the script, 4 set a threshold and
    /// 498 set no option.
    @Test func countsTheCasesItRuns() throws {
        let all = try ICULocaleMatcherDataTests.cases()
        #expect(all.count == 929)
        #expect(try Self.cases().count == 498)
        #expect(all.filter(\.favorScript).count == 427)
        #expect(all.filter(\.usesThreshold).count == 4)
    }

    @Test(arguments: try cases())
    func answersLikeICU(_ testCase: ICULocaleMatcherDataTests.Case) {
        let answer = Self.answer(testCase)
        #expect(ICULocaleMatcherDataTests.same(answer, testCase.expectedMatch), "\(testCase): got \(answer ?? "null")")
    }
}
