import LocaleKit
import PaywallModel

extension ProductOffer {
    /// `product` offered at `price`, its price and periods formatted for `locale`: taken from `known`
    /// (texts formatted at import, by `ProductFormatter.priceKey` and `periodKey`), else by ICU. A text
    /// that cannot be formatted (a currency ICU does not know) is left out, and why is added to `problems`.
    /// Without a title in the user's language, the title is the dashboard's (a vendor file's), if any.
    init(_ product: Product, localizedTitle: String?, price: Price?, formatter: ProductFormatter, locale: LanguageTag?,
         known: [String: String] = [:], problems: inout [String]) {
        func formatted(_ field: String, _ format: (LanguageTag) throws(ProductFormattingError) -> String) -> String? {
            guard let locale else { return nil }
            do {
                return try format(locale)
            } catch {
                problems.append("product \(product.vendorProductID): no \(field) for \(locale): \(error)")
                return nil
            }
        }
        func period(_ period: SubscriptionPeriod?, _ field: String) -> String? {
            period.flatMap { period in
                formatted(field) { locale throws(ProductFormattingError) in
                    if let text = known[ProductFormatter.periodKey(period.count, PeriodUnit(period.unit))] { return text }
                    return try formatter.period(period.count, PeriodUnit(period.unit), locale: locale)
                }
            }
        }
        self.init(vendorProductID: product.vendorProductID, accessLevelID: product.accessLevelID,
                  localizedTitle: localizedTitle ?? product.vendorDetails?.title, price: price,
                  localizedPrice: price.flatMap { price in
                      formatted("localizedPrice") { locale throws(ProductFormattingError) in
                          if let text = known[ProductFormatter.priceKey(price.amount, currency: price.currency)] { return text }
                          return try formatter.price(price.amount, currency: price.currency, locale: locale)
                      }
                  },
                  localizedSubscriptionPeriod: period(product.period, "localizedSubscriptionPeriod"),
                  localizedTrialPeriod: period(product.trial, "localizedTrialPeriod"), vendorDetails: product.vendorDetails)
    }
}

extension PeriodUnit {
    init(_ unit: SubscriptionPeriod.Unit) {
        switch unit {
        case .day: self = .day
        case .week: self = .week
        case .month: self = .month
        case .year: self = .year
        }
    }
}

extension Product {
    /// The keys of the texts an offer at `price` shows, as formatted at import.
    func formattedKeys(at price: Price?) -> [String] {
        [price.map { ProductFormatter.priceKey($0.amount, currency: $0.currency) }].compactMap { $0 }
            + [period, trial].compactMap { $0.map { ProductFormatter.periodKey($0.count, PeriodUnit($0.unit)) } }
    }
}
