import Testing
@testable import LocaleKit

/// The hand-made tables behind batch matching: what a dictionary would guarantee, they must too.
@Suite struct BatchTablesTests {
    @Test func slotsKeepEveryKeyThroughGrowthAndCollisions() {
        var slots = HashSlots<Int>()
        // Multiples of 1024 all start probing at slot 0 of the small initial table.
        let keys = (0..<5000).map { UInt64($0) * 1024 } + (1...500).map { HashSlots<Int>.key($0, $0 * 7) }
        for (value, key) in keys.enumerated() { slots[key] = value }
        #expect(slots.count == keys.count)
        for (value, key) in keys.enumerated() { #expect(slots[key] == value) }
        #expect(slots[1] == nil)
        slots[0] = -1
        #expect(slots[0] == -1)
        #expect(slots.count == keys.count)
        slots.removeAll()
        #expect(slots.count == 0)
        #expect(slots[1024] == nil)
    }

    @Test func pairKeysDoNotCollideForSmallIDs() {
        var seen = Set<UInt64>()
        for first in 0..<200 { for second in 0..<200 { seen.insert(HashSlots<Int>.key(first, second)) } }
        #expect(seen.count == 200 * 200)
    }

    @Test func byteKeysAreComparedNotOnlyHashed() {
        var table = ByteKeyedTable<String>()
        let pt: [UInt8] = Array("pt-BR".utf8), de: [UInt8] = Array("de".utf8), empty: [UInt8] = []
        pt.withUnsafeBytes { table.set("pt", for: $0, hash: 42) }
        // Another key under the same hash is not mistaken for the stored one...
        #expect(de.withUnsafeBytes { table.value(for: $0, hash: 42) } == nil)
        #expect(pt.withUnsafeBytes { table.value(for: $0, hash: 42) } == "pt")
        // ...and storing it replaces the entry.
        de.withUnsafeBytes { table.set("de", for: $0, hash: 42) }
        #expect(pt.withUnsafeBytes { table.value(for: $0, hash: 42) } == nil)
        empty.withUnsafeBytes { table.set("empty", for: $0, hash: ByteKeyedTable<String>.hash($0)) }
        #expect(empty.withUnsafeBytes { table.value(for: $0, hash: ByteKeyedTable<String>.hash($0)) } == "empty")
        #expect(table.count == 2)
    }

    @Test func findsBytesFromAnOffset() {
        let line: [UInt8] = Array("a\tb\tc".utf8)
        line.withUnsafeBytes { bytes in
            #expect(bytes.firstIndex(ofByte: 9) == 1)
            #expect(bytes.firstIndex(ofByte: 9, from: 2) == 3)
            #expect(bytes.firstIndex(ofByte: 9, from: 4) == nil)
            #expect(bytes.firstIndex(ofByte: 9, from: 99) == nil)
        }
        #expect(UnsafeRawBufferPointer(start: nil, count: 0).firstIndex(ofByte: 9) == nil)
    }
}
