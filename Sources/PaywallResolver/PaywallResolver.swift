import LocaleKit
import PaywallModel
import PaywallStore

/// Answers "which paywall, in which language, does this user get at this placement?" from the
/// store's current snapshots, with a handful of indexed reads: what one `paywalls resolve` needs. A
/// long-lived process answers from `CompiledSnapshots` instead.
public final class PaywallResolver {
    let store: PaywallStore
    let policy: LocalePolicy
    /// A paywall's locale matcher parses all its localizations with ICU: a long-lived resolver builds
    /// it once per snapshot.
    private let matchers = MatcherCache(budget: 4096)
    let formatter = ProductFormatter()

    public init(store: PaywallStore, policy: LocalePolicy = .standard) {
        self.store = store
        self.policy = policy
    }

    public func resolve(_ request: ResolutionRequest) throws(ResolutionError) -> ResolvedBundle {
        try ResolutionError.catching { () throws in
            // One read transaction: every read of the resolution sees the same snapshots.
            try store.reading { () throws(StoreError) in
                Result { () throws in
                    let candidates: [SnapshotInfo]
                    if let source = request.source {
                        candidates = [try store.requireCurrentSnapshot(of: source)]
                    } else {
                        candidates = try store.currentSnapshots()
                    }
                    let (snapshot, placement) = try firstSource(with: request.placementID, among: candidates.map {
                        StoredSnapshot(store: store, snapshot: $0, matchers: matchers)
                    })
                    return try SnapshotResolver(source: snapshot, policy: policy, formatter: formatter).resolve(request, at: placement)
                }
            }.get()
        }
    }

    /// Tells `LocaleFacts` what ICU answered at import about the locales of the store's current
    /// snapshots. A cold `resolve` that learns them before it reads its locale policy or a preference
    /// then loads no ICU locale data when its locales are the export's; a store without them changes nothing.
    public static func learnLocaleFacts(from store: PaywallStore) throws(StoreError) {
        for snapshot in try store.currentSnapshots() {
            if let facts = try store.localeFacts(of: snapshot) { LocaleFacts.shared.learn(facts) }
        }
    }
}
