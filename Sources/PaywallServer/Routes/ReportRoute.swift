import Dispatch
import PaywallEvents
import PaywallModel
import PaywallResolver
import PaywallStore

extension Route {
    /// `GET /v1/report?placement=&since=&until=&by=`: the conversion report of `paywalls report --json`, made off
    /// the event loop on a read connection of its own (a commit in progress does not wait for it, nor it for one).
    /// Before the first event, the report is empty.
    static func report(events: EventStoreLocation, storePath: String) -> Route {
        Route("/v1/report", methods: ["GET", "HEAD"], caching: .live) { request, _ in
            let query: ReportQuery
            do throws(APIError) {
                query = try reportQuery(QueryParameters(request.query))
            } catch {
                return .now(error.response)
            }
            let deferred = DeferredResponse()
            DispatchQueue.global(qos: .userInitiated).async {
                do throws(StoreError) {
                    let report = try ConversionReport.build(from: try events.open(create: false), query: query, weights: ConversionReport.audienceWeights(inStore: storePath))
                    deferred.complete(with: .json(report.json))
                } catch where error.kind == .missing {
                    deferred.complete(with: .json(ConversionReport(query: query, placements: []).json))
                } catch {
                    deferred.complete(with: APIError.eventsUnavailable("the events cannot be read: \(error.message)").response)
                }
            }
            return .later(deferred)
        }
    }

    private static func reportQuery(_ parameters: QueryParameters) throws(APIError) -> ReportQuery {
        try parameters.refuseUnknown(allowed: ["placement", "since", "until", "by"])
        func time(_ name: String) throws(APIError) -> Int64? {
            guard let text = try parameters.value(name) else { return nil }
            guard let milliseconds = epochMilliseconds(iso8601: text) else {
                throw .badRequest("\(name) must be an RFC 3339 time such as 2026-11-01T00:00:00Z, not \"\(text.prefix(64))\"")
            }
            return Int64(milliseconds)
        }
        let placementID = try parameters.value("placement")
        if let placementID, let problem = ResolutionRequest.placementIDProblem(placementID) { throw APIError(problem, name: "placement") }
        var query = ReportQuery(placementID: placementID, since: try time("since"), until: try time("until"))
        if let key = try parameters.value("by") {
            guard let groupBy = ReportQuery.GroupKey(rawValue: key) else {
                throw .badRequest("by must be locale, locale-result, country or platform, not \"\(key.prefix(64))\"")
            }
            query.groupBy = groupBy
        }
        return query
    }
}
