/// Bytes that an object holds in segments (pieces spliced together, say) and keeps alive as long as it
/// lives, so that whoever sends them copies them once, straight into what it sends.
public protocol SegmentedBytes: AnyObject, Sendable {
    /// The bytes, in order; valid while the object lives.
    var segments: [UnsafeRawBufferPointer] { get }
    /// The sum of the segments' counts.
    var byteCount: Int { get }
}

extension SegmentedBytes {
    /// Copies the bytes, in order, to `destination`, which has room for `byteCount` of them.
    public func copyBytes(to destination: UnsafeMutableRawPointer) {
        var offset = 0
        for segment in segments {
            if let base = segment.baseAddress { (destination + offset).copyMemory(from: base, byteCount: segment.count) }
            offset += segment.count
        }
    }

    /// The bytes in one array: a copy.
    public var joinedBytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            if let base = buffer.baseAddress { copyBytes(to: base) }
            count = byteCount
        }
    }
}
