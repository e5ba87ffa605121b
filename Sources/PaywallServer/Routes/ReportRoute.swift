import HTTPServer
import PaywallEvents
import PaywallModel
import PaywallResolver

extension Route {
    /// `GET /v1/report?placement=&since=&until=&by=`: the conversion report of `paywalls report --json`, made off the
    /// event loop by `reports`, one at a time and kept until the events change (gzipped once when asked). Before the
    /// first event, the report is empty. `HEAD` checks the query and answers without computing the report: with its
    /// headers and no `Content-Length`, which only the report would tell.
    static func report(_ reports: ConversionReports) -> Route {
        Route("/v1/report", methods: ["GET", "HEAD"], caching: .live) { request, _ in
            let query: ReportQuery
            do throws(APIError) {
                query = try reportQuery(QueryParameters(request.query))
            } catch {
                return .now(error.response)
            }
            guard request.method == "GET" else {
                var answer = HTTPResponse(status: 200, headers: [("Content-Type", HTTPResponse.jsonContentType)])
                answer.knowsLength = false
                return .now(answer)
            }
            let accepting = request.header("Accept-Encoding")
            let deferred = DeferredResponse()
            reports.report(query) { outcome in
                switch outcome {
                case let .success(body):
                    let (representation, coding) = body.representation(accepting: accepting)
                    deferred.complete(with: HTTPResponse(status: 200, headers: [("Content-Type", HTTPResponse.jsonContentType)] + coding,
                                                         body: .kept(representation)))
                case let .failure(error):
                    deferred.complete(with: error.response)
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
