import Glibc
import LocaleKit
import PaywallStore

/// One `paywalls sync`: under the store's sync lock, each source of the configuration in turn, all
/// within the configured deadline. Sources are independent: one failing keeps its last good data and
/// the others still update, so afterwards the store's current data is the newest good export of each.
public final class SyncRun {
    public struct Options {
        public var storeDirectory: String
        public var policy: LocalePolicy
        /// Plain `http://` to loopback hosts (tests only; the configuration must have allowed it too).
        public var allowsInsecureLoopback: Bool
        /// How long to queue behind another sync holding the lock, and a write behind another writer of
        /// the store (which always gets the store's own grace, `PaywallStore.defaultBusyTimeout`).
        public var lockWait: Duration
        public var retention: Int
        public var environment: (String) -> String?
        /// The names of the sources to sync, when not all of them (a resolve syncs its placement's). Every
        /// source of the configuration keeps its place in the answer order all the same.
        public var sourceNames: [String]?
        /// A bound on the whole run tighter than the configuration's `deadline_seconds` (a resolve's
        /// load timeout).
        public var deadline: Duration?
        /// Sent as `User-Agent` (`paywalls/0.1.0`).
        public var userAgent: String

        public init(storeDirectory: String, policy: LocalePolicy = .standard, allowsInsecureLoopback: Bool = false,
                    lockWait: Duration = .zero, retention: Int = PaywallStore.defaultRetention,
                    environment: @escaping (String) -> String? = processEnvironment, sourceNames: [String]? = nil,
                    deadline: Duration? = nil, userAgent: String = "paywalls") {
            self.storeDirectory = storeDirectory
            self.policy = policy
            self.allowsInsecureLoopback = allowsInsecureLoopback
            self.lockWait = lockWait
            self.retention = retention
            self.environment = environment
            self.sourceNames = sourceNames
            self.deadline = deadline
            self.userAgent = userAgent
        }
    }

    let configuration: SyncConfiguration
    let store: PaywallStore
    let policy: LocalePolicy
    let allowsInsecureLoopback: Bool
    let lockWait: Duration
    let retention: Int
    let deadline: Deadline
    let userAgent: String
    /// Where bodies are written while they download; emptied at the start of every run, so what a
    /// killed run left there goes.
    let incomingDirectory: String
    let log: (SyncEvent) -> Void

    private init(configuration: SyncConfiguration, store: PaywallStore, options: Options, incomingDirectory: String,
                 log: @escaping (SyncEvent) -> Void) {
        self.configuration = configuration
        self.store = store
        policy = options.policy
        allowsInsecureLoopback = options.allowsInsecureLoopback
        lockWait = options.lockWait
        retention = options.retention
        let configured = Duration.seconds(configuration.deadlineSeconds)
        deadline = Deadline(after: options.deadline.map { min($0, configured) } ?? configured)
        userAgent = options.userAgent
        self.incomingDirectory = incomingDirectory
        self.log = log
    }

    /// Syncs every source (or those `options` names) and returns their results in config order. Throws
    /// only when the run cannot start: a token or an API address that cannot be read, the lock held, or
    /// a store that cannot be opened.
    public static func perform(_ configuration: SyncConfiguration, options: Options,
                               log: @escaping (SyncEvent) -> Void) throws(SyncRunError) -> [SourceResult] {
        let sources = configuration.sources.filter { options.sourceNames?.contains($0.name) ?? true }
        var prepared: [(token: Token?, url: String)] = []
        for source in sources {
            do {
                prepared.append((try source.readToken(environment: options.environment),
                                 try source.requestURL(environment: options.environment, allowInsecureLoopback: options.allowsInsecureLoopback)))
            } catch {
                throw .configuration(error.description)
            }
            if case let .file(path) = source.token, let exposure = Token.exposure(ofFile: path) {
                log(.warning(source: source.name, message: exposure))
            }
        }
        let store: PaywallStore
        do {
            store = try PaywallStore.open(at: options.storeDirectory, create: true,
                                          busyTimeout: max(PaywallStore.defaultBusyTimeout, options.lockWait))
        } catch {
            throw .store(error.advisingWait(after: options.lockWait))
        }
        let lock: SyncLock
        do { lock = try SyncLock.acquire(storeDirectory: options.storeDirectory, wait: options.lockWait) } catch { throw .lock(error) }
        let incoming = options.storeDirectory + "/incoming"
        try emptyIncomingDirectory(incoming)
        do { try store.arrangeSources(configuration.sources.map(\.name)) } catch { throw .store(error.advisingWait(after: options.lockWait)) }
        let run = SyncRun(configuration: configuration, store: store, options: options, incomingDirectory: incoming, log: log)
        let results = zip(sources, prepared).map { source, prepared in
            let result = SourceSync(source: source, token: prepared.token, url: prepared.url, run: run).sync()
            log(.finished(result))
            return result
        }
        // Held until every source is done.
        withExtendedLifetime(lock) {}
        return results
    }

    private static func emptyIncomingDirectory(_ path: String) throws(SyncRunError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw .io("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        guard let directory = opendir(path) else { throw .io("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { unlink(path + "/" + name) }
        }
    }
}

extension StoreError {
    /// For a store another writer holds: how long sync waited, and how to make it wait (as `SyncLock` says).
    func advisingWait(after wait: Duration) -> StoreError {
        guard kind == .locked else { return self }
        let waited = wait == .zero ? "" : " after waiting \(wait.wholeMilliseconds / 1000) s"
        return StoreError(kind: kind, message: "\(message)\(waited); wait for it to finish, or pass --wait SECONDS to queue behind it")
    }
}

/// Why a sync could not start.
public enum SyncRunError: Error, Sendable, CustomStringConvertible {
    /// A token could not be read: a configuration problem.
    case configuration(String)
    case lock(SyncLockError)
    case store(StoreError)
    case io(String)

    public var description: String {
        switch self {
        case let .configuration(message), let .io(message): message
        case let .lock(error): error.message
        case let .store(error): error.message
        }
    }
}
