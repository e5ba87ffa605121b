import LocaleKit
import PaywallModel
import PaywallStore

extension SnapshotResolver {
    /// What the paywall `contentKey` names shows to the user of `request`: the localization matched
    /// among the paywall's, its products' titles, formatting locale and prices; nil when the snapshot
    /// lacks the paywall.
    func decidePaywall(showing contentKey: String, for request: ResolutionRequest) throws(StoreError) -> PaywallDecision? {
        guard let offering = try source.paywallOffering(contentKey) else { return nil }
        let key = PaywallLocaleKey(paywall: ObjectIdentifier(offering), mode: request.mode, locales: request.locales)
        let locales: PaywallLocaleDecision
        if let kept = source.keptPaywallLocales(key) {
            locales = kept
        } else {
            locales = decideLocales(of: offering, for: request)
            source.keep(locales, for: key)
        }
        return PaywallDecision(paywall: offering, locales: locales, prices: locales.offers.prices(of: offering.products, country: request.context.country))
    }

    /// What the request's locales decide for `offering`'s paywall: the localization, and how its
    /// products are offered.
    func decideLocales(of offering: PaywallOffering, for request: ResolutionRequest) -> PaywallLocaleDecision {
        let paywall = offering.stored, preferences = preferences(of: request)
        let match = matcher(for: paywall, mode: request.mode).match(preferences)
        return PaywallLocaleDecision(match: match, offers: offerLocales(
            of: offering.products, preferences: preferences, locales: request.locales, matched: match.matched,
            defaultLocale: paywall.defaultLocale, identities: paywall.identitiesByLocale, mode: request.mode))
    }

    /// A paywall decision rendered: strings merged along the fallback order, products offered as decided.
    func resolvePaywall(_ decision: PaywallDecision, shownBy variation: Variation) throws -> Resolution {
        let paywall = decision.paywall.stored, match = decision.locales.match, order = decision.order
        let content = try content(of: decision)
        var problems: [String] = []
        let products = try offers(of: decision.products, locales: decision.locales.offers, prices: decision.prices, problems: &problems)
        let explanation = [
            "variation \(variation.variationID) (weight \(variation.weight)) shows paywall \(paywall.id)",
            "locales \(paywall.locales.joined(separator: ", ")); chain \(match.chain.joined(separator: " -> ")); "
                + "matched \(match.matched) (\(match.outcome.rawValue)); strings merged from \(order.joined(separator: ", "))",
        ] + problems
        return Resolution(shown: .paywall(ResolvedPaywall(paywall: paywall, content: content, products: products)), localeMatch: match,
                          explanation: explanation)
    }

    /// The paywall's strings, assets and remote config merged along the decision's fallback order.
    func content(of decision: PaywallDecision) throws(StoreError) -> LocalizedContent {
        let paywall = decision.paywall.stored
        return LocalizedContent(merging: try source.localizations(ofPaywall: paywall.key, locales: decision.order), view: paywall.view)
    }

    /// The paywall's matcher; its localizations' identities were worked out at import.
    func matcher(for paywall: StoredPaywall, mode: MatchMode) -> LocaleMatcher {
        source.matcher(.paywall(paywall.key, mode)) {
            let identities = paywall.localeIdentities.count == paywall.locales.count
                ? paywall.localeIdentities.map(LocaleIdentity.init(serialized:)) : nil
            return LocaleMatcher(available: paywall.locales, identities: identities, defaultLocale: paywall.defaultLocale, mode: mode,
                                 policy: policy)
        }
    }
}

extension StoredPaywall {
    /// The identities the store keeps, by locale: product title keys are mostly the paywall's own.
    var identitiesByLocale: [String: String] {
        Dictionary(zip(locales, localeIdentities), uniquingKeysWith: { first, _ in first })
    }
}
