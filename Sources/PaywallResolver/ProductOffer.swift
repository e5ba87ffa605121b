import PaywallModel

/// A product as one user is offered it: the title in their language, the price for their country, and
/// the price and periods as their locale writes them (`R$ 49,90`, `1 mês`, `7 dias`); and what the
/// export says the store applies to the purchase, as the paywall sells the product (a vendor file's ids,
/// type and offers).
public struct ProductOffer: Sendable {
    public let vendorProductID: String
    public let accessLevelID: String?
    public let localizedTitle: String?
    public let price: Price?
    public let localizedPrice: String?
    public let localizedSubscriptionPeriod: String?
    public let localizedTrialPeriod: String?
    public let vendorDetails: VendorProductDetails?

    var json: JSONValue {
        .object(JSONObject([
            "vendorProductId": .string(vendorProductID),
            "adaptyProductId": .optional(vendorDetails?.adaptyProductID),
            "accessLevelId": .optional(accessLevelID),
            "productType": .optional(vendorDetails?.productType),
            "localizedTitle": .optional(localizedTitle),
            "price": price.map { .number($0.amount) } ?? .null,
            "currencyCode": .optional(price?.currency),
            "localizedPrice": .optional(localizedPrice),
            "localizedSubscriptionPeriod": .optional(localizedSubscriptionPeriod),
            "localizedTrialPeriod": .optional(localizedTrialPeriod),
            // As the file gives it; the vendor's SDKs leave it out when the eligibility is false.
            "promotionalOfferId": .optional(vendorDetails?.promotionalOfferID),
            "promotionalOfferEligibility": vendorDetails?.promotionalOfferEligibility.map(JSONValue.bool) ?? .null,
            "winBackOfferId": .optional(vendorDetails?.winBackOfferID),
            "basePlanId": .optional(vendorDetails?.basePlanID),
            "offerId": .optional(vendorDetails?.offerID),
            "flowProductId": .optional(vendorDetails?.flowProductID),
        ]))
    }
}
