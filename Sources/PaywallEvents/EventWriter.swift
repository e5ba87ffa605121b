import Dispatch
import PaywallStore
import Synchronization

/// Stores the batches a server receives on one queue of its own: the batches that arrive while a commit is
/// on its way go together into the next one, and each batch's completion runs once its events are on disk.
/// Memory stays bounded: past `maximumPendingEvents` waiting, `submit` refuses (the server answers 503). While
/// the store's server cannot be reached, `submit` refuses too, and the writer connects again, waiting longer
/// after each failure (a quarter of a second at first, eight at most).
public final class EventWriter: Sendable {
    /// Why a batch was not stored; nothing of it was.
    public struct Failure: Error, Sendable {
        public let message: String
    }

    public typealias Completion = @Sendable (Result<AppendedEvents, Failure>) -> Void

    /// What became of a batch given to `submit`.
    public enum Submission: Sendable, Equatable {
        /// Its completion will run.
        case queued
        /// Too many events are waiting already.
        case full
        /// The store cannot be reached, and why: the writer is trying again, next in `retryAfterSeconds`.
        case unreachable(String, retryAfterSeconds: Int)
    }

    /// What `/metrics` and `/readyz` show of the writer.
    public struct Statistics: Sendable, Equatable {
        public var commits = 0
        public var failedCommits = 0
        /// Events submitted and not yet stored or refused.
        public var queuedEvents = 0
        /// Why the store cannot be reached, while it cannot.
        public var outage: String?
        /// When the commit under way started (`ContinuousClock`), while one is.
        public var commitStarted: ContinuousClock.Instant?
        /// Why the last commit failed and when, until one succeeds (a full disk, say).
        public var lastFailure: CommitFailure?

        public struct CommitFailure: Sendable, Equatable {
            public let message: String
            public let at: ContinuousClock.Instant
        }

        /// Why the writer cannot take events now: the store cannot be reached, a commit has waited longer than
        /// `slowCommit` (a server that has stopped answering holds the commit without failing it), or the last commit
        /// failed less than `failureMemory` ago. The failure is forgotten then even without a commit that succeeds,
        /// lest a server taken out of rotation for it never get the events that would show the store writable again.
        public func problem(at now: ContinuousClock.Instant = .now, slowCommit: Duration = .seconds(5),
                            failureMemory: Duration = .seconds(30)) -> String? {
            if let outage { return outage }
            if let commitStarted, now - commitStarted > slowCommit {
                return "a commit has waited \(Int((now - commitStarted).components.seconds)) s for the event store (more than \(slowCommit.components.seconds) s)"
            }
            if let lastFailure, now - lastFailure.at < failureMemory { return "the last commit failed: \(lastFailure.message)" }
            return nil
        }
    }

    public static let defaultMaximumPendingEvents = 50_000
    private static let firstReconnectDelay = Duration.milliseconds(250)
    private static let longestReconnectDelay = Duration.seconds(8)

    private struct Pending {
        var batches: [(events: [Event], completion: Completion)] = []
        var isWriting = false
        var statistics = Statistics()
        var reconnectDelay = EventWriter.firstReconnectDelay

        /// Notes that the store cannot be reached; how long to wait before trying again.
        mutating func recordOutage(_ message: String) -> Duration {
            statistics.outage = message
            defer { reconnectDelay = min(reconnectDelay * 2, EventWriter.longestReconnectDelay) }
            return reconnectDelay
        }
    }

    private let queue = DispatchQueue(label: "paywalls.events")
    private let pending = Mutex(Pending())
    private let maximumPendingEvents: Int
    /// Touched on `queue` only.
    private nonisolated(unsafe) var store: (any EventStore)?
    private let open: @Sendable () throws(StoreError) -> any EventStore

    /// - Parameter open: opens the store, on the first batch and again after a failure to open or a lost connection.
    public init(maximumPendingEvents: Int = defaultMaximumPendingEvents, open: @escaping @Sendable () throws(StoreError) -> any EventStore) {
        self.maximumPendingEvents = maximumPendingEvents
        self.open = open
    }

    public var statistics: Statistics { pending.withLock { $0.statistics } }

