import Foundation
@testable import PaywallEvents
import PaywallStore
import Testing

/// The exposure state of events.sqlite, kept as events are stored out of order, resent, deleted by retention and found
/// in a file of the schema before it: always what a recount of the stored events makes, and the report's sums always
/// those counted by hand.
@Suite struct ExposureStateTests {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "exposures-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// The stored state of every key of `events` against a recount of them, and every query's sums against the hand count.
    private func expectState(of store: SQLiteEventStore, equalToARecountOf events: [Event], _ comment: String = "") throws {
        let byKey = Dictionary(grouping: events, by: ExposureKey.init)
        let stored = try store.exposures.states(of: Set(byKey.keys))
        #expect(stored == byKey.compactMapValues { ExposureState(recounting: $0) }, "\(comment)")
        for query in ExposureFixtures.queries {
            #expect(try store.conversionTallies(query) == ExposureFixtures.tallies(of: events, query), "\(query) \(comment)")
        }
        // A sum that came to no profile is gone (its names may go with retention).
        let emptied = try store.database.prepare("""
            SELECT (SELECT count(*) FROM exposure_sums WHERE exposures <= 0) + (SELECT count(*) FROM exposure_revenue_sums WHERE profiles <= 0)
            """).rows { $0.integer(at: 0) }
        #expect(emptied == [0], "\(comment)")
    }

