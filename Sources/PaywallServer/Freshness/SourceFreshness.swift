import PaywallStore
import Synchronization

/// When each source last had good data: its newest successful sync (a 304 counts: the data was
/// checked and is current) or import. The reloader notes it from the store at every check; readiness
/// (`--max-staleness`) and the metrics read it without touching the store.
public final class SourceFreshness: Sendable {
    /// Epoch milliseconds by source name.
    private let newest = Mutex<[String: Int]>([:])

    public init() {}

    /// Notes what the store says now: its sources' sync states and their current snapshots.
    func note(sources: [SourceState], snapshots: [SnapshotInfo]) {
        var times: [String: Int] = [:]
        for source in sources {
            times[source.name] = source.lastGoodData(current: snapshots.first { $0.source == source.name })
        }
        newest.withLock { $0 = times }
    }

    /// Seconds from each source's newest good data to `now` (epoch milliseconds), by source name.
    func ages(at now: Int) -> [String: Double] {
        newest.withLock { $0 }.mapValues { Double(max(0, now - $0)) / 1000 }
    }
}
