import Dispatch
import HTTPServer
import PaywallEvents
import PaywallModel
import PaywallStore
import Synchronization

/// The conversion reports a server answers `GET /v1/report` with. One is computed at a time, on a queue of its own
/// and one connection to the event store kept for reports (opened again when it breaks), so that however many
/// requests come, the store serves one report's reads and the process one report's work. A report made is kept,
/// with the store's change mark and the served snapshots (whose audiences its sample-ratio tests read), and answers
/// its query again while neither has moved: until events are committed or deleted (by this process or any other),
/// or a snapshot is published. Requests for a report already waiting for its turn wait with it; past
/// `maximumWaiting` different reports waiting, a request is refused (503 with `Retry-After`) rather than queued.
final class ConversionReports: Sendable {
    /// What `/metrics` shows of the reports.
    struct Statistics: Sendable, Equatable {
        /// Reports computed from the events (the others were answered by a kept one).
        var computed = 0
        /// Reports waiting for their turn.
        var waiting = 0
    }

    typealias Completion = @Sendable (Result<KeptBody, APIError>) -> Void

    /// Different reports that may wait for their turn at once.
    static let maximumWaiting = 8
    /// Reports kept at once (queries differ by placement, window and split): the oldest goes first.
    static let maximumKept = 8

    /// What a kept report was made from.
    private struct Mark: Equatable {
        let events: String
        let snapshots: [String]
    }

    private struct Kept {
        let query: ReportQuery
        let mark: Mark
        let body: KeptBody
    }

    /// A report waiting for its turn, and the requests that wait for it.
    private struct Turn {
        let query: ReportQuery
        var completions: [Completion]
    }

    private struct State {
        var turns: [Turn] = []
        /// Oldest first.
        var kept: [Kept] = []
        var computed = 0
        /// How long the last report took to compute: what a refused client is told to wait.
        var lastDuration = Duration.seconds(1)
    }

    private let state = Mutex(State())
    private let queue = DispatchQueue(label: "paywalls.reports", qos: .userInitiated)
    private let location: EventStoreLocation
    private let storePath: String
    private let holder: SnapshotHolder
    /// The connection kept for reports. Touched on `queue` only.
    private nonisolated(unsafe) var store: (any EventStore)?

    /// - Parameters:
    ///   - location: where the events are.
    ///   - storePath: the store whose snapshots give the audiences' weights.
    init(location: EventStoreLocation, storePath: String, holder: SnapshotHolder) {
        self.location = location
        self.storePath = storePath
        self.holder = holder
    }

    var statistics: Statistics {
        state.withLock { Statistics(computed: $0.computed, waiting: $0.turns.count) }
    }

    /// Calls `completion` with the report of `query` once its turn has come (on the reports' queue), or at once
    /// with a 503 when too many reports are waiting.
    func report(_ query: ReportQuery, completion: @escaping Completion) {
        enum Placed { case joined, queued, refused(APIError) }
        let placed: Placed = state.withLock { state in
            if let waiting = state.turns.firstIndex(where: { $0.query == query }) {
                state.turns[waiting].completions.append(completion)
                return .joined
            }
            guard state.turns.count < Self.maximumWaiting else {
                return .refused(.reportBusy(waiting: state.turns.count, retryAfterSeconds: Self.seconds(state.lastDuration)))
            }
            state.turns.append(Turn(query: query, completions: [completion]))
            return .queued
        }
        switch placed {
        case .joined: break
        case .queued: queue.async { self.takeTurn() }
        case let .refused(error): completion(.failure(error))
        }
    }

    /// Answers the first report waiting (one call per turn queued). Requests that come from now on wait for the
    /// next turn: what they ask may have changed since this one started.
    private func takeTurn() {
        let turn = state.withLock { $0.turns.removeFirst() }
        let outcome = Result { () throws(APIError) in try body(of: turn.query) }
        for completion in turn.completions { completion(outcome) }
    }

    /// The report of `query`: the kept one while it is current, else computed (and kept).
    private func body(of query: ReportQuery) throws(APIError) -> KeptBody {
        let snapshots = holder.served?.keys ?? []
        do throws(StoreError) {
            return try withStore { store throws(StoreError) in
                let mark = try Self.mark(of: store, snapshots: snapshots)
                if let mark, let kept = state.withLock({ $0.kept.first { $0.query == query && $0.mark == mark } }) { return kept.body }
                let started = ContinuousClock.now
                let report = try ConversionReport.build(from: store, query: query, weights: ConversionReport.audienceWeights(inStore: storePath))
                let body = Self.kept(report)
                state.withLock { state in
                    state.computed += 1
                    state.lastDuration = ContinuousClock.now - started
                    guard let mark else { return }
                    // Reports made before the mark moved are stale for good.
                    state.kept.removeAll { $0.mark != mark || $0.query == query }
                    if state.kept.count == Self.maximumKept { state.kept.removeFirst() }
                    state.kept.append(Kept(query: query, mark: mark, body: body))
                }
                return body
            }
        } catch where error.kind == .missing {
            // Before the first event there is nothing to read, nor to keep.
            return Self.kept(ConversionReport(query: query, placements: []))
        } catch {
            throw .eventsUnavailable("the events cannot be read: \(error.message)")
        }
    }

    /// What a report made now is made from; nil when the store cannot tell (a server that does not let this user
    /// read where its log is), and the report is then made each time. A lost connection is thrown, to be replaced.
    private static func mark(of store: any EventStore, snapshots: [String]) throws(StoreError) -> Mark? {
        do throws(StoreError) {
            return try store.changeMark().map { Mark(events: $0, snapshots: snapshots) }
        } catch where error.kind != .unreachable {
            return nil
        }
    }

    /// Runs `body` on the kept connection, opened first when there is none. A connection found broken is replaced
    /// once at once (a server restarted since the last report costs nothing); after any other failure the next
    /// report opens a new one.
    private func withStore<T>(_ body: (any EventStore) throws(StoreError) -> T) throws(StoreError) -> T {
        let hadStore = store != nil
        do throws(StoreError) {
            return try body(try keptStore())
        } catch where error.kind == .unreachable && hadStore {
            store = nil
            do throws(StoreError) { return try body(try keptStore()) } catch {
                store = nil
                throw error
            }
        } catch {
            store = nil
            throw error
        }
    }

    private func keptStore() throws(StoreError) -> any EventStore {
        if let store { return store }
        let opened = try location.open(create: false)
        store = opened
        return opened
    }

    private static func kept(_ report: ConversionReport) -> KeptBody {
        var bytes: [UInt8] = []
        report.json.render(into: &bytes)
        return KeptBody(bytes)
    }

    /// Whole seconds, rounded up, from 1 to 60: a `Retry-After`.
    private static func seconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(min(60, max(1, seconds + (attoseconds > 0 ? 1 : 0))))
    }
}
