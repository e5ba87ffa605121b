import Synchronization

/// Prices and subscription periods as a locale writes them, formatted by ICU: `R$ 49,90` and `1 mês`
/// for `pt-BR`, `3 месяца` for `ru`. Formatters are built once per locale and currency (or unit) and
/// reused; safe to use from several threads.
public final class ProductFormatter: Sendable {
    private enum Measure: Hashable {
        case currency(String)
        case period(PeriodUnit)
    }

    private struct Key: Hashable {
        let locale: String
        let measure: Measure
    }

    /// Emptied when it grows past `cacheLimit`, so that arbitrary user locales cannot grow it forever.
    private let formatters = Mutex<[Key: ICUNumberFormatter]>([:])
    private let cacheLimit: Int

    public init(cacheLimit: Int = 1024) {
        self.cacheLimit = cacheLimit
    }

    /// `amount`, a decimal string (`49.90`), in `currency` (ISO 4217, `BRL`), rounded to the currency's
    /// digits as ICU does (half even).
    public func price(_ amount: String, currency: String, locale: LanguageTag) throws(ProductFormattingError) -> String {
        let key = Key(locale: locale.identifier, measure: .currency(currency))
        return try formatter(for: key) { () throws(ProductFormattingError) in try ICUNumberFormatter(currency: currency, locale: locale) }
            .format(decimal: amount)
    }

    /// `count` units with the unit's full name in the plural form the count takes (`5 месяцев`).
    public func period(_ count: Int, _ unit: PeriodUnit, locale: LanguageTag) throws(ProductFormattingError) -> String {
        let key = Key(locale: locale.identifier, measure: .period(unit))
        return try formatter(for: key) { () throws(ProductFormattingError) in try ICUNumberFormatter(unit: unit, locale: locale) }
            .format(integer: count)
    }

    private func formatter(
        for key: Key, making make: () throws(ProductFormattingError) -> ICUNumberFormatter
    ) throws(ProductFormattingError) -> ICUNumberFormatter {
        if let formatter = formatters.withLock({ $0[key] }) { return formatter }
        let formatter = try make()
        formatters.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll() }
            cache[key] = formatter
        }
        return formatter
    }
}

extension ProductFormatter {
    /// What a price formatted ahead of time is kept under: `price BRL 49.90`.
    public static func priceKey(_ amount: String, currency: String) -> String {
        "price \(currency) \(amount)"
    }

    /// What a period formatted ahead of time is kept under: `period 1 month`.
    public static func periodKey(_ count: Int, _ unit: PeriodUnit) -> String {
        "period \(count) \(unit.rawValue)"
    }
}
