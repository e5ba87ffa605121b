import PaywallModel

extension SnapshotInfo {
    /// How every command and the service describe a snapshot.
    public var json: JSONObject {
        JSONObject([
            "snapshot": .string(key),
            "source": .string(source),
            "format": .string(format),
            "appId": .string(appID),
            "revision": .integer(revision),
            "exportedAt": .string(exportedAt),
            "importedAt": .string(importedAt),
            "contentHash": .string(contentHash),
        ])
    }
}
