import Foundation
import PaywallModel
@testable import PaywallStore
import Testing

/// A fresh directory per test, removed when the owning suite instance (one per test) goes away.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-store-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Where the store goes: a directory the store itself has to create.
    var store: String { path + "/store" }

    var databaseFile: String { store + "/paywalls.sqlite" }

    /// A second connection beside the store's, for what the API does not show.
    func rawConnection() throws -> Database {
        try Database(path: databaseFile, create: false)
    }
}

extension Database {
    func count(_ sql: String) throws -> Int {
        let statement = try prepare(sql)
        _ = try statement.step()
        return Int(statement.integer(at: 0))
    }

    func rowCount(in table: String, snapshotID: Int64) throws -> Int {
        try count("SELECT count(*) FROM \(table) WHERE snapshot_id = \(snapshotID)")
    }

    /// Writes every body of `table` back as compact JSON text, as stores did before `BinaryBody`,
    /// through `edit`.
    func rewriteBodiesAsJSONText(in table: String, _ edit: (String) -> String = { $0 }) throws {
        // By the body itself: some of these tables have no rowid. Rows with equal bodies get equal texts.
        let rows = try prepare("SELECT body FROM \(table)")
        var texts: [(body: [UInt8], text: String)] = []
        while try rows.step() {
            let value = try Result { () throws(StorageDecodingError) in try JSONValue.stored(rows.bytes(at: 0)) }.get()
            texts.append((Array(rows.bytes(at: 0)), edit(value.rendered())))
        }
        let update = try prepare("UPDATE \(table) SET body = ?1 WHERE body = ?2")
        for (body, text) in texts {
            try update.bind(text, body)
            try update.run()
        }
    }
}

extension PublishOutcome {
    var snapshot: SnapshotInfo {
        switch self {
        case let .published(snapshot), let .unchanged(snapshot): return snapshot
        }
    }
}

extension PaywallStore {
    func publish(_ export: PaywallExport = Fixture.export(), hash seed: Int, source: String = "local",
                 retention: Int = PaywallStore.defaultRetention) throws -> PublishOutcome {
        try publish(export, source: source, contentHash: Fixture.hash(seed), importedAt: "2026-12-01T08:00:0\(seed % 10)Z",
                    retention: retention)
    }
}
