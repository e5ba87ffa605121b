@testable import PaywallResolver
import Testing

/// A bounded cache stays within its budget, lets go of its oldest values first, and, when told to,
/// keeps only some of what comes once it is full.
@Suite struct BoundedCacheTests {
    /// Offers `count` keys of cost 1 to a cache of 16 shards x 10.
    static func offer(_ count: Int, admittedWhenFull: Int) -> BoundedCache<Int, Int> {
        let cache = BoundedCache<Int, Int>(budget: 160, admittedWhenFull: admittedWhenFull)
        for key in 0..<count { cache.keep(key, cost: 1, for: key) }
        return cache
    }

    @Test func everyValueIsKeptAndTheOldestGoFirst() {
        let cache = Self.offer(1000, admittedWhenFull: 1)
        #expect(cache.usage.cost <= 160)
        #expect(cache.value(for: 999) == 999)
        #expect(cache.value(for: 0) == nil)
        // Each shard holds its newest ten: the newest keys are there, almost all.
        #expect((900..<1000).filter { cache.value(for: $0) != nil }.count >= 80)
    }

    @Test func aFullCacheAdmitsOneValueInN() {
        let cache = Self.offer(2000, admittedWhenFull: 4)
        #expect(cache.usage.cost <= 160)
        // The last 64 keys came to full shards (some four to each): about one in four was kept,
        // where a cache keeping every value keeps them all.
        let kept = (1936..<2000).filter { cache.value(for: $0) != nil }.count
        #expect(kept >= 4 && kept <= 32, "\(kept) of 64 kept")
        let everyOne = Self.offer(2000, admittedWhenFull: 1)
        #expect((1936..<2000).filter { everyOne.value(for: $0) != nil }.count >= 60)
    }

    @Test func aValueCostlierThanAShardIsNotKept() {
        let cache = BoundedCache<Int, Int>(budget: 160)
        cache.keep(1, cost: 11, for: 1)
        #expect(cache.value(for: 1) == nil)
        #expect(cache.usage.cost == 0)
    }
}
