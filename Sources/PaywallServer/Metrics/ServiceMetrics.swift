import Synchronization

/// What `/metrics` reports of the service's own work (docs/contracts.md): requests by route and status, their
/// durations as a histogram by route, and reloads by result. Shared by every connection thread.
public final class ServiceMetrics: Sendable {
    /// Upper bounds of the duration buckets, in seconds: a bundle answers in well under a millisecond.
    static let bucketBounds: [Double] = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1]

    struct RequestKey: Hashable {
        let route: String
        let status: Int
    }

    struct Durations {
        var buckets = [Int](repeating: 0, count: ServiceMetrics.bucketBounds.count)
        var count = 0
        var sum = 0.0

        mutating func record(_ seconds: Double) {
            if let bucket = ServiceMetrics.bucketBounds.firstIndex(where: { seconds <= $0 }) { buckets[bucket] += 1 }
            count += 1
            sum += seconds
        }
    }

    /// Requests counted by route and status, and their durations by route: one lock for both, taken
    /// once per request.
    private struct Requests {
        var counts: [RequestKey: Int] = [:]
        var durations: [String: Durations] = [:]
    }

    private let requests = Mutex(Requests())
    private let reloads = Mutex<(succeeded: Int, failed: Int)>((0, 0))

    public init() {}

    /// - Parameter route: the route's pattern (`/v1/placements/{id}/bundle`), never the path as sent,
    ///   so that clients cannot grow the series without bound.
    func recordRequest(route: String, status: Int, seconds: Double) {
        requests.withLock { requests in
            requests.counts[RequestKey(route: route, status: status), default: 0] += 1
            // In place: a copy of the entry would copy its buckets too.
            requests.durations[route, default: Durations()].record(seconds)
        }
    }

    func recordReload(succeeded: Bool) {
        reloads.withLock { counts in
            if succeeded { counts.succeeded += 1 } else { counts.failed += 1 }
        }
    }

    var requestCounts: [RequestKey: Int] { requests.withLock { $0.counts } }
    var requestDurations: [String: Durations] { requests.withLock { $0.durations } }
    var reloadCounts: (succeeded: Int, failed: Int) { reloads.withLock { $0 } }
}
