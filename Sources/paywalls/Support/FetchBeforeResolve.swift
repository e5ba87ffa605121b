import ArgumentKit
import PaywallStore
import PaywallSync

/// What `resolve --fetch-policy` does before it answers (docs/contracts.md): the sync its policy asks for, as
/// `paywalls sync` does it (the same config, lock, checks and publish), bounded by the load timeout.
/// A sync that fails or runs out of time is a warning, and the last good snapshot answers.
struct FetchBeforeResolve {
    let options: FetchOptions
    let arguments: ParsedArguments
    let context: CommandContext

    /// The store and locale policy to answer with, and what the sync could not do.
    struct Outcome {
        /// As `paywalls sync` finds it: `--store`, else the config's, else the usual default.
        let storePath: String
        /// The config's `locale_policy`, which the sync decoded with and the answer is matched with.
        let configuredLocalePolicy: String?
        /// One entry per source not synced, with the reason.
        let failures: [String]

        /// `failure` of the resolve that followed, with what the sync said: why the store had nothing to answer with.
        func explaining(_ failure: CommandFailure) -> CommandFailure {
            guard !failures.isEmpty else { return failure }
            return CommandFailure(exitCode: failure.exitCode, message: "\(failure.message); the sync before it failed: \(failures.joined(separator: "; "))")
        }
    }

    func run(placementID: String) throws -> Outcome {
        let configPath = context.syncConfigPath(options.configPath)
        let configuration = try context.syncConfiguration(at: configPath, allowsInsecureLoopback: false)
        let configured = configuration.sources.map(\.name)
        let source = arguments.value("source")
        if let source, !configured.contains(source) {
            throw UsageError(commandPath: arguments.commandPath, message: "--source '\(source)' is not a source of the sync config "
                             + "\(configPath) (its sources: \(configured.joined(separator: ", ")))")
        }
        let storePath = context.storePath(arguments, configured: configuration.store)
        let plan = try self.plan(placementID: placementID, source: source, configured: configured, storePath: storePath)
        explain(plan.reason)
        var failures: [String] = []
        switch plan {
        case .answer:
            break
        case let .unconfigured(name, _):
            context.warn("fetch: source '\(name)' answers placement '\(placementID)' but is not in the sync config \(configPath): "
                         + "its snapshot answers as it is")
        case let .sync(names, _):
            failures = try sync(names, of: configuration, into: storePath)
        }
        return Outcome(storePath: storePath, configuredLocalePolicy: configuration.localePolicy, failures: failures)
    }

    private func plan(placementID: String, source: String?, configured: [String], storePath: String) throws(CommandFailure) -> FetchPlan {
        do {
            let store: PaywallStore?
            do throws(StoreError) { store = try PaywallStore.open(at: storePath, create: false) } catch where error.kind == .missing { store = nil }
            return try options.policy.plan(placementID: placementID, source: source, configured: configured, store: store,
                                           now: Timestamp.epochMilliseconds())
        } catch {
            throw CommandFailure(error)
        }
    }

    /// Syncs `names`; returns a line for each that was not synced, each also said in a warning.
    private func sync(_ names: [String], of configuration: SyncConfiguration, into storePath: String) throws(CommandFailure) -> [String] {
        let policy = try context.localePolicy(arguments, configured: configuration.localePolicy)
        let syncOptions = SyncRun.Options(storeDirectory: storePath, policy: policy,
                                          environment: { context.environment[$0] }, sourceNames: names, deadline: options.loadTimeout,
                                          userAgent: Version.userAgent)
        let results: [SourceResult]
        do {
            // The run's own log is not shown: the outcome of each source is, and `paywalls status` keeps it.
            results = try SyncRun.perform(configuration, options: syncOptions, log: { _ in })
        } catch {
            let failure = "\(names.joined(separator: ", ")) (the sync did not start: \(error))"
            context.warn("fetch: \(failure): the store answers as it is")
            return [failure]
        }
        return results.compactMap { result in
            guard case let .failed(failure) = result.outcome else {
                explain("\(result.source) \(result.status)\(result.httpStatus.map { " (HTTP \($0))" } ?? ""), "
                        + "snapshot \(result.snapshot?.key ?? "none") current")
                return nil
            }
            let kept = result.snapshot.map { "its snapshot \($0.key) answers" } ?? "it has no snapshot yet"
            context.warn("fetch: source '\(result.source)' not synced (\(failure.kind.rawValue): \(failure.message)): \(kept)")
            return "\(result.source) (\(failure.kind.rawValue): \(failure.message))"
        }
    }

    private func explain(_ line: String) {
        if arguments.flag("explain") { context.standardError.writeLine("explain: fetch: \(line)") }
    }
}
