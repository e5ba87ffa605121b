import Synchronization

/// A memo shared by threads, of bounded size: keys are spread over shards, each behind its own lock,
/// so that threads seldom wait for each other; a shard whose entries would cost more than its share of
/// the budget lets go of its oldest ones, so that whatever requests fill it with (junk locales, say)
/// memory stays bounded, while what is asked for again and again stays. A cache of large values may
/// admit only some of what comes once it is full (`admittedWhenFull`): when requests want far more
/// than fits, letting go of an old value for every new one costs each request more than it saves.
/// A cache whose values hold pieces charged to a ledger (answers hold the pieces they are spliced
/// from) lets go of its oldest values while the ledger is over its limit, as when it is over budget.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// A key with its hash, worked out once per lookup: it picks the shard, and the shard's dictionary
    /// hashes that number rather than the key again.
    private struct HashedKey: Hashable, Sendable {
        let key: Key
        let hash: Int

        init(_ key: Key) {
            self.key = key
            hash = key.hashValue
        }

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.hash == rhs.hash && lhs.key == rhs.key }
        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        /// What the shard's dictionary places the key by: the hash mixed with the dictionary's seed,
        /// without hashing it again (`hash` is of the per-process seeded `Hasher` already).
        func _rawHashValue(seed: Int) -> Int { hash ^ seed }
    }

    private struct Entries {
        var values: [HashedKey: (value: Value, cost: Int)] = [:]
        /// Keys in the order they came; those before `oldest` are gone already.
        var arrivals: [HashedKey] = []
        var oldest = 0
        var cost = 0
        /// Values offered while the shard was full.
        var offeredWhenFull = 0

        /// A value costlier than the whole shard is not kept: the bound holds whatever the values.
        /// - Parameter pressed: whether the ledger is over its limit: the shard counts as full.
        mutating func insert(_ key: HashedKey, _ value: Value, cost: Int, budget: Int, admittedWhenFull: Int, pressed: Bool) {
            guard values[key] == nil, cost <= budget else { return }
            if pressed || self.cost + cost > budget {
                offeredWhenFull += 1
                guard offeredWhenFull % admittedWhenFull == 0 else { return }
            }
            while self.cost + cost > budget, removeOldest() {}
            values[key] = (value, cost)
            arrivals.append(key)
            self.cost += cost
        }

        /// Lets go of the oldest value (freeing it here, unless held elsewhere); false when none is left.
        mutating func removeOldest() -> Bool {
            guard oldest < arrivals.count else { return false }
            cost -= values.removeValue(forKey: arrivals[oldest])?.cost ?? 0
            oldest += 1
            if oldest > arrivals.count / 2 {
                arrivals.removeFirst(oldest)
                oldest = 0
            }
            return true
        }
    }

    private final class Shard: Sendable {
        let entries = Mutex(Entries())
    }

    private static var shardCount: Int { 16 }

    private let shards: [Shard]
    private let shardBudget: Int
    private let admittedWhenFull: Int
    private let ledger: PieceLedger?

    /// - Parameters:
    ///   - budget: what all entries may cost together, in the unit the callers give costs in (bytes,
    ///     or 1 per entry).
    ///   - admittedWhenFull: once a shard is full, one value in this many is kept (letting go of the
    ///     oldest); 1 keeps every one.
    ///   - ledger: what the values' pieces are charged to, besides their cost: while it is over its
    ///     limit, the oldest values go.
    init(budget: Int, admittedWhenFull: Int = 1, relieving ledger: PieceLedger? = nil) {
        shards = (0..<Self.shardCount).map { _ in Shard() }
        shardBudget = max(1, budget / Self.shardCount)
        self.admittedWhenFull = max(1, admittedWhenFull)
        self.ledger = ledger
    }

    /// The value for `key`, made (outside the lock: two threads may both make it) and kept when missing.
    func value<Failure: Error>(for key: Key, _ make: () throws(Failure) -> (value: Value, cost: Int)) throws(Failure) -> Value {
        let key = HashedKey(key)
        if let value = value(for: key) { return value }
        let made = try make()
        keep(made.value, cost: made.cost, for: key)
        return made.value
    }

    /// The value kept for `key`, if any.
    func value(for key: Key) -> Value? {
        value(for: HashedKey(key))
    }

    /// Keeps `value` for `key` (unless a value is kept for it already), letting go of the oldest
    /// entries of its shard as the budget requires.
    func keep(_ value: Value, cost: Int, for key: Key) {
        keep(value, cost: cost, for: HashedKey(key))
    }

    private func value(for key: HashedKey) -> Value? {
        shard(of: key).entries.withLock { $0.values[key]?.value }
    }

    private func keep(_ value: Value, cost: Int, for key: HashedKey) {
        let index = shardIndex(of: key), pressed = ledger?.isOverLimit ?? false
        shards[index].entries.withLock {
            $0.insert(key, value, cost: cost, budget: shardBudget, admittedWhenFull: admittedWhenFull, pressed: pressed)
        }
        if pressed { relieveLedger(after: index) }
    }

    /// Lets go of the oldest values of the shards after `kept`'s, one lock at a time, until the ledger
    /// is within its limit: the pieces held by values alone may be anywhere. `kept`'s shard comes last,
    /// so the value just kept goes only when no other is left.
    private func relieveLedger(after kept: Int) {
        guard let ledger else { return }
        for offset in 1...Self.shardCount where ledger.isOverLimit {
            shards[(kept + offset) % Self.shardCount].entries.withLock { entries in
                while ledger.isOverLimit, entries.removeOldest() {}
            }
        }
    }

    private func shard(of key: HashedKey) -> Shard {
        shards[shardIndex(of: key)]
    }

    private func shardIndex(of key: HashedKey) -> Int {
        Int(UInt(bitPattern: key.hash) % UInt(Self.shardCount))
    }

    /// How many entries are kept, and what they cost together.
    var usage: (count: Int, cost: Int) {
        shards.reduce(into: (0, 0)) { total, shard in
            shard.entries.withLock { total.0 += $0.values.count; total.1 += $0.cost }
        }
    }
}
