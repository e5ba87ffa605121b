import HTTPServer
import PaywallEvents

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

    /// - Parameters:
    ///   - others: names the caller reads itself.
    ///   - emptyIsAbsent: whether `placement=` says nothing, as a form's empty field does, rather than naming no placement.
    static func reportQuery(_ parameters: QueryParameters, others: Set<String> = [], emptyIsAbsent: Bool = false) throws(APIError) -> ReportQuery {
        try parameters.refuseUnknown(allowed: Set(ReportQuery.optionNames).union(others))
        var options: [String: String] = [:]
        for name in ReportQuery.optionNames {
            guard let value = try parameters.value(name), !(emptyIsAbsent && value.isEmpty) else { continue }
            options[name] = value
        }
        do {
            return try ReportQuery(options: options)
        } catch {
            throw .badRequest(error.message(calling: error.option))
        }
    }
}
