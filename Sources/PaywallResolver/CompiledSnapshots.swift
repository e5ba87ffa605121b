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

    /// The bundle, with what `--explain` prints.
    public func resolve(_ request: ResolutionRequest) throws(ResolutionError) -> ResolvedBundle {
        try ResolutionError.catching { () throws in
            let (compiled, placement) = try answering(request)
            let resolver = compiled.resolver
            let (audience, variation) = try resolver.selections(for: request, at: placement.stored, table: placement.audiences)
            return try resolver.resolve(request, at: placement.stored, audience: audience, variation: variation)
        }
    }

    /// The bundle as compact JSON: the bytes of `resolve(request).json().rendered()`.
    public func bundleBytes(_ request: ResolutionRequest) throws(ResolutionError) -> [UInt8] {
        try assemble(request).assembly.bytes
    }

    /// The bundle as compact JSON, with its entity tag.
    public func renderedBundle(_ request: ResolutionRequest) throws(ResolutionError) -> RenderedBundle {
        let (compiled, assembly) = try assemble(request)
        return RenderedBundle(assembly, of: compiled.snapshot)
    }

    /// Entries and bytes the compiled snapshots' caches keep (bounded, see `RenderingCaches`).
    public var cacheUsage: (count: Int, cost: Int) {
        snapshots.map(\.caches.usage).reduce((0, 0)) { ($0.0 + $1.count, $0.1 + $1.cost) }
    }

    private func assemble(_ request: ResolutionRequest) throws(ResolutionError) -> (compiled: CompiledSnapshot, assembly: BundleAssembly) {
        try ResolutionError.catching { () throws in
            let (compiled, placement) = try answering(request)
            return (compiled, try compiled.assemble(request, at: placement))
        }
    }

    /// The snapshot that answers `request`, and the placement in it.
    private func answering(_ request: ResolutionRequest) throws -> (CompiledSnapshot, CompiledPlacement) {
        var candidates = snapshots
        if let source = request.source {
            guard let compiled = snapshots.first(where: { $0.snapshot.source == source }) else {
                throw PaywallStore.noSnapshot(of: source, current: snapshots.map(\.snapshot))
            }
            candidates = [compiled]
        }
        return try firstSource(with: request.placementID, among: candidates) { $0.placements[request.placementID] }
    }
}
