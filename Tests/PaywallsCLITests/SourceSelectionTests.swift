import Foundation
import Testing

/// Several sources in one store: which answers a resolve, and how each command picks one.
@Suite struct SourceSelectionTests {
    let store: TemporaryStore
    let revised: String

    init() throws {
        store = try TemporaryStore()
        let text = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        revised = try store.write(text.replacingOccurrences(of: "\"revision\": 57", with: "\"revision\": 58"), to: "revised.json")
    }

    @Test func theFirstSourceToArriveAnswersUnlessOneIsNamed() throws {
        #expect(try store.run(["import", TemporaryStore.samplePath, "--source", "ios"]).status == 0)
        #expect(try store.run(["import", revised, "--source", "android"]).status == 0)
        #expect(try store.resolve(["--placement", "onboarding"]).int("snapshot/revision") == 57)
        #expect(try store.resolve(["--placement", "onboarding", "--source", "android"]).int("snapshot/revision") == 58)

        let unknown = try store.run(["resolve", "--placement", "onboarding", "--source", "web"])
        #expect(unknown.status == 66)
        #expect(unknown.standardError == "error: the store has no snapshot of source 'web' (sources with snapshots: ios, android)\n")

        let coverage = try JSONDocument(try store.run(["coverage", "--json", "--source", "android", "--locales", "pt-BR,de"]).standardOutput)
        #expect(coverage.string("snapshot")?.hasPrefix("000002-") == true)
        let status = try store.run(["status"])
        #expect(status.outputLines.filter { $0.hasPrefix("source:") }.map { $0.prefix(17) } == ["source:   ios: pa", "source:   android"])
        let listed = try store.run(["snapshots"])
        #expect(listed.outputLines.allSatisfy { $0.hasPrefix("*") })
    }

    @Test func diffComparesSnapshotsOfOneSource() throws {
        #expect(try store.run(["import", TemporaryStore.samplePath, "--source", "ios"]).status == 0)
        #expect(try store.run(["import", revised, "--source", "android"]).status == 0)
        // Each source has one snapshot: nothing to compare, though the store has two.
        let single = try store.run(["diff", "--source", "android"])
        #expect(single.status == 66)
        #expect(single.standardError == "error: source 'android' has only one snapshot: nothing to compare\n")
        #expect(try store.run(["import", revised, "--source", "ios"]).status == 0)
        let diff = try store.run(["diff", "--json"])
        #expect(diff.status == 0)
        let changes = try JSONDocument(diff.standardOutput)
        #expect(changes.string("from")?.hasPrefix("000001-") == true)
        #expect(changes.string("to")?.hasPrefix("000003-") == true)
    }

    @Test(arguments: ["../etc", "", "with space", String(repeating: "x", count: 65)])
    func aBadSourceNameIsAUsageError(_ name: String) throws {
        let outcome = try store.run(["import", TemporaryStore.samplePath, "--source", name])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix("error: invalid --source '\(name)': a source name is 1-64 characters of A-Z, a-z, 0-9, '.', '_' and '-'\n"))
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }
}
