import Glibc

/// A table keyed by byte strings that is read without allocating: the key is hashed in place and
/// compared with the stored copy. Batch matching looks up two such keys per input line.
struct ByteKeyedTable<Value> {
    private var entries = HashSlots<(key: [UInt8], value: Value)>()

    var count: Int { entries.count }

    func value(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> Value? {
        guard let entry = entries[hash], entry.key.count == bytes.count else { return nil }
        let same = bytes.isEmpty || entry.key.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
        return same ? entry.value : nil
    }

    /// Stores `value`; a different key with the same 64-bit hash is replaced (it is then recomputed).
    mutating func set(_ value: Value, for bytes: UnsafeRawBufferPointer, hash: UInt64) {
        entries[hash] = (Array(bytes), value)
    }

    mutating func removeAll() {
        entries.removeAll()
    }

    /// FNV-1a, 64 bits: fast on the short keys of locale lists.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
