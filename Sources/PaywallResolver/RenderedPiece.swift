import Digests
import PaywallModel

/// A part of a bundle rendered as compact JSON (some consecutive members without braces, `"a":1,"b":2`,
/// or an array element), and the SHA-256 of those bytes: a renderer splices pieces into bundles, and
/// makes a bundle's entity tag from the pieces' digests rather than by hashing the whole bundle. A
/// class: a resolution takes several from caches, each with one retain.
final class RenderedPiece: Sendable {
    let bytes: [UInt8]
    let digest: [UInt8]

    convenience init(members: JSONObject) {
        var bytes: [UInt8] = []
        members.renderMembers(into: &bytes)
        self.init(bytes)
    }

    convenience init(element: JSONValue) {
        var bytes: [UInt8] = []
        element.render(into: &bytes)
        self.init(bytes)
    }

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
        digest = bytes.withUnsafeBytes { Digest.bytes(of: $0, using: .sha256) }
    }

    /// What keeping the piece costs, in bytes, roughly.
    var cost: Int { bytes.count + digest.count + 64 }
}
