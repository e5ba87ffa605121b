/// A product a paywall sells, with its per-locale titles and per-country prices.
public struct Product: Sendable, Equatable {
    public var id: String
    public var vendorProductID: String
    public var accessLevelID: String?
    public var period: SubscriptionPeriod?
    public var trial: SubscriptionPeriod?
    /// Titles keyed by locale as the export spells them.
    public var titles: [String: String]
    public var prices: [Price]

    public init(id: String, vendorProductID: String, accessLevelID: String?, period: SubscriptionPeriod?,
                trial: SubscriptionPeriod?, titles: [String: String], prices: [Price]) {
        self.id = id
        self.vendorProductID = vendorProductID
        self.accessLevelID = accessLevelID
        self.period = period
        self.trial = trial
        self.titles = titles
        self.prices = prices
    }
}

public struct SubscriptionPeriod: Sendable, Equatable {
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

public struct Price: Sendable, Equatable {
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
