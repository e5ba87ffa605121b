import Foundation
@testable import PaywallEvents
import PaywallStore
import Testing

/// The names kept in memory stay within their budget, however many fresh strings come, and every name is still given
/// its own id once the ids kept were let go of.
@Suite struct NameCacheTests {
    @Test func freshNamesNeverTakeTheCachePastItsBudget() {
        var cache = NameCache(budget: 10_000)
        var largest = 0
        for index in 0..<100_000 {
            cache.keep(Int64(index), for: "fresh-\(index)-\(String(repeating: "x", count: index % 300))")
            largest = max(largest, cache.bytes)
        }
        #expect(largest <= 10_000)
        #expect(cache.ids.count <= 10_000 / NameCache.entryOverhead)
        #expect(cache.ids.count > 0)
    }

    @Test func aTextPastTheWholeBudgetIsNotKept() {
        var cache = NameCache(budget: 100)
        cache.keep(1, for: "kept")
        cache.keep(2, for: String(repeating: "y", count: 100))
        #expect(cache.ids == ["kept": 1])
    }

    @Test func namesResolveToTheirOwnIdsAfterTheCacheLetGoOfThem() throws {
        let directory = NSTemporaryDirectory() + "names-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try SQLiteEventStore.open(inStore: directory).database
        let table = try NameTable(database, cacheBudget: 2_000)
        let texts = (0..<3_000).map { "name-\($0)" }
        func ids(of texts: [String]) throws -> [Int64] {
            try database.transaction { () throws(StoreError) in
                try table.beginTransaction()
                return try texts.map { text throws(StoreError) in try table.id(of: text) }
            }
        }
        var first: [Int64] = []
        for chunk in stride(from: 0, to: texts.count, by: 100) {
            first += try ids(of: Array(texts[chunk..<chunk + 100]))
            table.commit()
        }
        #expect(Set(first).count == texts.count)
        #expect(try ids(of: texts.reversed()) == first.reversed())
        #expect(try Self.storedIDs(in: database) == Dictionary(uniqueKeysWithValues: zip(texts, first)))
    }

    /// An id given in a transaction that rolled back may be given to another name after: none is kept for its old name,
    /// which gets an id of its own (here, the one after).
    @Test func anIdOfATransactionRolledBackIsNotKeptForItsName() throws {
        let directory = NSTemporaryDirectory() + "names-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let database = try SQLiteEventStore.open(inStore: directory).database
        let table = try NameTable(database)
        var abandoned: Int64?
        #expect(throws: StoreError.self) {
            try database.transaction { () throws(StoreError) in
                try table.beginTransaction()
                abandoned = try table.id(of: "placement-a")
                throw StoreError(kind: .io, message: "abandoned")
            }
        }
        table.rollBack()
        let (other, again) = try database.transaction { () throws(StoreError) in
            try table.beginTransaction()
            return (try table.id(of: "placement-b"), try table.id(of: "placement-a"))
        }
        table.commit()
        #expect(other == abandoned)
        #expect(again != abandoned)
        #expect(try Self.storedIDs(in: database) == ["placement-b": other, "placement-a": again])
    }

    /// The ids of the names stored, but for those of the types the index of the state's events names (in every file).
    private static func storedIDs(in database: Database) throws -> [String: Int64] {
        let stored = try database.prepare("SELECT text, id FROM names").rows { ($0.text(at: 0), $0.integer(at: 1)) }
        return Dictionary(uniqueKeysWithValues: stored).filter { !SQLiteStateTypes.names.contains($0.key) }
    }
}
