import Foundation
@testable import PaywallEvents
import PaywallModel
import PaywallStore
import Testing

/// events.sqlite on a real file: every event once, all of a batch or none, durable settings, retention.
@Suite struct EventStoreTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "events-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    private func events(_ ids: [String], kind: Event.Kind = .shown, placement: String = "onboarding",
                        createdAt: Int64 = 1_795_953_600_000) -> [Event] {
        ids.map { Event(id: $0, kind: kind, createdAtMilliseconds: createdAt, profileID: "p-\($0)", placementID: placement, variationID: "v-a") }
    }

    /// The stored events' ids, with their placement and type as the names table spells them.
    private func stored(_ store: SQLiteEventStore) throws -> [String] {
        let rows = try store.database.prepare("""
            SELECT event_id, placement.text, type.text FROM events
            JOIN names AS placement ON placement.id = events.placement JOIN names AS type ON type.id = events.type ORDER BY event_id
            """)
        return try rows.rows { "\($0.text(at: 0)) \($0.text(at: 1)) \($0.text(at: 2))" }
    }

    @Test func aSecondCopyOfAnEventIsADuplicateInABatchAcrossBatchesAndAfterAReopen() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        #expect(try store.append(events(["a", "b", "a"])) == AppendedEvents(accepted: 2, duplicates: 1))
        #expect(try store.append(events(["b", "c"])) == AppendedEvents(accepted: 1, duplicates: 1))
        let reopened = try SQLiteEventStore.open(inStore: directory)
        #expect(try reopened.append(events(["c", "d"])) == AppendedEvents(accepted: 1, duplicates: 1))
        #expect(try stored(reopened) == ["a onboarding shown", "b onboarding shown", "c onboarding shown", "d onboarding shown"])
    }

    @Test func everyMemberIsStoredAsSent() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        var event = Event(id: "full", kind: .purchaseFinished, createdAtMilliseconds: 7, profileID: "p", placementID: "pl", variationID: "v")
        event.locale = "pt-BR"
        event.localeResult = .fallback
        event.country = "BR"
        event.product = Event.Product(vendorProductID: "yearly", priceMicros: 49_900_000, currency: "BRL")
        event.purchaseResult = .purchased
        event.action = Event.Action(kind: .custom, value: "x")
        event.screen = Event.Screen(id: "s", order: 3, isLast: false)
        event.failure = Event.Failure(code: "E", message: "m")
        _ = try store.append([event])
        let row = try store.database.prepare("""
            SELECT created_at, profile, (SELECT text FROM names WHERE id = locale), (SELECT text FROM names WHERE id = locale_result),
                (SELECT text FROM names WHERE id = product), price_micros, (SELECT text FROM names WHERE id = currency),
                (SELECT text FROM names WHERE id = purchase_result), action_value, screen_order, screen_last, error_message
            FROM events
            """)
        let values = try row.rows { row in (0..<12).map { row.optionalText(at: Int32($0)) ?? "NULL" } }
        #expect(values == [["7", "p", "pt-BR", "fallback", "yearly", "49900000", "BRL", "purchased", "x", "3", "0", "m"]])
    }

    @Test func theFileCommitsToDiskBeforeAppendReturns() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        let settings = try store.database.prepare("SELECT * FROM pragma_synchronous, pragma_journal_mode")
        #expect(try settings.step())
        #expect(settings.integer(at: 0) == 2)  // FULL
        #expect(settings.text(at: 1) == "wal")
    }

    /// A batch that fails part way stores none of its events, and the names it made are not taken for stored ones.
    @Test func aBatchThatFailsStoresNothing() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        try store.database.execute("""
            CREATE TRIGGER poison BEFORE INSERT ON events WHEN NEW.event_id = 'poison' BEGIN SELECT RAISE(ABORT, 'poisoned'); END
            """)
        #expect(throws: StoreError.self) { try store.append(events(["fine", "poison"], placement: "new-placement")) }
        #expect(try stored(store).isEmpty)
        _ = try store.append(events(["other"], placement: "other-placement") + events(["later"], placement: "new-placement"))
        #expect(try stored(store) == ["later new-placement shown", "other other-placement shown"])
    }

    @Test func retentionDeletesOnlyOlderEventsInBatches() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        _ = try store.append(events(["old1", "old2", "old3"], createdAt: 1_000) + events(["edge"], createdAt: 2_000) + events(["new"], createdAt: 3_000))
        #expect(try store.deleteEvents(createdBefore: 2_000, batch: 2) == 3)
        #expect(try stored(store).map { $0.split(separator: " ")[0] } == ["edge", "new"])
        #expect(try store.deleteEvents(createdBefore: 2_000, batch: 2) == 0)
    }

    /// The names, with how many events use each.
    private func names(_ store: SQLiteEventStore) throws -> [String: Int64] {
        let rows = try store.database.prepare("SELECT text, uses FROM names").rows { ($0.text(at: 0), $0.integer(at: 1)) }
        return Dictionary(uniqueKeysWithValues: rows)
    }

    /// `uses` and the names of the types the index of the state's events names, each of which it counts as a use.
    private func withIndexedNames(_ uses: [String: Int64]) -> [String: Int64] {
        uses.merging(SQLiteStateTypes.names.map { ($0, 1) }) { $0 + $1 }
    }

    @Test func retentionDeletesTheNamesNoEventUsesAnyMore() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        var old = events(["o1", "o2"], placement: "old-placement", createdAt: 1_000)
        old[0].country = "AQ"
        _ = try store.append(old + events(["o3"], createdAt: 1_000) + events(["n1"], createdAt: 3_000))
        _ = try store.append(events(["n1"], placement: "only-in-a-duplicate", createdAt: 3_000))
        #expect(try names(store) == withIndexedNames(["shown": 4, "old-placement": 2, "onboarding": 2, "v-a": 4, "AQ": 1, "only-in-a-duplicate": 0]))
        #expect(try store.deleteEvents(createdBefore: 2_000, batch: 2) == 3)
        #expect(try names(store) == withIndexedNames(["shown": 1, "onboarding": 1, "v-a": 1]))
        _ = try store.append(events(["n2"], placement: "old-placement", createdAt: 3_000))
        #expect(try stored(store) == ["n1 onboarding shown", "n2 old-placement shown"])
        #expect(try store.deleteEvents(createdBefore: 4_000) == 2)
        #expect(try names(store) == withIndexedNames([:]))
    }

    /// Uses are all counted, of the first names (counted by id in an array) and of later ones alike: a migration's scan
    /// of the events counts millions.
    @Test func usesOfFirstAndLaterNamesAreAllCounted() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        try store.database.execute("INSERT INTO names (id, text) VALUES (101, 'a'), (4095, 'b'), (4096, 'c'), (900000, 'd')")
        var uses = NameUses()
        for round in 0..<100_000 { uses.add([101, 4095, 4096, 900_000][round % 4]) }
        uses.add([101, 101, 4096])
        try store.database.transaction { () throws(StoreError) in try uses.store(in: store.database) }
        #expect(try names(store) == withIndexedNames(["a": 25_002, "b": 25_000, "c": 25_001, "d": 25_000]))
        try store.database.transaction { () throws(StoreError) in try uses.store(in: store.database) }
        #expect(try names(store) == withIndexedNames(["a": 25_002, "b": 25_000, "c": 25_001, "d": 25_000]))
    }

    /// Another connection's retention deletes names this one kept the ids of: they are looked up again, not reused.
    @Test func namesDeletedByAnotherConnectionAreNotReferredTo() throws {
        let writer = try SQLiteEventStore.open(inStore: directory)
        _ = try writer.append(events(["old"], placement: "gone", createdAt: 1_000))
        let retention = try SQLiteEventStore.open(inStore: directory)
        #expect(try retention.deleteEvents(createdBefore: 2_000) == 1)
        #expect(try names(retention) == withIndexedNames([:]))
        _ = try writer.append(events(["new"], placement: "gone", createdAt: 3_000))
        #expect(try stored(retention) == ["new gone shown"])
        #expect(try names(retention) == withIndexedNames(["shown": 1, "gone": 1, "v-a": 1]))
    }

    /// A new file gives the pages of deleted events back: once checkpointed, it is smaller again.
    @Test func retentionGivesTheFreedPagesBack() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        for chunk in 0..<20 {
            _ = try store.append(events((0..<1_000).map { "e-\(chunk)-\($0)-\(String(repeating: "x", count: 80))" }, placement: "p-\(chunk)", createdAt: 1_000))
        }
        let path = directory + "/events.sqlite"
        try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let full = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(try store.deleteEvents(createdBefore: 2_000, batch: 3_000) == 20_000)
        try store.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let emptied = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(full > 2_000_000)
        #expect(emptied < full / 10, "\(full) bytes, then \(emptied)")
    }

    /// A new file keeps no free page: the pages of an index a later step of the schema drops are given back as it is
    /// made, so that the first retention pass has nothing to write.
    @Test func aNewFileKeepsNoFreePage() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        let free = try store.database.prepare("PRAGMA freelist_count")
        #expect(try free.step())
        #expect(free.integer(at: 0) == 0)
    }

    /// A file of version 1 (no `uses`) counts them when opened, and its retention then deletes the names left unused.
    @Test func aFileOfVersion1CountsItsUsesOfNames() throws {
        let raw = try Database(path: directory + "/events.sqlite", create: true)
        try EventSchema.steps[0].sqlite(raw)
        try raw.execute("""
            INSERT INTO names (id, text) VALUES (1, 'shown'), (2, 'pl'), (3, 'v'), (4, 'left-over');
            INSERT INTO events (event_id, type, created_at, profile, placement, variation) VALUES ('a', 1, 1000, 'p', 2, 3), ('b', 1, 3000, 'p', 2, 2);
            PRAGMA user_version = 1;
            """)
        let store = try SQLiteEventStore.open(inStore: directory)
        #expect(try names(store) == withIndexedNames(["shown": 2, "pl": 3, "v": 1, "left-over": 0]))
        #expect(try store.deleteEvents(createdBefore: 2_000) == 1)
        #expect(try names(store) == withIndexedNames(["shown": 1, "pl": 2]))
    }

    @Test func aFileOfANewerVersionIsRefusedWithItsPath() throws {
        _ = try SQLiteEventStore.open(inStore: directory)
        let raw = try Database(path: directory + "/events.sqlite", create: false)
        try raw.execute("PRAGMA user_version = 99")
        #expect {
            _ = try SQLiteEventStore.open(inStore: directory)
        } throws: { error in
            (error as? StoreError)?.message == "the events at \(directory)/events.sqlite were written by a newer paywalls (schema 99; this one reads \(EventSchema.version))"
        }
    }

    @Test func noStoreDirectoryIsAClearError() {
        #expect {
            _ = try SQLiteEventStore.open(inStore: directory + "/missing")
        } throws: { error in
            (error as? StoreError)?.message == "no store directory at \(directory)/missing for events.sqlite"
        }
    }
}
