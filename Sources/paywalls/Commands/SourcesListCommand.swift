import ArgumentKit
import PaywallModel
import PaywallStore

/// `paywalls sources list`: the sources the store knows, in answer order, with how many snapshots each keeps.
enum SourcesListCommand: Command {
    static let spec = CommandSpec(
        name: "list",
        abstract: "List the store's sources in answer order, with their current snapshot and last sync.",
        discussion: "A source that is no longer synced or was imported under a mistaken name is retired with `paywalls sources remove NAME`.",
        options: [.flag("json", help: "Print JSON.")],
        examples: [CommandExample("The sources, in the order they answer:", ["sources", "list"])]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let store = try context.openStore(arguments)
        let sources: [(StoreStatus.Source, kept: Int)]
        do {
            sources = try StoreStatus(of: store, at: context.storePath(arguments)).sources.map { source throws(StoreError) in
                (source, try store.snapshots(of: source.state.name).count)
            }
        } catch {
            throw CommandFailure(error)
        }
        if arguments.flag("json") {
            context.standardOutput.writeJSON(.object(JSONObject(["sources": .array(sources.map { source, kept in
                var object = source.json
                object.append("snapshotsKept", .integer(kept))
                return .object(object)
            })])))
            return
        }
        guard !sources.isEmpty else { return context.standardOutput.writeLine("no sources yet (run `paywalls import FILE` or `paywalls sync`)") }
        for (source, kept) in sources {
            let current = source.current.map { "current \($0.key), \(kept) snapshot\(kept == 1 ? "" : "s") kept" } ?? "no snapshot"
            let sync = source.state.outcome.map { "; last sync \(source.state.checkedAt ?? "?"): \($0)" } ?? ""
            context.standardOutput.writeLine("\(source.state.name): \(current)\(sync)")
        }
    }
}
