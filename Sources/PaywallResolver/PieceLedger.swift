import Synchronization

/// What the rendered pieces of one snapshot's caches take together while alive, and the most they may:
/// a piece is charged when made and discharged when freed, wherever it is held. The piece caches bound
/// what they keep, but answers hold pieces too, after their caches let go of them; so the answers'
/// cache lets go of its oldest while the pieces alive take more than `limit` (`BoundedCache`), and
/// memory stays bounded however answers share their pieces, counting each piece once.
final class PieceLedger: Sendable {
    let limit: Int
    private let charged = Atomic<Int>(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// What the pieces alive take, in bytes, roughly (`RenderedPiece.cost`).
    var bytes: Int { charged.load(ordering: .relaxed) }

    var isOverLimit: Bool { bytes > limit }

    func charge(_ bytes: Int) {
        charged.add(bytes, ordering: .relaxed)
    }

    func discharge(_ bytes: Int) {
        charged.subtract(bytes, ordering: .relaxed)
    }
}
