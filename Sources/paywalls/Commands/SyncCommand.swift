import ArgumentKit
import Glibc
import PaywallModel
import PaywallStore
import PaywallSync

/// `paywalls sync`: what cron runs. Downloads every source of the sync config and publishes what changed.
enum SyncCommand: Command {
    static let spec = CommandSpec(
        name: "sync",
        abstract: "Download each configured source's export over HTTPS and publish what changed.",
        discussion: """
            A source names a url, or an adapty app ({"app_id", "platform", "sdk_version"}) whose fallback file the
            vendor's admin API builds ($ADAPTY_API_URL, token from $ADAPTY_TOKEN by default; a file of another
            format than the SDK version reads is refused). Each source is fetched with the ETag and Last-Modified
            of its last good download; a 304 or the same bytes publish nothing. Network errors, 408, 425, 429 and
            5xx (an adapty source: not 5xx, each request builds the file again) are retried with jittered
            exponential backoff (Retry-After honoured) within the config's deadline. A source that fails keeps its last good
            data current and the others still update.

            Only one sync runs per store: another exits 75 at once
            unless --wait lets it queue; a write waits as long (at least 2 s) for another writer of the store,
            such as an import, before its source fails as store-locked. Exit 0 when every source is fine, else the
            worst of 69 (unreachable after retries), 65 (invalid data), 75 (store locked) and 74 (local I/O),
            naming each source. Logs go to stderr; once the sources were tried, a JSON summary of each goes to
            stdout (on one line with --log-format json). Tokens are never written anywhere. The config's store
            and locale_policy (relative paths: to the config's folder) give way to --store and --locale-policy
            and come before $PAYWALLS_STORE and $PAYWALLS_LOCALE_POLICY.
            """,
        options: [
            .value("config", "file", help: "The sync config (default: $\(CommandContext.syncConfigEnvironmentVariable), else \(CommandContext.syncConfigDefaultPath))."),
            .value("wait", "seconds", help: "Wait up to this long for another sync, or another writer of the store, to finish (default: 0)."),
            .value("log-format", "format", help: "human (default) or json: one JSON object per line on stderr."),
            .flag("verbose", help: "Also log each request (URL or app, try, conditional or not)."),
            .flag("allow-insecure-loopback", help: "Allow http:// to 127.0.0.1, ::1 or localhost (for tests)."),
        ],
        examples: [
            CommandExample("Download every source of a sync config and publish what changed:", ["sync", "--config", "sync-config/paywalls.json"]),
            CommandExample("From cron: wait up to a minute for a sync still running, and log JSON lines:",
                           ["sync", "--wait", "60", "--log-format", "json"]),
        ]
    )

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let format = try arguments.value("log-format", expected: "human or json", LogFormat.init(rawValue:)) ?? .human
        let wait = try arguments.wholeNumber("wait", in: 0...86_400, of: "seconds") ?? 0
        let log = SyncLog(channel: context.standardError, format: format, verbose: arguments.flag("verbose"), isTerminal: isatty(STDERR_FILENO) == 1)
        do {
            try sync(arguments, context: context, log: log, format: format, wait: .seconds(wait))
        } catch let failure as CommandFailure where format == .json {
            log.fail(failure.message, exitCode: failure.exitCode.rawValue)
            throw CommandFailure(exitCode: failure.exitCode, message: failure.message, isReported: true)
        }
    }

    private static func sync(_ arguments: ParsedArguments, context: CommandContext, log: SyncLog, format: LogFormat,
                             wait: Duration) throws {
        let allowsInsecureLoopback = arguments.flag("allow-insecure-loopback")
        let configPath = context.syncConfigPath(arguments.value("config"))
        let configuration = try context.syncConfiguration(at: configPath, allowsInsecureLoopback: allowsInsecureLoopback)
        let storePath = context.storePath(arguments, configured: configuration.store)
        let options = SyncRun.Options(storeDirectory: storePath, policy: try context.localePolicy(arguments, configured: configuration.localePolicy),
                                      allowsInsecureLoopback: allowsInsecureLoopback, lockWait: wait,
                                      environment: { context.environment[$0] }, userAgent: Version.userAgent)
        let results: [SourceResult]
        do {
            results = try SyncRun.perform(configuration, options: options, log: log.record)
        } catch {
            throw failure(for: error, configPath: configPath)
        }
        let summary = JSONObject(["store": .string(storePath), "sources": .array(results.map { .object(SyncLog.fields(of: $0)) })])
        // One line beside JSON logs, so that a log file collecting both stays one object per line.
        context.standardOutput.writeJSON(.object(summary), pretty: format == .human)
        let failures = results.compactMap { result -> (String, Failure)? in
            guard case let .failed(failure) = result.outcome else { return nil }
            return (result.source, failure)
        }
        guard let worst = failures.map(\.1).max() else { return }
        let listed = failures.map { "\($0.0) (\($0.1.kind.rawValue): \($0.1.message))" }.joined(separator: "; ")
        throw CommandFailure(exitCode: exitCode(for: worst.kind),
                             message: "\(failures.count) of \(results.count) sources failed (each keeps its last good data): \(listed)")
    }

    private static func exitCode(for kind: Failure.Kind) -> ExitCode {
        switch kind {
        case .unreachable: .unavailable
        case .invalid: .dataError
        case .storeLocked: .temporaryFailure
        case .local: .ioError
        }
    }

    private static func failure(for error: SyncRunError, configPath: String) -> CommandFailure {
        switch error {
        case let .configuration(message): CommandFailure(exitCode: .configuration, message: "\(configPath): \(message)")
        case let .lock(lockError): CommandFailure(exitCode: lockError.kind == .held ? .temporaryFailure : .ioError, message: lockError.message)
        case let .store(storeError): CommandFailure(storeError)
        case let .io(message): CommandFailure(exitCode: .ioError, message: message)
        }
    }
}
