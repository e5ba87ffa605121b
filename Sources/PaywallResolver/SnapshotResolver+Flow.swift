import LocaleKit
import PaywallModel
import PaywallStore

extension SnapshotResolver {
    /// A flow variation. The vendor's SDK hands the app every language of a flow and leaves the choice
    /// to it; the locale engine makes it here: the locale is matched over all the flow's languages, the
    /// remote config is the one of the best language among its remote configs (else the default's, else
    /// the first, which the SDK's single `remoteConfig` returns), and each layout's strings are merged
    /// along the chain down to its `default_localization`.
    /// The matcher of a flow's languages, all of them.
    func matcher(for flow: Flow, mode: MatchMode) -> LocaleMatcher {
        source.matcher(.flow(flow.key, mode)) {
            LocaleMatcher(available: flow.locales, defaultLocale: flow.defaultLocale, mode: mode, policy: policy)
        }
    }

    func resolveFlow(_ variation: Variation, preferences: [Preference], request: ResolutionRequest) throws -> Resolution {
        guard let flow = try source.flow(variation.contentKey) else {
            throw ResolutionError.notHeld(variation, .flow)
        }
        let match = matcher(for: flow, mode: request.mode).match(preferences)
        let remoteConfig = flow.remoteConfig(for: source.matcher(.flowRemoteConfigs(flow.key, request.mode)) {
            flow.remoteConfigMatcher(mode: request.mode, policy: policy)
        }.match(preferences))
        var layoutLines: [String] = []
        let layouts = flow.layouts.enumerated().map { index, layout in
            let chain = source.matcher(.flowLayout(flow.key, layout: index, request.mode)) {
                flow.localeMatcher(for: layout, mode: request.mode, policy: policy)
            }.match(preferences).fallbackOrder.map { layout.localizations[$0] }
            layoutLines.append("layout \(layout.id): strings merged from \(chain.map(\.locale).joined(separator: ", "))")
            return ResolvedFlow.Layout(id: layout.id, content: LocalizedContent(merging: chain, view: nil))
        }
        var problems: [String] = []
        let paywalls = try flow.paywalls.map { paywall in
            let products = try source.products(paywall.productKeys)
            let locales = offerLocales(of: products, preferences: preferences, locales: request.locales, matched: match.matched,
                                       defaultLocale: flow.defaultLocale, identities: [:], mode: request.mode)
            return ResolvedFlow.Paywall(paywall: paywall, products: try offers(
                of: products, locales: locales, prices: locales.prices(of: products, country: request.context.country), problems: &problems))
        }
        let explanation = [
            "variation \(variation.variationID) (weight \(variation.weight)) shows flow \(flow.id)",
            "languages \(flow.locales.joined(separator: ", ")); chain \(match.chain.joined(separator: " -> ")); matched \(match.matched) "
                + "(\(match.outcome.rawValue)); remote config \(remoteConfig?.locale ?? "none")",
        ] + layoutLines + problems
        return Resolution(shown: .flow(ResolvedFlow(flow: flow, remoteConfig: remoteConfig, layouts: layouts, paywalls: paywalls)),
                          localeMatch: match, explanation: explanation)
    }
}
