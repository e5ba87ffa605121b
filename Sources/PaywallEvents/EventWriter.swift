import Dispatch
import PaywallStore
import Synchronization

/// Stores the batches a server receives on one queue of its own: the batches that arrive while a commit is
/// on its way go together into the next one, and each batch's completion runs once its events are on disk.
/// Memory stays bounded: past `maximumPendingEvents` waiting, `submit` refuses (the server answers 503).
public final class EventWriter: Sendable {
    /// Why a batch was not stored; nothing of it was.
    public struct Failure: Error, Sendable {
        public let message: String
    }

    public typealias Completion = @Sendable (Result<EventStore.Appended, Failure>) -> Void

    public static let defaultMaximumPendingEvents = 50_000

    private struct Pending {
        var batches: [(events: [Event], completion: Completion)] = []
        var eventCount = 0
        var isWriting = false
    }

    private let queue = DispatchQueue(label: "paywalls.events")
    private let pending = Mutex(Pending())
    private let maximumPendingEvents: Int
    /// Touched on `queue` only.
    private nonisolated(unsafe) var store: EventStore?
    private let open: @Sendable () throws(StoreError) -> EventStore

    /// - Parameter open: opens the store, on the first batch and again after a failure to open.
    public init(maximumPendingEvents: Int = defaultMaximumPendingEvents, open: @escaping @Sendable () throws(StoreError) -> EventStore) {
        self.maximumPendingEvents = maximumPendingEvents
        self.open = open
    }

    /// Queues `events`; false (and `completion` never runs) when too many are waiting already (a batch is taken
    /// whatever its size when none is, so that a limit below a batch still lets batches through one at a time).
    public func submit(_ events: [Event], completion: @escaping Completion) -> Bool {
        let startsWriting: Bool? = pending.withLock { pending in
            guard pending.eventCount == 0 || pending.eventCount + events.count <= maximumPendingEvents else { return nil }
            pending.batches.append((events, completion))
            pending.eventCount += events.count
            defer { pending.isWriting = true }
            return !pending.isWriting
        }
        guard let startsWriting else { return false }
        if startsWriting { queue.async { self.writeWhilePending() } }
        return true
    }

    /// Commits what is waiting, again and again, until nothing is.
    private func writeWhilePending() {
        while true {
            let batches = pending.withLock { pending in
                let taken = pending.batches
                pending.batches.removeAll()
                if taken.isEmpty { pending.isWriting = false }
                return taken
            }
            guard !batches.isEmpty else { return }
            let outcome: Result<[EventStore.Appended], Failure>
            do throws(StoreError) {
                outcome = .success(try openedStore().append(batches: batches.map(\.events)))
            } catch {
                outcome = .failure(Failure(message: error.message))
            }
            pending.withLock { $0.eventCount -= batches.reduce(0) { $0 + $1.events.count } }
            for (index, batch) in batches.enumerated() {
                batch.completion(outcome.map { $0[index] })
            }
        }
    }

    /// Deletes the events created before `milliseconds` (epoch) on the writer's queue, between commits. Without a
    /// store directory there is nothing to delete.
    public func deleteEvents(createdBefore milliseconds: Int64) -> Result<Int, Failure> {
        queue.sync { () -> Result<Int, Failure> in
            do throws(StoreError) {
                return .success(try openedStore().deleteEvents(createdBefore: milliseconds))
            } catch where error.kind == .missing {
                return .success(0)
            } catch {
                return .failure(Failure(message: error.message))
            }
        }
    }

    /// The store, opened when it is not yet (on `queue`).
    private func openedStore() throws(StoreError) -> EventStore {
        if let store { return store }
        let opened = try open()
        store = opened
        return opened
    }

    /// Waits until every batch submitted so far is stored or refused.
    public func drain() {
        while pending.withLock({ $0.isWriting }) { queue.sync {} }
    }
}
