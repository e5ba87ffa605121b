@testable import PaywallEvents
import PaywallStore
import Testing

/// The rows of PostgreSQL's report statement read as sums: every number exactly, or an error, never another number.
@Suite struct PostgresTallyQueryTests {
    private static func row(_ kind: String, _ number: String?, currency: String? = nil) -> [String?] {
        [kind, "onboarding", nil, "v-a", currency, number, kind == "0" ? "1" : "0", "0"]
    }

    @Test func sumsPastInt64AreReadWhole() throws {
        let tallies = try PostgresTallyQuery.tallies(from: [Self.row("0", "3"), Self.row("1", "20000000000000000000000000000000", currency: "EUR")])
        let sums = try #require(tallies.sums.values.first)
        #expect(sums.exposures == 3 && sums.conversions == 1)
        #expect(sums.revenueMicros == ["EUR": 20_000_000_000_000_000_000_000_000_000_000])
    }

    @Test(arguments: [("1", "170141183460469231731687303715884105728"), ("1", "1.5"), ("1", nil), ("0", "9223372036854775808"), ("0", "")])
    func aNumberThatDoesNotReadIsAnErrorNotZero(_ kind: String, _ number: String?) {
        #expect(throws: StoreError.self) { try PostgresTallyQuery.tallies(from: [Self.row(kind, number, currency: "USD")]) }
        do {
            _ = try PostgresTallyQuery.tallies(from: [Self.row(kind, number, currency: "USD")])
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message.hasPrefix("PostgreSQL answered a sum of the events that is no "), "\(error.message)")
        }
    }
}
