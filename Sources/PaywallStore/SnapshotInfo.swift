/// One published snapshot, without its data.
public struct SnapshotInfo: Sendable, Equatable {
    /// Increases with every publish and is never reused.
    public let id: Int64
    /// The human id the CLI shows: the id zero-padded to 6 digits, a dash, and the first 12 hex
    /// digits of the content hash (`000042-3f9a0c1b2d4e`).
    public let key: String
    /// Where the export came from (`local`, or a sync source's name).
    public let source: String
    /// `ExportFormat.description`, such as `paywall-export v1`.
    public let format: String
    public let appID: String
    public let revision: Int
    public let exportedAt: String
    /// ISO 8601 UTC.
    public let importedAt: String
    /// Hex SHA-256 that identifies the content: the JSON value, not the bytes (`ValueHasher` in
    /// PaywallSync); snapshots published before that hold the SHA-256 of the file.
    public let contentHash: String

    public init(id: Int64, source: String, format: String, appID: String, revision: Int, exportedAt: String,
                importedAt: String, contentHash: String) {
        let digits = String(id)
        key = String(repeating: "0", count: max(0, 6 - digits.count)) + digits + "-" + String(contentHash.prefix(12))
        self.id = id
        self.source = source
        self.format = format
        self.appID = appID
        self.revision = revision
        self.exportedAt = exportedAt
        self.importedAt = importedAt
        self.contentHash = contentHash
    }
}
