import ArgumentKit
import PaywallModel
import PaywallStore

/// `paywalls status`: the store, the snapshot that answers first, and each source's current snapshot
/// and last sync.
enum StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the current snapshot of each source and how its last sync went.",
        discussion: """
            Sources are listed in answer order (the sync config's order): a resolve without --source is answered
            by the first one that has the placement. A source whose last sync failed keeps its last good snapshot.
            """,
        options: [.flag("json", help: "Print JSON.")]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let path = context.storePath(arguments)
        let store = try context.openStore(arguments)
        let snapshotCount: Int
        let sources: [(state: SourceState, current: SnapshotInfo?)]
        do {
            snapshotCount = try store.snapshots().count
            sources = try store.sources().map { state throws(StoreError) in (state, try store.currentSnapshot(of: state.name)) }
        } catch {
            throw CommandFailure(error)
        }
        let current = sources.lazy.compactMap(\.current).first
        if arguments.flag("json") {
            let json = JSONValue.object(JSONObject([
                "store": .string(path),
                "schemaVersion": .integer(PaywallStore.schemaVersion),
                "snapshots": .integer(snapshotCount),
                "current": current.map { .object(SnapshotJSON.object(for: $0)) } ?? .null,
                "sources": .array(sources.map { .object(sourceJSON(for: $0.state, current: $0.current)) }),
            ]))
            context.standardOutput.writeLine(json.rendered(pretty: true))
            return
        }
        context.standardOutput.writeLine("store:    \(path) (schema \(PaywallStore.schemaVersion), \(snapshotCount) snapshot\(snapshotCount == 1 ? "" : "s"))")
        if let current {
            context.standardOutput.writeLine("current:  \(current.key), \(current.appID) revision \(current.revision), "
                                             + "exported \(current.exportedAt), imported \(current.importedAt)")
        } else {
            context.standardOutput.writeLine("current:  none yet (run `paywalls import FILE` or `paywalls sync`)")
        }
        for (state, snapshot) in sources {
            let data = snapshot.map { "\($0.format), snapshot \($0.key), imported \($0.importedAt)" } ?? "no snapshot yet"
            context.standardOutput.writeLine("source:   \(state.name): \(data)")
            if let checkedAt = state.checkedAt, let outcome = state.outcome {
                // Only a failed sync has a message; it says since when the data has not been refreshed.
                let detail = state.message.map { ": \($0) (last success \(state.succeededAt ?? "never"))" } ?? ""
                context.standardOutput.writeLine("          last sync \(checkedAt): \(outcome)\(detail)")
            }
        }
    }

    /// The current snapshot's fields (or `"snapshot": null`), then the last sync's.
    private static func sourceJSON(for state: SourceState, current: SnapshotInfo?) -> JSONObject {
        var object = current.map(SnapshotJSON.object(for:)) ?? JSONObject(["snapshot": .null, "source": .string(state.name)])
        let optional: (String?) -> JSONValue = { $0.map(JSONValue.string) ?? .null }
        object.append("lastSync", state.checkedAt == nil ? .null : .object(JSONObject([
            "checkedAt": optional(state.checkedAt),
            "outcome": optional(state.outcome),
            "message": optional(state.message),
            "succeededAt": optional(state.succeededAt),
        ])))
        return object
    }
}
