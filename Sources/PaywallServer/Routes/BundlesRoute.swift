import Dispatch
import HTTPServer
import PaywallModel
import PaywallResolver

extension Route {
    /// At most a thousand requests in one batch (413 past it), in at most the 1 MiB body the server takes.
    static let batchLimits = BatchBody.Limits(member: "requests", maximumItems: 1000, maximumBytes: 1 << 20)
    /// At most this many bytes in a batch's answer (413 past it, found as the answer is made): a thousand
    /// large bundles would be tens of megabytes held for one connection.
    static let maximumBatchAnswerBytes = 4 << 20

    /// `POST /v1/bundles`: `{"requests": [...]}` → `{"bundles": [bundle or {"error": {...}}, ...]}`, in
    /// request order, each answered as the bundle route would, all from the same snapshots. A batch is up to a
    /// thousand requests' work: it is read and answered off the event loop, which meanwhile answers its other
    /// connections (each connection has one batch in flight at most).
    static func bundles(_ holder: SnapshotHolder) -> Route {
        Route("/v1/bundles", methods: ["POST"], caching: .live) { request, _ in
            let deferred = DeferredResponse()
            DispatchQueue.global(qos: .userInitiated).async { deferred.complete(with: batchAnswer(to: request.body, from: holder)) }
            return .later(deferred)
        }
    }

    private static func batchAnswer(to requestBody: [UInt8], from holder: SnapshotHolder) -> HTTPResponse {
        do throws(APIError) {
            let items = try batchItems(in: requestBody)
            guard let served = holder.served else { throw APIError.noSnapshotLoaded }
            var body = Array(#"{"bundles":["#.utf8)
            for (index, item) in items.enumerated() {
                if index > 0 { body.append(UInt8(ascii: ",")) }
                switch rendered(item, from: served) {
                case let .success(bundle):
                    // Measured before it is copied: the answer never grows past the bound.
                    guard body.count + bundle.byteCount <= maximumBatchAnswerBytes else { throw answerTooLarge(at: index, of: items.count) }
                    for segment in bundle.segments { body += segment }
                case let .failure(error):
                    JSONValue.object(JSONObject(["error": .object(error.errorObject)])).render(into: &body)
                    guard body.count <= maximumBatchAnswerBytes else { throw answerTooLarge(at: index, of: items.count) }
                }
            }
            body += Array("]}".utf8)
            return HTTPResponse(status: 200, headers: [("Content-Type", HTTPResponse.jsonContentType)], body: body)
        } catch {
            return error.response
        }
    }

    /// The bundle a batch item asks for, or why there is none, as the bundle route would answer it.
    private static func rendered(_ item: FieldReader, from served: ServedSnapshots) -> Result<RenderedBundle, APIError> {
        Result { () throws(APIError) in
            let resolution = try ResolutionRequest(batchItem: item)
            return try answering { () throws(ResolutionError) in try served.compiled.renderedBundle(resolution) }
        }
    }

    private static func answerTooLarge(at index: Int, of count: Int) -> APIError {
        .contentTooLarge("the answer to this batch passes \(maximumBatchAnswerBytes) bytes at /requests/\(index) (of \(count) requests): "
            + "send fewer requests per batch")
    }

    /// The batch's items, each a reader of its own (an item's problems do not spoil the others).
    private static func batchItems(in body: [UInt8]) throws(APIError) -> [FieldReader] {
        let read = body.withUnsafeBytes { bytes in Result { () throws(BatchBody.Refusal) in try BatchBody(bytes, limits: batchLimits) } }
        switch read {
        case let .success(batch):
            return batch.items.map { item in
                let issues = IssueCollector(limit: 10)
                return FieldReader(item.value, at: item.pointer, issues: issues) ?? FieldReader(.object(JSONObject()), at: item.pointer, issues: issues)!
            }
        case let .failure(refusal):
            throw APIError(refusal)
        }
    }
}
