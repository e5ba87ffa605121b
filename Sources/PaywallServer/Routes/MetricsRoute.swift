import HTTPServer
import PaywallEvents
import PaywallSync

extension Route {
    /// `GET /metrics`: the Prometheus text format.
    static func metrics(_ metrics: ServiceMetrics, holder: SnapshotHolder, freshness: SourceFreshness, events: EventWriter,
                        reports: ConversionReports) -> Route {
        Route("/metrics", methods: ["GET", "HEAD"], caching: .live) { _, _ in
            let now = Timestamp.epochMilliseconds()
            let text = PrometheusText(metrics: metrics, snapshots: holder.served?.snapshots ?? [], sourceAges: freshness.ages(at: now),
                                      events: events.statistics, reports: reports.statistics, now: now).text
            return HTTPResponse(status: 200, headers: [("Content-Type", PrometheusText.contentType)], body: Array(text.utf8))
        }
    }
}
