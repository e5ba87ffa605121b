import Digests
import PaywallStore

/// A bundle as `paywalls serve` sends it: compact JSON, and its strong entity tag. A class: a kept
/// answer is handed out with one retain.
public final class RenderedBundle: Sendable {
    public let bytes: [UInt8]
    /// `"` + 32 hex digits + `"`: what the bundle says, independent of when and where its snapshot was
    /// synced (docs/contracts.md), so replicas holding the same export agree. It is the first half of the SHA-256
    /// of the snapshot's content hash (the export's JSON value), a NUL, and the digests of the bundle's
    /// pieces before its `snapshot` member, in order. The pieces cut those bytes at member boundaries
    /// that their JSON fixes, so the tag is a function of the content hash and of the bundle's bytes
    /// without its snapshot member, which alone carries the local snapshot number and `syncedAt`.
    public let entityTag: String

    init(_ assembly: BundleAssembly) {
        bytes = assembly.bytes
        let digest = assembly.digests.withUnsafeBytes { Digest.bytes(of: $0, using: .sha256) }
        entityTag = "\"" + Digest.hex(digest, count: 16) + "\""
    }

    /// What keeping it costs, in bytes, roughly.
    var cost: Int { bytes.count + entityTag.utf8.count + 160 }
}
