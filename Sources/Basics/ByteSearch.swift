import Glibc

extension UnsafeRawBufferPointer {
    /// The position of the first `byte` at or after `start`. It is memchr: a generic search over
    /// buffer slices costs several instructions per byte, and batch matching scans every input line and
    /// serve every request target.
    @inlinable public func firstIndex(ofByte byte: UInt8, from start: Int = 0) -> Int? {
        guard start < count, let baseAddress, let found = memchr(baseAddress + start, Int32(byte), count - start) else {
            return nil
        }
        return baseAddress.distance(to: UnsafeRawPointer(found))
    }
}
