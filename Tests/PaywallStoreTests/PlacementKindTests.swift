import Foundation
import PaywallModel
@testable import PaywallStore
import Testing

/// Onboardings and flows (schema version 4): stored with their snapshot and read back by id, and a
/// version 3 store, whose placements have no kind, read as showing paywalls (and given the column of
/// its sources' body hashes).
@Suite final class PlacementKindTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test func onboardingsAndFlowsAreReadBackByID() throws {
        let (export, _) = try SourceDocumentTests.decode("Tests/Fixtures/adapty-fallback/format-11.json")
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(export, hash: 1).snapshot
        #expect(try store.reader(of: info).placement("sleep")?.placement.kind == .flow)
        #expect(try store.reader(of: info).placement("welcome")?.placement.kind == .onboarding)
        #expect(try store.reader(of: info).placement("sleep")?.placement.audiences[0].variations.map(\.name) == ["Long copy", nil])
        let flow = try #require(try store.reader(of: info).flow("flow-sleep"))
        #expect(flow == export.flows.first { $0.id == "flow-sleep" })
        #expect(flow.layouts.map(\.id) == ["lay-phone", "lay-tablet"])
        #expect(try store.reader(of: info).onboarding("onb-2") == export.onboardings.first { $0.id == "onb-2" })
        #expect(try store.reader(of: info).onboarding("flow-sleep") == nil)
        #expect(try store.reader(of: info).flow("onb-1") == nil)
        let raw = try directory.rawConnection()
        #expect(try raw.rowCount(in: "flows", snapshotID: info.id) == 2)
        #expect(try raw.rowCount(in: "onboardings", snapshotID: info.id) == 2)
    }

    @Test func aVersion3StoreMigratesAndItsPlacementsShowPaywalls() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let old = try store.publish(hash: 1).snapshot
        // Back to what version 3 wrote: placements in JSON text without a kind, variations naming a paywall_id.
        let raw = try directory.rawConnection()
        try raw.rewriteBodiesAsJSONText(in: "placements") {
            $0.replacingOccurrences(of: #""kind":"paywall","#, with: "").replacingOccurrences(of: #""content_id":"#, with: #""paywall_id":"#)
        }
        try raw.execute("""
            DROP TABLE onboardings; DROP TABLE flows; ALTER TABLE sources DROP COLUMN body_sha256; ALTER TABLE sources DROP COLUMN origin; DROP TABLE formatted_texts; DROP TABLE locale_facts; PRAGMA user_version = 3
            """)
        #expect(try raw.count(#"SELECT count(*) FROM placements WHERE body LIKE '%"kind"%' OR body LIKE '%content_id%'"#) == 0)
        #expect(try raw.count("SELECT count(*) FROM placements") > 0)

        let reopened = try PaywallStore.open(at: directory.store, create: false)
        #expect(try raw.count("PRAGMA user_version") == PaywallStore.schemaVersion)
        #expect(try raw.count("SELECT count(*) FROM sqlite_master WHERE name IN ('onboardings', 'flows')") == 2)
        #expect(try reopened.export(of: old) == Fixture.export())
        #expect(try raw.count("SELECT count(*) FROM pragma_table_info('sources') WHERE name = 'body_sha256'") == 1)
    }
}
