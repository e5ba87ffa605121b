import PaywallModel
import PaywallStore

/// How commands print a snapshot, the same everywhere.
enum SnapshotJSON {
    static func object(for snapshot: SnapshotInfo) -> JSONObject {
        JSONObject([
            "snapshot": .string(snapshot.key),
            "source": .string(snapshot.source),
            "format": .string(snapshot.format),
            "appId": .string(snapshot.appID),
            "revision": .integer(snapshot.revision),
            "exportedAt": .string(snapshot.exportedAt),
            "importedAt": .string(snapshot.importedAt),
            "contentHash": .string(snapshot.contentHash),
        ])
    }
}
