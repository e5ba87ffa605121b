import Foundation
import Testing

/// `/console/report` on a real server over events ingested by the CLI: the numbers of `GET /v1/report` for the same
/// query, row for row, the health banner's sample-ratio state, the split marked observational, and the CSV.
@Suite final class ConsoleReportTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    /// Profiles shown each of the sample's `onboarding` variations (`exposed[i]`) over three days, the first
    /// `converted[i]` buying.
    func ingest(exposed: [Int], converted: [Int]) throws {
        var lines: [String] = []
        for (index, variation) in ReportCommandTests.variations.enumerated() {
            for number in 0..<exposed[index] {
                let profile = "p-\(index)-\(number)"
                let common = #""profile_id":"\#(profile)","placement_id":"onboarding","variation_id":"\#(variation)","locale":"\#(number % 2 == 0 ? "de" : "pt-BR")""#
                let day = 27 + number % 3
                lines.append(#"{"event_id":"s-\#(profile)","type":"shown","created_at":"2026-11-\#(day)T12:00:00Z",\#(common)}"#)
                if number < converted[index] {
                    lines.append(#"{"event_id":"b-\#(profile)","type":"purchase_finished","created_at":"2026-11-\#(day)T12:05:00Z",\#(common),"# +
                                 #""purchase_result":"purchased","product":{"vendor_product_id":"yearly","price":9.99,"currency":"USD"}}"#)
                }
            }
        }
        let file = try store.write(lines.joined(separator: "\n") + "\n", to: "events-\(UUID().uuidString).jsonl")
        let outcome = try store.run(["events", "ingest", file])
        try #require(outcome.status == 0, "\(outcome.standardError)")
    }

    /// Each variation of the JSON report as the page's row attributes write it.
    static func rows(ofJSON report: [String: Any]) throws -> [String] {
        let placement = try #require((report["placements"] as? [[String: Any]])?.first)
        return (placement["variations"] as? [[String: Any]] ?? []).map { variation in
            "\(variation["variationId"] as? String ?? "") \(variation["exposures"] as? Int ?? -1) \(variation["conversions"] as? Int ?? -1) \(chance(variation["chanceToBeBest"] as? Double))"
        }
    }

    /// A chance to 12 digits: Foundation's JSON reader may take the last digit of a double's 17 one place off.
    static func chance(_ value: Double?) -> String {
        value.map { String(format: "%.12g", $0) } ?? "?"
    }

    static func rows(ofPage page: ConsolePageText) -> [String] {
        page.tags(with: "data-chance").map { row in
            let chance = chance(Double(row.attributes["data-chance"] ?? ""))
            return "\(row.attributes["data-variation"] ?? "") \(row.attributes["data-exposures"] ?? "") \(row.attributes["data-conversions"] ?? "") \(chance)"
        }
    }

    @Test(arguments: [([600, 200, 200], [0, 0, 0], "mismatch"), ([500, 300, 200], [50, 45, 10], "ok")])
    func theRowsAreTheJSONReportsAndTheBannerSaysTheSampleRatio(_ exposed: [Int], _ converted: [Int], _ srm: String) throws {
        try ingest(exposed: exposed, converted: converted)
        let server = try ServeProcess(store: store.path)
        let json = try server.request("GET", "/v1/report?placement=onboarding").json()
        let response = try server.request("GET", "/console/report?placement=onboarding&by=")
        #expect(response.status == 200, "\(response.body)")
        ConsoleHeaders.expectPresent(on: response, "report")
        let page = ConsolePageText(response.body)
        let expected = try Self.rows(ofJSON: json)
        #expect(expected.count == 3)
        #expect(Self.rows(ofPage: page) == expected)
        let banner = try #require(page.tags(with: "data-srm").first)
        #expect(banner.attributes["data-srm"] == srm)
        let pValue = (((json["placements"] as? [[String: Any]])?.first?["srm"] as? [String: Any])?["pValue"] as? Double)
        #expect(banner.attributes["data-p-value"].flatMap(Double.init) == pValue)
        // One chart per table: the intervals drawn on one axis, and the first exposures per day.
        #expect(response.body.components(separatedBy: "<svg").count == 3 && response.body.components(separatedBy: "class=\"interval\"").count == 4)
        // The CSV has the same numbers.
        let csv = try server.request("GET", "/console/report?placement=onboarding&format=csv")
        #expect(csv.status == 200 && csv.header("Content-Type") == "text/csv; charset=utf-8")
        let lines = csv.body.split(separator: "\r\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(lines.map { "\($0[2]) \($0[3]) \($0[4]) \(Self.chance(Double($0[8])))" } == expected)
    }

    /// The first exposures per day: the table's rows are the JSON's days, all variations together; the daily CSV has
    /// each variation's.
    @Test func theFirstExposuresPerDayAreTheReports() throws {
        try ingest(exposed: [7, 5, 4], converted: [1, 1, 0])
        let server = try ServeProcess(store: store.path)
        let json = try server.request("GET", "/v1/report?placement=onboarding").json()
        let variations = try #require((json["placements"] as? [[String: Any]])?.first?["variations"] as? [[String: Any]])
        var perVariation: [String] = [], totals: [String: Int] = [:]
        for variation in variations {
            let days = try #require(variation["exposuresPerDay"] as? [String: Int])
            for (day, count) in days.sorted(by: { $0.key < $1.key }) {
                perVariation.append("onboarding,\(variation["variationId"] as? String ?? ""),\(day),\(count)")
                totals[day, default: 0] += count
            }
        }
        #expect(totals == ["2026-11-27": 7, "2026-11-28": 5, "2026-11-29": 4])
        let page = ConsolePageText(try server.request("GET", "/console/report?placement=onboarding").body)
        #expect(page.tags(with: "data-day").map { "\($0.attributes["data-day"] ?? "") \($0.attributes["data-exposures"] ?? "")" }
                == totals.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" })
        let csv = try server.request("GET", "/console/report?placement=onboarding&format=daily-csv")
        #expect(csv.status == 200 && csv.header("Content-Type") == "text/csv; charset=utf-8")
        #expect(csv.body.split(separator: "\r\n").map(String.init) == ["placement,variation,day,exposures"] + perVariation)
    }

    @Test func aSplitIsAForestPlotMarkedObservational() throws {
        try ingest(exposed: [20, 20, 20], converted: [2, 4, 6])
        let server = try ServeProcess(store: store.path)
        let response = try server.request("GET", "/console/report?placement=onboarding&by=locale")
        let page = ConsolePageText(response.body)
        #expect(page.tags(with: "data-observational").count == 1)
        #expect(Set(page.tags(with: "data-group").compactMap { $0.attributes["data-group"] }) == ["de", "pt-BR"])
        #expect(page.tags(with: "data-few").count == 1)
        let json = try server.request("GET", "/v1/report?placement=onboarding&by=locale").json()
        let groups = try #require((json["placements"] as? [[String: Any]])?.first?["groups"] as? [[String: Any]])
        let expected = groups.flatMap { group in
            (group["variations"] as? [[String: Any]] ?? []).map { "\(group["value"] as? String ?? "") \($0["variationId"] as? String ?? "") \($0["exposures"] as? Int ?? -1)" }
        }
        #expect(page.tags(with: "data-group").map { "\($0.attributes["data-group"] ?? "") \($0.attributes["data-variation"] ?? "") \($0.attributes["data-exposures"] ?? "")" } == expected)
    }

    @Test func beforeAnyEventTheReportIsEmptyAndABadQueryIsSaid() throws {
        let server = try ServeProcess(store: store.path)
        let empty = try server.request("GET", "/console/report")
        #expect(empty.status == 200 && empty.body.contains("No exposures yet"))
        for (target, message) in [("/console/report?by=planet", "by"), ("/console/report?format=xml", "for format: expected csv"),
                                  ("/console/report?since=yesterday", "since")] {
            let response = try server.request("GET", target)
            #expect(response.status == 400 && response.body.contains(message), "\(target): \(response.body)")
            ConsoleHeaders.expectPresent(on: response, target)
        }
    }
}
