import ArgumentKit
import Basics
import PaywallSync

/// `resolve`'s `--fetch-policy`, `--max-age`, `--load-timeout` and `--config`, read together: the last
/// three mean something only with a policy, and `--max-age` only with the one that expires.
struct FetchOptions {
    /// The vendor SDK's policies as the command line spells them.
    enum PolicyName: String, CaseIterable {
        case reloadRevalidatingCacheData = "reload-revalidating-cache-data"
        case returnCacheDataElseLoad = "return-cache-data-else-load"
        case returnCacheDataIfNotExpiredElseLoad = "return-cache-data-if-not-expired-else-load"
    }

    /// The SDK's default `loadTimeout`.
    static let defaultLoadTimeout: Duration = .seconds(5)
    static let loadTimeoutRange: ClosedRange<Duration> = .milliseconds(100) ... .seconds(600)
    static let maxAgeRange: ClosedRange<Duration> = .seconds(1) ... .seconds(3600 * 8760)

    static let specs: [OptionSpec] = [
        .value("fetch-policy", "policy", help: "Sync the placement's source before answering, as the vendor SDK's fetchPolicy: "
               + PolicyName.allCases.map(\.rawValue).joined(separator: ", ") + " (default: none, nothing is downloaded)."),
        .value("max-age", "duration", help: "With \(PolicyName.returnCacheDataIfNotExpiredElseLoad.rawValue), which needs it: sync when "
               + "the source's last good sync or import is older (500ms, 5s, 10m, 1h)."),
        .value("load-timeout", "duration", help: "The sync's deadline; when it passes or the sync fails, the last good snapshot "
               + "answers with a warning (default: \(DurationText.spelling(defaultLoadTimeout)))."),
        .value("config", "file", help: "The sync config of --fetch-policy (default: $\(CommandContext.syncConfigEnvironmentVariable), "
               + "else \(CommandContext.syncConfigDefaultPath))."),
    ]

    let policy: FetchPolicy
    let loadTimeout: Duration
    /// `--config`; nil for the one `paywalls sync` reads by default.
    let configPath: String?

    /// Nil without `--fetch-policy`, when none of the other three may be given either.
    init?(_ arguments: ParsedArguments) throws(UsageError) {
        let fail = { (message: String) in UsageError(commandPath: arguments.commandPath, message: message) }
        guard let name = try arguments.choice("fetch-policy", of: PolicyName.self) else {
            if let stray = ["max-age", "load-timeout", "config"].first(where: arguments.flag) {
                throw fail("--\(stray) goes with --fetch-policy (without one, resolve answers from the store and downloads nothing)")
            }
            return nil
        }
        let maxAge = try arguments.duration("max-age", in: Self.maxAgeRange)
        switch (name, maxAge) {
        case (.reloadRevalidatingCacheData, nil): policy = .reloadRevalidatingCacheData
        case (.returnCacheDataElseLoad, nil): policy = .returnCacheDataElseLoad
        case let (.returnCacheDataIfNotExpiredElseLoad, maxAge?): policy = .returnCacheDataIfNotExpiredElseLoad(maxAge: maxAge)
        case (.returnCacheDataIfNotExpiredElseLoad, nil):
            throw fail("--fetch-policy \(name.rawValue) needs --max-age <duration>")
        case (_, _?):
            throw fail("--max-age goes only with --fetch-policy \(PolicyName.returnCacheDataIfNotExpiredElseLoad.rawValue)")
        }
        loadTimeout = try arguments.duration("load-timeout", in: Self.loadTimeoutRange) ?? Self.defaultLoadTimeout
        configPath = arguments.value("config")
    }
}
