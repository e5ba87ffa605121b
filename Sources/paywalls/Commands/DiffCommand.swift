import ArgumentKit
import PaywallModel
import PaywallStore

/// `paywalls diff [FROM] [TO]`: what changed between two snapshots.
enum DiffCommand: Command {
    static let spec = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two snapshots.",
        discussion: """
            FROM and TO are snapshot keys (or unique prefixes, or ids) as `paywalls snapshots` lists them.
            Without them: the current snapshot of --source (else of the first source) against the one before it
            from the same source; with FROM only: FROM against the current snapshot of its source. Reports
            placements (their kind), audiences, weights, the paywall, onboarding or flow a variation shows;
            per paywall and per flow layout and locale the strings added, removed or changed; onboardings
            (name, builder URL and language) and flows (name, version, paywalls); and per remote config
            language of an onboarding or a flow, its keys added, removed or changed.
            """,
        options: [.source, .flag("json", help: "Print JSON.")],
        arguments: [ArgumentSpec("from", .optional, help: "The older snapshot."), ArgumentSpec("to", .optional, help: "The newer snapshot.")],
        examples: [
            CommandExample("What the last import or sync of the first source changed (once it has two snapshots):", ["diff"]),
            CommandExample("The same as JSON:", ["diff", "--json"]),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let store = try context.openStore(arguments)
        let (from, to) = try snapshots(arguments, in: store, context: context)
        let diff: ExportDiff
        do {
            diff = ExportDiff(from: try store.export(of: from), to: try store.export(of: to))
        } catch {
            throw CommandFailure(error)
        }
        if arguments.flag("json") {
            var json = JSONObject(["from": .string(from.key), "to": .string(to.key)])
            json.append("changes", diff.json())
            context.standardOutput.writeJSON(JSONValue.object(json))
        } else if diff.isEmpty {
            context.standardOutput.writeLine("\(from.key) -> \(to.key): no changes")
        } else {
            context.standardOutput.writeLine("\(from.key) -> \(to.key):")
            diff.summary().forEach { context.standardOutput.writeLine("  \($0)") }
        }
    }

    private static func snapshots(_ arguments: ParsedArguments, in store: PaywallStore,
                                  context: CommandContext) throws -> (SnapshotInfo, SnapshotInfo) {
        func find(_ text: String) throws -> SnapshotInfo {
            guard let snapshot = try store.snapshot(matching: text) else {
                throw CommandFailure(exitCode: .noInput, message: "no snapshot '\(text)' (or more than one starts so); see `paywalls snapshots`")
            }
            return snapshot
        }
        do {
            switch arguments.arguments.count {
            case 2: return (try find(arguments.arguments[0]), try find(arguments.arguments[1]))
            case 1:
                let from = try find(arguments.arguments[0])
                return (from, try context.currentSnapshot(of: arguments.value("source") ?? from.source, in: store))
            default:
                let current = try context.currentSnapshot(of: arguments.value("source"), in: store)
                let history = try store.snapshots(of: current.source)
                guard history.count > 1 else {
                    throw CommandFailure(exitCode: .noInput, message: "source '\(current.source)' has only one snapshot: nothing to compare")
                }
                return (history[1], current)
            }
        } catch let error as StoreError {
            throw CommandFailure(error)
        }
    }
}
