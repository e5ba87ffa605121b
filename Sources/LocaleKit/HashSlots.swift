/// An open-addressing table keyed by 64-bit integers that are already well mixed (hashes), so that
/// no second hash is computed: the batch matcher's tables are looked up several times per input line,
/// and hashing with `Hasher` there cost more than the matching itself.
struct HashSlots<Value> {
    private var keys: [UInt64]
    private var values: [Value?]
    private(set) var count = 0

    init() {
        keys = Array(repeating: 0, count: 64)
        values = Array(repeating: nil, count: 64)
    }

    subscript(key: UInt64) -> Value? {
        get {
            var slot = Int(truncatingIfNeeded: key) & (keys.count - 1)
            while let value = values[slot] {
                if keys[slot] == key { return value }
                slot = (slot + 1) & (keys.count - 1)
            }
            return nil
        }
        set {
            guard let newValue else { preconditionFailure("HashSlots does not remove single keys") }
            if (count + 1) * 2 > keys.count { grow() }
            var slot = Int(truncatingIfNeeded: key) & (keys.count - 1)
            while values[slot] != nil, keys[slot] != key {
                slot = (slot + 1) & (keys.count - 1)
            }
            if values[slot] == nil { count += 1 }
            keys[slot] = key
            values[slot] = newValue
        }
    }

    mutating func removeAll() {
        for slot in values.indices { values[slot] = nil }
        count = 0
    }

    /// Mixes two small integers into one well-spread key (a multiplicative hash of the pair).
    static func key(_ first: Int, _ second: Int) -> UInt64 {
        let packed = UInt64(truncatingIfNeeded: first) << 32 | UInt64(truncatingIfNeeded: second)
        let mixed = packed &* 0x9E37_79B9_7F4A_7C15
        return mixed ^ (mixed >> 29)
    }

    private mutating func grow() {
        let old = zip(keys, values)
        keys = Array(repeating: 0, count: keys.count * 2)
        values = Array(repeating: nil, count: values.count * 2)
        count = 0
        for (key, value) in old {
            if let value { self[key] = value }
        }
    }
}
