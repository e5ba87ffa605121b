import PaywallEvents
import PaywallModel
import PaywallStore

/// The Prometheus text exposition format (version 0.0.4) of the service's metrics and its snapshots.
struct PrometheusText {
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private var lines: [String] = []

    /// - Parameters:
    ///   - sourceAges: seconds since each source's newest good sync or import, by source.
    ///   - events: the event writer's commits and queue.
    ///   - reports: the conversion reports computed and waiting.
    ///   - now: epoch milliseconds, for the snapshots' ages.
    init(metrics: ServiceMetrics, snapshots: [SnapshotInfo], sourceAges: [String: Double], events: EventWriter.Statistics,
         reports: ConversionReports.Statistics, now: Int) {
        family("paywalls_requests_total", "counter", "Requests answered, by route and status.")
        for (key, count) in metrics.requestCounts.sorted(by: { ($0.key.route, $0.key.status) < ($1.key.route, $1.key.status) }) {
            sample("paywalls_requests_total", ["route": key.route, "status": String(key.status)], String(count))
        }
        family("paywalls_request_duration_seconds", "histogram", "Time from a request's arrival to its answer, by route.")
        for (route, durations) in metrics.requestDurations.sorted(by: { $0.key < $1.key }) {
            var cumulative = 0
            for (bound, count) in zip(ServiceMetrics.bucketBounds, durations.buckets) {
                cumulative += count
                sample("paywalls_request_duration_seconds_bucket", ["route": route, "le": String(bound)], String(cumulative))
            }
            sample("paywalls_request_duration_seconds_bucket", ["route": route, "le": "+Inf"], String(durations.count))
            sample("paywalls_request_duration_seconds_sum", ["route": route], String(durations.sum))
            sample("paywalls_request_duration_seconds_count", ["route": route], String(durations.count))
        }
        family("paywalls_connections_open", "gauge", "Connections the server holds.")
        sample("paywalls_connections_open", [:], String(metrics.connections.openConnections))
        family("paywalls_connections_refused_total", "counter", "Clients answered 503 at once because the server held --max-connections.")
        sample("paywalls_connections_refused_total", [:], String(metrics.connections.refusedConnections))
        family("paywalls_accept_failures_total", "counter", "Connections the system would not let the server accept (out of descriptors or memory).")
        sample("paywalls_accept_failures_total", [:], String(metrics.connections.acceptFailures))
        family("paywalls_snapshot_info", "gauge", "The snapshot each source is served from (always 1).")
        for snapshot in snapshots {
            sample("paywalls_snapshot_info", ["source": snapshot.source, "snapshot": snapshot.key], "1")
        }
        family("paywalls_snapshot_age_seconds", "gauge", "Seconds since each served snapshot was imported or synced.")
        for snapshot in snapshots {
            guard let imported = epochMilliseconds(iso8601: snapshot.importedAt) else { continue }
            sample("paywalls_snapshot_age_seconds", ["source": snapshot.source], String(Double(max(0, now - imported)) / 1000))
        }
        family("paywalls_source_age_seconds", "gauge", "Seconds since each source's newest good sync (a 304 included) or import.")
        for (source, age) in sourceAges.sorted(by: { $0.key < $1.key }) {
            sample("paywalls_source_age_seconds", ["source": source], String(age))
        }
        family("paywalls_reloads_total", "counter", "Snapshot loads, by result: ok, or failed (the previous ones kept serving).")
        let reloads = metrics.reloadCounts
        sample("paywalls_reloads_total", ["result": "ok"], String(reloads.succeeded))
        sample("paywalls_reloads_total", ["result": "failed"], String(reloads.failed))
        family("paywalls_event_commits_total", "counter", "Commits of event batches, by result: ok, or failed (their batches answered 503).")
        sample("paywalls_event_commits_total", ["result": "ok"], String(events.commits))
        sample("paywalls_event_commits_total", ["result": "failed"], String(events.failedCommits))
        family("paywalls_events_queued", "gauge", "Events received and waiting for their commit.")
        sample("paywalls_events_queued", [:], String(events.queuedEvents))
        family("paywalls_event_store_up", "gauge", "1 while the event store can be reached, 0 while it cannot (/readyz says why).")
        sample("paywalls_event_store_up", [:], events.outage == nil ? "1" : "0")
        family("paywalls_reports_computed_total", "counter",
               "Conversion reports computed from the events; the other GET /v1/report answers shared one or had one kept since the events last changed.")
        sample("paywalls_reports_computed_total", [:], String(reports.computed))
        family("paywalls_reports_waiting", "gauge", "Conversion reports waiting for their turn: one is computed at a time.")
        sample("paywalls_reports_waiting", [:], String(reports.waiting))
    }

    var text: String { lines.joined(separator: "\n") + "\n" }

    private mutating func family(_ name: String, _ type: String, _ help: String) {
        lines.append("# HELP \(name) \(help)")
        lines.append("# TYPE \(name) \(type)")
    }

    private mutating func sample(_ name: String, _ labels: KeyValuePairs<String, String>, _ value: String) {
        let rendered = labels.map { "\($0.key)=\"\(Self.escaped($0.value))\"" }.joined(separator: ",")
        lines.append(labels.isEmpty ? "\(name) \(value)" : "\(name){\(rendered)} \(value)")
    }

    /// Label values escape backslash, double quote and line feed.
    private static func escaped(_ value: String) -> String {
        var escaped = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
