import HTTPServer
import PaywallModel

extension Route {
    /// `GET /v1/placements`: every placement served, with its source and snapshot, in answer order; with `limit` or
    /// `offset`, a page of them, with the total and the next page's offset. The list is made when the snapshots are
    /// loaded (`PlacementList`): a request copies at most a page.
    static func placements(_ holder: SnapshotHolder) -> Route {
        Route("/v1/placements", methods: ["GET", "HEAD"], caching: .revalidated) { request, _ in
            do throws(APIError) {
                let query = try QueryParameters(request.query)
                try query.refuseUnknown(allowed: ["limit", "offset"])
                let limit = try query.count("limit", in: 1...PlacementList.largestPage)
                let offset = try query.count("offset", in: 0...PlacementList.largestOffset)
                guard let served = holder.served else { throw APIError.noSnapshotLoaded }
                let list = served.placements
                guard limit != nil || offset != nil else {
                    let (body, coding) = list.whole.representation(accepting: request.header("Accept-Encoding"))
                    return HTTPResponse(status: 200, headers: [("Content-Type", HTTPResponse.jsonContentType)] + coding, body: .kept(body))
                }
                return HTTPResponse(status: 200, headers: [("Content-Type", HTTPResponse.jsonContentType)],
                                    body: .owned(list.page(offset: offset ?? 0, limit: limit ?? PlacementList.defaultPage)))
            } catch {
                return error.response
            }
        }
    }
}
