import Dispatch
import HTTPServer
import LocaleKit
import PaywallEvents

/// The service's answer to every request (docs/contracts.md): the route for the path, the token of the role the
/// route is for (`RouteAccess`), 405 for a method it does not take and 404 for a path none has; each answer
/// counted in the metrics under its route. What the head decides is decided before a body is read.
public struct PaywallService: HTTPResponder {
    private let tokens: ServiceTokens
    /// Every route, in the order a path is matched against them (docs/openapi.json describes each).
    let routes: [Route]
    /// Who may call each of `routes`, in the same order.
    private let access: [RouteAccess]
    private let metrics: ServiceMetrics
    /// Where each of `routes` is counted, in the same order.
    private let routeSlots: [ServiceMetrics.RouteSlot]
    /// Where what no route answers is counted.
    private let otherSlot: ServiceMetrics.RouteSlot
    private let caching: CachePolicy

    /// - Parameters:
    ///   - tokens: the app's token and the operators', each required on its routes when given.
    ///   - storePath: the store `/v1/status` reports on.
    ///   - maxStaleness: `/readyz` says 503 while a source's newest good sync or import is older.
    ///   - bundleMaxAge: how long caches may keep a bundle without asking again (`--cache-max-age`).
    ///   - events: where `POST /v1/events` sends its batches.
    ///   - eventStore: where `GET /v1/report` reads them.
    ///   - deviceLocales: the rows of the console's locale matrix (`device-locales.txt`).
    public init(tokens: ServiceTokens, holder: SnapshotHolder, metrics: ServiceMetrics, freshness: SourceFreshness, maxStaleness: Duration?,
                storePath: String, policy: LocalePolicy, bundleMaxAge: Duration? = nil, events: EventWriter, eventStore: EventStoreLocation,
                deviceLocales: [String] = []) {
        self.tokens = tokens
        self.metrics = metrics
        caching = CachePolicy(bundleMaxAge: bundleMaxAge, isPrivate: tokens.guardsApps)
        let reports = ConversionReports(location: eventStore, storePath: storePath, holder: holder)
        let table: [(RouteAccess, Route)] = [
            (.apps, .bundle(holder)), (.apps, .bundles(holder)), (.apps, .placements(holder)), (.apps, .localeMatch(policy: policy)),
            (.operators, .status(storePath: storePath)), (.open, .health),
            (.open, .readiness(holder, freshness: freshness, maxStaleness: maxStaleness, events: events)),
            (.operators, .metrics(metrics, holder: holder, freshness: freshness, events: events, reports: reports)), (.apps, .events(events)),
            (.operators, .report(reports)), (.open, .openAPIDocument),
            // Last: a path is matched against it by its prefix (`Console.owns`), and it lets in by its own sessions.
            (.open, .console(Console(tokens: tokens, holder: holder, storePath: storePath, deviceLocales: deviceLocales, policy: policy,
                                             reports: reports))),
        ]
        // The document, its gzip form and its tag made now, not at its first request on an event loop.
        _ = (OpenAPIDocument.body, OpenAPIDocument.entityTag)
        routes = table.map(\.1)
        access = table.map(\.0)
        routeSlots = routes.map { metrics.slot(forRoute: $0.pattern) }
        otherSlot = metrics.slot(forRoute: "other")
    }

    /// The refusal the head alone decides (a bad target, no token, no route, a method the route does not take), before
    /// the body is read: a client without the token never gets `100 Continue`, nor sends its body for nothing.
    public func refusal(ofHead request: HTTPRequest) -> HTTPResponse? {
        guard case let .refused(route, error) = admission(of: request) else { return nil }
        return finished(error.response, route: route, request: request)
    }

    public func answer(_ request: HTTPRequest) -> HTTPAnswer {
        let (route, answer) = routed(request)
        // Consumed, so that `finished` adds its fields to the route's own headers rather than to a copy.
        switch consume answer {
        case let .now(response):
            guard route != nil, Self.gzipsLarge(response, for: request) else { return .now(finished(response, route: route, request: request)) }
            let deferred = DeferredResponse()
            DispatchQueue.global(qos: .userInitiated).async { [self] in deferred.complete(with: finished(response, route: route, request: request)) }
            return .later(deferred)
        case let .later(deferred):
            return .later(deferred.map { [self] in finished($0, route: route, request: request) })
        }
    }

