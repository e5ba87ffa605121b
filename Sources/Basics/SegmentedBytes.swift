/// Bytes that an object holds in segments (pieces spliced together, say) and keeps alive as long as it
/// lives, so that whoever sends them copies them once, straight into what it sends.
public protocol SegmentedBytes: AnyObject, Sendable {
    /// The bytes, in order; valid while the object lives.
    var segments: [UnsafeRawBufferPointer] { get }
    /// The sum of the segments' counts.
    var byteCount: Int { get }
}

extension SegmentedBytes {
    /// The bytes in one array: a copy.
    public var joinedBytes: [UInt8] {
        var joined: [UInt8] = []
        joined.reserveCapacity(byteCount)
        for segment in segments { joined += segment }
        return joined
    }
}
