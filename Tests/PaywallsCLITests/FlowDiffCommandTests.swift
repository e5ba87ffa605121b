import Foundation
import Testing

/// `paywalls diff` between two imports of the format-11 vendor file: the second edited as text (an
/// onboarding renamed and another replaced, a flow's version and a remote config language changed, a
/// layout string reworded).
@Suite final class FlowDiffCommandTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    func writeRevisedFile() throws -> String {
        var text = try String(contentsOfFile: TemporaryStore.flowFilePath, encoding: .utf8)
        let edits = [
            (#""onboarding_name": "Welcome A""#, #""onboarding_name": "Welcome""#),
            (#""onboarding_id": "onb-2""#, #""onboarding_id": "onb-3""#),
            (#""flow_version_id": "fver-7""#, #""flow_version_id": "fver-9""#),
            (#""lang": "pt-BR""#, #""lang": "pt-PT""#),
            (#""value": "Weiter""#, #""value": "Weiter geht's""#),
        ]
        for (old, new) in edits {
            try #require(text.components(separatedBy: old).count == 2, "the fixture no longer has exactly one \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return try store.write(text, to: "format-11-revised.json")
    }

    @Test func reportsOnboardingsFlowsAndWhatVariationsShow() throws {
        let first = try JSONDocument(try store.importExport(TemporaryStore.flowFilePath).standardOutput)
        let second = try JSONDocument(try store.importExport(try writeRevisedFile()).standardOutput)
        let oldKey = try #require(first.string("snapshot")), newKey = try #require(second.string("snapshot"))

        let text = try store.run(["diff"])
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.outputLines == [
            "\(oldKey) -> \(newKey):",
            "  placement welcome: audience 'All Users': variation ov-b onboarding onb-2 -> onb-3",
            #"  onboarding onb-1: name "Welcome A" -> "Welcome""#,
            "  onboarding onb-2 removed",
            "  onboarding onb-3 added",
            #"  flow flow-sleep: version id "fver-7" -> "fver-9""#,
            "  flow flow-sleep: remote config pt-BR removed",
            "  flow flow-sleep: remote config pt-PT added",
            "  flow flow-sleep: layout lay-phone [de]: strings changed: cta",
        ])

        let json = try store.run(["diff", "--json"])
        #expect(json.status == 0)
        let diff = try JSONDocument(json.standardOutput)
        #expect(diff.canonical("changes/placements/changed/welcome/audiences/changed/All Users/variations/changed") == (try canonicalJSON("""
            {"ov-b": {"onboardingId": {"from": "onb-2", "to": "onb-3"}}}
            """)))
        #expect(diff.canonical("changes/onboardings") == (try canonicalJSON("""
            {"added": ["onb-3"], "removed": ["onb-2"], "changed": {"onb-1": {"name": {"from": "Welcome A", "to": "Welcome"}}}}
            """)))
        #expect(diff.canonical("changes/flows") == (try canonicalJSON("""
            {"added": [], "removed": [], "changed": {"flow-sleep": {
              "versionId": {"from": "fver-7", "to": "fver-9"},
              "remoteConfigs": {"added": ["pt-PT"], "removed": ["pt-BR"], "changed": {}},
              "layouts": {"added": [], "removed": [], "changed": {"lay-phone": {"localizations": {"added": [], "removed": [],
                "changed": {"de": {"strings": {"added": [], "removed": [], "changed": ["cta"]}}}}}}}}}}
            """)))
        for section in ["paywalls", "products", "segments"] {
            #expect(diff.canonical("changes/\(section)") == (try canonicalJSON(#"{"added": [], "removed": [], "changed": {}}"#)), "\(section)")
        }
    }
}
