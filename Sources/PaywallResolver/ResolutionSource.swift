import LocaleKit
import PaywallModel
import PaywallStore

/// One snapshot as resolution reads it (`SnapshotReader`), and what a source that lives long keeps
/// across resolutions. The store and its image read anew and keep nothing (the defaults below): a cold
/// `paywalls resolve` makes one resolution. `CompiledSnapshot` reads from memory and keeps what it
/// works out (what a long-lived process needs).
protocol ResolutionSource: SnapshotReader {
    /// The paywall `key` names, with its products.
    func paywallOffering(_ key: String) throws(StoreError) -> PaywallOffering?
    /// The matcher `key` names, from the source's keeping if it has it, else made by `make`.
    func matcher(_ key: MatcherKey, _ make: () -> LocaleMatcher) -> LocaleMatcher
    /// `input` parsed as a preference, likewise.
    func preference(_ input: String, _ make: () -> Preference) -> Preference
    /// What a list of locales decides for a paywall, if the source keeps it; and keeping one. In two
    /// steps, where matchers and preferences take a closure: a closure making the decision would copy
    /// what it captures on every request served.
    func keptPaywallLocales(_ key: PaywallLocaleKey) -> PaywallLocaleDecision?
    func keep(_ decision: PaywallLocaleDecision, for key: PaywallLocaleKey)
}

extension ResolutionSource {
    func paywallOffering(_ key: String) throws(StoreError) -> PaywallOffering? {
        guard let paywall = try paywall(key) else { return nil }
        return PaywallOffering(paywall, products: try products(paywall.productKeys))
    }

    func matcher(_ key: MatcherKey, _ make: () -> LocaleMatcher) -> LocaleMatcher {
        make()
    }

    func preference(_ input: String, _ make: () -> Preference) -> Preference {
        make()
    }

    func keptPaywallLocales(_ key: PaywallLocaleKey) -> PaywallLocaleDecision? {
        nil
    }

    func keep(_ decision: PaywallLocaleDecision, for key: PaywallLocaleKey) {}
}

extension StoreSnapshotReader: ResolutionSource {}
extension ImageSnapshotReader: ResolutionSource {}

/// Names a locale matcher of one snapshot: building one parses its availables with ICU, so sources
/// that live long keep them.
enum MatcherKey: Hashable, Sendable {
    case paywall(String, MatchMode)
    /// A product's titles, down to the default locale of what offers it.
    case productTitles(String, defaultLocale: String, MatchMode)
    case onboarding(String)
    case flow(String, MatchMode)
    case flowRemoteConfigs(String, MatchMode)
    case flowLayout(String, layout: Int, MatchMode)
}
