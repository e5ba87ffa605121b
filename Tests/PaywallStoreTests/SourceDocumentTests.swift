import FixtureSupport
import Foundation
import LocaleKit
import PaywallModel
@testable import PaywallStore
import Testing

/// The vendor document a snapshot was imported from (schema version 2): stored with the snapshot,
/// returned by `export(of:)`, absent for paywall-exports, and added to a version 1 store by migration.
@Suite final class SourceDocumentTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    static func decode(_ path: String) throws -> (export: PaywallExport, document: JSONValue) {
        let data = try Data(contentsOf: Repository.file(path))
        let export = try data.withUnsafeBytes { bytes throws(InvalidExport) in
            try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes)
        }
        let document = try data.withUnsafeBytes { bytes in try JSONParser.parse(bytes) }
        return (export, document)
    }

    @Test(arguments: ["sync-config/sample-adapty-fallback-v9.json", "Tests/Fixtures/adapty-fallback/format-8.json",
                      "Tests/Fixtures/adapty-fallback/format-10.json", "Tests/Fixtures/adapty-fallback/format-11.json",
                      "Tests/Fixtures/adapty-fallback/vendor-ios-v8.json"])
    func aVendorDocumentIsStoredWholeAndReturned(path: String) throws {
        var (export, document) = try Self.decode(path)
        #expect(export.sourceDocument == document)
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(export, hash: 1).snapshot
        let back = try store.export(of: info)
        #expect(back.sourceDocument == document)
        // Warnings are said at import, not kept.
        export.warnings = []
        #expect(back == export)
        let raw = try directory.rawConnection()
        #expect(try raw.rowCount(in: "source_documents", snapshotID: info.id) == 1)
    }

    @Test func aPaywallExportKeepsNoDocument() throws {
        let (export, _) = try Self.decode("sync-config/sample-export.json")
        #expect(export.sourceDocument == nil)
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(export, hash: 1).snapshot
        #expect(try store.export(of: info).sourceDocument == nil)
        #expect(try directory.rawConnection().rowCount(in: "source_documents", snapshotID: info.id) == 0)
    }

    @Test func theDocumentGoesWithItsSnapshot() throws {
        let (export, _) = try Self.decode("Tests/Fixtures/adapty-fallback/format-8.json")
        let store = try PaywallStore.open(at: directory.store, create: true)
        let first = try store.publish(export, hash: 1, retention: 1).snapshot
        let second = try store.publish(export, hash: 2, retention: 1).snapshot
        let raw = try directory.rawConnection()
        #expect(try raw.rowCount(in: "source_documents", snapshotID: first.id) == 0)
        #expect(try raw.rowCount(in: "source_documents", snapshotID: second.id) == 1)
    }

    @Test func anUnparsableDocumentIsCorrupt() throws {
        let (export, _) = try Self.decode("Tests/Fixtures/adapty-fallback/format-8.json")
        let store = try PaywallStore.open(at: directory.store, create: true)
        let info = try store.publish(export, hash: 1).snapshot
        try directory.rawConnection().execute("UPDATE source_documents SET body = '{\"data\": ' WHERE snapshot_id = \(info.id)")
        #expect { try store.export(of: info) } throws: { error in
            let error = error as? StoreError
            return error?.kind == .corrupt && error?.message.contains("the source document") == true
        }
    }

    @Test func aVersion1StoreMigratesAndKeepsItsSnapshots() throws {
        let store = try PaywallStore.open(at: directory.store, create: true)
        let old = try store.publish(hash: 1).snapshot
        // Back to what version 1 made: its tables only.
        let raw = try directory.rawConnection()
        try raw.execute("DROP TABLE source_documents; DROP TABLE sources; DROP TABLE onboardings; DROP TABLE flows; DROP TABLE formatted_texts; DROP TABLE locale_facts; PRAGMA user_version = 1")
        #expect(try raw.count("PRAGMA user_version") == 1)
        #expect(try raw.count("SELECT count(*) FROM sqlite_master WHERE name = 'source_documents'") == 0)

        let reopened = try PaywallStore.open(at: directory.store, create: false)
        #expect(try raw.count("PRAGMA user_version") == PaywallStore.schemaVersion)
        #expect(try raw.count("SELECT count(*) FROM sqlite_master WHERE name = 'source_documents'") == 1)
        #expect(try reopened.export(of: old) == Fixture.export())
        let (export, document) = try Self.decode("sync-config/sample-adapty-fallback-v9.json")
        let info = try reopened.publish(export, hash: 2).snapshot
        #expect(try reopened.export(of: info).sourceDocument == document)
    }
}
