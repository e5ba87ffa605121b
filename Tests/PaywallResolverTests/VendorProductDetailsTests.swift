import LocaleKit
import PaywallModel
@testable import PaywallResolver
import PaywallStore
import Testing

/// What a vendor file says of a product, per paywall, reaches the bundle: the dashboard's ids, type
/// and title, and the offers the purchase applies. Two paywalls of the vendor's own file sell its
/// monthly product, one with a promotional offer: each bundle offers it as its paywall sells it.
@Suite final class VendorProductDetailsTests {
    let vendor: PublishedFixture

    init() throws {
        vendor = try PublishedFixture("Tests/Fixtures/adapty-fallback/vendor-ios-v8.json")
    }

    /// The products of the bundle of `placement` whose variation shows `paywall`, as JSON objects.
    func products(placement: String, paywall: String) throws -> [JSONObject] {
        let resolver = PaywallResolver(store: vendor.store)
        for profile in (0..<200).map({ "profile-\($0)" }) {
            let bundle = try resolver.resolve(ResolutionRequest(placementID: placement, locales: ["en"], profileID: profile))
            guard bundle.paywall?.paywall.id == paywall, case let .array(products)? = bundle.json().objectValue?["products"] else { continue }
            return products.compactMap(\.objectValue)
        }
        Issue.record("no profile gets paywall \(paywall) at \(placement)")
        return []
    }

    static let monthly = "02e463b3-164e-4d2a-98a7-84d1177196f2"

    @Test func eachPaywallOffersTheProductAsItSellsIt() throws {
        let withOffer = try #require(try products(placement: "access.or.subscribe", paywall: "4b2c8c81-ec2a-42d9-8598-00d2d44c9fbf")
            .first { $0["adaptyProductId"] == .string(Self.monthly) })
        #expect(withOffer["vendorProductId"] == .string("monthly.premium.999"))
        #expect(withOffer["localizedTitle"] == .string("Monthly Premium"))
        #expect(withOffer["promotionalOfferId"] == .string("pay_as_you_go.3 months"))
        #expect(withOffer["promotionalOfferEligibility"] == .bool(false))
        let without = try #require(try products(placement: "access.or.subscribe", paywall: "c08ab9e3-6dbb-4103-8b3e-01e2e03b94b6")
            .first { $0["adaptyProductId"] == .string(Self.monthly) })
        #expect(without["promotionalOfferId"] == .null)
        #expect(without["localizedTitle"] == .string("Monthly Premium"))
    }

    @Test func theBundleNamesEveryFieldInOneOrder() throws {
        let product = try #require(try products(placement: "access.or.subscribe", paywall: "c08ab9e3-6dbb-4103-8b3e-01e2e03b94b6").first)
        #expect(product.keys == ["vendorProductId", "adaptyProductId", "accessLevelId", "productType", "localizedTitle", "price", "currencyCode",
                                 "localizedPrice", "localizedSubscriptionPeriod", "localizedTrialPeriod", "promotionalOfferId",
                                 "promotionalOfferEligibility", "winBackOfferId", "basePlanId", "offerId", "flowProductId"])
        // Format 8 names no access level or type.
        #expect(product["accessLevelId"] == .null && product["productType"] == .null)
    }

    /// Format 10 names the access level, the type and the flow's product id.
    @Test func aFlowsProductsCarryTheirTypeAndFlowProductID() throws {
        let flows = try PublishedFixture("Tests/Fixtures/adapty-fallback/format-10.json")
        let bundle = try PaywallResolver(store: flows.store).resolve(ResolutionRequest(placementID: "sleep", locales: ["en"]))
        let product = try #require(bundle.json().objectValue?["paywalls"]?.arrayValue?.first?.objectValue?["products"]?.arrayValue?.first?.objectValue)
        #expect(product["adaptyProductId"] == .string("prod-yearly"))
        #expect(product["accessLevelId"] == .string("premium"))
        #expect(product["productType"] == .string("annual"))
        #expect(product["flowProductId"] == .string("fp-yearly"))
        #expect(product["promotionalOfferEligibility"] == .bool(true))
        // No title anywhere: none is made up.
        #expect(product["localizedTitle"] == .null)
    }

    /// A paywall-export's product has its own access level and localized titles, and no vendor ids.
    @Test func aPaywallExportsProductsSayWhatTheExportSays() throws {
        let sample = try PublishedFixture("sync-config/sample-export.json")
        let bundle = try PaywallResolver(store: sample.store).resolve(ResolutionRequest(placementID: "onboarding", locales: ["pt-BR"],
                                                                                        context: UserContext(country: "BR")))
        let product = try #require(bundle.json().objectValue?["products"]?.arrayValue?.first?.objectValue)
        #expect(product["accessLevelId"] == .string("premium"))
        #expect(product["localizedTitle"] == .string("Premium Anual"))
        for key in ["adaptyProductId", "productType", "promotionalOfferId", "promotionalOfferEligibility", "winBackOfferId", "flowProductId"] {
            #expect(product[key] == .null, "\(key)")
        }
    }
}
