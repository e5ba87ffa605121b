@testable import PaywallServer
import LocaleKit
import PaywallSync
import PaywallEvents
import PaywallStore
import Testing

@Suite("The service's routing and bearer token, without a socket")
struct PaywallServiceTests {
    /// Services over no store: routing and the token need none (a snapshot-less answer is 503).
    static func service(token: Token?, metrics: ServiceMetrics = ServiceMetrics()) -> PaywallService {
        PaywallService(token: token, holder: SnapshotHolder(), metrics: metrics, freshness: SourceFreshness(), maxStaleness: nil,
                       storePath: "/nonexistent/store", policy: .standard,
                       events: EventWriter { () throws(StoreError) in throw StoreError(kind: .missing, message: "no events here") },
                       eventStore: .storeDirectory("/nonexistent/store"))
    }

    let open = service(token: nil)
    let guarded = service(token: Token(secret: "s3cret"))

    func code(_ response: HTTPResponse) -> String? {
        let body = String(decoding: response.body.bytes, as: UTF8.self)
        return body.split(separator: "\"").drop { $0 != "code" }.dropFirst(2).first.map(String.init)
    }

    /// A request's time in the metrics counts from its arrival (when the server saw its first bytes), not from when
    /// the service took it: also past 2^64 attoseconds (18.4 s).
    @Test(arguments: [Duration.milliseconds(60), .seconds(30)])
    func aRequestsTimeCountsFromItsArrival(ago: Duration) throws {
        let metrics = ServiceMetrics()
        _ = Self.service(token: nil, metrics: metrics).respond(to: HTTPRequest(method: "GET", target: "/healthz", arrival: .now - ago))
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
        let response = open.respond(to: HTTPRequest(method: method, target: "/healthz"))
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

    @Test func theTargetSplitsAtTheFirstQuestionMark() {
        let request = HTTPRequest(method: "GET", target: "/a%2Fb?x=%zz&y=?", headers: [("X-Thing", "1")])
        #expect(request.path == "/a%2Fb")
        #expect(request.query == "x=%zz&y=?")
        #expect(request.header("x-thing") == "1")
        #expect(request.header("X-Other") == nil)
        #expect(HTTPRequest(method: "GET", target: "/a").query == nil)
    }
}
