import PaywallStore

/// A bundle put together from rendered pieces: its compact JSON, and what its entity tag is the digest
/// of (`RenderedBundle`): the snapshot's tag seed, then the digests of the pieces that come before its
/// snapshot member.
struct BundleAssembly {
    private static let productsStart = Array(#""products":["#.utf8)
    private static let productsEnd = Array("],".utf8)

    private(set) var bytes: [UInt8] = []
    private(set) var digests: [UInt8]

    /// A paywall's bundle: `{head,locale,content,"products":[products…],snapshot}`.
    init(head: RenderedPiece, locale: RenderedPiece, content: RenderedPiece, products: [RenderedPiece], snapshot: SnapshotMember) {
        digests = snapshot.tagSeed
        let productBytes = products.reduce(0) { $0 + $1.bytes.count + 1 }
        reserve(head.bytes.count + locale.bytes.count + content.bytes.count + productBytes + Self.productsStart.count
                    + Self.productsEnd.count + snapshot.piece.bytes.count + 8, pieces: 3 + products.count)
        bytes.append(UInt8(ascii: "{"))
        for piece in [head, locale, content] {
            append(piece)
            bytes.append(UInt8(ascii: ","))
        }
        bytes += Self.productsStart
        for (index, product) in products.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(product)
        }
        bytes += Self.productsEnd
        close(with: snapshot)
    }

    /// Any bundle, its members but the snapshot's in one piece: `{members,snapshot}`.
    init(members: RenderedPiece, snapshot: SnapshotMember) {
        digests = snapshot.tagSeed
        reserve(members.bytes.count + snapshot.piece.bytes.count + 3, pieces: 1)
        bytes.append(UInt8(ascii: "{"))
        append(members)
        bytes.append(UInt8(ascii: ","))
        close(with: snapshot)
    }

    private mutating func reserve(_ count: Int, pieces: Int) {
        bytes.reserveCapacity(count)
        digests.reserveCapacity(digests.count + 32 * pieces)
    }

    private mutating func append(_ piece: RenderedPiece) {
        bytes += piece.bytes
        digests += piece.digest
    }

    /// The snapshot member ends every bundle, and is left out of the digests.
    private mutating func close(with snapshot: SnapshotMember) {
        bytes += snapshot.piece.bytes
        bytes.append(UInt8(ascii: "}"))
    }
}

/// The member that ends every bundle of a snapshot, rendered once, and the start of what its bundles'
/// entity tags digest: the snapshot's content hash (the export's JSON value) and a NUL.
struct SnapshotMember: Sendable {
    let piece: RenderedPiece
    let tagSeed: [UInt8]

    init(_ snapshot: SnapshotInfo) {
        piece = RenderedPiece(members: ResolvedBundle.snapshotMember(snapshot))
        tagSeed = Array(snapshot.contentHash.utf8) + [0]
    }
}
