import Foundation
import Testing

/// `paywalls sources list` and `remove`: a source imported under a mistaken name is retired, its snapshots with it, and a
/// running serve stops serving it.
@Suite struct SourcesCommandTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        #expect(try store.run(["import", TemporaryStore.samplePath, "--source", "ios"]).status == 0)
        let text = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        let revised = try store.write(text.replacingOccurrences(of: "\"revision\": 57", with: "\"revision\": 58"), to: "revised.json")
        #expect(try store.run(["import", TemporaryStore.samplePath, "--source", "iso"]).status == 0)
        #expect(try store.run(["import", revised, "--source", "iso"]).status == 0)
    }

    @Test func listNamesEachSourceInAnswerOrder() throws {
        let listed = try store.run(["sources", "list"])
        #expect(listed.status == 0)
        #expect(listed.outputLines.map { $0.prefix(20) } == ["ios: current 000001-", "iso: current 000003-"])
        #expect(listed.outputLines.last?.contains("2 snapshots kept") == true)
        let json = try JSONDocument(try store.run(["sources", "list", "--json"]).standardOutput)
        #expect(json.string("sources/1/source") == "iso")
        #expect(json.int("sources/1/snapshotsKept") == 2)
    }

    @Test func removeRetiresTheSourceAndItsSnapshots() throws {
        let server = try ServeProcess(store: store.path)
        #expect(try server.request("GET", "/v1/placements/onboarding/bundle?source=iso").status == 200)
        let removed = try store.run(["sources", "remove", "iso", "--json"])
        #expect(removed.status == 0, "\(removed.standardError)")
        let summary = try JSONDocument(removed.standardOutput)
        #expect(summary.string("removed") == "iso" && summary.int("snapshots") == 2)
        #expect(try store.run(["sources", "list"]).outputLines.count == 1)
        #expect(try store.run(["snapshots"]).outputLines.count == 1)
        #expect(try store.resolve(["--placement", "onboarding"]).int("snapshot/revision") == 57)
        #expect(try store.run(["resolve", "--placement", "onboarding", "--source", "iso"]).status == 66)
        // serve lets go of it at its next look at the store (once a second).
        let deadline = Date().addingTimeInterval(10)
        while try server.request("GET", "/v1/placements/onboarding/bundle?source=iso").status == 200, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(try server.request("GET", "/v1/placements/onboarding/bundle?source=iso").status == 404)
        let placements = try #require(try server.request("GET", "/v1/placements").json()["placements"] as? [[String: Any]])
        #expect(Set(placements.compactMap { $0["source"] as? String }) == ["ios"])
    }

    @Test func anUnknownSourceIsNamedWithTheKnownOnesAndNothingIsRemoved() throws {
        let outcome = try store.run(["sources", "remove", "android"])
        #expect(outcome.status == 66)
        #expect(outcome.standardError == "error: the store has no source 'android' (its sources: ios, iso)\n")
        #expect(try store.run(["snapshots"]).outputLines.count == 3)
        let missing = try store.run(["sources", "remove"])
        #expect(missing.status == 64)
    }
}