    /// Queues `events` unless too many are waiting already or the store cannot be reached (then `completion` never
    /// runs). A batch is taken whatever its size when none is waiting, so that a limit below a batch still lets
    /// batches through one at a time.
    public func submit(_ events: [Event], completion: @escaping Completion) -> Submission {
        let submission: (Submission, startsWriting: Bool) = pending.withLock { pending in
            if let outage = pending.statistics.outage {
                return (.unreachable(outage, retryAfterSeconds: max(1, Int(pending.reconnectDelay.components.seconds))), false)
            }
            let queued = pending.statistics.queuedEvents
            guard queued == 0 || queued + events.count <= maximumPendingEvents else { return (.full, false) }
            pending.batches.append((events, completion))
            pending.statistics.queuedEvents += events.count
            defer { pending.isWriting = true }
            return (.queued, !pending.isWriting)
        }
        if submission.startsWriting { queue.async { self.writeWhilePending() } }
        return submission.0
    }

    /// Commits what is waiting, again and again, until nothing is.
    private func writeWhilePending() {
        while true {
            let batches = pending.withLock { pending in
                let taken = pending.batches
                pending.batches.removeAll()
                if taken.isEmpty { pending.isWriting = false }
                pending.statistics.commitStarted = taken.isEmpty ? nil : .now
                return taken
            }
            guard !batches.isEmpty else { return }
            let outcome = commit(batches.map(\.events))
            pending.withLock { pending in
                pending.statistics.queuedEvents -= batches.reduce(0) { $0 + $1.events.count }
                pending.statistics.commitStarted = nil
                switch outcome {
                case .success:
                    pending.statistics.commits += 1
                    pending.statistics.lastFailure = nil
                case let .failure(failure):
                    pending.statistics.failedCommits += 1
                    pending.statistics.lastFailure = Statistics.CommitFailure(message: failure.message, at: .now)
                }
            }
            for (index, batch) in batches.enumerated() {
                batch.completion(outcome.map { $0[index] })
            }
        }
    }

    /// One commit of `batches`. A connection found lost is replaced once at once: a server restarted since the
    /// last commit costs nothing, and a commit whose acknowledgement was lost finds its events stored (duplicates).
    private func commit(_ batches: [[Event]]) -> Result<[AppendedEvents], Failure> {
        let hadStore = store != nil
        do throws(StoreError) {
            return .success(try openedStore().append(batches: batches))
        } catch where error.kind == .unreachable && hadStore {
            store = nil
            do throws(StoreError) { return .success(try openedStore().append(batches: batches)) } catch { return .failure(failed(error)) }
        } catch {
            return .failure(failed(error))
        }
    }

    /// Deletes the events created before `milliseconds` (epoch) on the writer's queue, one step at a time: the batches
    /// submitted meanwhile are committed between steps. Without a store directory there is nothing to delete.
    public func deleteEvents(createdBefore milliseconds: Int64, batch: Int = RetentionStep.defaultBatch) -> Result<Int, Failure> {
        var deleted = 0
        while true {
            let step = queue.sync { () -> Result<RetentionStep, Failure> in
                do throws(StoreError) {
                    return .success(try openedStore().deleteStep(createdBefore: milliseconds, batch: batch))
                } catch where error.kind == .missing {
                    return .success(RetentionStep(deletedEvents: 0, isLast: true))
                } catch {
                    return .failure(failed(error))
                }
            }
            switch step {
            case let .success(step):
                deleted += step.deletedEvents
                if step.isLast { return .success(deleted) }
            case let .failure(failure):
                return .failure(failure)
            }
        }
    }

    /// The store, opened when it is not yet (on `queue`).
    private func openedStore() throws(StoreError) -> any EventStore {
        if let store { return store }
        let opened = try open()
        store = opened
        return opened
    }

    /// `error` as a failure; when the store cannot be reached, the connection is let go of, batches are refused and
    /// a reconnection is scheduled (on `queue`).
    private func failed(_ error: StoreError) -> Failure {
        if error.kind == .unreachable {
            store = nil
            let (scheduled, delay) = pending.withLock { ($0.statistics.outage != nil, $0.recordOutage(error.message)) }
            if !scheduled { scheduleReconnection(after: delay) }
        }
        return Failure(message: error.message)
    }

    private func scheduleReconnection(after delay: Duration) {
        let nanoseconds = delay.components.seconds * 1_000_000_000 + delay.components.attoseconds / 1_000_000_000
        queue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in
            do throws(StoreError) {
                _ = try openedStore()
                pending.withLock { pending in
                    pending.statistics.outage = nil
                    pending.reconnectDelay = Self.firstReconnectDelay
                }
            } catch {
                scheduleReconnection(after: pending.withLock { $0.recordOutage(error.message) })
            }
        }
    }

    /// Waits until every batch submitted so far is stored or refused.
    public func drain() {
        while pending.withLock({ $0.isWriting }) { queue.sync {} }
    }
}
