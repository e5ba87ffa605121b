import LocaleKit
import PaywallModel
import PaywallStore

/// One snapshot compiled into memory, for a long-lived process (`paywalls serve`): read from the store
/// once, when it becomes current, then answering without SQLite. Immutable but for its bounded caches,
/// and so shared by threads. Paywalls' localizations, the bulk of an export, stay as stored and are
/// decoded when a paywall is first shown along a fallback order; what that gives is kept rendered
/// (`CompiledSnapshot+Rendering`).
public final class CompiledSnapshot: Sendable {
    public let snapshot: SnapshotInfo
    let policy: LocalePolicy
    let formatter = ProductFormatter()
    private let placementIDsInOrder: [String]
    let placements: [String: CompiledPlacement]
    let paywalls: [String: CompiledPaywall]
    private let productsByKey: [String: Product]
    private let onboardings: [String: Onboarding]
    private let flows: [String: Flow]
    /// Not request-dependent: bounded by what the snapshot holds.
    private let matchers = BoundedCache<MatcherKey, LocaleMatcher>(budget: 1 << 16)
    let caches: RenderingCaches
    /// The last member of every bundle.
    let snapshotPiece: RenderedPiece

    /// Reads `snapshot` from `store` whole (in one read transaction).
    /// - Parameter cacheBudget: the bytes what it keeps rendered may take (see `RenderingCaches`).
    public init(store: PaywallStore, snapshot: SnapshotInfo, policy: LocalePolicy = .standard,
                cacheBudget: Int = RenderingCaches.defaultBudget) throws(StoreError) {
        let contents = try store.contents(of: snapshot)
        self.snapshot = snapshot
        self.policy = policy
        placementIDsInOrder = contents.placements.map(\.placement.id)
        let products = Dictionary(contents.products, firstBy: \.key)
        productsByKey = products
        let localizations = Dictionary(grouping: contents.localizations, by: \.paywallID)
        let paywalls = Dictionary(contents.paywalls.enumerated().map { index, paywall in
            CompiledPaywall(index: index, stored: paywall, localizations: Dictionary(localizations[paywall.key] ?? [], firstBy: \.locale),
                            products: paywall.productKeys.compactMap { products[$0] })
        }, firstBy: \.stored.key)
        self.paywalls = paywalls
        placements = Dictionary(contents.placements.map { CompiledPlacement($0, paywalls: paywalls) }, firstBy: \.stored.placement.id)
        onboardings = Dictionary(contents.onboardings, firstBy: \.key)
        flows = Dictionary(contents.flows, firstBy: \.key)
        caches = RenderingCaches(budget: cacheBudget)
        snapshotPiece = RenderedPiece(members: ResolvedBundle.snapshotMember(snapshot))
    }

    var resolver: SnapshotResolver<CompiledSnapshot> {
        SnapshotResolver(source: self, policy: policy, formatter: formatter)
    }
}

extension CompiledSnapshot: ResolutionSource {
    func placement(_ id: String) -> StoredPlacement? {
        placements[id]?.stored
    }

    public func placementIDs() -> [String] {
        placementIDsInOrder
    }

    func paywall(_ id: String) -> StoredPaywall? {
        paywalls[id]?.stored
    }

    func localizations(ofPaywall id: String, locales: [String]) throws(StoreError) -> [Localization] {
        guard let stored = paywalls[id]?.localizations else { return [] }
        var found: [Localization] = []
        for locale in locales {
            if let localization = stored[locale] { found.append(try localization.decoded(of: snapshot)) }
        }
        return found
    }

    func products(_ keys: [String]) -> [Product] {
        keys.compactMap { productsByKey[$0] }
    }

    func onboarding(_ id: String) -> Onboarding? {
        onboardings[id]
    }

    func flow(_ id: String) -> Flow? {
        flows[id]
    }

    /// None: a compiled snapshot formats an offer once and keeps it rendered.
    func formattedTexts(for locale: String, keys: [String]) -> [String: String] {
        [:]
    }

    func matcher(_ key: MatcherKey, _ make: () -> LocaleMatcher) -> LocaleMatcher {
        matchers.value(for: key) { (make(), 1) }
    }
}

/// A placement with its audiences ready to choose from and, when it shows paywalls, the start of each
/// variation's bundles rendered.
final class CompiledPlacement: Sendable {
    /// A variation's paywall, and its bundles' members from `kind` to `paywallName`, which the
    /// placement, audience and variation decide.
    struct ShownPaywall: Sendable {
        let paywall: CompiledPaywall
        let head: RenderedPiece
    }

    let stored: StoredPlacement
    let audiences: AudienceTable
    /// By audience and variation position; nil where the snapshot lacks the paywall (empty for other kinds).
    let paywalls: [[ShownPaywall?]]

    init(_ stored: StoredPlacement, paywalls: [String: CompiledPaywall]) {
        self.stored = stored
        audiences = AudienceTable(stored)
        let placement = stored.placement
        self.paywalls = placement.kind != .paywall ? [] : placement.audiences.map { audience in
            audience.variations.map { variation in
                paywalls[variation.contentKey].map { paywall in
                    ShownPaywall(paywall: paywall, head: RenderedPiece(members: JSONObject(
                        ResolvedBundle.headMembers(kind: .paywall, placementID: placement.id, audience: audience,
                                                   matchedSegments: audience.segmentIDs, variation: variation).members
                            + ResolvedPaywall.identityMembers(of: paywall.stored).members)))
                }
            }
        }
    }
}

/// A paywall with what its bundles need at hand.
final class CompiledPaywall: Sendable {
    /// Its position in the snapshot's paywalls: what caches key it by.
    let index: Int
    let stored: StoredPaywall
    /// By locale as spelled: for each the one the store's lookups find.
    let localizations: [String: StoredLocalization]
    /// The products it offers that the snapshot has, in its order.
    let products: [Product]
    let identities: [String: String]

    init(index: Int, stored: StoredPaywall, localizations: [String: StoredLocalization], products: [Product]) {
        self.index = index
        self.stored = stored
        self.localizations = localizations
        self.products = products
        identities = stored.identitiesByLocale
    }
}
