import ArgumentKit
import Basics
import Glibc
import HTTPServer
import LocaleKit
import PaywallEvents
import PaywallModel
import PaywallServer
import PaywallStore
import PaywallSync

/// `paywalls serve`: the resolution service over HTTP (docs/contracts.md). Maps its options to the server's
/// configuration, prints the startup line, and runs until SIGTERM or SIGINT.
enum ServeCommand: Command {
    /// How long requests in flight may take to finish once a stop is asked.
    static let shutdownGrace: Duration = .seconds(10)

    static let spec = CommandSpec(
        name: "serve",
        abstract: "Answer resolutions over HTTP from the store's current snapshots.",
        discussion: """
            Prints one line of JSON on stdout once listening, {"listening": "http://HOST:PORT", "snapshots": [...]},
            then nothing else there; logs go to stderr. Starts on an empty or missing store too, and serves what an import
            or a sync publishes within --reload-interval (a second unless it says; at once on SIGHUP, which is what
            `systemctl reload` sends).

            With --sync-config, runs the same sync as
            `paywalls sync` every --sync-interval (the same lock: a run that finds cron's sync running skips its turn).

            Requests are limited to an 8 KiB request line (414), 16 KiB of header fields (431) and a 1 MiB body (413),
            and held to deadlines (408; 503 for an answer that takes too long); past --max-connections a client is
            answered 503 at once. Errors are JSON: {"error": {"status", "code", "message"}}.

            SIGTERM or SIGINT stops
            accepting, lets requests in flight and an in-process sync in progress finish (up to 10 s each) and exits 0.

            With --token-file, what apps call needs that token (or the admin one); the report, the status and /metrics
            need --admin-token-file's token, and are refused to everyone (403) when only an app token is set. Token
            files are read again on SIGHUP; one that others may read is warned about. No token is ever logged, nor any
            Authorization header.
            """,
        options: [
            .value("listen", "host:port", help: "Address and port: an IPv4 literal, or IPv6 in brackets ([::1]:8787); port 0 picks a free one (default: 127.0.0.1:8787)."),
            .value("threads", "n", help: "Threads answering requests (default: the number of cores)."),
            .value("max-connections", "n", help: "Connections held at once; past them a client is answered 503 with Retry-After (default: \(HTTPServer.Configuration.defaultMaximumConnections))."),
            .value("connection-timeout", "seconds", help: "Close a connection idle this long (default: \(HTTPServer.Configuration.defaultConnectionTimeoutSeconds))."),
            .value("header-timeout", "seconds", help: "Answer 408 to a request whose head has not arrived this long after its first byte (default: \(defaults.head.components.seconds))."),
            .value("body-timeout", "seconds", help: "Answer 408 to a request body not in within this long, plus a second for each --body-min-rate bytes received (default: \(defaults.body.components.seconds))."),
            .value("body-min-rate", "bytes", help: "Each this many bytes of a request body received give it a second more than --body-timeout: the slowest rate kept up (default: \(defaults.bodyBytesPerSecond))."),
            .value("response-timeout", "seconds", help: "Answer 503 with Retry-After to a request whose answer (stored events, a report) takes longer (default: \(defaults.answer.components.seconds))."),
            .value("token-file", "file", help: "The apps' token: required as Authorization: Bearer <token> on what apps call (bundles, placements, locale match, events)."),
            .value("admin-token-file", "file", help: "The operators' token: required on the report, the status and /metrics, which the apps' token never opens."),
            .value("access-log", "file", help: "Append one line per request to this file, or to stderr with '-' (default: none)."),
            .value("log-format", "format", help: "human (default) or json: one JSON object per line, for the access log and stderr."),
            .value("sync-config", "file", help: "Run `paywalls sync` with this config inside serve, every --sync-interval (for containers without cron)."),
            .value("sync-interval", "duration", help: "Time between the end of one in-process sync and the start of the next (1s to 24h; with --sync-config)."),
            .value("max-staleness", "duration", help: "/readyz says 503 while a served source's newest good sync or import is older (1s to 720h)."),
            .value("reload-interval", "duration", help: "How often to look in the store for new snapshots (100ms to 1h; default: 1s); SIGHUP looks at once."),
            .value("cache-max-age", "duration", help: "Let caches keep a bundle this long without asking again (1s to 24h; default: they revalidate by its ETag each time)."),
            .value("events-retention", "duration", help: "Delete events created longer ago, checked every hour (1h to 3650d; default: 90d)."),
            .value("events-queue", "n", help: "Events held waiting for their commit; past it POST /v1/events answers 503 with Retry-After (default: \(EventWriter.defaultMaximumPendingEvents))."),
        ] + EventStoreOptions.specs,
        examples: [
            CommandExample("Answer on 127.0.0.1:8787, logging each request to stderr:", ["serve", "--access-log", "-"]),
            CommandExample("On every IPv6 address, with app and admin tokens, syncing every five minutes:",
                           ["serve", "--listen", "[::]:8080", "--token-file", "app.token", "--admin-token-file", "admin.token",
                            "--sync-config", "sync-config/paywalls.json", "--sync-interval", "5m"]),
        ]
    )

