import LocaleKit
import PaywallModel
import PaywallStore

/// One snapshot of a store as a resolution source: each read is one statement on an index.
struct StoredSnapshot: ResolutionSource {
    let store: PaywallStore
    let snapshot: SnapshotInfo
    /// Where matchers are kept across resolutions, by the resolver that owns the store.
    let matchers: MatcherCache

    func placement(_ id: String) throws(StoreError) -> StoredPlacement? {
        try store.placement(id, in: snapshot)
    }

    func placementIDs() throws(StoreError) -> [String] {
        try store.placementIDs(in: snapshot)
    }

    func paywall(_ id: String) throws(StoreError) -> StoredPaywall? {
        try store.paywall(id, in: snapshot)
    }

    func localizations(ofPaywall id: String, locales: [String]) throws(StoreError) -> [Localization] {
        try store.localizations(ofPaywall: id, locales: locales, in: snapshot)
    }

    func products(_ ids: [String]) throws(StoreError) -> [Product] {
        try store.products(ids, in: snapshot)
    }

    func onboarding(_ id: String) throws(StoreError) -> Onboarding? {
        try store.onboarding(id, in: snapshot)
    }

    func flow(_ id: String) throws(StoreError) -> Flow? {
        try store.flow(id, in: snapshot)
    }

    func formattedTexts(for locale: String, keys: [String]) throws(StoreError) -> [String: String] {
        try store.formattedTexts(for: locale, keys: keys, in: snapshot)
    }

    func matcher(_ key: MatcherKey, _ make: () -> LocaleMatcher) -> LocaleMatcher {
        matchers.value(for: MatcherCache.Key(snapshotID: snapshot.id, matcher: key)) { (make(), 1) }
    }
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
