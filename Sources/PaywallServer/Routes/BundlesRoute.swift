import PaywallModel
import PaywallResolver

extension Route {
    /// At most this many requests in one batch (413 past it).
    static let maximumBatchItems = 1000

    /// `POST /v1/bundles`: `{"requests": [...]}` → `{"bundles": [bundle or {"error": {...}}, ...]}`, in
    /// request order, each answered as the bundle route would, all from the same snapshots.
    static func bundles(_ holder: SnapshotHolder) -> Route {
        Route("/v1/bundles", methods: ["POST"], caching: .live) { request, _ in
            do throws(APIError) {
                let items = try batchItems(in: request.body)
                guard let served = holder.served else { throw APIError.noSnapshotLoaded }
                var body = Array(#"{"bundles":["#.utf8)
                for (index, item) in items.enumerated() {
                    if index > 0 { body.append(UInt8(ascii: ",")) }
                    do throws(APIError) {
                        let resolution = try ResolutionRequest(batchItem: item)
                        let rendered = try answering { () throws(ResolutionError) in try served.compiled.renderedBundle(resolution) }
                        for segment in rendered.segments { body += segment }
                    } catch {
                        JSONValue.object(JSONObject(["error": .object(error.errorObject)])).render(into: &body)
                    }
                }
                body += Array("]}".utf8)
                return HTTPResponse(status: 200, headers: [("Content-Type", HTTPResponse.jsonContentType)], body: body)
            } catch {
                return error.response
            }
        }
    }

    /// The batch's items, each a reader of its own (an item's problems do not spoil the others).
    private static func batchItems(in body: [UInt8]) throws(APIError) -> [FieldReader] {
        let document: JSONValue
        do {
            document = try body.withUnsafeBytes { bytes throws(JSONSyntaxError) in try JSONParser.parse(bytes) }
        } catch {
            throw .badRequest("the body is not valid JSON: \(error)")
        }
        let issues = IssueCollector(limit: 10)
        guard let root = FieldReader(document, at: .root, issues: issues), let elements = root.array("requests"), issues.reportCount == 0 else {
            throw .badRequest("expected {\"requests\": [...]}: " + issues.issues.map(\.description).joined(separator: "; "))
        }
        guard elements.count <= maximumBatchItems else {
            throw APIError(status: 413, code: "content_too_large", message: "\(elements.count) requests in one batch: at most \(maximumBatchItems)")
        }
        return elements.map { element in
            let itemIssues = IssueCollector(limit: 10)
            return FieldReader(element.value, at: element.pointer, issues: itemIssues)
                ?? FieldReader(.object(JSONObject()), at: element.pointer, issues: itemIssues)!
        }
    }
}
