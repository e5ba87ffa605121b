import Foundation
import Testing

/// `paywalls status`, `paywalls snapshots` and `paywalls diff` after importing the sample and then a
/// revised copy of it (one A/B weight moved, one pt-br string reworded).
@Suite final class SnapshotReportTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    static let heroVariation = "69cc8a4d-3f81-428d-964f-51b7afa7b45b"
    static let trialVariation = "3e3e0895-dedc-4f57-81fe-c7813be84c71"

    /// The sample with revision 58, onboarding's "All Users" test at hero 40 / trial 40 / compare 20 (was
    /// 50 / 30 / 20) and the hero paywall's pt-br "cta" reworded. Edited as text, so nothing else changes.
    func writeRevisedSample() throws -> String {
        var text = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        let edits = [
            ("\"revision\": 57,", "\"revision\": 58,"),
            ("{\"variation_id\": \"\(Self.heroVariation)\", \"paywall_id\": \"pw_onboarding_hero\", \"weight\": 50}",
             "{\"variation_id\": \"\(Self.heroVariation)\", \"paywall_id\": \"pw_onboarding_hero\", \"weight\": 40}"),
            ("{\"variation_id\": \"\(Self.trialVariation)\", \"paywall_id\": \"pw_onboarding_trial\", \"weight\": 30}",
             "{\"variation_id\": \"\(Self.trialVariation)\", \"paywall_id\": \"pw_onboarding_trial\", \"weight\": 40}"),
            ("\"cta\": \"Começar minha semana grátis\"", "\"cta\": \"Começar agora\""),
        ]
        for (old, new) in edits {
            try #require(text.components(separatedBy: old).count == 2, "the sample no longer has exactly one \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return try store.write(text, to: "sample-revised.json")
    }

    @Test func statusDescribesTheCurrentSnapshot() throws {
        let imported = try JSONDocument(try store.importExport().standardOutput)
        let key = try #require(imported.string("snapshot")), importedAt = try #require(imported.string("importedAt"))

        let human = try store.run(["status"])
        #expect(human.status == 0)
        #expect(human.standardError.isEmpty)
        let imageBytes = try #require(try FileManager.default.attributesOfItem(atPath: store.path + "/resolution.image")[.size] as? Int)
        #expect(human.outputLines == [
            "store:    \(store.path) (schema 6, 1 snapshot)",
            "current:  \(key), com.lumenlabs.sleep revision 57, exported 2026-11-29T12:00:00Z, imported \(importedAt)",
            "image:    \((imageBytes + 500) / 1000) kB, read by a cold resolve instead of SQLite",
            "source:   local: paywall-export v1, snapshot \(key), imported \(importedAt)",
        ])

        let json = try store.run(["status", "--json"])
        #expect(json.status == 0)
        let status = try JSONDocument(json.standardOutput)
        #expect(status.string("store") == store.path)
        #expect(status.int("schemaVersion") == 6)
        #expect(status.int("snapshots") == 1)
        let snapshot = """
            {"snapshot": "\(key)", "source": "local", "format": "paywall-export v1", "appId": "com.lumenlabs.sleep",
             "revision": 57, "exportedAt": "2026-11-29T12:00:00Z", "importedAt": "\(importedAt)",
             "contentHash": "\(try #require(imported.string("contentHash")))"}
            """
        #expect(status.canonical("current") == (try canonicalJSON(snapshot)))
        let source = snapshot.dropLast() + #", "lastSync": null}"#
        #expect(status.canonical("sources") == (try canonicalJSON("[\(source)]")))
    }

    @Test func statusOfAStoreWithoutSnapshots() throws {
        try FileManager.default.createDirectory(atPath: store.path, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: store.databasePath, contents: Data()))
        let human = try store.run(["status"])
        #expect(human.status == 0)
        #expect(human.outputLines == ["store:    \(store.path) (schema 6, 0 snapshots)", "current:  none yet (run `paywalls import FILE` or `paywalls sync`)"])
        let json = try JSONDocument(try store.run(["status", "--json"]).standardOutput)
        #expect(json.int("snapshots") == 0)
        #expect(json["current"] is NSNull)
        #expect(json.count("sources") == 0)
        let listed = try store.run(["snapshots", "--json"])
        #expect(listed.status == 0)
        #expect(try canonicalJSON(listed.standardOutput) == "[]")
        let diff = try store.run(["diff"])
        #expect(diff.status == 66)
        #expect(diff.standardError == "error: the store has no snapshot yet (run `paywalls import FILE` or `paywalls sync`)\n")
    }

    @Test func diffWithOneSnapshotExits66() throws {
        try store.importExport()
        for arguments in [["diff"], ["diff", "--json"]] {
            let outcome = try store.run(arguments)
            #expect(outcome.status == 66)
            #expect(outcome.standardOutput.isEmpty)
            #expect(outcome.standardError == "error: source 'local' has only one snapshot: nothing to compare\n")
        }
        let unknown = try store.run(["diff", "999999"])
        #expect(unknown.status == 66)
        #expect(unknown.standardError == "error: no snapshot '999999' (or more than one starts so); see `paywalls snapshots`\n")
    }

    @Test func snapshotsAndDiffAfterARevisedImport() throws {
        let first = try JSONDocument(try store.importExport().standardOutput)
        let revisedPath = try writeRevisedSample()
        let second = try JSONDocument(try store.importExport(revisedPath).standardOutput)
        let hash = try Python.valueHash(ofFile: revisedPath)
        let oldKey = try #require(first.string("snapshot")), newKey = try #require(second.string("snapshot"))
        #expect(second.string("status") == "published")
        #expect(newKey == "000002-" + hash.prefix(12))
        #expect(second.int("revision") == 58)

        // snapshots: newest first.
        let listedJSON = try store.run(["snapshots", "--json"])
        #expect(listedJSON.status == 0)
        let listed = try JSONDocument(listedJSON.standardOutput)
        #expect(listed.count("") == 2)
        #expect(listed.string("0/snapshot") == newKey)
        #expect(listed.int("0/revision") == 58)
        #expect(listed.string("0/contentHash") == hash)
        #expect(listed.string("1/snapshot") == oldKey)
        #expect(listed.int("1/revision") == 57)
        #expect(listed.string("1/importedAt") == first.string("importedAt"))
        let human = try store.run(["snapshots"])
        #expect(human.outputLines == [
            "* \(newKey)  \(second.string("importedAt") ?? "")  local  com.lumenlabs.sleep revision 58  paywall-export v1",
            "  \(oldKey)  \(first.string("importedAt") ?? "")  local  com.lumenlabs.sleep revision 57  paywall-export v1",
        ])

        // diff: the previous snapshot against the current one.
        let diffJSON = try store.run(["diff", "--json"])
        #expect(diffJSON.status == 0)
        let diff = try JSONDocument(diffJSON.standardOutput)
        #expect(diff.string("from") == oldKey)
        #expect(diff.string("to") == newKey)
        let variations = "changes/placements/changed/onboarding/audiences/changed/All Users/variations"
        #expect(diff.canonical("\(variations)/changed") == (try canonicalJSON("""
            {"\(Self.heroVariation)": {"weight": {"from": 50, "to": 40}},
             "\(Self.trialVariation)": {"weight": {"from": 30, "to": 40}}}
            """)))
        #expect(diff.count("\(variations)/added") == 0)
        #expect(diff.count("\(variations)/removed") == 0)
        #expect(diff.count("changes/placements/changed") == 1)
        #expect(diff.count("changes/placements/changed/onboarding/audiences/changed") == 1)
        #expect(diff.canonical("changes/paywalls/changed") == (try canonicalJSON("""
            {"pw_onboarding_hero": {"localizations": {"added": [], "removed": [],
              "changed": {"pt-br": {"strings": {"added": [], "removed": [], "changed": ["cta"]}}}}}}
            """)))
        for section in ["placements", "paywalls", "products", "segments"] {
            #expect(diff.count("changes/\(section)/added") == 0, "\(section)")
            #expect(diff.count("changes/\(section)/removed") == 0, "\(section)")
        }
        #expect(diff.count("changes/products/changed") == 0)
        #expect(diff.count("changes/segments/changed") == 0)

        let text = try store.run(["diff"])
        #expect(text.status == 0)
        #expect(text.outputLines == [
            "\(oldKey) -> \(newKey):",
            "  placement onboarding: audience 'All Users': variation \(Self.trialVariation) weight 30 -> 40",
            "  placement onboarding: audience 'All Users': variation \(Self.heroVariation) weight 50 -> 40",
            "  paywall pw_onboarding_hero [pt-br]: strings changed: cta",
        ])

        // Explicit FROM and TO, by key, by id and by a unique prefix; and the other way round.
        for (from, to) in [(oldKey, newKey), ("1", "2"), (String(oldKey.prefix(9)), String(newKey.prefix(9)))] {
            let explicit = try store.run(["diff", "--json", from, to])
            #expect(explicit.status == 0, "\(from) \(to): \(explicit.standardError)")
            #expect(explicit.standardOutput == diffJSON.standardOutput, "\(from) \(to)")
        }
        let reversed = try JSONDocument(try store.run(["diff", "--json", newKey, oldKey]).standardOutput)
        #expect(reversed.canonical("\(variations)/changed/\(Self.heroVariation)") == (try canonicalJSON(#"{"weight": {"from": 40, "to": 50}}"#)))
        let same = try store.run(["diff", oldKey, oldKey])
        #expect(same.outputLines == ["\(oldKey) -> \(oldKey): no changes"])
    }

    /// After the revision, resolve reads the new snapshot: the new string, and the moved weights move
    /// users. Buckets as in ResolveAudienceTests (Python hashlib): profile-123 is 49, profile-6 is 50,
    /// profile-33 is 99; the walk is now compare 0...19, trial (3e3e…, weight 40) 20...59, hero 60...99.
    @Test func resolveFollowsTheRevisedSnapshot() throws {
        try store.importExport()
        let second = try JSONDocument(try store.importExport(try writeRevisedSample()).standardOutput)
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "pt-BR", "--country", "BR"])
        #expect(bundle.string("viewConfiguration/strings/cta") == "Começar agora")
        #expect(bundle.string("snapshot/id") == second.string("snapshot"))
        #expect(bundle.int("snapshot/revision") == 58)
        for (profile, variation) in [("profile-123", Self.trialVariation), ("profile-6", Self.trialVariation), ("profile-33", Self.heroVariation)] {
            let resolved = try store.resolve(["--placement", "onboarding", "--profile-id", profile])
            #expect(resolved.string("variationId") == variation, "\(profile)")
        }
        // Without a profile: 40 / 40 tie, the smaller variation id wins.
        #expect(try store.resolve(["--placement", "onboarding"]).string("variationId") == Self.trialVariation)
    }
}