    /// The deadlines a request is held to unless the options say otherwise.
    private static let defaults = RequestDeadlines()

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws {
        let format = try arguments.value("log-format", expected: "human or json", LogFormat.init(rawValue:)) ?? .human
        // A name is not resolved (the address bound is the one written): for localhost, the literals say it.
        let literals = arguments.value("listen").flatMap(ListenAddress.loopbackLiterals(insteadOf:))
            .map { "; did you mean \($0.map { "'\($0)'" }.joined(separator: " or "))?" } ?? ""
        let configuration = try HTTPServer.Configuration(
            address: arguments.value("listen", expected: "HOST:PORT with an IPv4 address or a bracketed IPv6 one ([::1]:8787) and a port from 0 to 65535"
                                     + literals, ListenAddress.init(parsing:)) ?? .loopbackDefault,
            threads: arguments.wholeNumber("threads", in: 1...256) ?? HTTPServer.Configuration.defaultThreads,
            maximumConnections: arguments.wholeNumber("max-connections", in: 1...100_000) ?? HTTPServer.Configuration.defaultMaximumConnections,
            connectionTimeoutSeconds: arguments.wholeNumber("connection-timeout", in: 1...3_600, of: "seconds")
                ?? HTTPServer.Configuration.defaultConnectionTimeoutSeconds,
            deadlines: deadlines(arguments))
        let maxStaleness = try arguments.duration("max-staleness", in: .seconds(1)...(.seconds(30 * 86_400)))
        let reloadInterval = try arguments.duration("reload-interval", in: .milliseconds(100)...(.seconds(3_600))) ?? .seconds(1)
        let cacheMaxAge = try arguments.duration("cache-max-age", in: .seconds(1)...(.seconds(86_400)))
        let eventsRetention = try arguments.duration("events-retention", in: .seconds(3_600)...(.seconds(3_650 * 86_400)))
            ?? EventRetention.defaultPeriod
        let eventsQueue = try arguments.wholeNumber("events-queue", in: 1...10_000_000) ?? EventWriter.defaultMaximumPendingEvents
        let tokens = try readTokens(arguments)
        let accessLog = try openAccessLog(arguments, format: format)
        let syncSettings = try syncSettings(arguments, context: context)
        // A sync config's locale_policy applies to what serve answers too, as its store does.
        let policy = try context.localePolicy(arguments, configured: syncSettings?.configuration.localePolicy)
        let sync = syncSettings.map { scheduledSync($0, arguments: arguments, context: context, policy: policy, format: format) }
        let storePath = sync?.storePath ?? context.storePath(arguments)
        let eventStore = try EventStoreOptions.location(arguments, context: context, storePath: storePath)
        context.standardError.flush()
        let log = LineLog(fileDescriptor: STDERR_FILENO, format: format, prefix: .time(milliseconds: false))
        let notice: @Sendable (_ event: String, _ message: String) -> Void = { event, message in
            log.event(event, ["message": .string(message)], human: message)
        }

        // Before any thread starts, so that they inherit the mask and only `wait` takes the signals.
        TerminationSignals.block()
        let holder = SnapshotHolder()
        let metrics = ServiceMetrics()
        let freshness = SourceFreshness()
        let reloader = SnapshotReloader(storePath: storePath, policy: policy, holder: holder, metrics: metrics, freshness: freshness,
                                        interval: reloadInterval, log: notice)
        reloader.loadNow()
        // The event store is opened with the first batch: serve may start before the store (or the database) is there.
        let events = EventWriter(maximumPendingEvents: eventsQueue) { () throws(StoreError) in try eventStore.open() }
        let retention = EventRetention(writer: events, keeping: eventsRetention) { outcome in
            switch outcome {
            case let .success(deleted) where deleted > 0:
                log.event("events-deleted", ["count": .integer(deleted)], human: "retention: deleted \(deleted) events past \(DurationText.spelling(eventsRetention))")
            case let .failure(failure):
                log.event("events-retention-failed", ["message": .string(failure.message)], human: "retention: \(failure.message)")
            case .success:
                break
            }
        }
        for exposure in tokens.exposures { log.event("token-file-exposed", ["message": .string(exposure)], human: "warning: \(exposure)") }
        let service = PaywallService(tokens: tokens, holder: holder, metrics: metrics, freshness: freshness, maxStaleness: maxStaleness,
                                     storePath: storePath, policy: policy, bundleMaxAge: cacheMaxAge, events: events, eventStore: eventStore,
                                     // The console's locale matrix has the rows `coverage` checks; without the list, it has none.
                                     deviceLocales: (try? CoverageCommand.defaultDeviceLocales(context)) ?? [])
        let server = HTTPServer(configuration: configuration, accessLog: accessLog, counters: metrics.connections, log: notice, responder: service)
        let bound: ListenAddress
        do {
            bound = try server.start()
        } catch {
            throw CommandFailure(exitCode: .unavailable, message: error.message)
        }
        let startup = JSONObject(["listening": .string(bound.url), "snapshots": .strings(holder.served?.keys ?? [])])
        context.standardOutput.writeJSON(.object(startup), pretty: false)
        context.standardOutput.flush()
        reloader.start()
        retention.start()
        sync?.start(whenPublished: { reloader.wake() })
        log.event("listening", ["url": .string(bound.url), "threads": .integer(configuration.threads), "events": .string(eventStore.description)],
                  human: "listening on \(bound.url) (\(configuration.threads) threads); events to \(eventStore)")

        var signal = TerminationSignals.wait()
        while signal == SIGHUP {
            reloader.wake()
            reloadTokens(tokens, log: log)
            signal = TerminationSignals.wait()
        }
        let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
        log.event("stopping", ["signal": .string(name)], human: "\(name): finishing requests in flight, then stopping")
        server.shutdown(grace: shutdownGrace)
        retention.stop()
        // Batches still being committed finish: their clients were answered, or are closed without an answer.
        events.drain()
        switch sync?.stop(within: shutdownGrace) {
        case .finished?:
            log.event("sync-finished", [:], human: "the sync in progress ended before stopping")
        case .cutShort?:
            log.event("sync-cut-short", [:], human: "the sync in progress did not end within \(DurationText.spelling(shutdownGrace)): "
                      + "cut short, its sources keep their last good data")
        case .idle?, nil:
            break
        }
        reloader.stop()
        log.event("stopped", [:], human: "stopped")
    }

