import Basics
import Digests
import PaywallModel

/// A part of a bundle rendered as compact JSON (some consecutive members without braces, `"a":1,"b":2`,
/// or an array element), and the SHA-256 of those bytes: a renderer splices pieces into bundles, and
/// makes a bundle's entity tag from the pieces' digests rather than by hashing the whole bundle. A
/// class: a resolution takes several from caches, each with one retain.
final class RenderedPiece: SegmentedBytes, @unchecked Sendable {
    /// Written once, here, and freed with the piece: the segments of the answers that hold the piece
    /// point into them (`RenderedBundle.segments`), so they must not move while the piece lives.
    let bytes: UnsafeRawBufferPointer
    let digest: [UInt8]
    /// What the piece is charged to while alive: its snapshot's, or none for what lives as long as
    /// the process or the snapshot (punctuation, the snapshot member).
    private let ledger: PieceLedger?

    convenience init(members: JSONObject, chargedTo ledger: PieceLedger?) {
        var bytes: [UInt8] = []
        members.renderMembers(into: &bytes)
        self.init(bytes, chargedTo: ledger)
    }

    convenience init(element: JSONValue, chargedTo ledger: PieceLedger) {
        var bytes: [UInt8] = []
        element.render(into: &bytes)
        self.init(bytes, chargedTo: ledger)
    }

    /// Punctuation between the pieces of a bundle: `{`, `,`, `"products":[`.
    convenience init(text: String) {
        self.init(Array(text.utf8), chargedTo: nil)
    }

    init(_ rendered: [UInt8], chargedTo ledger: PieceLedger?) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: rendered.count, alignment: 1)
        rendered.withUnsafeBytes { storage.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(storage)
        digest = Digest.bytes(of: bytes, using: .sha256)
        self.ledger = ledger
        ledger?.charge(cost)
    }

    deinit {
        ledger?.discharge(cost)
        bytes.deallocate()
    }

    /// What keeping the piece costs, in bytes, roughly.
    var cost: Int { bytes.count + digest.count + 64 }

    var segments: [UnsafeRawBufferPointer] { [bytes] }
    var byteCount: Int { bytes.count }
}
