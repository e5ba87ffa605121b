import Foundation
import PaywallEvents
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

    @Test func aFileOfANewerVersionIsRefusedWithItsPath() throws {
        _ = try SQLiteEventStore.open(inStore: directory)
        let raw = try Database(path: directory + "/events.sqlite", create: false)
        try raw.execute("PRAGMA user_version = 99")
        #expect {
            _ = try SQLiteEventStore.open(inStore: directory)
        } throws: { error in
            (error as? StoreError)?.message == "the events at \(directory)/events.sqlite were written by a newer paywalls (schema 99; this one reads 1)"
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
