import Basics

/// A response's body: bytes of its own, or bytes an object keeps in segments (a kept answer), which
/// the server joins straight into the buffer it sends.
public enum HTTPBody: Sendable {
    case owned([UInt8])
    case kept(any SegmentedBytes)

    public var count: Int {
        switch self {
        case let .owned(bytes): bytes.count
        case let .kept(kept): kept.byteCount
        }
    }

    /// The body in one array (a copy of kept bytes).
    public var bytes: [UInt8] {
        switch self {
        case let .owned(bytes): bytes
        case let .kept(kept): kept.joinedBytes
        }
    }
}
