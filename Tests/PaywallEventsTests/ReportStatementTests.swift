@testable import PaywallEvents
import PaywallStore
import Testing

/// The rows of the report statement read as sums: every number exactly (revenue from its two halves), or an error,
/// never another number.
@Suite struct ReportStatementTests {
    /// A row of the statement; `detail` is its fifth column: a currency, a snapshot or a day, as the kind has it.
    private static func row(_ kind: String, _ number: String?, low: String? = "0", detail: String? = nil) -> [String?] {
        [kind, "onboarding", nil, "v-a", detail, number, kind == "0" ? "1" : low, "0"]
    }

    /// Whole days from the sums, the days cut from the states: each first exposure in exactly one of them.
    static let windows: [(Int64?, Int64?)] = [(nil, nil), (0, 86_400_000), (1, nil), (86_400_000, 259_200_005), (5, 9), (nil, -1), (-7, 2)]

    @Test(arguments: windows)
    func aWindowIsCutIntoWholeDaysAndTheDaysItCuts(since: Int64?, until: Int64?) {
        let window = ReportWindow(since: since, until: until)
        let day = ExposureTables.dayMilliseconds
        let edges: [Int64] = [1, 8, 9, day - 1, 3 * day + 4, 3 * day + 5]
        let times = Array(stride(from: Int64(0), through: 5 * day, by: Int(day / 8))) + edges
        for time in times {
            let afterSince = time >= (since ?? 0)
            let beforeUntil = until.map { time < $0 } ?? true
            let inWindow = afterSince && beforeUntil
            let dayOfTime = time / day
            let inWholeDays = dayOfTime >= window.firstDay && (window.endDay.map { dayOfTime < $0 } ?? true)
            let inCutDays = window.cutDays.contains { $0.contains(time) }
            #expect((inWholeDays ? 1 : 0) + (inCutDays ? 1 : 0) == (inWindow ? 1 : 0), "\(time) in \(window)")
        }
    }

    @Test func sumsPastInt64AreReadWhole() throws {
        // 2^100 + 5 as halves: 2^68 × 2^32 + 5.
        let tallies = try ReportStatement.tallies(from: [Self.row("0", "3"), Self.row("1", "295147905179352825856", low: "5", detail: "EUR")])
        let sums = try #require(tallies.sums.values.first)
        #expect(sums.exposures == 3 && sums.conversions == 1)
        #expect(sums.revenueMicros == ["EUR": Int128(1) << 100 + 5])
    }

    @Test(arguments: [("1", "170141183460469231731687303715884105728"), ("1", "1.5"), ("1", nil), ("0", "9223372036854775808"), ("0", "")])
    func aNumberThatDoesNotReadIsAnErrorNotZero(_ kind: String, _ number: String?) {
        do {
            _ = try ReportStatement.tallies(from: [Self.row(kind, number, detail: "USD")])
            Issue.record("\(kind) \(number ?? "NULL") read")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message.hasPrefix("the event store answered a sum of the events that is no "), "\(error.message)")
        }
    }

    /// A day of first exposures is a day from 1970 to 9999, as the store keeps them: "2932897" is the day after 9999-12-31.
    @Test(arguments: [("2932897", "'2932897'"), ("-1", "'-1'"), ("20412.5", "'20412.5'"), (nil, "NULL")])
    func aDayThatIsNoDateIsAnError(_ day: String?, _ shown: String) throws {
        #expect(try ReportStatement.tallies(from: [Self.row("3", "4", detail: "2932896")]).sums.first?.value.exposuresPerDay == ["9999-12-31": 4])
        do {
            _ = try ReportStatement.tallies(from: [Self.row("3", "4", detail: day)])
            Issue.record("\(shown) read")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message == "the event store answered a day of first exposures that is none: \(shown)")
        }
    }

    @Test func revenueWhoseHalvesPass128BitsIsAnError() {
        do {
            _ = try ReportStatement.tallies(from: [Self.row("1", "\(Int128.max >> 31)", detail: "USD")])
            Issue.record("read")
        } catch {
            #expect(error.kind == .corrupt)
            #expect(error.message == "the event store answered a revenue past 128 bits")
        }
    }
}
