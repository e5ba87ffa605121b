import PaywallModel

/// What `paywalls status` and the service's `/v1/status` tell of a store: its snapshots, and per
/// source in answer order its current snapshot and its last sync.
public struct StoreStatus: Sendable {
    public struct Source: Sendable {
        public let state: SourceState
        public let current: SnapshotInfo?
    }

    /// The store's directory, as the caller names it.
    public let path: String
    public let snapshotCount: Int
    public let sources: [Source]
    /// The size of the resolution image a cold resolve would read; nil when there is none it can read.
    public let resolutionImageBytes: Int?

    /// The snapshot a resolve without a source asks first.
    public var current: SnapshotInfo? { sources.lazy.compactMap(\.current).first }

    public init(of store: PaywallStore, at path: String) throws(StoreError) {
        self.path = path
        snapshotCount = try store.snapshots().count
        sources = try store.sources().map { state throws(StoreError) in Source(state: state, current: try store.currentSnapshot(of: state.name)) }
        resolutionImageBytes = ResolutionImage.open(inStore: path)?.byteCount
    }

    public var json: JSONValue {
        .object(JSONObject([
            "store": .string(path),
            "schemaVersion": .integer(PaywallStore.schemaVersion),
            "snapshots": .integer(snapshotCount),
            "current": current.map { .object($0.json) } ?? .null,
            "sources": .array(sources.map { .object($0.json) }),
            "resolutionImage": resolutionImageBytes.map { .object(JSONObject(["bytes": .integer($0)])) } ?? .null,
        ]))
    }
}

extension StoreStatus.Source {
    /// The current snapshot's fields (or `"snapshot": null`), then the last sync's.
    public var json: JSONObject {
        var object = current?.json ?? JSONObject(["snapshot": .null, "source": .string(state.name)])
        let optional: (String?) -> JSONValue = { $0.map(JSONValue.string) ?? .null }
        object.append("lastSync", state.checkedAt == nil ? .null : .object(JSONObject([
            "checkedAt": optional(state.checkedAt),
            "origin": optional(state.origin),
            "outcome": optional(state.outcome),
            "message": optional(state.message),
            "succeededAt": optional(state.succeededAt),
        ])))
        return object
    }
}
