import LocaleKit
import PaywallModel
import PaywallStore

/// One snapshot compiled into memory, for a long-lived process (`paywalls serve`): read from the store
/// once, when it becomes current, then answering without SQLite. Immutable but for its bounded caches,
/// and so shared by threads. Paywalls' localizations, the bulk of an export, stay as stored and are
/// decoded when a paywall is first shown along a fallback order; what that gives is kept rendered, and
/// so are whole answers (`CompiledSnapshot+Answers`).
public final class CompiledSnapshot: Sendable {
    public let snapshot: SnapshotInfo
    let policy: LocalePolicy
    let formatter = ProductFormatter()
    private let placementIDsInOrder: [String]
    let placements: [String: CompiledPlacement]
    private let paywalls: [String: PaywallOffering]
    /// By paywall key, then by locale as spelled: for each the one the store's lookups find.
    private let localizationsByPaywall: [String: [String: StoredLocalization]]
    private let productsByKey: [String: Product]
    private let onboardings: [String: Onboarding]
    private let flows: [String: Flow]
    private let recordedLocaleFacts: String?
    /// Not request-dependent: bounded by what the snapshot holds.
    private let matchers = BoundedCache<MatcherKey, LocaleMatcher>(budget: 1 << 16)
    let caches: RenderingCaches
    /// The last member of every bundle.
    let snapshotMember: SnapshotMember

    /// Reads `snapshot` from `store` whole (in one read transaction).
    /// - Parameter cacheBudget: the bytes what it keeps rendered may take (see `RenderingCaches`).
    public init(store: PaywallStore, snapshot: SnapshotInfo, policy: LocalePolicy = .standard,
                cacheBudget: Int = RenderingCaches.defaultBudget) throws(StoreError) {
        let contents = try store.contents(of: snapshot)
        recordedLocaleFacts = try store.reader(of: snapshot).localeFacts()
        self.snapshot = snapshot
        self.policy = policy
        placementIDsInOrder = contents.placements.map(\.placement.id)
        let products = Dictionary(contents.products, firstBy: \.key)
        productsByKey = products
        localizationsByPaywall = Dictionary(grouping: contents.localizations, by: \.paywallID).mapValues { Dictionary($0, firstBy: \.locale) }
        paywalls = Dictionary(contents.paywalls.map { paywall in
            PaywallOffering(paywall, products: paywall.productKeys.compactMap { products[$0] })
        }, firstBy: \.stored.key)
        placements = Dictionary(contents.placements.map(CompiledPlacement.init), firstBy: \.stored.placement.id)
        onboardings = Dictionary(contents.onboardings, firstBy: \.key)
        flows = Dictionary(contents.flows, firstBy: \.key)
        caches = RenderingCaches(budget: cacheBudget)
        snapshotMember = SnapshotMember(snapshot)
    }

    var resolver: SnapshotResolver<CompiledSnapshot> {
        SnapshotResolver(source: self, policy: policy, formatter: formatter)
    }
}

extension CompiledSnapshot: ResolutionSource {
    public func placement(_ id: String) -> StoredPlacement? {
        placements[id]?.stored
    }

    public func placementIDs() -> [String] {
        placementIDsInOrder
    }

    public func paywall(_ key: String) -> StoredPaywall? {
        paywalls[key]?.stored
    }

    func paywallOffering(_ key: String) -> PaywallOffering? {
        paywalls[key]
    }

    public func localizations(ofPaywall id: String, locales: [String]) throws(StoreError) -> [Localization] {
        guard let stored = localizationsByPaywall[id] else { return [] }
        var found: [Localization] = []
        for locale in locales {
            if let localization = stored[locale] { found.append(try localization.decoded(of: snapshot)) }
        }
        return found
    }

    public func products(_ keys: [String]) -> [Product] {
        keys.compactMap { productsByKey[$0] }
    }

    public func onboarding(_ id: String) -> Onboarding? {
        onboardings[id]
    }

    public func flow(_ id: String) -> Flow? {
        flows[id]
    }

    /// None: a compiled snapshot formats an offer once and keeps it rendered.
    public func formattedTexts(for locale: String, keys: [String]) -> [String: String] {
        [:]
    }

    public func localeFacts() -> String? {
        recordedLocaleFacts
    }

    func matcher(_ key: MatcherKey, _ make: () -> LocaleMatcher) -> LocaleMatcher {
        matchers.value(for: key) { (make(), 1) }
    }

    /// Parsing a preference costs ICU calls; the same few hundred device locales come again and again.
    func preference(_ input: String, _ make: () -> Preference) -> Preference {
        caches.preferences.value(for: input) { (make(), 256 + 2 * input.utf8.count) }
    }

    func keptPaywallLocales(_ key: PaywallLocaleKey) -> PaywallLocaleDecision? {
        caches.paywallLocales.value(for: key)
    }

    func keep(_ decision: PaywallLocaleDecision, for key: PaywallLocaleKey) {
        caches.paywallLocales.keep(decision, cost: decision.cost + key.locales.reduce(64) { $0 + 16 + $1.utf8.count }, for: key)
    }
}

/// A placement with its audiences ready to choose from: a compiled snapshot keeps one per placement,
/// a cold resolution makes the one it needs.
final class CompiledPlacement: Sendable {
    let stored: StoredPlacement
    /// The placement's, at hand (through `stored` it is read out of a copy).
    let kind: PlacementKind
    let audiences: AudienceTable

    init(_ stored: StoredPlacement) {
        self.stored = stored
        kind = stored.placement.kind
        audiences = AudienceTable(stored)
    }
}
