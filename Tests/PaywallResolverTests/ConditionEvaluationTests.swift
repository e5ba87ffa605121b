@testable import PaywallResolver
import PaywallModel
import Testing

@Suite struct ConditionEvaluationTests {
    static let user = UserContext(country: "br", platform: "iOS", appVersion: "2.10.0", attributionSources: ["apple_ads", "organic"],
                                  attributes: ["plan": "pro", "age": "30"])

    @Test(arguments: [
        (Condition(attribute: "country", op: .in, values: ["BR", "PT"]), true),
        (Condition(attribute: "country", op: .in, values: ["US"]), false),
        (Condition(attribute: "country", op: .notIn, values: ["US", "CA"]), true),
        (Condition(attribute: "country", op: .notIn, values: ["BR"]), false),
        (Condition(attribute: "platform", op: .eq, values: ["ios"]), true),
        (Condition(attribute: "app_version", op: .gte, values: ["2.9"]), true),
        (Condition(attribute: "app_version", op: .gte, values: ["2.10.1"]), false),
        (Condition(attribute: "app_version", op: .lte, values: ["2.10"]), true),
        (Condition(attribute: "app_version", op: .lte, values: ["2.9.9"]), false),
        (Condition(attribute: "attribution_source", op: .in, values: ["apple_ads"]), true),
        (Condition(attribute: "attribution_source", op: .eq, values: ["organic"]), true),
        (Condition(attribute: "plan", op: .eq, values: ["Pro"]), false),
        (Condition(attribute: "plan", op: .exists, values: []), true),
        (Condition(attribute: "age", op: .gte, values: ["9"]), true),
        (Condition(attribute: "coupon", op: .exists, values: []), false),
        (Condition(attribute: "coupon", op: .eq, values: ["x"]), false),
        (Condition(attribute: "coupon", op: .notIn, values: ["x"]), true),
    ])
    func holdsAsDocumented(_ condition: Condition, _ expected: Bool) {
        #expect(condition.holds(for: Self.user) == expected)
    }

    @Test func anEmptyContextMatchesOnlyNegations() {
        let nobody = UserContext()
        #expect(!Condition(attribute: "country", op: .in, values: ["BR"]).holds(for: nobody))
        #expect(!Condition(attribute: "app_version", op: .gte, values: ["1.0"]).holds(for: nobody))
        #expect(Condition(attribute: "country", op: .notIn, values: ["BR"]).holds(for: nobody))
    }
}

@Suite struct VersionConditionTests {
    @Test func aUserVersionThatIsNotDottedSatisfiesNoComparison() {
        let user = UserContext(appVersion: "3.2.0-beta.1")
        #expect(!Condition(attribute: "app_version", op: .gte, values: ["1.0"]).holds(for: user))
        #expect(!Condition(attribute: "app_version", op: .lte, values: ["9.0"]).holds(for: user))
        #expect(Condition(attribute: "app_version", op: .exists, values: []).holds(for: user))
    }

    @Test(arguments: [("2.10", "2.9.9", false), ("2.0", "2", true), ("1", "1.0.1", true), ("10.0", "9.99", false)])
    func dottedVersionsCompareByPart(_ a: String, _ b: String, _ lessOrEqual: Bool) throws {
        let left = try #require(DottedVersion(a)), right = try #require(DottedVersion(b))
        #expect((left <= right) == lessOrEqual)
    }

    @Test(arguments: ["", "1.", ".1", "1..2", "v1", "1.2a", "1234567890"])
    func refusesWhatIsNotADottedVersion(_ text: String) {
        #expect(DottedVersion(text) == nil)
    }
}
