import ArgumentKit
import PaywallModel
import PaywallStore

/// `paywalls status`: the store, its current snapshot, and each source's latest snapshot.
enum StatusCommand: Command {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the current snapshot and the state of each source.",
        options: [.flag("json", help: "Print JSON.")]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let path = context.storePath(arguments)
        let store = try context.openStore(arguments)
        let snapshots: [SnapshotInfo]
        let current: SnapshotInfo?
        do {
            snapshots = try store.snapshots()
            current = try store.currentSnapshot()
        } catch {
            throw CommandFailure(error)
        }
        var latestBySource: [SnapshotInfo] = []
        for snapshot in snapshots where !latestBySource.contains(where: { $0.source == snapshot.source }) {
            latestBySource.append(snapshot)
        }
        if arguments.flag("json") {
            let json = JSONValue.object(JSONObject([
                "store": .string(path),
                "schemaVersion": .integer(PaywallStore.schemaVersion),
                "snapshots": .integer(snapshots.count),
                "current": current.map { .object(SnapshotJSON.object(for: $0)) } ?? .null,
                "sources": .array(latestBySource.map { .object(SnapshotJSON.object(for: $0)) }),
            ]))
            context.standardOutput.writeLine(json.rendered(pretty: true))
            return
        }
        context.standardOutput.writeLine("store:    \(path) (schema \(PaywallStore.schemaVersion), \(snapshots.count) snapshot\(snapshots.count == 1 ? "" : "s"))")
        guard let current else {
            context.standardOutput.writeLine("current:  none yet (run `paywalls import FILE`)")
            return
        }
        context.standardOutput.writeLine("current:  \(current.key), \(current.appID) revision \(current.revision), "
                                         + "exported \(current.exportedAt), imported \(current.importedAt)")
        for snapshot in latestBySource {
            context.standardOutput.writeLine("source:   \(snapshot.source): \(snapshot.format), snapshot \(snapshot.key), imported \(snapshot.importedAt)")
        }
    }
}
