import FixtureSupport
import Foundation
import Testing

/// A JSON object that names a member twice, which RFC 8259 leaves to each reader, so that two readers of one
/// document can read two values: refused at the member's pointer where the sender can send again (events, batches,
/// configs), and in exports read as the vendor's SDK reads it (the first), with a warning.
@Suite struct RepeatedMemberTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    private static func event(_ id: String, extra: String = "") -> String {
        #"{"event_id":"\#(id)","type":"shown","created_at":"2026-11-29T12:00:00Z","profile_id":"p-\#(id)","placement_id":"onboarding","variation_id":"v-a"\#(extra)}"#
    }

    @Test func anEventNamingAMemberTwiceIsRefusedAloneAtItsPointer() throws {
        try store.importExport()
        let server = try ServeProcess([], store: store.path)
        let body = #"{"events":[\#(Self.event("a")),\#(Self.event("b", extra: #","variation_id":"v-b""#)),\#(Self.event("c"))]}"#
        let response = try server.request("POST", "/v1/events", body: body)
        #expect(response.status == 200)
        let json = try response.json()
        #expect(json["accepted"] as? Int == 2)
        let rejected = try #require(json["rejected"] as? [[String: Any]])
        #expect(rejected.count == 1)
        #expect(rejected.first?["pointer"] as? String == "/events/1/variation_id")
        #expect(rejected.first?["message"] as? String == "appears more than once in its object")
        #expect(try store.storedEventIDs() == ["a", "c"])
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    @Test func aBatchNamingItsEventsTwiceIsRefusedWhole() throws {
        try store.importExport()
        let server = try ServeProcess([], store: store.path)
        let response = try server.request("POST", "/v1/events", body: #"{"events":[\#(Self.event("a"))],"events":[\#(Self.event("b"))]}"#)
        #expect(response.status == 400)
        #expect(response.errorMessage == #"the body names "events" more than once"#)
        #expect(try store.storedEventIDs().isEmpty)
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    @Test func anIngestedLineNamingAMemberTwiceIsRefusedWithItsLine() throws {
        try store.importExport()
        let file = try store.write(Self.event("a") + "\n" + Self.event("b", extra: #","profile_id":"p-other""#) + "\n", to: "events.jsonl")
        let outcome = try store.run(["events", "ingest", file])
        #expect(outcome.status == 65)
        let rejected = try #require(try outcome.json()["rejected"] as? [[String: Any]])
        #expect(rejected.map { $0["line"] as? Int } == [2])
        #expect(rejected.map { $0["pointer"] as? String } == ["/profile_id"])
        #expect(try store.storedEventIDs() == ["a"])
    }

    @Test func aBundleRequestNamingAMemberTwiceGetsItsErrorInItsPlace() throws {
        try store.importExport()
        let server = try ServeProcess([], store: store.path)
        let response = try server.request("POST", "/v1/bundles", body: """
            {"requests": [{"placement": "settings"}, {"placement": "settings", "country": "BR", "country": "US"}]}
            """)
        #expect(response.status == 200)
        let bundles = try #require(try response.json()["bundles"] as? [[String: Any]])
        #expect(bundles.count == 2)
        #expect(bundles[0]["placementId"] as? String == "settings")
        let error = try #require(bundles[1]["error"] as? [String: Any])
        #expect(error["status"] as? Int == 400)
        #expect(error["message"] as? String == "/requests/1/country: appears more than once in its object")
        let repeatedRoot = try server.request("POST", "/v1/bundles", body: #"{"requests": [], "requests": [{"placement": "settings"}]}"#)
        #expect(repeatedRoot.status == 400)
        #expect(repeatedRoot.errorMessage == #"the body names "requests" more than once"#)
    }

    @Test func aSyncConfigNamingAMemberTwiceExits78AtItsPointer() throws {
        let config = try store.write("""
            {"sources": [{"name": "ios", "url": "https://example.com/a.json", "headers": {"X-Api-Key": "one", "X-Api-Key": "two"}}]}
            """, to: "sync.json")
        let outcome = try store.run(["sync", "--config", config])
        #expect(outcome.status == 78)
        #expect(outcome.standardError == """
            error: \(config): invalid sync configuration (1 problem):
              /sources/0/headers/X-Api-Key: appears more than once in its object

            """)
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func anExportNamingAStringTwiceImportsWithAWarningAndTheFirstIsRead() throws {
        let sample = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        let title = #""title": "Sleep better, starting tonight","#
        #expect(sample.components(separatedBy: title).count == 2, "the sample's English title is written once")
        let file = try store.write(sample.replacingOccurrences(of: title, with: #""title": "Read first", "# + title), to: "export.json")
        let outcome = try store.run(["import", file])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let warning = "/paywalls/0/localizations/en/strings/title: appears more than once in its object: the first is read, as the vendor's SDK reads it"
        #expect(try outcome.json()["warnings"] as? [String] == [warning])
        #expect(outcome.standardError.contains("warning: \(file): \(warning)"))
        let bundle = try store.run(["resolve", "--placement", "onboarding", "--locale", "en-US"])
        #expect(try bundle.json()["viewConfiguration"].flatMap { ($0 as? [String: Any])?["strings"] as? [String: Any] }?["title"] as? String
            == "Read first")
    }

    @Test func aVendorFileNamingAMemberTwiceImportsWithAWarningAndTheFirstIsRead() throws {
        let fixture = try String(contentsOfFile: TemporaryStore.flowFilePath, encoding: .utf8)
        let name = #""paywall_name": "Yearly","#
        let file = try store.write(fixture.replacingOccurrences(of: name, with: #""paywall_name": "Read first", "# + name), to: "vendor.json")
        let outcome = try store.run(["import", file])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let warnings = try #require(try outcome.json()["warnings"] as? [String])
        #expect(warnings.contains("/data/sleep/data/0/variations/0/paywall_name: appears more than once in its object: the first is read, as the vendor's SDK reads it"))
        let flow = try store.run(["resolve", "--placement", "sleep", "--locale", "en"]).json()
        let paywalls = try #require(flow["paywalls"] as? [[String: Any]])
        #expect(paywalls.first?["paywallName"] as? String == "Read first")
    }
}
