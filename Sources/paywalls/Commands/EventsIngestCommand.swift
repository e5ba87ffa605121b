import ArgumentKit
import Glibc
import PaywallEvents
import PaywallModel
import PaywallStore

/// `paywalls events ingest FILE|-`: events from a file of JSON lines into the store's events.sqlite.
enum EventsIngestCommand: Command {
    /// Rejections listed in the JSON answer; past it they are counted only.
    static let listedRejections = 100

    static let spec = CommandSpec(
        name: "ingest",
        abstract: "Store paywall and flow events from a file of JSON lines.",
        discussion: """
            Reads one event per line (the members of POST /v1/events, docs/contracts.md; empty lines are
            skipped) and stores them in events.sqlite in the store directory (or PostgreSQL, --events-url), in transactions of
            \(EventBatch.maximumEvents) events, each on disk before the next is read. An event whose event_id
            is stored already is a duplicate and kept once. A line that is not a valid event is rejected
            alone, with its JSON pointer, and the others are stored: the command then exits 65. Prints
            {"accepted", "duplicates", "rejected": [{"line", "pointer", "message"}], "rejectedCount"}; the
            first \(listedRejections) rejections are listed. A transaction that cannot be stored (a full disk)
            stops the command: what came before stays stored, and the message says how many events that
            is and the line to resume from.
            """,
        options: EventStoreOptions.specs,
        arguments: [ArgumentSpec("file", help: "The file of events, one JSON object per line; - for standard input.")],
        examples: [CommandExample("Store the sample events (then see `paywalls report`):", ["events", "ingest", "sync-config/sample-events.jsonl"])]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let path = arguments.arguments[0]
        let location = try EventStoreOptions.location(arguments, context: context, storePath: context.storePath(arguments))
        let input = try EventLines(path: path)
        defer { input.close() }
        let store: any EventStore
        do {
            store = try location.open()
        } catch {
            throw CommandFailure(error)
        }
        let outcome = try input.ingest(into: store)
        context.standardError.writeLine("\(input.name): events stored: \(outcome.accepted), duplicates: \(outcome.duplicates), "
            + "rejected: \(outcome.rejections.count)")
        context.standardOutput.writeJSON(outcome.json(listing: listedRejections))
        if let first = outcome.rejections.first {
            throw CommandFailure(exitCode: .dataError, message: "\(input.name): lines that are not valid events: \(outcome.rejections.count); "
                + "the first, \(first)")
        }
    }
}
