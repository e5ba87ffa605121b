import FixtureSupport
import Foundation
import LocaleKit
import PaywallModel
import PaywallStore
import PaywallSync

/// Files of the repository decoded by `ExportDecoder` and published into a real SQLite store in a
/// temporary directory, removed when the fixture goes away.
final class PublishedFixture {
    static let contentHash = String(repeating: "ab", count: 32)

    let directory: String
    let store: PaywallStore
    /// The first snapshot published.
    let snapshot: SnapshotInfo

    /// - Parameters:
    ///   - path: relative to the repository.
    ///   - asImported: keep what `import` keeps beside the model: each localization key's identity and the
    ///     prices and periods formatted for the export's locales.
    init(_ path: String, source: String = "local", importedAt: String = "2026-12-01T08:00:00Z", asImported: Bool = false) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("paywall-resolver-tests-\(UUID().uuidString)").path
        store = try PaywallStore.open(at: directory + "/store", create: true)
        snapshot = try Self.publish(try Self.decode(path), into: store, as: source, contentHash: Self.contentHash, importedAt: importedAt,
                                    asImported: asImported)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Publishes another export as `source`'s new snapshot.
    @discardableResult
    func publish(_ export: PaywallExport, as source: String, contentHash: String = contentHash, importedAt: String = "2026-12-02T08:00:00Z",
                 asImported: Bool = false, formattedTexts: [FormattedText] = []) throws -> SnapshotInfo {
        try Self.publish(export, into: store, as: source, contentHash: contentHash, importedAt: importedAt, asImported: asImported,
                         formattedTexts: formattedTexts)
    }

    static func decode(_ path: String) throws -> PaywallExport {
        let data = try Data(contentsOf: Repository.file(path))
        return try data.withUnsafeBytes { bytes throws(InvalidExport) in
            try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes)
        }
    }

    private static func publish(_ export: PaywallExport, into store: PaywallStore, as source: String, contentHash: String, importedAt: String,
                                asImported: Bool, formattedTexts: [FormattedText] = []) throws -> SnapshotInfo {
        let outcome = try store.publish(export, source: source, contentHash: contentHash, importedAt: importedAt,
                                        localeIdentity: asImported ? { LocaleIdentity(of: $0)?.serialized } : nil,
                                        formattedTexts: asImported ? export.formattedTexts() : formattedTexts)
        guard case let .published(snapshot) = outcome else {
            throw StoreError(kind: .io, message: "the publish stored nothing")
        }
        return snapshot
    }
}
