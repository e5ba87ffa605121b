import Basics
import PaywallEvents
import PaywallModel
import PaywallSync

extension Route {
    /// `GET /readyz`: 200 once a snapshot is loaded, with the ones served; else 503 and why. With
    /// `maxStaleness`, also 503 while a served source's newest good sync or import is older than that; and 503
    /// while the event store's server cannot be reached, a commit waits on it past 5 s, or the last commit failed (a full
    /// disk, say; for 30 s, or until a commit succeeds). Bundles are served meanwhile.
    static func readiness(_ holder: SnapshotHolder, freshness: SourceFreshness, maxStaleness: Duration?, events: EventWriter) -> Route {
        Route("/readyz", methods: ["GET", "HEAD"], caching: .live) { _, _ in
            guard let served = holder.served else { return APIError.noSnapshotLoaded.response }
            if let maxStaleness {
                let ages = freshness.ages(at: Timestamp.epochMilliseconds())
                let limit = maxStaleness.inSeconds
                let stale = served.snapshots.map(\.source).filter { (ages[$0] ?? .infinity) > limit }
                if !stale.isEmpty {
                    return APIError.stale(stale.map { "\($0) (\(ages[$0].map { "\(Int($0)) s" } ?? "never") ago)" },
                                          maxStaleness: DurationText.spelling(maxStaleness)).response
                }
            }
            if let problem = events.statistics.problem() {
                return APIError.eventsUnavailable("the event store cannot take events: \(problem)").response
            }
            return .json(.object(JSONObject(["status": .string("ready"), "snapshots": .strings(served.keys)])))
        }
    }
}
