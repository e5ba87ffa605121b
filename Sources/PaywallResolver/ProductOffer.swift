import PaywallModel

/// A product as one user is offered it: the title in their language, the price for their country, and
/// the price and periods as their locale writes them (`R$ 49,90`, `1 mês`, `7 dias`).
public struct ProductOffer: Sendable {
    public let vendorProductID: String
    public let localizedTitle: String?
    public let price: Price?
    public let localizedPrice: String?
    public let localizedSubscriptionPeriod: String?
    public let localizedTrialPeriod: String?

    var json: JSONValue {
        .object(JSONObject([
            "vendorProductId": .string(vendorProductID),
            "localizedTitle": .optional(localizedTitle),
            "price": price.map { .number($0.amount) } ?? .null,
            "currencyCode": .optional(price?.currency),
            "localizedPrice": .optional(localizedPrice),
            "localizedSubscriptionPeriod": .optional(localizedSubscriptionPeriod),
            "localizedTrialPeriod": .optional(localizedTrialPeriod),
        ]))
    }
}
