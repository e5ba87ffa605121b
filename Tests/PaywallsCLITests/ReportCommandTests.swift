import Foundation
import Testing

/// `paywalls report` over events ingested by the CLI, with the audience weights of the sample export.
@Suite struct ReportCommandTests {
    let store: TemporaryStore
    /// The sample's `onboarding` placement: its All Users audience splits 50/30/20.
    static let variations = ["69cc8a4d-3f81-428d-964f-51b7afa7b45b", "3e3e0895-dedc-4f57-81fe-c7813be84c71", "c3d623ce-a69d-48b7-9e9b-364d8c5dbf20"]

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    /// Profiles shown each variation (`exposed[i]`), the first `converted[i]` of them buying at 9.99 USD.
    private func ingest(exposed: [Int], converted: [Int], locale: String = "de") throws {
        var lines: [String] = []
        for (index, variation) in Self.variations.enumerated() {
            for number in 0..<exposed[index] {
                let profile = "p-\(index)-\(number)"
                let common = #""profile_id":"\#(profile)","placement_id":"onboarding","variation_id":"\#(variation)","locale":"\#(locale)""#
                lines.append(#"{"event_id":"s-\#(profile)","type":"shown","created_at":"2026-11-29T12:00:00Z",\#(common)}"#)
                if number < converted[index] {
                    lines.append(#"{"event_id":"b-\#(profile)","type":"purchase_finished","created_at":"2026-11-29T12:05:00Z",\#(common),"# +
                                 #""purchase_result":"purchased","product":{"vendor_product_id":"yearly","price":9.99,"currency":"USD"}}"#)
                }
            }
        }
        let file = store.directory.appendingPathComponent("events-\(UUID().uuidString).jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let outcome = try store.run(["events", "ingest", file.path])
        try #require(outcome.status == 0, "\(outcome.standardError)")
    }

    @Test func theTableSaysEachVariationsResultAndTheSampleRatio() throws {
        try ingest(exposed: [500, 300, 200], converted: [50, 45, 10])
        let outcome = try store.run(["report"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let lines = outcome.outputLines
        #expect(lines.first == "onboarding: 1000 exposures, 105 conversions, 0 multiple exposures; SRM p = 1.0000")
        #expect(lines.contains { $0.hasPrefix("  \(Self.variations[0])  500        50           10.00%") && $0.hasSuffix("USD 499.5") },
                "\(outcome.standardOutput)")
        #expect(lines.contains { $0.hasPrefix("  \(Self.variations[1])  300        45           15.00%") && $0.hasSuffix("USD 449.55") })
    }

    @Test func jsonHasTheContractsFieldsAndAMismatch() throws {
        try ingest(exposed: [600, 200, 200], converted: [0, 0, 0])
        let outcome = try store.run(["report", "--json", "--placement", "onboarding"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let placement = try #require((try outcome.json()["placements"] as? [[String: Any]])?.first)
        #expect(placement["placementId"] as? String == "onboarding")
        #expect(placement["exposures"] as? Int == 1000)
        let srm = try #require(placement["srm"] as? [String: Any])
        #expect(srm["mismatch"] as? Bool == true)
        #expect((srm["pValue"] as? Double ?? 1) < 1e-9)
        let first = try #require((placement["variations"] as? [[String: Any]])?.first { $0["variationId"] as? String == Self.variations[0] })
        #expect(first["exposures"] as? Int == 600)
        #expect((first["interval"] as? [Double])?.count == 2)
        #expect(first["chanceToBeBest"] is Double && first["rate"] is Double && first["revenue"] is [String: Any])
    }

    @Test func aSplitByLocaleSaysItIsObservational() throws {
        try ingest(exposed: [10, 10, 10], converted: [1, 2, 3])
        let outcome = try store.run(["report", "--by", "locale"])
        #expect(outcome.outputLines.first == "Split by locale, taken from each profile's first exposure: observational, as locale is not randomized.")
        #expect(outcome.outputLines.contains("  locale de:"))
        let json = try store.run(["report", "--by", "locale", "--json"]).json()
        let group = try #require(((json["placements"] as? [[String: Any]])?.first?["groups"] as? [[String: Any]])?.first)
        #expect(group["key"] as? String == "locale" && group["value"] as? String == "de")
    }

    @Test(arguments: [
        (["--by", "language"], "invalid value 'language' for --by: expected locale, locale-result, country or platform"),
        (["--since", "yesterday"], "invalid value 'yesterday' for --since: expected an RFC 3339 time such as 2026-11-01T00:00:00Z"),
    ])
    func aBadOptionIsAUsageError(_ arguments: [String], _ message: String) throws {
        let outcome = try store.run(["report"] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains(message), "\(outcome.standardError)")
    }

    @Test func noEventsYetIsNamed() throws {
        let outcome = try store.run(["report"])
        #expect(outcome.status == 66)
        #expect(outcome.standardError.contains("no events at \(store.path)/events.sqlite (send them to POST /v1/events"), "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: store.path + "/events.sqlite"))
    }
}
