import PaywallStore

/// A bundle put together from rendered pieces, by reference: the byte ranges of its compact JSON in
/// order, the pieces that hold them, and what its entity tag is the digest of (`RenderedBundle`): the
/// snapshot's tag seed, then the digests of the pieces that come before its snapshot member.
struct BundleAssembly {
    private static let open = RenderedPiece(text: "{")
    private static let comma = RenderedPiece(text: ",")
    private static let productsStart = RenderedPiece(text: #""products":["#)
    private static let productsEnd = RenderedPiece(text: "],")
    private static let close = RenderedPiece(text: "}")

    private(set) var segments: [UnsafeRawBufferPointer] = []
    private(set) var pieces: [RenderedPiece] = []
    private(set) var byteCount = 0
    private(set) var digests: [UInt8]

    /// A paywall's bundle: `{head,locale,content,"products":[products…],snapshot}`.
    init(head: RenderedPiece, locale: RenderedPiece, content: RenderedPiece, products: [RenderedPiece], snapshot: SnapshotMember) {
        digests = snapshot.tagSeed
        reserve(pieces: 4 + products.count)
        place(Self.open)
        for piece in [head, locale, content] {
            append(piece)
            place(Self.comma)
        }
        place(Self.productsStart)
        for (index, product) in products.enumerated() {
            if index > 0 { place(Self.comma) }
            append(product)
        }
        place(Self.productsEnd)
        close(with: snapshot)
    }

    /// Any bundle, its members but the snapshot's in one piece: `{members,snapshot}`.
    init(members: RenderedPiece, snapshot: SnapshotMember) {
        digests = snapshot.tagSeed
        reserve(pieces: 2)
        place(Self.open)
        append(members)
        place(Self.comma)
        close(with: snapshot)
    }

    private mutating func reserve(pieces count: Int) {
        segments.reserveCapacity(2 * count + 3)
        pieces.reserveCapacity(count)
        digests.reserveCapacity(digests.count + 32 * count)
    }

    /// A piece of the bundle's own, digested into its entity tag.
    private mutating func append(_ piece: RenderedPiece) {
        place(piece)
        pieces.append(piece)
        digests += piece.digest
    }

    /// The piece's bytes as the next segment. Punctuation goes only through here: it is static, so
    /// neither kept by the bundle nor digested.
    private mutating func place(_ piece: RenderedPiece) {
        segments.append(piece.bytes)
        byteCount += piece.bytes.count
    }

    /// The snapshot member ends every bundle, and is left out of the digests.
    private mutating func close(with snapshot: SnapshotMember) {
        place(snapshot.piece)
        pieces.append(snapshot.piece)
        place(Self.close)
    }
}

/// The member that ends every bundle of a snapshot, rendered once, and the start of what its bundles'
/// entity tags digest: the snapshot's content hash (the export's JSON value) and a NUL.
struct SnapshotMember: Sendable {
    let piece: RenderedPiece
    let tagSeed: [UInt8]

    init(_ snapshot: SnapshotInfo) {
        piece = RenderedPiece(members: ResolvedBundle.snapshotMember(snapshot), chargedTo: nil)
        tagSeed = Array(snapshot.contentHash.utf8) + [0]
    }
}
