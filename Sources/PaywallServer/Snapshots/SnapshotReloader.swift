import Dispatch
import LocaleKit
import PaywallResolver
import PaywallStore
import Synchronization

/// Keeps the holder on the store's current snapshots (docs/contracts.md): checks them every `interval` (`serve
/// --reload-interval`), and at once when woken (SIGHUP); a set that changed is compiled beside the one
/// serving, then swapped in. A set that fails to load is logged and counted, and the old one keeps
/// serving. Each check also notes how fresh each source's data is.
public final class SnapshotReloader: @unchecked Sendable {
    public typealias Log = @Sendable (_ event: String, _ message: String) -> Void

    private let storePath: String
    private let policy: LocalePolicy
    private let holder: SnapshotHolder
    private let metrics: ServiceMetrics
    private let freshness: SourceFreshness
    private let log: Log
    private let interval: Duration
    private let wakeUp = DispatchSemaphore(value: 0)
    private let queue = DispatchQueue(label: "snapshot-reloader")
    private let isStopped = Mutex(false)
    /// The keys of a set that failed to load: not tried again until the store moves on.
    private var failedKeys: [String]?
    /// Only the reloader's thread touches the store connection.
    private var store: PaywallStore?

    public init(storePath: String, policy: LocalePolicy, holder: SnapshotHolder, metrics: ServiceMetrics,
                freshness: SourceFreshness, interval: Duration, log: @escaping Log) {
        self.storePath = storePath
        self.policy = policy
        self.holder = holder
        self.metrics = metrics
        self.freshness = freshness
        self.interval = interval
        self.log = log
    }

    /// Loads what the store holds now, on the calling thread: before serving starts.
    public func loadNow() {
        reloadIfChanged()
    }

    /// Checks the store every `interval`, or when woken, on a thread of its own, until `stop`.
    public func start() {
        let (seconds, attoseconds) = interval.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        queue.async { [self] in
            while true {
                _ = wakeUp.wait(timeout: .now() + .nanoseconds(nanoseconds))
                guard !isStopped.withLock({ $0 }) else { return }
                reloadIfChanged()
            }
        }
    }

    /// Ends the checks; returns once a check under way has ended (and logged), so that nothing is logged after.
    public func stop() {
        isStopped.withLock { $0 = true }
        wakeUp.signal()
        queue.sync {}
    }

    /// Asks for a check at once (SIGHUP).
    public func wake() {
        wakeUp.signal()
    }

    private func reloadIfChanged() {
        do {
            guard let store = try openStore() else { return }
            let current = try store.currentSnapshots()
            freshness.note(sources: try store.sources(), snapshots: current)
            let keys = current.map(\.key)
            guard !current.isEmpty, keys != holder.served?.keys, keys != failedKeys else { return }
            let started = ContinuousClock.now
            let previous = holder.served?.compiled
            let compiled = try CompiledSnapshots(store: store, snapshots: current, policy: policy, reusing: previous)
            holder.replace(with: ServedSnapshots(compiled: compiled))
            failedKeys = nil
            metrics.recordReload(succeeded: true)
            let kept = compiled.snapshots.filter { snapshot in previous?.snapshots.contains { $0 === snapshot } ?? false }.map(\.snapshot.key)
            let keptNote = kept.isEmpty ? "" : "; kept \(kept.joined(separator: ", ")) as compiled before"
            log("loaded", "serving \(keys.joined(separator: ", ")) (compiled in \(started.duration(to: .now))\(keptNote))")
        } catch {
            // A store that is locked, damaged or mid-migration: the old snapshots keep serving.
            failedKeys = (try? store?.currentSnapshots().map(\.key)) ?? nil
            metrics.recordReload(succeeded: false)
            log("reload-failed", "\(error); still serving \(holder.served?.keys.joined(separator: ", ") ?? "nothing")")
        }
    }

    /// The store, opened once it exists (serve starts on a missing one too).
    private func openStore() throws(StoreError) -> PaywallStore? {
        if let store { return store }
        do {
            store = try PaywallStore.open(at: storePath, create: false)
        } catch where error.kind == .missing {
            return nil
        }
        return store
    }
}
