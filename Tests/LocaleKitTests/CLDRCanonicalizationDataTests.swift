import Testing
import LocaleKit

/// CLDR 42's canonicalization cases as shipped with ICU 72, through `LanguageTag`.
@Suite struct CLDRCanonicalizationDataTests {
    struct Case: CustomStringConvertible {
        let line: Int
        let source: String
        let expected: String
        var description: String { "line \(line): \(source) -> \(expected)" }
    }

    static func cases() throws -> [Case] {
        try ICUTestData.lines(of: "localeCanonicalization-72.txt").map { line in
            let fields = line.text.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            return Case(line: line.number, source: fields[0], expected: fields[1])
        }
    }

    @Test func theFileHasAllItsCases() throws {
        let count = try Self.cases().count
        #expect(count > 1500, "\(count)")
    }

    /// Where reading the source as BCP-47 (as `LanguageTag` does) rightly differs from CLDR's ICU-id data.
    static let divergences = [
        // `sgn-NO` is an IANA grandfathered tag for Norwegian Sign Language, `nsl`; `nsi` in CLDR 42's
        // alias data is Nigerian Sign Language. ICU itself answers `nsl` for the BCP-47 spelling.
        "sgn_NO": "nsl",
    ]

    /// Expected values are ICU ids (`en_US_alalc97`); as BCP-47 they read with `-`, and `und` stays.
    @Test(arguments: try cases())
    func canonicalizesLikeCLDR(_ testCase: Case) throws {
        let tag = try LanguageTag(parsing: testCase.source)
        let expected = Self.divergences[testCase.source] ?? testCase.expected.replacingOccurrences(of: "_", with: "-")
        #expect(tag.identifier == expected, "\(testCase)")
    }

    @Test func divergencesAreStillInTheData() throws {
        let sources = Set(try Self.cases().map(\.source))
        #expect(Set(Self.divergences.keys).isSubset(of: sources))
    }
}
