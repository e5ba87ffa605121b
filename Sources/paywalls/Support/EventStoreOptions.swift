import ArgumentKit
import PaywallEvents
import PaywallStore

/// `--events-url` and `--events-password-file`, of `serve`, `report` and `events ingest`: where the events are.
enum EventStoreOptions {
    static let urlEnvironmentVariable = "PAYWALLS_EVENTS_URL"

    static let specs: [OptionSpec] = [
        .value("events-url", "url", help: "Keep the events in PostgreSQL, postgresql://USER@HOST:PORT/DB, shared by replicas, with no password in it "
               + "(default: $\(urlEnvironmentVariable), else events.sqlite in the store)."),
        .value("events-password-file", "file", help: "The PostgreSQL password, the file's first line (default: libpq's PGPASSFILE, ~/.pgpass)."),
    ]

    /// The PostgreSQL database of `--events-url` (else `$PAYWALLS_EVENTS_URL`), else `events.sqlite` in `storePath`.
    static func location(_ arguments: ParsedArguments, context: CommandContext, storePath: String) throws -> EventStoreLocation {
        guard let url = arguments.value("events-url") ?? context.environment[urlEnvironmentVariable].flatMap({ $0.isEmpty ? nil : $0 }) else {
            if arguments.value("events-password-file") != nil {
                throw UsageError(commandPath: arguments.commandPath, message: "--events-password-file needs --events-url (or $\(urlEnvironmentVariable))")
            }
            return .storeDirectory(storePath)
        }
        let password = try arguments.value("events-password-file").map { path throws(CommandFailure) in
            let bytes = try readFile(atPath: path)
            guard let line = String(validating: bytes.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self), !line.isEmpty else {
                throw CommandFailure(exitCode: .configuration, message: "--events-password-file: \(path) does not start with a line of UTF-8 text")
            }
            return line
        }
        do {
            return .postgres(try PostgresAddress(url: url, password: password))
        } catch {
            throw CommandFailure(exitCode: .configuration, message: "--events-url: \(error.message)")
        }
    }
}
