import LocaleKit
import PaywallModel
import PaywallStore

extension SnapshotResolver {
    /// How `products` are offered to users of `preferences` (the request's `locales`), who read content
    /// in `matched`: each title in their language (product titles have locales of their own, matched like
    /// localizations; `identities` are the ones the store knows), prices and periods formatted for
    /// `formattingLocale`, and the price of the locale's region when the user's country has none.
    func offerLocales(of products: [Product], preferences: [Preference], locales: [String], matched: String, defaultLocale: String,
                      identities: [String: String], mode: MatchMode) -> OfferLocales {
        let regions = localeRegions(of: locales, matched: matched)
        return OfferLocales(formattingLocale: formattingLocale(for: preferences, matched: matched),
                            titleLocales: products.map { product in
                                titleLocale(of: product, for: preferences, matched: matched, defaultLocale: defaultLocale,
                                            identities: identities, mode: mode)
                            },
                            localePrices: products.map { Self.priceIndex(of: $0, localeRegions: regions) })
    }

    /// The offers of `products` at `prices` (a price position each), their texts taken from those the
    /// source formatted at import where it has them. Problems formatting go to `problems`.
    func offers(of products: [Product], locales: OfferLocales, prices: [Int?], problems: inout [String]) throws -> [ProductOffer] {
        let known = try locales.formattingLocale.map { locale throws(StoreError) in
            try source.formattedTexts(for: locale.identifier, keys: zip(products, prices).flatMap { product, price in
                product.formattedKeys(at: price.map { product.prices[$0] })
            })
        } ?? [:]
        return products.indices.map { index in
            offer(of: products[index], titleLocale: locales.titleLocales[index], price: prices[index], locale: locales.formattingLocale,
                  known: known, problems: &problems)
        }
    }

    /// One offer: `product` with the title of `titleLocale` and the price at position `price`.
    func offer(of product: Product, titleLocale: String?, price: Int?, locale: LanguageTag?, known: [String: String] = [:],
               problems: inout [String]) -> ProductOffer {
        ProductOffer(product, localizedTitle: titleLocale.flatMap { product.titles[$0] }, price: price.map { product.prices[$0] },
                     formatter: formatter, locale: locale, known: known, problems: &problems)
    }

    /// The locale prices and periods are written in: the user's first usable preference, whole (its region
    /// and numbering: a pt-PT user of a pt-br paywall reads Portuguese (Portugal) numbers), else the
    /// matched localization's.
    func formattingLocale(for preferences: [Preference], matched: String) -> LanguageTag? {
        preferences.lazy.compactMap { try? $0.tag.get() }.first ?? (try? policy.languageTag(for: matched))
    }

    /// The locale of the title the user reads, as the product spells it; a title in exactly the matched
    /// locale needs no matching.
    func titleLocale(of product: Product, for preferences: [Preference], matched: String, defaultLocale: String,
                     identities known: [String: String], mode: MatchMode) -> String? {
        if product.titles[matched] != nil { return matched }
        guard !product.titles.isEmpty else { return nil }
        let matcher = source.matcher(.productTitles(product.key, defaultLocale: defaultLocale, mode)) {
            let locales = product.titles.keys.sorted()
            return LocaleMatcher(available: locales, identities: locales.map { known[$0].flatMap(LocaleIdentity.init(serialized:)) },
                                 defaultLocale: defaultLocale, mode: mode, policy: policy)
        }
        return matcher.match(preferences).fallbackOrder.first.map { matcher.available[$0] }
    }

    /// The regions of the requested locales, then of the matched localization (`pt-br`): where a price
    /// is looked for when the user's country has none.
    func localeRegions(of locales: [String], matched: String) -> [String] {
        (locales + [matched]).compactMap { try? policy.languageTag(for: $0).region }
    }

    /// The position of the price for the first of `localeRegions` the product has one for, else of its first.
    static func priceIndex(of product: Product, localeRegions: [String]) -> Int? {
        for region in localeRegions {
            if let index = product.prices.firstIndex(where: { $0.country == region }) { return index }
        }
        return product.prices.isEmpty ? nil : 0
    }
}
