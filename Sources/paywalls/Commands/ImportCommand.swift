import ArgumentKit
import PaywallModel
import PaywallStore
import PaywallSync

/// `paywalls import FILE`: validate an export and publish it as the current snapshot.
enum ImportCommand: Command {
    static let spec = CommandSpec(
        name: "import",
        abstract: "Validate an export file and publish it as the current snapshot.",
        discussion: """
            Reads a paywall-export v1 document or a vendor fallback file (formats 8 to 11), checks all of it,
            and publishes it in one transaction: readers see the previous snapshot or the new one, never a
            part. Identical content publishes nothing: the same JSON value, whatever the whitespace, the order
            of object members or the escapes in strings. An invalid file exits 65, lists every problem with its
            JSON pointer, and leaves the store as it was. Prints JSON describing the snapshot.
            """,
        options: [
            .value("format", "format", help: "auto (default), paywall-export or adapty-fallback."),
            .value("source", "name", help: "The source the snapshot belongs to (default: local)."),
            .value("retention", "count", help: "Snapshots to keep (default: \(PaywallStore.defaultRetention))."),
        ],
        arguments: [ArgumentSpec("file", help: "The export to import.")],
        examples: [
            CommandExample("Publish the sample paywall-export as the current snapshot of the source local:",
                           ["import", "sync-config/sample-export.json"]),
            CommandExample("Publish a vendor fallback file as a second source, beside the first:",
                           ["import", "--source", "adapty", "sync-config/sample-adapty-fallback-v9.json"]),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let format = try arguments.value("format", expected: "auto, paywall-export or adapty-fallback", ExportDecoder.Format.init(rawValue:)) ?? .auto
        let retention = try arguments.wholeNumber("retention", in: 1...1000)
            ?? PaywallStore.defaultRetention
        let source = arguments.value("source") ?? "local"
        if let problem = SyncConfiguration.sourceNameProblem(source) {
            throw UsageError(commandPath: arguments.commandPath, message: "invalid --source '\(source)': \(problem)")
        }
        let policy = try context.localePolicy(arguments)
        let path = arguments.arguments[0]
        let decoded: DecodedExport
        do {
            decoded = try ExportFile(path: path).decode(format: format, policy: policy)
        } catch {
            throw CommandFailure(error, path: path)
        }
        let store = try context.openStore(arguments, create: true)
        let outcome: PublishOutcome
        do {
            outcome = try store.publish(decoded, source: source, retention: retention)
        } catch {
            throw CommandFailure(error)
        }
        let (status, snapshot): (String, SnapshotInfo) = switch outcome {
        case let .published(snapshot): ("published", snapshot)
        case let .unchanged(snapshot): ("unchanged", snapshot)
        }
        let export = decoded.export
        for warning in export.warnings { context.warn("\(path): \(warning)") }
        context.standardError.writeLine(status == "published"
            ? "imported \(path) as snapshot \(snapshot.key): \(export.placements.count) placements, \(export.paywalls.count) paywalls, "
                + "\(export.onboardings.count) onboardings, \(export.flows.count) flows"
            : "\(path) is identical to snapshot \(snapshot.key): nothing published")
        var json = snapshot.json
        json.append("status", .string(status))
        json.append("placements", .integer(export.placements.count))
        json.append("paywalls", .integer(export.paywalls.count))
        json.append("onboardings", .integer(export.onboardings.count))
        json.append("flows", .integer(export.flows.count))
        let locales = export.paywalls.flatMap { $0.localizations.map(\.locale) } + export.flows.flatMap(\.locales)
        json.append("locales", .strings(Array(Set(locales)).sorted()))
        json.append("warnings", .strings(export.warnings.map(\.description)))
        context.standardOutput.writeJSON(JSONValue.object(json))
    }
}

extension CommandFailure {
    /// The message of an invalid export does not name the file: `path` does.
    init(_ error: ExportFileError, path: String) {
        switch error.kind {
        case .unreadable: self.init(exitCode: .noInput, message: error.message)
        case .io: self.init(exitCode: .ioError, message: error.message)
        case .invalid: self.init(exitCode: .dataError, message: "\(path): \(error.message)")
        }
    }
}
