import FixtureSupport
import Foundation
import Testing

/// The vendor's own format-8 file served: the bundle route and `POST /v1/bundles` offer each paywall's
/// products with what the file says of them (its two paywalls at `access.or.subscribe` sell the monthly
/// product, one with a promotional offer), as `resolve` does.
@Suite final class ServeProductDetailsTests {
    let store: TemporaryStore
    let server: ServeProcess

    init() throws {
        store = try TemporaryStore()
        try store.importExport(Repository.file("Tests/Fixtures/adapty-fallback/vendor-ios-v8.json").path)
        server = try ServeProcess(store: store.path)
    }

    /// A profile id whose draw shows `paywall` at the placement, from the CLI.
    func profile(showing paywall: String) throws -> String {
        for profile in (0..<100).map({ "profile-\($0)" }) {
            if try store.resolve(["--placement", "access.or.subscribe", "--profile-id", profile]).string("paywallId") == paywall { return profile }
        }
        throw CancellationError()
    }

    @Test func theBundleRouteAndTheBatchOfferWhatThePaywallSells() throws {
        let profile = try profile(showing: "4b2c8c81-ec2a-42d9-8598-00d2d44c9fbf")
        let cli = try canonicalJSON(try store.run(["resolve", "--placement", "access.or.subscribe", "--profile-id", profile]).standardOutput)
        let response = try server.request("GET", "/v1/placements/access.or.subscribe/bundle?profile_id=\(profile)")
        #expect(response.status == 200)
        #expect(try canonicalJSON(response.body) == cli)
        let products = try #require(try response.json()["products"] as? [[String: Any]])
        let monthly = try #require(products.first { $0["adaptyProductId"] as? String == "02e463b3-164e-4d2a-98a7-84d1177196f2" })
        #expect(monthly["promotionalOfferId"] as? String == "pay_as_you_go.3 months")
        #expect(monthly["localizedTitle"] as? String == "Monthly Premium")
        let batch = try server.request("POST", "/v1/bundles", body: #"{"requests": [{"placement": "access.or.subscribe", "profile_id": "\#(profile)"}]}"#)
        let bundles = try #require(try batch.json()["bundles"] as? [Any])
        #expect(try canonicalJSON(of: bundles[0]) == cli)
    }
}
