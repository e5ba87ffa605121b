/// A product a paywall sells, with its per-locale titles and per-country prices.
public struct Product: Sendable, Hashable {
    public var id: String
    /// What paywalls refer to it by, unique in the export: its id, unless a vendor file's paywalls
    /// sell it with different details (other offers), each then kept under a key of its own
    /// (`FallbackCatalog`).
    public var key: String
    public var vendorProductID: String
    public var accessLevelID: String?
    public var period: SubscriptionPeriod?
    public var trial: SubscriptionPeriod?
    /// Titles keyed by locale as the export spells them.
    public var titles: [String: String]
    public var prices: [Price]
    /// What a vendor fallback file says of the product beyond that; nil for a paywall-export.
    public var vendorDetails: VendorProductDetails?

    public init(id: String, vendorProductID: String, accessLevelID: String?, period: SubscriptionPeriod?,
                trial: SubscriptionPeriod?, titles: [String: String], prices: [Price], vendorDetails: VendorProductDetails? = nil,
                key: String? = nil) {
        self.id = id
        self.key = key ?? id
        self.vendorProductID = vendorProductID
        self.accessLevelID = accessLevelID
        self.period = period
        self.trial = trial
        self.titles = titles
        self.prices = prices
        self.vendorDetails = vendorDetails
    }
}

/// What the vendor's fallback file says of a product as a paywall sells it (docs/formats.md): the
/// dashboard's id, type and title, and the store offers the purchase applies. Each is nil when the
/// file does not say it.
public struct VendorProductDetails: Sendable, Hashable {
    public var adaptyProductID: String?
    /// `product_type` (formats 9 to 11): `weekly`, `monthly`, ..., `lifetime`, `consumable`,
    /// `uncategorised`, as the file spells it.
    public var productType: String?
    /// The dashboard's name of the product (format 8), not localized.
    public var title: String?
    public var promotionalOfferID: String?
    /// False when the dashboard says the user may not get the promotional offer: the vendor's SDKs
    /// then leave it out.
    public var promotionalOfferEligibility: Bool?
    public var winBackOfferID: String?
    /// Google Play's base plan and offer.
    public var basePlanID: String?
    public var offerID: String?
    /// What a flow's screens name the product by (formats 10 and 11).
    public var flowProductID: String?

    public init(adaptyProductID: String? = nil, productType: String? = nil, title: String? = nil, promotionalOfferID: String? = nil,
                promotionalOfferEligibility: Bool? = nil, winBackOfferID: String? = nil, basePlanID: String? = nil,
                offerID: String? = nil, flowProductID: String? = nil) {
        self.adaptyProductID = adaptyProductID
        self.productType = productType
        self.title = title
        self.promotionalOfferID = promotionalOfferID
        self.promotionalOfferEligibility = promotionalOfferEligibility
        self.winBackOfferID = winBackOfferID
        self.basePlanID = basePlanID
        self.offerID = offerID
        self.flowProductID = flowProductID
    }
}

public struct SubscriptionPeriod: Sendable, Hashable {
    public enum Unit: String, CaseIterable, Sendable {
        case day, week, month, year
    }

    public var unit: Unit
    public var count: Int

    public init(unit: Unit, count: Int) {
        self.unit = unit
        self.count = count
    }
}

public struct Price: Sendable, Hashable {
    /// ISO 3166 region code.
    public var country: String
    /// ISO 4217 currency code.
    public var currency: String
    /// The amount as a decimal string (`49.90`): never through binary floating point.
    public var amount: String

    public init(country: String, currency: String, amount: String) {
        self.country = country
        self.currency = currency
        self.amount = amount
    }
}
