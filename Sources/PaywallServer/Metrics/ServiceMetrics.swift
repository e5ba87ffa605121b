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
    }

    private let requests = Mutex<[RequestKey: Int]>([:])
    private let durations = Mutex<[String: Durations]>([:])
    private let reloads = Mutex<(succeeded: Int, failed: Int)>((0, 0))

    public init() {}

    /// - Parameter route: the route's pattern (`/v1/placements/{id}/bundle`), never the path as sent,
    ///   so that clients cannot grow the series without bound.
    func recordRequest(route: String, status: Int, seconds: Double) {
        requests.withLock { $0[RequestKey(route: route, status: status), default: 0] += 1 }
        durations.withLock { all in
            var entry = all[route] ?? Durations()
            if let bucket = Self.bucketBounds.firstIndex(where: { seconds <= $0 }) { entry.buckets[bucket] += 1 }
            entry.count += 1
            entry.sum += seconds
            all[route] = entry
        }
    }

    func recordReload(succeeded: Bool) {
        reloads.withLock { counts in
            if succeeded { counts.succeeded += 1 } else { counts.failed += 1 }
        }
    }

    var requestCounts: [RequestKey: Int] { requests.withLock { $0 } }
    var requestDurations: [String: Durations] { durations.withLock { $0 } }
    var reloadCounts: (succeeded: Int, failed: Int) { reloads.withLock { $0 } }
}
