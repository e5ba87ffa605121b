import ArgumentKit
import PaywallModel
import PaywallStore

/// `paywalls snapshots`: the snapshots kept, newest first.
enum SnapshotsCommand: Command {
    static let spec = CommandSpec(
        name: "snapshots",
        abstract: "List the snapshots the store keeps, newest first.",
        discussion: "A '*' marks each source's current snapshot.",
        options: [.flag("json", help: "Print JSON.")],
        examples: [CommandExample("Every snapshot kept, as JSON:", ["snapshots", "--json"])]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let store = try context.openStore(arguments)
        let snapshots: [SnapshotInfo]
        let current: Set<Int64>
        do {
            snapshots = try store.snapshots()
            current = Set(try store.currentSnapshots().map(\.id))
        } catch {
            throw CommandFailure(error)
        }
        if arguments.flag("json") {
            context.standardOutput.writeJSON(JSONValue.array(snapshots.map { .object($0.json) }))
            return
        }
        for snapshot in snapshots {
            let marker = current.contains(snapshot.id) ? "*" : " "
            context.standardOutput.writeLine("\(marker) \(snapshot.key)  \(snapshot.importedAt)  \(snapshot.source)  "
                                             + "\(snapshot.appID) revision \(snapshot.revision)  \(snapshot.format)")
        }
    }
}