    @Test func theStateIsARecountAfterShuffledBatchesWithResends() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        let events = ExposureFixtures.events(seed: 7)
        let batches = ExposureFixtures.resentBatches(events, seed: 11)
        var stored: [String: Event] = [:]
        for (index, batch) in batches.enumerated() {
            let appended = try store.append(batch)
            let new = Dictionary(batch.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }).filter { stored[$0.key] == nil }
            #expect(appended.accepted == new.count)
            stored.merge(new) { first, _ in first }
            if index % 25 == 0 { try expectState(of: store, equalToARecountOf: Array(stored.values), "after batch \(index)") }
        }
        #expect(stored.count == events.count)
        try expectState(of: store, equalToARecountOf: events)
        let states = try store.exposures.states(of: Set(events.map(ExposureKey.init)))
        // The set is as hard as it says: profiles shown several variations, converted ones, and revenue past 64 bits.
        #expect(states.values.contains { $0.shownAnotherVariation } && states.values.contains { $0.converted })
        #expect(states.values.contains { ($0.revenueMicros["USD"] ?? 0) > Int128(Int64.max) })
    }

    /// Commits of many batches and profiles, whose sums are added many rows a statement, keep the state and sums those of
    /// a recount.
    @Test func largeCommitsKeepTheStateARecount() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        let events = ExposureFixtures.events(seed: 19, profiles: 400)
        let batches = ExposureFixtures.resentBatches(events, seed: 20)
        let perCommit = batches.count / 3 + 1
        for start in stride(from: 0, to: batches.count, by: perCommit) {
            let end = min(start + perCommit, batches.count)
            _ = try store.append(batches: Array(batches[start..<end]))
            let stored = Dictionary(batches[..<end].joined().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            try expectState(of: store, equalToARecountOf: Array(stored.values), "after \(end) batches")
        }
    }

    /// The ledger of the schema's step that makes the first state, before the sums' tables exist, refuses sums and says
    /// so, rather than write them nowhere.
    @Test func aLedgerMadeWithoutSumsRefusesThem() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        let ledger = try SQLiteExposureLedger(database: store.database, names: store.names, keepsSums: false)
        let first = ExposureState.FirstExposure(createdAt: 1, eventID: "e", variationID: "A", snapshot: nil, locale: nil, localeResult: nil,
                                                country: nil, platform: nil)
        var sums = ExposureSums()
        sums.add(ExposureState(first: first, shownAnotherVariation: false, converted: false, revenueMicros: [:]),
                 at: ExposureKey(placementID: "p", profileID: "u"))
        #expect {
            try ledger.apply(sums)
        } throws: { error in
            (error as? StoreError)?.message == "the sums of the exposure state in \(store.database.path) are not made yet"
        }
        #expect(try store.database.prepare("SELECT count(*) FROM exposure_sums").rows { $0.integer(at: 0) } == [0])
    }

    /// The state is read by its own keys, not by the order of a scan: an index on the events changes nothing.
    @Test func anotherIndexOnTheEventsChangesNothing() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        try store.database.execute("CREATE INDEX events_by_time ON events (created_at DESC, event_id DESC)")
        let events = ExposureFixtures.events(seed: 8)
        for batch in ExposureFixtures.resentBatches(events, seed: 12) { _ = try store.append(batch) }
        try expectState(of: store, equalToARecountOf: events)
    }

    @Test func retentionKeepsTheStateARecountOfTheEventsLeft() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        let events = ExposureFixtures.events(seed: 9)
        for batch in ExposureFixtures.resentBatches(events, seed: 13) { _ = try store.append(batch) }
        for cutoff in [ExposureFixtures.time(1), ExposureFixtures.time(3)] {
            let deleted = try store.deleteEvents(createdBefore: cutoff, batch: 7)
            let left = events.filter { $0.createdAtMilliseconds >= cutoff }
            #expect(deleted > 0)
            try expectState(of: store, equalToARecountOf: left, "retention before \(cutoff)")
        }
    }

    /// A file of the schema before the state (version 2, as paywalls wrote it), with events in it, gains the state
    /// made of them when a new paywalls opens it, and then keeps it as events come.
    @Test func aFileOfVersion2GainsTheStateOfItsEvents() throws {
        let raw = try Database(path: directory + "/events.sqlite", create: true)
        try raw.execute(Self.version2Tables)
        let events = ExposureFixtures.events(seed: 10)
        let (old, new) = (Array(events.prefix(events.count / 2)), Array(events.dropFirst(events.count / 2)))
        try Self.insert(old, into: raw)
        try raw.execute("PRAGMA user_version = 2")
        let store = try SQLiteEventStore.open(inStore: directory)
        #expect(try raw.prepare("PRAGMA user_version").rows { $0.integer(at: 0) } == [Int64(EventSchema.version)])
        try expectState(of: store, equalToARecountOf: old, "migrated")
        for batch in ExposureFixtures.resentBatches(new, seed: 14) { _ = try store.append(batch) }
        try expectState(of: store, equalToARecountOf: events, "after more events")
    }

    /// A file of the schema before the sums (version 3), with events and their state in it, gains the sums of the state.
    @Test func aFileOfVersion3GainsTheSumsOfItsState() throws {
        let events = ExposureFixtures.events(seed: 15)
        do {
            let store = try SQLiteEventStore.open(inStore: directory)
            for batch in ExposureFixtures.resentBatches(events, seed: 16) { _ = try store.append(batch) }
            try store.database.execute("""
                DROP TABLE exposure_sums; DROP TABLE exposure_revenue_sums; PRAGMA user_version = 3
                """)
        }
        let store = try SQLiteEventStore.open(inStore: directory)
        #expect(try store.database.prepare("PRAGMA user_version").rows { $0.integer(at: 0) } == [Int64(EventSchema.version)])
        try expectState(of: store, equalToARecountOf: events, "migrated")
    }

    /// A file of version 4 loses the B-tree of the states' times and the indexes of the sums' empty rows, and its reports,
    /// windows that cut days included, stay those counted by hand; its sums' empty rows still go as events come.
    @Test func aFileOfVersion4LosesTheIndexesBesideTheStatesAndSums() throws {
        let events = ExposureFixtures.events(seed: 17)
        let (old, new) = (Array(events.prefix(events.count / 2)), Array(events.dropFirst(events.count / 2)))
        do {
            let store = try SQLiteEventStore.open(inStore: directory)
            for batch in ExposureFixtures.resentBatches(old, seed: 18) { _ = try store.append(batch) }
            try store.database.execute("""
                CREATE INDEX exposures_by_time ON exposures (created_at);
                CREATE INDEX exposure_sums_emptied ON exposure_sums (placement) WHERE exposures = 0;
                CREATE INDEX exposure_revenue_sums_emptied ON exposure_revenue_sums (placement) WHERE profiles = 0;
                DROP INDEX events_by_profile;
                CREATE INDEX events_by_profile ON events (placement, profile, type);
                UPDATE names SET uses = uses - 1 WHERE text IN ('shown', 'purchase_finished');
                PRAGMA user_version = 4
                """)
        }
        let store = try SQLiteEventStore.open(inStore: directory)
        #expect(try store.database.prepare("PRAGMA user_version").rows { $0.integer(at: 0) } == [Int64(EventSchema.version)])
        // Each table is its key's B-tree: no index beside it.
        #expect(try store.database.prepare("""
            SELECT name FROM sqlite_schema WHERE tbl_name IN ('exposures', 'exposure_sums', 'exposure_revenue_sums') AND type = 'index'
            """).rows { $0.text(at: 0) } == [])
        // The events' index holds the types of the state only, whose names count it as a use.
        let ids = try SQLiteStateTypes.ids(in: store.database)
        #expect(try indexDefinition(in: store) == "CREATE INDEX events_by_profile ON events (placement, profile, type) WHERE \(SQLiteStateTypes.condition(ids))")
        let shown = Int64(Set(old.filter { $0.kind == .shown }.map(\.id)).count)
        #expect(try store.database.prepare("SELECT uses FROM names WHERE text = 'shown'").rows { $0.integer(at: 0) } == [shown + 1])
        try expectState(of: store, equalToARecountOf: old, "migrated")
        for batch in ExposureFixtures.resentBatches(new, seed: 21) { _ = try store.append(batch) }
        try expectState(of: store, equalToARecountOf: events, "after more events")
    }

    /// The index of a key's events holds only the types a state is made of, by the ids its condition names; both reads of
    /// a key's events go through it, and its names outlive their events (retention deletes no name an index names).
    @Test func theIndexOfAKeysEventsHoldsTheTypesOfTheStateOnly() throws {
        let store = try SQLiteEventStore.open(inStore: directory)
        let events = ExposureFixtures.events(seed: 22)
        for batch in ExposureFixtures.resentBatches(events, seed: 23) { _ = try store.append(batch) }
        let ids = try SQLiteStateTypes.ids(in: store.database)
        #expect(ids.count == SQLiteStateTypes.names.count)
        let condition = SQLiteStateTypes.condition(ids)
        #expect(try indexDefinition(in: store) == "CREATE INDEX events_by_profile ON events (placement, profile, type) WHERE \(condition)")
        let indexed = try store.database.prepare("SELECT count(*) FROM events INDEXED BY events_by_profile WHERE \(condition)").rows { $0.integer(at: 0) }
        #expect(indexed == [Int64(Set(events.filter { $0.kind == .shown || $0.kind == .purchaseFinished }.map(\.id)).count)])
        let reads = SQLiteExposureLedger.eventReads(stateTypes: condition)
        for read in [reads.events, reads.purchases] {
            let plan = try store.database.prepare("EXPLAIN QUERY PLAN " + read).rows { $0.text(at: 3) }
            #expect(plan.contains { $0.contains("INDEX events_by_profile (placement=? AND profile=?") }, "\(read): \(plan)")
        }
        #expect(try store.deleteEvents(createdBefore: .max) == events.count)
        #expect(try SQLiteStateTypes.ids(in: store.database) == ids)
        #expect(try store.database.prepare("SELECT uses FROM names WHERE \(condition.replacingOccurrences(of: "type", with: "id"))").rows {
            $0.integer(at: 0)
        } == [1, 1])
        for batch in ExposureFixtures.resentBatches(events, seed: 24) { _ = try store.append(batch) }
        try expectState(of: store, equalToARecountOf: events, "stored again")
    }

    private func indexDefinition(in store: SQLiteEventStore) throws -> String? {
        try store.database.prepare("SELECT sql FROM sqlite_schema WHERE name = 'events_by_profile'").rows { $0.text(at: 0) }.first
    }

    /// Events stored as a paywalls of schema version 2 stored them: names by id, counted in `uses`.
    private static func insert(_ events: [Event], into database: Database) throws {
        let name = try database.prepare("INSERT INTO names (text, uses) VALUES (?1, 1) ON CONFLICT (text) DO UPDATE SET uses = uses + 1 RETURNING id")
        let insert = try database.prepare("INSERT INTO events (\(EventColumns.list)) VALUES (\((1...EventColumns.all.count).map { "?\($0)" }.joined(separator: ", ")))")
        for event in events {
            insert.reset()
            for (index, column) in EventColumns.all.enumerated() {
                let position = Int32(index + 1)
                switch column.value(event) {
                case let .name(text?):
                    try name.bind(text)
                    _ = try name.step()
                    try insert.set(position, name.integer(at: 0))
                    name.reset()
                case .name(nil): try insert.set(position, Int64?.none)
                case let .text(text): try insert.set(position, text)
                case let .integer(number): try insert.set(position, number)
                }
            }
            try insert.run()
        }
    }

    /// The tables of schema version 2, as paywalls wrote them.
    private static let version2Tables = """
        CREATE TABLE names (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE, uses INTEGER NOT NULL DEFAULT 0);
        CREATE INDEX unused_names ON names (id) WHERE uses = 0;
        CREATE TABLE events (
            event_id TEXT PRIMARY KEY NOT NULL,
            type INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            profile TEXT NOT NULL,
            placement INTEGER NOT NULL,
            variation INTEGER NOT NULL,
            locale INTEGER,
            locale_result INTEGER,
            requested_locale INTEGER,
            country INTEGER,
            platform INTEGER,
            app_version INTEGER,
            snapshot INTEGER,
            product INTEGER,
            price_micros INTEGER,
            currency INTEGER,
            purchase_result INTEGER,
            action_type INTEGER,
            action_value TEXT,
            screen INTEGER,
            screen_order INTEGER,
            screen_last INTEGER,
            error_code INTEGER,
            error_message TEXT
        ) WITHOUT ROWID;
        """
}
