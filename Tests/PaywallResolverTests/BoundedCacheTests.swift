import PaywallModel
@testable import PaywallResolver
import Testing

/// A bounded cache stays within its budget, lets go of its oldest values first, and, when told to,
/// keeps only some of what comes once it is full; values holding pieces keep their ledger within its limit.
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

    /// A rendered piece of some 900 bytes.
    static func piece(chargedTo ledger: PieceLedger) -> RenderedPiece {
        RenderedPiece(members: JSONObject([.init(key: "text", value: .string(String(repeating: "x", count: 900)))]), chargedTo: ledger)
    }

    /// Each value holds a piece of its own: once the pieces alive pass the ledger's limit, the oldest
    /// values go, whichever shard they are in, and the one just kept stays.
    @Test func valuesGoWhileTheirPiecesTakeMoreThanTheLedgerAllows() {
        let ledger = PieceLedger(limit: 20_000)
        let cache = BoundedCache<Int, RenderedPiece>(budget: 1 << 20, relieving: ledger)
        var pieceCost = 0
        for key in 0..<500 {
            let piece = Self.piece(chargedTo: ledger)
            pieceCost = piece.cost
            cache.keep(piece, cost: 1, for: key)
            #expect(ledger.bytes <= ledger.limit, "after key \(key)")
            #expect(cache.value(for: key) != nil, "key \(key) was let go of at once")
        }
        #expect(cache.usage.count == ledger.limit / pieceCost)
        #expect(ledger.bytes == cache.usage.count * pieceCost)
    }

    /// A piece that many values hold is charged once, and discharged when the last lets go of it.
    @Test func aSharedPieceIsChargedOnce() {
        let ledger = PieceLedger(limit: 1 << 20)
        var cache: BoundedCache<Int, RenderedPiece>? = BoundedCache(budget: 1 << 20, relieving: ledger)
        let cost = { () -> Int in
            let piece = Self.piece(chargedTo: ledger)
            for key in 0..<100 { cache?.keep(piece, cost: 1, for: key) }
            return piece.cost
        }()
        #expect(cache?.usage.count == 100)
        #expect(ledger.bytes == cost)
        cache = nil
        #expect(ledger.bytes == 0)
    }
}
