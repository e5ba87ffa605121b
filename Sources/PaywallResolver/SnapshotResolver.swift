import LocaleKit
import PaywallModel
import PaywallStore

/// A resolution within one snapshot (docs/contracts.md), read from `source`: audience -> variation -> what the
/// variation shows, which depends on the placement's kind (`+Paywall`, `+Onboarding`, `+Flow`).
struct SnapshotResolver<Source: ResolutionSource> {
    /// What one kind's resolution adds to the bundle.
    struct Resolution {
        let shown: ResolvedBundle.Shown
        let localeMatch: LocaleMatch
        let explanation: [String]
    }

    let source: Source
    let policy: LocalePolicy
    let formatter: ProductFormatter

    /// The bundle for `request` at `stored`, a placement of the source's snapshot.
    func resolve(_ request: ResolutionRequest, at stored: StoredPlacement) throws -> ResolvedBundle {
        let (audience, variation) = try selections(for: request, at: stored)
        return try resolve(request, at: stored, audience: audience, variation: variation)
    }

    /// The user's audience and variation at `stored`; `table` is its audience table when kept.
    func selections(for request: ResolutionRequest, at stored: StoredPlacement,
                    table: AudienceTable? = nil) throws -> (AudienceSelection, VariationSelection) {
        guard let audience = AudienceSelection(in: table ?? AudienceTable(stored), of: stored, for: request) else {
            throw ResolutionError.noAudience(request.placementID)
        }
        guard let variation = VariationSelection(in: audience.audience, draw: audience.draw, profileID: request.profileID) else {
            throw ResolutionError.noVariation(request.placementID, audience: audience.audience.name)
        }
        return (audience, variation)
    }

    func resolve(_ request: ResolutionRequest, at stored: StoredPlacement, audience: AudienceSelection,
                 variation: VariationSelection) throws -> ResolvedBundle {
        let preferences = request.locales.map { Preference($0, policy: policy) }
        let resolution: Resolution
        switch stored.placement.kind {
        case .paywall:
            resolution = try resolvePaywall(variation.variation, preferences: preferences, request: request)
        case .onboarding:
            resolution = try resolveOnboarding(variation.variation, preferences: preferences)
        case .flow:
            resolution = try resolveFlow(variation.variation, preferences: preferences, request: request)
        }
        var explanation = audience.trace(in: stored, for: request.context)
        explanation.append(variation.bucket.map { "bucket \($0) of 100 (profile \(request.profileID ?? ""))" } ?? "no profile id: the heaviest variation")
        explanation += resolution.explanation
        explanation += resolution.localeMatch.skippedPreferences.map { "skipped preference: \($0.reason)" }
        return ResolvedBundle(placementID: request.placementID, audience: audience.audience, matchedSegments: audience.matchedSegments,
                              variation: variation.variation, requestedLocales: request.locales, localeMatch: resolution.localeMatch,
                              shown: resolution.shown, snapshot: source.snapshot, explanation: explanation)
    }

    /// The locale prices and periods are written in: the user's first usable preference, whole (its region
    /// and numbering: a pt-PT user of a pt-br paywall reads Portuguese (Portugal) numbers), else the
    /// matched localization's.
    func formattingLocale(for preferences: [Preference], matched: String) -> LanguageTag? {
        preferences.lazy.compactMap { try? $0.tag.get() }.first ?? (try? policy.languageTag(for: matched))
    }

    /// The products of `ids` offered to the user: each title in their language (product titles have
    /// locales of their own, matched like localizations; `identities` are the ones the store knows),
    /// the price for their country, formatted for `formattingLocale`. Problems formatting go to `problems`.
    func offers(of ids: [String], preferences: [Preference], request: ResolutionRequest, matched: String, defaultLocale: String,
                identities: [String: String], problems: inout [String]) throws -> [ProductOffer] {
        let locale = formattingLocale(for: preferences, matched: matched)
        let country = request.context.country?.uppercased(), regions = localeRegions(of: request.locales, matched: matched)
        let chosen = try source.products(ids).map { product in
            (product: product, price: (Self.priceIndex(of: product, country: country) ?? Self.priceIndex(of: product, localeRegions: regions))
                .map { product.prices[$0] })
        }
        let known = try locale.map { locale throws(StoreError) in
            try source.formattedTexts(for: locale.identifier, keys: chosen.flatMap { $0.product.formattedKeys(at: $0.price) })
        } ?? [:]
        return chosen.map { product, price in
            let title = titleLocale(of: product, for: preferences, matched: matched, defaultLocale: defaultLocale, identities: identities,
                                    mode: request.mode)
            return ProductOffer(product, localizedTitle: title.flatMap { product.titles[$0] }, price: price, formatter: formatter,
                                locale: locale, known: known, problems: &problems)
        }
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

    /// The position of the product's price for the user's country (upper case), if it has one.
    static func priceIndex(of product: Product, country: String?) -> Int? {
        country.flatMap { country in product.prices.firstIndex { $0.country == country } }
    }

    /// The position of the price for the first of `localeRegions` the product has one for, else of its first.
    static func priceIndex(of product: Product, localeRegions: [String]) -> Int? {
        for region in localeRegions {
            if let index = product.prices.firstIndex(where: { $0.country == region }) { return index }
        }
        return product.prices.isEmpty ? nil : 0
    }
}
