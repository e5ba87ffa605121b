import LocaleKit
import PaywallModel
import PaywallStore

/// One snapshot as a resolution source, read through `reader`: the store (each read one statement on an
/// index) or its resolution image (each read one probe of a mapped table).
struct StoredSnapshot<Reader: SnapshotReader>: ResolutionSource {
    let reader: Reader
    let snapshot: SnapshotInfo
    /// Where matchers are kept across resolutions, by the resolver that owns the reader.
    let matchers: MatcherCache

    func placement(_ id: String) throws(StoreError) -> StoredPlacement? {
        try reader.placement(id, in: snapshot)
    }

    func placementIDs() throws(StoreError) -> [String] {
        try reader.placementIDs(in: snapshot)
    }

    func paywallOffering(_ key: String) throws(StoreError) -> PaywallOffering? {
        guard let paywall = try reader.paywall(key, in: snapshot) else { return nil }
        return PaywallOffering(paywall, products: try products(paywall.productKeys))
    }

    func localizations(ofPaywall id: String, locales: [String]) throws(StoreError) -> [Localization] {
        try reader.localizations(ofPaywall: id, locales: locales, in: snapshot)
    }

    func products(_ ids: [String]) throws(StoreError) -> [Product] {
        try reader.products(ids, in: snapshot)
    }

    func onboarding(_ id: String) throws(StoreError) -> Onboarding? {
        try reader.onboarding(id, in: snapshot)
    }

    func flow(_ id: String) throws(StoreError) -> Flow? {
        try reader.flow(id, in: snapshot)
    }

    func formattedTexts(for locale: String, keys: [String]) throws(StoreError) -> [String: String] {
        try reader.formattedTexts(for: locale, keys: keys, in: snapshot)
    }

    func matcher(_ key: MatcherKey, _ make: () -> LocaleMatcher) -> LocaleMatcher {
        matchers.value(for: MatcherCache.Key(snapshotID: snapshot.id, matcher: key)) { (make(), 1) }
    }

    /// Made each time: a resolution parses each of its few preferences once.
    func preference(_ input: String, _ make: () -> Preference) -> Preference {
        make()
    }

    /// None: a resolution decides each paywall once.
    func keptPaywallLocales(_ key: PaywallLocaleKey) -> PaywallLocaleDecision? {
        nil
    }

    func keep(_ decision: PaywallLocaleDecision, for key: PaywallLocaleKey) {}
}

/// The matchers a resolver keeps for the store's snapshots, 1 per entry.
typealias MatcherCache = BoundedCache<MatcherCacheKey, LocaleMatcher>

extension MatcherCache {
    typealias Key = MatcherCacheKey
}

struct MatcherCacheKey: Hashable, Sendable {
    let snapshotID: Int64
    let matcher: MatcherKey
}
