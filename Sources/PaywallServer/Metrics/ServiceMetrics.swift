import HTTPServer
import Synchronization

/// What `/metrics` reports of the service's own work (docs/contracts.md): requests by route and status, their
/// durations as a histogram by route, reloads by result, and the server's connections. Shared by every connection thread.
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

    /// A route's place in the tallies, given once by `slot(forRoute:)`: a request is counted without hashing its
    /// route's name.
    struct RouteSlot: Sendable {
        fileprivate let index: Int
    }

    /// One route's requests: counted by status, and their durations.
    private struct RouteTally {
        let route: String
        /// In the order first seen: a route answers with a few statuses, found by a look along them rather than by hashing.
        var counts: [(status: Int, count: Int)] = []
        var durations = Durations()

        mutating func count(_ status: Int) {
            if let index = counts.firstIndex(where: { $0.status == status }) {
                counts[index].count += 1
            } else {
                counts.append((status, 1))
            }
        }
    }

    private let requests = Mutex<[RouteTally]>([])
    private let reloads = Mutex<(succeeded: Int, failed: Int)>((0, 0))
    /// What the HTTP server counts of its connections: given to it, read here.
    public let connections = ConnectionCounters()

    public init() {}

    /// The slot that counts the requests of `route`, the same for the same name.
    /// - Parameter route: the route's pattern (`/v1/placements/{id}/bundle`), never the path as sent,
    ///   so that clients cannot grow the series without bound.
    func slot(forRoute route: String) -> RouteSlot {
        requests.withLock { tallies in
            if let index = tallies.firstIndex(where: { $0.route == route }) { return RouteSlot(index: index) }
            tallies.append(RouteTally(route: route))
            return RouteSlot(index: tallies.count - 1)
        }
    }

    /// Counts one request of the route of `slot`: one lock, taken once per request.
    func recordRequest(_ slot: RouteSlot, status: Int, seconds: Double) {
        requests.withLock { tallies in
            // In place: a copy of the tally would copy its buckets too.
            tallies[slot.index].count(status)
            tallies[slot.index].durations.record(seconds)
        }
    }

    func recordReload(succeeded: Bool) {
        reloads.withLock { counts in
            if succeeded { counts.succeeded += 1 } else { counts.failed += 1 }
        }
    }

    var requestCounts: [RequestKey: Int] {
        requests.withLock { tallies in
            Dictionary(uniqueKeysWithValues: tallies.flatMap { tally in tally.counts.map { (RequestKey(route: tally.route, status: $0.status), $0.count) } })
        }
    }

    /// The durations of each route that has answered a request.
    var requestDurations: [String: Durations] {
        requests.withLock { tallies in
            Dictionary(uniqueKeysWithValues: tallies.filter { $0.durations.count > 0 }.map { ($0.route, $0.durations) })
        }
    }
    var reloadCounts: (succeeded: Int, failed: Int) { reloads.withLock { $0 } }
}
