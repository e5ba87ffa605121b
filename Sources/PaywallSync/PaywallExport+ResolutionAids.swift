import LocaleKit
import PaywallModel
import PaywallStore

extension PaywallExport {
    /// Every price and period of the export formatted, as `resolve` formats them, for each locale its
    /// paywalls, product titles, onboardings and flows name: a cold `resolve` for a user who asks for
    /// one of those (or who gets one matched) reads these instead of loading ICU's number formatting.
    /// What ICU cannot format is left out (`resolve` then says why).
    public func formattedTexts() -> [FormattedText] {
        var seen: Set<String> = []
        let locales = localeSpellings.sorted().compactMap { try? LanguageTag(parsing: $0) }.filter { seen.insert($0.identifier).inserted }
        var priceSeen: Set<String> = [], periodSeen: Set<String> = []
        let prices = products.flatMap(\.prices).filter { priceSeen.insert(ProductFormatter.priceKey($0.amount, currency: $0.currency)).inserted }
        let periods = products.flatMap { [$0.period, $0.trial].compactMap { $0 } }
            .filter { periodSeen.insert("\($0.count) \($0.unit.rawValue)").inserted }
        // Locale by locale, so that a few formatters at a time are alive.
        let formatter = ProductFormatter(cacheLimit: 64)
        var texts: [FormattedText] = []
        for locale in locales {
            for price in prices {
                guard let text = try? formatter.price(price.amount, currency: price.currency, locale: locale) else { continue }
                texts.append(FormattedText(locale: locale.identifier, key: ProductFormatter.priceKey(price.amount, currency: price.currency),
                                           text: text))
            }
            for period in periods {
                guard let unit = PeriodUnit(rawValue: period.unit.rawValue),
                      let text = try? formatter.period(period.count, unit, locale: locale) else { continue }
                texts.append(FormattedText(locale: locale.identifier, key: ProductFormatter.periodKey(period.count, unit), text: text))
            }
        }
        return texts
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
