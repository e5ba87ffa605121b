import LocaleKit
import PaywallModel
import PaywallStore

extension SnapshotResolver {
    /// A paywall variation: the localization matched among the paywall's, strings merged along the
    /// chain, products offered in the user's language.
    func resolvePaywall(_ variation: Variation, preferences: [Preference], request: ResolutionRequest) throws -> Resolution {
        guard let paywall = try source.paywall(variation.contentKey) else {
            throw ResolutionError.notHeld(variation, .paywall)
        }
        let match = matcher(for: paywall, mode: request.mode).match(preferences)
        let order = match.fallbackOrder.map { paywall.locales[$0] }
        let content = LocalizedContent(merging: try source.localizations(ofPaywall: paywall.key, locales: order), view: paywall.view)
        var problems: [String] = []
        let products = try offers(of: paywall.productKeys, preferences: preferences, request: request, matched: match.matched,
                                  defaultLocale: paywall.defaultLocale, identities: paywall.identitiesByLocale, problems: &problems)
        let explanation = [
            "variation \(variation.variationID) (weight \(variation.weight)) shows paywall \(paywall.id)",
            "locales \(paywall.locales.joined(separator: ", ")); chain \(match.chain.joined(separator: " -> ")); "
                + "matched \(match.matched) (\(match.outcome.rawValue)); strings merged from \(order.joined(separator: ", "))",
        ] + problems
        return Resolution(shown: .paywall(ResolvedPaywall(paywall: paywall, content: content, products: products)), localeMatch: match,
                          explanation: explanation)
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