    /// `--header-timeout`, `--body-timeout`, `--body-min-rate` and `--response-timeout`, each in whole seconds (bytes a
    /// second for the rate), over the defaults.
    private static func deadlines(_ arguments: ParsedArguments) throws(UsageError) -> RequestDeadlines {
        var deadlines = defaults
        if let seconds = try arguments.wholeNumber("header-timeout", in: 1...3_600, of: "seconds") { deadlines.head = .seconds(seconds) }
        if let seconds = try arguments.wholeNumber("body-timeout", in: 1...3_600, of: "seconds") { deadlines.body = .seconds(seconds) }
        if let rate = try arguments.wholeNumber("body-min-rate", in: 1...1_000_000_000, of: "bytes a second") { deadlines.bodyBytesPerSecond = rate }
        if let seconds = try arguments.wholeNumber("response-timeout", in: 1...3_600, of: "seconds") { deadlines.answer = .seconds(seconds) }
        return deadlines
    }

    /// `--sync-config` and `--sync-interval`, which go together, read and checked before serving starts.
    private static func syncSettings(_ arguments: ParsedArguments, context: CommandContext) throws
        -> (configuration: SyncConfiguration, interval: Duration)? {
        let interval = try arguments.duration("sync-interval", in: .seconds(1)...(.seconds(86_400)))
        guard let path = arguments.value("sync-config") else {
            guard interval == nil else { throw UsageError(commandPath: arguments.commandPath, message: "--sync-interval needs --sync-config") }
            return nil
        }
        guard let interval else { throw UsageError(commandPath: arguments.commandPath, message: "--sync-config needs --sync-interval") }
        return (try context.syncConfiguration(at: path, allowsInsecureLoopback: false), interval)
    }

