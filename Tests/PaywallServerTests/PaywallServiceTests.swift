import HTTPServer
@testable import PaywallServer
import LocaleKit
import PaywallSync
import PaywallEvents
import PaywallStore
import Glibc
import Testing

@Suite("The service's routing and bearer tokens, without a socket")
struct PaywallServiceTests {
    /// Services over no store: routing and the tokens need none (a snapshot-less answer is 503).
    static func service(tokens: ServiceTokens = .none, metrics: ServiceMetrics = ServiceMetrics()) -> PaywallService {
        PaywallService(tokens: tokens, holder: SnapshotHolder(), metrics: metrics, freshness: SourceFreshness(), maxStaleness: nil,
                       storePath: "/nonexistent/store", policy: .standard,
                       events: EventWriter { () throws(StoreError) in throw StoreError(kind: .missing, message: "no events here") },
                       eventStore: .storeDirectory("/nonexistent/store"))
    }

    /// Tokens read from files written for the test (`nil`: that role has none).
    static func tokens(app: String?, admin: String? = nil) throws -> ServiceTokens {
        func file(_ role: String, _ secret: String?) throws -> String? {
            guard let secret else { return nil }
            let path = "/tmp/paywalls-service-tokens-\(getpid())-\(role)-\(UInt64.random(in: 0...UInt64.max))"
            let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            defer { close(descriptor) }
            try #require(descriptor >= 0 && write(descriptor, secret, secret.utf8.count) == secret.utf8.count)
            return path
        }
        return try ServiceTokens(appFile: try file("app", app), adminFile: try file("admin", admin))
    }

    let open = service()
    let guarded = service(tokens: try! tokens(app: "s3cret"))

    func code(_ response: HTTPResponse) -> String? {
        let body = String(decoding: response.body.bytes, as: UTF8.self)
        return body.split(separator: "\"").drop { $0 != "code" }.dropFirst(2).first.map(String.init)
    }

    /// A request's time in the metrics counts from its arrival (when the server saw its first bytes), not from when
    /// the service took it: also past 2^64 attoseconds (18.4 s).
    @Test(arguments: [Duration.milliseconds(60), .seconds(30)])
    func aRequestsTimeCountsFromItsArrival(ago: Duration) throws {
        let metrics = ServiceMetrics()
        _ = Self.service(metrics: metrics).respond(to: HTTPRequest(method: "GET", target: "/healthz", arrival: .now - ago))
        let durations = try #require(metrics.requestDurations["/healthz"])
        let seconds = Double(ago.components.seconds) + Double(ago.components.attoseconds) / 1e18
        #expect(durations.count == 1)
        #expect(durations.sum >= seconds && durations.sum < seconds + 5)
        #expect(durations.buckets[ServiceMetrics.bucketBounds.firstIndex(of: 0.05)!] == 0)
    }

