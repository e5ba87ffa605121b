import LocaleKit
import PaywallModel
import PaywallStore

extension PaywallExport {
    /// The most texts import formats, and the most (locale, text) pairs it looks at to choose them: twice what
    /// a large realistic catalogue needs (the 1,000 × 40 benchmark export formats 13,520), while an export at every
    /// bound (a paywall in 200 locales selling 50 products of 300 prices) costs no more than three times a realistic
    /// one of its size. Past them, `resolve` formats what it shows.
    static let formattedTextLimit = 30_000
    static let formattingStepLimit = 2_000_000

    /// The prices and periods a request can show, formatted as `resolve` formats them, for each locale
    /// of the paywall that sells them: a cold `resolve` for a user who asks for one of those (or who
    /// gets one matched) reads these instead of loading ICU's number formatting. Only the pairs a
    /// paywall reaches, and at most `formattedTextLimit` of them. What ICU cannot format is left out
    /// (`resolve` then says why).
    public func formattedTexts() -> [FormattedText] {
        var wanted: [String: [String: FormattedValue]] = [:]
        var (count, steps) = (0, 0)
        var tags: [String: LanguageTag?] = [:]
        let productsByKey = Dictionary(products.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        paywalls: for paywall in paywalls {
            let locales = paywall.localizations.compactMap { localization in
                if let known = tags[localization.locale] { return known }
                let tag = try? LanguageTag(parsing: localization.locale)
                tags[localization.locale] = tag
                return tag
            }
            for product in paywall.productKeys.compactMap({ productsByKey[$0] }) {
                let values = product.prices.map(FormattedValue.price) + [product.period, product.trial].compactMap(FormattedValue.init)
                for locale in locales {
                    for value in values {
                        steps += 1
                        guard steps <= Self.formattingStepLimit, count < Self.formattedTextLimit else { break paywalls }
                        if wanted[locale.identifier, default: [:]].updateValue(value, forKey: value.key) == nil { count += 1 }
                    }
                }
            }
        }
        // Locale by locale, so that a few formatters at a time are alive.
        let formatter = ProductFormatter(cacheLimit: 64)
        return wanted.keys.sorted().flatMap { identifier -> [FormattedText] in
            guard let locale = try? LanguageTag(parsing: identifier) else { return [] }
            return wanted[identifier, default: [:]].sorted { $0.key < $1.key }.compactMap { key, value in
                value.text(formatter, locale).map { FormattedText(locale: identifier, key: key, text: $0) }
            }
        }
    }

    /// ICU's answers that resolving against the export will ask, recorded for `LocaleFacts.learn`: for
    /// each locale the export or `policy` names, as a user's preference or as an available, its parse,
    /// its fallback chain and the matching language of each step, its direction.
    public func localeFacts(policy: LocalePolicy) -> String {
        let spellings = localeSpellings.union([policy.defaultLocale]).union(policy.aliases.values)
            .union(policy.equivalentLanguages.keys).union(policy.equivalentLanguages.values)
        return LocaleFacts.shared.recording {
            for spelling in spellings.sorted() {
                for element in Preference(spelling, policy: policy).chain {
                    _ = policy.matchKey(for: element)
                    _ = element.maximized.isRightToLeft
                }
                if let tag = try? policy.languageTag(for: spelling) { _ = LocaleIdentity(tag) }
            }
        }
    }

    /// Every locale the export names: its paywalls', product titles', onboardings' and flows'.
    var localeSpellings: Set<String> {
        var spellings: Set<String> = [defaultLocale]
        for paywall in paywalls { spellings.formUnion([paywall.defaultLocale] + paywall.localizations.map(\.locale)) }
        for product in products { spellings.formUnion(product.titles.keys) }
        for onboarding in onboardings { spellings.formUnion([onboarding.builderLocale] + [onboarding.remoteConfig?.locale].compactMap { $0 }) }
        for flow in flows { spellings.formUnion(flow.locales) }
        return spellings
    }
}

/// A price or a period, as `resolve` formats it and keys it.
private enum FormattedValue {
    case price(Price)
    case period(Int, PeriodUnit)

    init?(_ period: SubscriptionPeriod?) {
        guard let period, let unit = PeriodUnit(rawValue: period.unit.rawValue) else { return nil }
        self = .period(period.count, unit)
    }

    var key: String {
        switch self {
        case let .price(price): ProductFormatter.priceKey(price.amount, currency: price.currency)
        case let .period(count, unit): ProductFormatter.periodKey(count, unit)
        }
    }

    func text(_ formatter: ProductFormatter, _ locale: LanguageTag) -> String? {
        switch self {
        case let .price(price): try? formatter.price(price.amount, currency: price.currency, locale: locale)
        case let .period(count, unit): try? formatter.period(count, unit, locale: locale)
        }
    }
}
