import FixtureSupport
import Foundation
import Testing

/// The shipped deployment under attack: nginx with `scripts/deploy/nginx-paywalls.conf` in front of two replicas
/// with both tokens, and the hostile requests that once took a replica (and, through nginx's retries, the fleet)
/// down or held it: each gets its clear answer, and both replicas are alive and answering after.
@Suite struct FleetHostileRequestsTests {
    static let appToken = "app-token-5c1d9e"
    static let adminToken = "admin-token-e27a40"

    static func event(_ id: String, type: String = "shown", createdAt: String = "2026-11-29T12:00:00Z", extra: String = "") -> String {
        #"{"event_id":"\#(id)","type":"\#(type)","created_at":"\#(createdAt)","profile_id":"p-fleet","placement_id":"onboarding","variation_id":"v-a"\#(extra)}"#
    }

    @Test func hostileRequestsThroughNginxLeaveBothReplicasAnswering() throws {
        let store = try TemporaryStore()
        try store.importExport()
        let app = try store.write(Self.appToken + "\n", to: "app.token")
        let admin = try store.write(Self.adminToken + "\n", to: "admin.token")
        for path in [app, admin] { try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path) }
        let arguments = ["--token-file", app, "--admin-token-file", admin, "--threads", "1"]
        let replicas = [try ServeProcess(arguments, store: store.path), try ServeProcess(arguments, store: store.path)]
        let nginx = try ShippedNginx(replicas: [replicas[0].port, replicas[1].port, replicas[0].port])
        let apps = ["Authorization: Bearer \(Self.appToken)"], operators = ["Authorization: Bearer \(Self.adminToken)"]
        func events(_ list: [String]) throws -> RawResponse {
            try nginx.request("POST /v1/events HTTP/1.1", headers: apps, body: #"{"events":[\#(list.joined(separator: ","))]}"#)
        }
        func rejections(_ response: RawResponse) throws -> [String] {
            #expect(response.status == 200, "\(response.body)")
            return (try response.json()["rejected"] as? [[String: Any]] ?? []).compactMap { $0["pointer"] as? String }
        }

        // A price past Int64 once it is scaled, a day February lacks, an offset past ±23:59, a member named twice.
        #expect(try rejections(events([Self.event("price", type: "purchase_finished",
                                                   extra: #","purchase_result":"purchased","product":{"vendor_product_id":"x","price":9223372036855,"currency":"USD"}"#),
                                       Self.event("feb31", createdAt: "2026-02-31T10:00:00Z"),
                                       Self.event("offset", createdAt: "2026-02-01T10:00:00+99:99"),
                                       Self.event("twice", extra: #","variation_id":"v-b""#)]))
            == ["/events/0/product/price", "/events/1/created_at", "/events/2/created_at", "/events/3/variation_id"])
        // Revenue past Int64 in the report: ten purchases at the largest price.
        let purchases = (0..<10).map { Self.event("buy-\($0)", type: "purchase_finished",
                                                  extra: #","purchase_result":"purchased","product":{"vendor_product_id":"x","price":999999999999.999999,"currency":"USD"}"#) }
        #expect(try rejections(events([Self.event("seen")] + purchases)).isEmpty)
        let report = try nginx.operatorRequest("GET /v1/report HTTP/1.1", headers: operators)
        #expect(report.status == 200, "\(report.body)")
        #expect(report.body.contains("9999999999999.99999"), "\(report.body.prefix(400))")
        // The report is the operators' alone: not on the public side, not with the app token.
        #expect(try nginx.request("GET /v1/report HTTP/1.1", headers: operators).status == 404)
        #expect(try nginx.operatorRequest("GET /v1/report HTTP/1.1", headers: apps).status == 403)
        // Long placement ids: refused at once rather than compared with every id.
        let long = String(repeating: "a", count: 3_000)
        #expect(try nginx.request("GET /v1/placements/\(long)/bundle HTTP/1.1", headers: apps).status == 400)
        let items = (0..<20).map { #"{"placement": "\#(String(repeating: "b", count: 1_000))\#($0)"}"# }.joined(separator: ",")
        let batch = try nginx.request("POST /v1/bundles HTTP/1.1", headers: apps, body: #"{"requests": [\#(items)]}"#)
        #expect(batch.status == 200)
        #expect((try batch.json()["bundles"] as? [[String: Any]])?.allSatisfy { ($0["error"] as? [String: Any])?["status"] as? Int == 400 } == true)
        // Events without the token: nothing stored. (nginx answers `Expect: 100-continue` itself; serve's own refusal of
        // a body from its head is ServeHeadRefusalTests'.)
        #expect(try nginx.request("POST /v1/events HTTP/1.1", body: #"{"events":[\#(Self.event("anonymous"))]}"#).status == 401)

        for replica in replicas {
            #expect(replica.running.isRunning)
            #expect(try replica.request("GET", "/healthz").status == 200)
        }
        for _ in 0..<4 {
            #expect(try nginx.request("GET /v1/placements/onboarding/bundle?locale=pt_BR HTTP/1.1", headers: apps).status == 200)
        }
        #expect(try store.storedEventIDs() == (["seen"] + (0..<10).map { "buy-\($0)" }).sorted())
    }
}
