import ArgumentKit
import PaywallModel
import PaywallStore

/// `paywalls snapshots`: the snapshots kept, newest first.
enum SnapshotsCommand: Command {
    static let spec = CommandSpec(
        name: "snapshots",
        abstract: "List the snapshots the store keeps, newest first.",
        options: [.flag("json", help: "Print JSON.")]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let store = try context.openStore(arguments)
        let snapshots: [SnapshotInfo]
        do {
            snapshots = try store.snapshots()
        } catch {
            throw CommandFailure(error)
        }
        if arguments.flag("json") {
            context.standardOutput.writeLine(JSONValue.array(snapshots.map { .object(SnapshotJSON.object(for: $0)) }).rendered(pretty: true))
            return
        }
        for (index, snapshot) in snapshots.enumerated() {
            let marker = index == 0 ? "*" : " "
            context.standardOutput.writeLine("\(marker) \(snapshot.key)  \(snapshot.importedAt)  \(snapshot.source)  "
                                             + "\(snapshot.appID) revision \(snapshot.revision)  \(snapshot.format)")
        }
    }
}
