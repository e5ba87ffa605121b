import ArgumentKit
import PaywallModel
import PaywallStore

/// `paywalls sources remove NAME`: retires a source, its snapshots with it.
enum SourcesRemoveCommand: Command {
    static let spec = CommandSpec(
        name: "remove",
        abstract: "Retire a source: it and its snapshots leave the store, and nothing of it is served.",
        discussion: """
            For a source imported under a mistaken name, or dropped from the sync config: until it is removed, its last
            snapshot is served and checked for freshness (serve's --max-staleness). A running serve stops serving it at
            its next reload. An import or a sync under the name later starts it anew; a source still in the sync config
            comes back at the next sync.
            """,
        options: [.flag("json", help: "Print JSON.")],
        arguments: [ArgumentSpec("name", help: "The source to remove, as `paywalls sources list` names it.")],
        examples: [CommandExample("Retire the source adapty and its snapshots:", ["sources", "remove", "adapty"])]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let name = arguments.arguments[0]
        let store = try context.openStore(arguments)
        let removed: Int
        let remaining: [String]
        do {
            removed = try store.removeSource(name)
            remaining = try store.sources().map(\.name)
        } catch {
            throw CommandFailure(error)
        }
        if arguments.flag("json") {
            context.standardOutput.writeJSON(.object(JSONObject(["removed": .string(name), "snapshots": .integer(removed),
                                                                 "sources": .strings(remaining)])))
            return
        }
        let others = remaining.isEmpty ? "no sources left" : "sources now: \(remaining.joined(separator: ", "))"
        context.standardOutput.writeLine("removed source \(name) and its \(removed) snapshot\(removed == 1 ? "" : "s"); \(others)")
    }
}