    /// The answer to `request`, waited for when it comes later.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        answer(request).waited()
    }

    /// A route's answer with what every answer carries, counted in the metrics with its time since the request's arrival.
    /// - Parameter route: the index in `routes` of the route that answered, nil for none.
    private func finished(_ response: consuming HTTPResponse, route: Int?, request: HTTPRequest) -> HTTPResponse {
        // Room for the two fields added here at once: this runs for every request.
        response.headers.reserveCapacity(response.headers.count + 2)
        if route != nil, response.status == 200 || response.status == 304 { Self.varyByEncoding(&response, request: request) }
        response.headers.append(("Cache-Control", caching.cacheControl(for: route.map { routes[$0].caching } ?? .live, status: response.status)))
        metrics.recordRequest(route.map { routeSlots[$0] } ?? otherSlot, status: response.status,
                              seconds: (ContinuousClock.now - request.arrival).inSeconds)
        return response
    }

    /// A route's answer says it varies by `Accept-Encoding` (one `Vary` field), and a body of its own is
    /// gzipped when the request accepts it; a kept bundle comes encoded from its route.
    private static func varyByEncoding(_ response: inout HTTPResponse, request: HTTPRequest) {
        if let vary = response.headers.firstIndex(where: { $0.name == "Vary" }) {
            response.headers[vary].value += ", Accept-Encoding"
        } else {
            response.headers.append(("Vary", "Accept-Encoding"))
        }
        guard case let .owned(bytes) = response.body, ContentCoding(forBodyOf: bytes.count, accepting: request.header("Accept-Encoding")) == .gzip,
              let gzipped = bytes.withUnsafeBytes({ Gzip.encoded([$0]) }) else { return }
        response.body = .owned(gzipped)
        response.headers += ContentCoding.gzip.headers
    }

    /// Whether `finished` would gzip a body larger than the event loop should: a route's 200 with a body of its own.
    private static func gzipsLarge(_ response: HTTPResponse, for request: HTTPRequest) -> Bool {
        guard response.status == 200, case let .owned(bytes) = response.body, bytes.count > ContentCoding.largestBodyGzippedOnTheLoop else { return false }
        return ContentCoding(forBodyOf: bytes.count, accepting: request.header("Accept-Encoding")) == .gzip
    }

    /// A request the server could not read, counted under `other`: the engine's refusal as the service's JSON error.
    public func respond(toRefused error: HTTPError) -> HTTPResponse {
        metrics.recordRequest(otherSlot, status: error.status, seconds: 0)
        var response = APIError(error).response
        response.headers.append(("Cache-Control", "no-store"))
        return response
    }

    /// The index of the route in `routes` (nil for none) and its answer.
    private func routed(_ request: HTTPRequest) -> (Int?, HTTPAnswer) {
        switch admission(of: request) {
        case let .route(index, captures):
            return (index, routes[index].answer(request, captures))
        case let .refused(route, error):
            return (route, .now(error.response))
        }
    }

    /// What a request's head decides: the route that answers it, or its refusal.
    private enum Admission {
        /// The index in `routes` of the route, and the segments its placeholders get.
        case route(Int, captures: [Substring])
        /// Refused, counted under the route that matched (nil for none).
        case refused(route: Int?, APIError)
    }

    private func admission(of request: HTTPRequest) -> Admission {
        // Bytes past ASCII must come percent-encoded: what arrives raw cannot be told apart once read.
        guard request.targetIsASCII else {
            return .refused(route: nil, .badRequest("the request target must be ASCII: percent-encode other characters"))
        }
        // The path's bytes once for all the routes: a string of them is made only for a path no route has.
        let matched: (index: Int, captures: [Substring])? = Console.owns(request.path) ? (routes.count - 1, []) : request.withPathBytes { bytes in
            for (index, route) in routes.enumerated() {
                if let captures = route.captures(in: bytes) { return (index, captures) }
            }
            return nil
        }
        // A path no route has is answered as an app's would be, so that a caller without the token learns nothing of /v1.
        let routeAccess = matched.map { access[$0.index] } ?? (Self.isUnderV1(request.path) ? .apps : .open)
        if let refusal = tokens.refusal(of: routeAccess, authorization: request.header("Authorization")) {
            return .refused(route: nil, refusal)
        }
        guard let (index, captures) = matched else { return .refused(route: nil, .notFound(path: String(request.path))) }
        let route = routes[index]
        guard route.methods.contains(request.method.name) else {
            return .refused(route: index, .methodNotAllowed(request.method.name, allowed: route.methods))
        }
        return .route(index, captures: captures)
    }

    /// Whether `path` is /v1 or under it.
    private static func isUnderV1(_ path: Substring) -> Bool {
        path == "/v1" || path.hasPrefix("/v1/")
    }
}
