import Basics
import Digests
import PaywallStore
import Synchronization

/// A bundle as `paywalls serve` sends it: compact JSON, and its strong entity tag. A class: a kept
/// answer is handed out with one retain. Its bytes stay in the pieces it was spliced from, so answers
/// share their contents' bytes and making one copies none; a sender joins them (`joinedBytes`).
public final class RenderedBundle: SegmentedBytes, @unchecked Sendable {
    /// The bundle's bytes, in order: ranges of the pieces below and of static punctuation.
    public let segments: [UnsafeRawBufferPointer]
    public let byteCount: Int
    /// `"` + 32 hex digits + `"`: what the bundle says, independent of when and where its snapshot was
    /// synced (docs/contracts.md), so replicas holding the same export agree. It is the first half of the SHA-256
    /// of the snapshot's content hash (the export's JSON value), a NUL, and the digests of the bundle's
    /// pieces before its `snapshot` member, in order. The pieces cut those bytes at member boundaries
    /// that their JSON fixes, so the tag is a function of the content hash and of the bundle's bytes
    /// without its snapshot member, which alone carries the local snapshot number and `syncedAt`.
    public let entityTag: String
    /// What keeps the segments' bytes alive.
    private let pieces: [RenderedPiece]
    /// What its encoded form is charged to, as its pieces are.
    private let ledger: PieceLedger?
    /// The bundle in the one coding a sender encodes it in (gzip), once made.
    private let encodedForm = Mutex<RenderedPiece?>(nil)

    init(_ assembly: BundleAssembly, chargedTo ledger: PieceLedger?) {
        segments = assembly.segments
        byteCount = assembly.byteCount
        pieces = assembly.pieces
        self.ledger = ledger
        let digest = assembly.digests.withUnsafeBytes { Digest.bytes(of: $0, using: .sha256) }
        entityTag = "\"" + Digest.hex(digest, count: 16) + "\""
    }

    /// Whether the encoded form is made already: `encoded(by:)` then costs a look.
    public var isEncoded: Bool { encodedForm.withLock { $0 != nil } }

    /// The bundle's bytes encoded by `encode` (serve's gzip), made once per bundle and kept with it, so
    /// that a kept answer is compressed once; nil when `encode` fails. `encode` runs outside the lock:
    /// two threads may both encode a new bundle, and one form is kept.
    public func encoded(by encode: ([UnsafeRawBufferPointer]) -> [UInt8]?) -> (any SegmentedBytes)? {
        if let kept = encodedForm.withLock({ $0 }) { return kept }
        guard let bytes = encode(segments) else { return nil }
        let made = RenderedPiece(bytes, chargedTo: ledger)
        return encodedForm.withLock { form in
            if form == nil { form = made }
            return form
        }
    }

    /// What keeping it costs, in bytes, roughly, besides its pieces: they are charged to their
    /// snapshot's ledger (`PieceLedger`), once however many answers share them.
    var cost: Int { 16 * segments.count + 8 * pieces.count + entityTag.utf8.count + 160 }
}
