import Basics
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
            The image line is the store's resolution image (resolution.image, beside the database), which every
            import and sync writes.
            """,
        options: [.flag("json", help: "Print JSON.")],
        examples: [CommandExample("What each source's current snapshot is, and how its last sync went:", ["status"])]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let store = try context.openStore(arguments)
        let status: StoreStatus
        do {
            status = try StoreStatus(of: store, at: context.storePath(arguments))
        } catch {
            throw CommandFailure(error)
        }
        if arguments.flag("json") {
            context.standardOutput.writeJSON(status.json)
            return
        }
        let count = status.snapshotCount
        context.standardOutput.writeLine("store:    \(status.path) (schema \(PaywallStore.schemaVersion), \(count) snapshot\(count == 1 ? "" : "s"))")
        if let current = status.current {
            context.standardOutput.writeLine("current:  \(current.key), \(current.appID) revision \(current.revision), "
                                             + "exported \(current.exportedAt), imported \(current.importedAt)")
            context.standardOutput.writeLine("image:    " + (status.resolutionImageBytes.map { "\(byteCount(Int64($0))), read by a cold resolve instead of SQLite" }
                                                             ?? "none: a cold resolve reads SQLite until the next import or sync writes one"))
        } else {
            context.standardOutput.writeLine("current:  none yet (run `paywalls import FILE` or `paywalls sync`)")
        }
        for source in status.sources {
            let (state, snapshot) = (source.state, source.current)
            let data = snapshot.map { "\($0.format), snapshot \($0.key), imported \($0.importedAt)" } ?? "no snapshot yet"
            context.standardOutput.writeLine("source:   \(state.name): \(data)")
            if let checkedAt = state.checkedAt, let outcome = state.outcome {
                // Only a failed sync has a message; it says since when the data has not been refreshed.
                let detail = state.message.map { ": \($0) (last success \(state.succeededAt ?? "never"))" } ?? ""
                let origin = state.origin.map { " from \($0)" } ?? ""
                context.standardOutput.writeLine("          last sync \(checkedAt)\(origin): \(outcome)\(detail)")
            }
        }
    }
}
