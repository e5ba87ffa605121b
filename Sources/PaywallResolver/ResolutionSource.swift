import LocaleKit
import PaywallModel
import PaywallStore

/// What resolution reads of one snapshot. The store answers with a few indexed reads (what a cold
/// `paywalls resolve` needs); `CompiledSnapshot` answers from memory (what a long-lived process needs).
/// Placements are read by id, what variations and paywalls refer to by key (`SnapshotReader`); where a
/// snapshot repeats one, the first in export order wins.
protocol ResolutionSource {
    var snapshot: SnapshotInfo { get }
    func placement(_ id: String) throws(StoreError) -> StoredPlacement?
    /// In export order.
    func placementIDs() throws(StoreError) -> [String]
    /// The paywall `key` names, with its products.
    func paywallOffering(_ key: String) throws(StoreError) -> PaywallOffering?
    /// The paywall's localizations for `locales`, in the order asked; locales it does not have are skipped.
    func localizations(ofPaywall key: String, locales: [String]) throws(StoreError) -> [Localization]
    /// In the order of `keys`; keys the snapshot does not have are skipped.
    func products(_ keys: [String]) throws(StoreError) -> [Product]
    func onboarding(_ key: String) throws(StoreError) -> Onboarding?
    func flow(_ key: String) throws(StoreError) -> Flow?
    /// Texts of `keys` formatted at import for `locale` (a canonical tag), which spare ICU's number
    /// formatting; those it lacks are left out.
    func formattedTexts(for locale: String, keys: [String]) throws(StoreError) -> [String: String]
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
