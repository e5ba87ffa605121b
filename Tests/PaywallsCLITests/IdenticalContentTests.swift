import FixtureSupport
import Foundation
import Testing

/// docs/architecture.md: an export is identical when its JSON value is. The sample export and the vendor's sample
/// fallback file, spelled otherwise (members shuffled at every depth, other whitespace, escapes), import
/// as unchanged: nothing is published and the store keeps every row, the vendor document as first imported.
@Suite final class IdenticalContentTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    static let samples = ["sync-config/sample-export.json", "sync-config/sample-adapty-fallback-v9.json"]

    @Test(arguments: samples)
    func anExportSpelledOtherwiseImportsAsUnchanged(_ sample: String) throws {
        let original = Repository.file(sample).path
        let first = try JSONDocument(try store.importExport(original).standardOutput)
        let key = try #require(first.string("snapshot"))
        let hash = try Python.valueHash(ofFile: original)
        #expect(first.string("contentHash") == hash)
        #expect(key == "000001-" + hash.prefix(12))
        let stored = try Python.dump(ofDatabase: store.databasePath)

        let respelled = store.directory.appendingPathComponent("respelled.json").path
        try Python.respell(original, to: respelled, seed: 1)
        // Another file, the same value.
        #expect(try Data(contentsOf: URL(fileURLWithPath: respelled)) != Data(contentsOf: URL(fileURLWithPath: original)))
        #expect(try String(contentsOfFile: respelled, encoding: .utf8).contains(#"\u"#))
        #expect(try Python.valueHash(ofFile: respelled) == hash)

        let again = try store.run(["import", respelled])
        #expect(again.status == 0, "\(again.standardError)")
        let unchanged = try JSONDocument(again.standardOutput)
        #expect(unchanged.string("status") == "unchanged")
        #expect(unchanged.string("snapshot") == key)
        #expect(unchanged.string("contentHash") == hash)
        #expect(again.standardError == "\(respelled) is identical to snapshot \(key): nothing published\n")
        #expect(try Python.dump(ofDatabase: store.databasePath) == stored)
    }
}