    @Test func healthAnswersGetAndHead() {
        let response = open.respond(to: HTTPRequest(method: "GET", target: "/healthz"))
        #expect(response.status == 200)
        #expect(String(decoding: response.body.bytes, as: UTF8.self) == #"{"status":"ok"}"#)
        #expect(open.respond(to: HTTPRequest(method: "HEAD", target: "/healthz?probe=1")).status == 200)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "get"])
    func otherMethodsAre405WithAllow(_ method: String) {
        let response = open.respond(to: HTTPRequest(method: HTTPMethod(method), target: "/healthz"))
        #expect(response.status == 405)
        #expect(response.headers.contains { $0 == ("Allow", "GET, HEAD") })
    }

    @Test(arguments: ["/", "/healthz/", "/%68ealthz", "/v1/placement", "//healthz", "/v1/placements/x/bundle/more", "/v1/placements//bundle"])
    func anyOtherPathIs404(_ target: String) {
        let response = open.respond(to: HTTPRequest(method: "GET", target: target))
        #expect(response.status == 404)
        #expect(code(response) == "not_found")
    }

    @Test(arguments: [[], [("Authorization", "Bearer wrong")], [("Authorization", "s3cret")], [("Authorization", "Basic s3cret")],
                      [("Authorization", "Bearer s3cret2")], [("Authorization", "Bearer")]])
    func v1WithoutTheTokenIs401(_ headers: [(String, String)]) {
        let response = guarded.respond(to: HTTPRequest(method: "GET", target: "/v1/placements", headers: headers.map { (name: $0.0, value: $0.1) }))
        #expect(response.status == 401)
        #expect(code(response) == "unauthorized")
        #expect(response.headers.contains { $0 == ("WWW-Authenticate", "Bearer") })
        #expect(!String(decoding: response.body.bytes, as: UTF8.self).contains("s3cret"))
    }

    @Test(arguments: ["Bearer s3cret", "bearer s3cret", "BEARER  s3cret"])
    func v1WithTheTokenGoesOn(_ value: String) {
        // Past the token: the route, which has no snapshot to answer from.
        #expect(guarded.respond(to: HTTPRequest(method: "GET", target: "/v1/placements", headers: [("authorization", value)])).status == 503)
    }

    @Test func healthNeedsNoToken() {
        #expect(guarded.respond(to: HTTPRequest(method: "GET", target: "/healthz")).status == 200)
        #expect(guarded.respond(to: HTTPRequest(method: "GET", target: "/v1")).status == 401)
        #expect(guarded.respond(to: HTTPRequest(method: "GET", target: "/v1x")).status == 404)
    }

    /// The app token opens what apps call; the admin token opens everything; an operator route refuses the app
    /// token (403) and a missing or wrong one (401); with no admin token, no one reads an operator route.
    @Test func eachRoleOpensItsRoutes() throws {
        let both = Self.service(tokens: try Self.tokens(app: "app-s3cret", admin: "admin-s3cret"))
        let appOnly = Self.service(tokens: try Self.tokens(app: "app-s3cret"))
        let adminOnly = Self.service(tokens: try Self.tokens(app: nil, admin: "admin-s3cret"))
        func status(_ service: PaywallService, _ target: String, _ token: String?) -> Int {
            service.respond(to: HTTPRequest(method: "GET", target: target, headers: token.map { [("Authorization", "Bearer \($0)")] } ?? [])).status
        }
        for target in ["/v1/placements", "/v1/placements/p/bundle", "/v1/locales/match?available=en&locale=en"] {
            #expect(status(both, target, nil) == 401, "\(target)")
            #expect(status(both, target, "wrong") == 401, "\(target)")
            #expect(status(both, target, "app-s3cret") != 401, "\(target)")
            #expect(status(both, target, "admin-s3cret") != 401, "\(target)")
            #expect(status(adminOnly, target, nil) != 401, "\(target)")
        }
        for target in ["/v1/report", "/v1/status", "/metrics"] {
            #expect(status(both, target, nil) == 401, "\(target)")
            #expect(status(both, target, "wrong") == 401, "\(target)")
            let refused = both.respond(to: HTTPRequest(method: "GET", target: target, headers: [("Authorization", "Bearer app-s3cret")]))
            #expect(refused.status == 403, "\(target)")
            #expect(code(refused) == "forbidden")
            // Past the token: the route, which has no store to tell of (503) or tells of the process (200).
            #expect(![401, 403].contains(status(both, target, "admin-s3cret")), "\(target)")
            #expect(![401, 403].contains(status(adminOnly, target, "admin-s3cret")), "\(target)")
            #expect(status(adminOnly, target, "app-s3cret") == 401, "\(target)")
            #expect(status(appOnly, target, "app-s3cret") == 403, "\(target)")
            #expect(status(appOnly, target, nil) == 403, "\(target)")
        }
        for service in [both, appOnly, adminOnly] {
            #expect(status(service, "/healthz", nil) == 200)
            #expect(status(service, "/readyz", nil) == 503)
        }
    }

    @Test func theTargetSplitsAtTheFirstQuestionMark() {
        let request = HTTPRequest(method: "GET", target: "/a%2Fb?x=%zz&y=?", headers: [("X-Thing", "1")])
        #expect(request.path == "/a%2Fb")
        #expect(request.query == "x=%zz&y=?")
        #expect(request.header("x-thing") == "1")
        #expect(request.header("X-Other") == nil)
        #expect(HTTPRequest(method: "GET", target: "/a").query == nil)
    }
}
