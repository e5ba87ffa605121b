import LocaleKit
import PaywallModel
import PaywallStore

/// Answers "which paywall, in which language, does this user get at this placement?" from the
/// store's current snapshots, with a handful of reads: what one `paywalls resolve` needs. It reads the
/// store's resolution image when there is one (no SQLite), else the store. A long-lived process answers
/// from `CompiledSnapshots` instead.
public final class PaywallResolver {
    /// Where the current snapshots are read.
    private enum Backing {
        case store(PaywallStore)
        case image(ResolutionImage)
    }

    private let backing: Backing
    let policy: LocalePolicy
    let formatter = ProductFormatter()

    public init(store: PaywallStore, policy: LocalePolicy = .standard) {
        backing = .store(store)
        self.policy = policy
    }

    /// Reads `image`, which describes the store's state when it was opened.
    public init(image: ResolutionImage, policy: LocalePolicy = .standard) {
        backing = .image(image)
        self.policy = policy
    }

    public func resolve(_ request: ResolutionRequest) throws(ResolutionError) -> ResolvedBundle {
        try ResolutionError.catching { () throws in
            switch backing {
            case let .store(store):
                // One read transaction: every read of the resolution sees the same snapshots.
                try store.reading { () throws(StoreError) in
                    Result { () throws in try resolve(request, among: store.currentSnapshots().map(store.reader(of:))) }
                }.get()
            case let .image(image):
                try resolve(request, among: image.snapshots.map { (snapshot) throws(StoreError) in try image.reader(of: snapshot) })
            }
        }
    }

    /// Resolves from the snapshot of `current` that answers `request` (`answeringSource`).
    private func resolve<Source: ResolutionSource>(_ request: ResolutionRequest, among current: [Source]) throws -> ResolvedBundle {
        let (source, placement) = try answeringSource(for: request, among: current) { try $0.placement(request.placementID).map(CompiledPlacement.init) }
        return try SnapshotResolver(source: source, policy: policy, formatter: formatter).resolve(request, at: placement)
    }

    /// Tells `LocaleFacts` what ICU answered at import about the locales of the snapshots `readers`
    /// read. A cold `resolve` that learns them before it reads its locale policy or a preference then
    /// loads no ICU locale data when its locales are the export's; a store without them changes nothing.
    public static func learnLocaleFacts(from readers: [some SnapshotReader]) throws(StoreError) {
        for reader in readers {
            if let facts = try reader.localeFacts() { LocaleFacts.shared.learn(facts) }
        }
    }
}