    /// The in-process sync, writing the config's store unless --store names another (as `paywalls sync`).
    private static func scheduledSync(_ settings: (configuration: SyncConfiguration, interval: Duration), arguments: ParsedArguments,
                                      context: CommandContext, policy: LocalePolicy, format: LogFormat) -> ScheduledSync {
        let storePath = context.storePath(arguments, configured: settings.configuration.store)
        let options = SyncRun.Options(storeDirectory: storePath, policy: policy, environment: { context.environment[$0] },
                                      userAgent: Version.userAgent)
        let log = SyncLog(channel: OutputChannel(fileDescriptor: STDERR_FILENO), format: format, verbose: false, isTerminal: false)
        return ScheduledSync(configuration: settings.configuration, options: options, interval: settings.interval, log: log)
    }

    private static func readTokens(_ arguments: ParsedArguments) throws(CommandFailure) -> ServiceTokens {
        let (appFile, adminFile) = (arguments.value("token-file"), arguments.value("admin-token-file"))
        guard appFile != nil || adminFile != nil else { return .none }
        do {
            return try ServiceTokens(appFile: appFile, adminFile: adminFile)
        } catch {
            throw CommandFailure(exitCode: .configuration, message: error.reason)
        }
    }

    /// On SIGHUP: the token files read again; one that cannot be read leaves the tokens in use as they were.
    private static func reloadTokens(_ tokens: ServiceTokens, log: LineLog) {
        do {
            try tokens.reload()
        } catch {
            log.event("tokens-not-reloaded", ["message": .string(error.reason)], human: "tokens kept as they were: \(error.reason)")
            return
        }
        for exposure in tokens.exposures { log.event("token-file-exposed", ["message": .string(exposure)], human: "warning: \(exposure)") }
    }

    private static func openAccessLog(_ arguments: ParsedArguments, format: LogFormat) throws(CommandFailure) -> AccessLog? {
        switch arguments.value("access-log") {
        case nil: return nil
        // stdout holds the startup line alone.
        case "-": return AccessLog(fileDescriptor: STDERR_FILENO, format: format)
        case let path?:
            do { return try AccessLog(path: path, format: format) } catch { throw CommandFailure(exitCode: .ioError, message: error.message) }
        }
    }
}
