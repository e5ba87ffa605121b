import Dispatch
import HTTPServer
import PaywallModel
import PaywallResolver

extension Route {
    /// `GET /v1/placements/{id}/bundle`: the bundle of docs/contracts.md, the JSON `paywalls resolve` prints
    /// (compact), with a strong `ETag` (`If-None-Match` → 304), gzipped when the request accepts it (its
    /// own tag). Without `locale`, the Accept-Language header is the preference list, and the answer says
    /// `Vary: Accept-Language`. A large bundle's gzip form is made the first time on another thread.
    static func bundle(_ holder: SnapshotHolder) -> Route {
        Route("/v1/placements/{id}/bundle", methods: ["GET", "HEAD"], caching: .bundle) { request, captures -> HTTPAnswer in
            do throws(APIError) {
                let placementID = try PercentDecoding.decode(captures[0], plusIsSpace: false)
                let query = try QueryParameters(request.query)
                try query.refuseUnknown(allowed: ResolutionRequest.queryParameters, prefixes: ["attr."])
                let localeValues = query.values("locale")
                let fromHeader = localeValues.isEmpty
                let locales = fromHeader ? [request.header("Accept-Language")].compactMap { $0 } : localeValues
                let resolution = try ResolutionRequest(query: query, placementID: placementID, locales: locales)
                let explain = try query.flag("explain")
                guard let served = holder.served else { throw APIError.noSnapshotLoaded }
                let vary: [(name: String, value: String)] = fromHeader ? [("Vary", "Accept-Language")] : []
                if explain {
                    // The slow path, for people: the bundle with what `--explain` prints.
                    let bundle = try answering { () throws(ResolutionError) in try served.compiled.resolve(resolution) }
                    var json = bundle.json().objectValue ?? JSONObject()
                    json.append("explanation", .strings(bundle.explanation))
                    return .now(.json(.object(json), headers: vary))
                }
                let rendered = try answering { () throws(ResolutionError) in try served.compiled.renderedBundle(resolution) }
                let coding = ContentCoding(forBodyOf: rendered.byteCount, accepting: request.header("Accept-Encoding"))
                guard coding == .gzip, rendered.byteCount > ContentCoding.largestBodyGzippedOnTheLoop, !rendered.isEncoded else {
                    return .now(answer(rendered, coding: coding, vary: vary, to: request))
                }
                let deferred = DeferredResponse()
                DispatchQueue.global(qos: .userInitiated).async { deferred.complete(with: answer(rendered, coding: coding, vary: vary, to: request)) }
                return .later(deferred)
            } catch {
                return .now(error.response)
            }
        }
    }

    /// The answer of `rendered` in `coding`, gzipped once per kept answer (plain when zlib cannot be had): 304 when the
    /// request's `If-None-Match` has its tag.
    private static func answer(_ rendered: RenderedBundle, coding: ContentCoding, vary: [(name: String, value: String)],
                               to request: HTTPRequest) -> HTTPResponse {
        var coding = coding
        let gzipped = coding == .gzip ? rendered.encoded(by: Gzip.encoded) : nil
        if gzipped == nil { coding = .identity }
        let entityTag = coding.entityTag(of: rendered.entityTag)
        let notModified = EntityTags(request.header("If-None-Match")).contains(entityTag)
        // Room for the fields the service adds (Vary, Cache-Control): this runs for every request.
        var headers: [(name: String, value: String)] = []
        headers.reserveCapacity(8)
        if !notModified { headers.append(("Content-Type", HTTPResponse.jsonContentType)) }
        headers += vary
        headers.append(("ETag", entityTag))
        guard !notModified else { return HTTPResponse(status: 304, headers: headers) }
        headers += coding.headers
        return HTTPResponse(status: 200, headers: headers, body: .kept(gzipped ?? rendered))
    }
}

/// An `If-None-Match` list (RFC 9110 §13.1.2): `*` or entity tags, compared weakly (`W/` ignored).
struct EntityTags {
    private let tags: [Substring]
    private let any: Bool

    init(_ header: String?) {
        let items = (header ?? "").split(separator: ",").map { $0.drop { $0 == " " || $0 == "\t" } }.map { $0.hasPrefix("W/") ? $0.dropFirst(2) : $0 }
        tags = items.map { $0.prefix { $0 != " " && $0 != "\t" } }
        any = tags.contains("*")
    }

    func contains(_ tag: String) -> Bool {
        any || tags.contains { $0 == tag }
    }
}
