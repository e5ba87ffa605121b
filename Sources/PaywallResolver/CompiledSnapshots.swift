import LocaleKit
import PaywallModel
import PaywallStore

/// The current snapshot of every source, compiled, in answer order: what `paywalls serve` answers
/// from. A request names its source, or gets the first source that has the placement (docs/contracts.md), as
/// with `PaywallResolver`, whose answers these are, byte for byte.
public final class CompiledSnapshots: Sendable {
    public let snapshots: [CompiledSnapshot]

    /// - Parameter snapshots: in answer order; a reload may pass on the compiled snapshots of the
    ///   sources that did not change.
    public init(_ snapshots: [CompiledSnapshot]) {
        self.snapshots = snapshots
    }

    /// Compiles each of `snapshots` (the store's current ones, in answer order) from `store`, but for
    /// those `previous` has compiled already: a reload after one source synced compiles that source
    /// alone, and memory holds the others once.
    public convenience init(store: PaywallStore, snapshots: [SnapshotInfo], policy: LocalePolicy = .standard,
                            reusing previous: CompiledSnapshots? = nil) throws(StoreError) {
        var compiled: [CompiledSnapshot] = []
        for snapshot in snapshots {
            if let kept = previous?.snapshots.first(where: { $0.snapshot == snapshot }) {
                compiled.append(kept)
            } else {
                compiled.append(try CompiledSnapshot(store: store, snapshot: snapshot, policy: policy))
            }
        }
        self.init(compiled)
    }

    /// The bundle, with what `--explain` prints: the tree of the decision `renderedBundle` answers.
    public func resolve(_ request: ResolutionRequest) throws(ResolutionError) -> ResolvedBundle {
        try ResolutionError.catching { () throws in
            let (compiled, placement) = try answering(request)
            let resolver = compiled.resolver
            return try resolver.resolve(resolver.decide(request, at: placement), for: request)
        }
    }

    /// The bundle as compact JSON: the bytes of `resolve(request).json().rendered()`.
    public func bundleBytes(_ request: ResolutionRequest) throws(ResolutionError) -> [UInt8] {
        try renderedBundle(request).joinedBytes
    }

    /// The bundle as compact JSON, with its entity tag.
    public func renderedBundle(_ request: ResolutionRequest) throws(ResolutionError) -> RenderedBundle {
        // Not `ResolutionError.catching`: its closure would copy the request, and this is the hot path.
        do {
            let (compiled, placement) = try answering(request)
            return try compiled.answer(request, at: placement)
        } catch {
            throw ResolutionError(error)
        }
    }

    /// Entries and bytes the compiled snapshots' caches keep (bounded, see `RenderingCaches`).
    public var cacheUsage: (count: Int, cost: Int) {
        snapshots.map(\.caches.usage).reduce((0, 0)) { ($0.0 + $1.count, $0.1 + $1.cost) }
    }

    /// The snapshot that answers `request`, and the placement in it.
    private func answering(_ request: ResolutionRequest) throws -> (CompiledSnapshot, CompiledPlacement) {
        let placementID = request.placementID
        return try answeringSource(for: request, among: snapshots) { $0.placements[placementID] }
    }
}
