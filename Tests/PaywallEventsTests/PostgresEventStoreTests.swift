import FixtureSupport
import Foundation
@testable import PaywallEvents
import PaywallStore
import Testing

/// The PostgreSQL event store against a real server (`scripts/scratch-postgres`): the same rules as events.sqlite,
/// and the same report sums as events.sqlite over the same events.
@Suite(.serialized) struct PostgresEventStoreTests {
    let server: ScratchPostgres
    let address: PostgresAddress

    init() throws {
        server = try ScratchPostgres()
        address = try PostgresAddress(url: server.url, password: try String(contentsOfFile: server.passwordFile, encoding: .utf8)
            .trimmingCharacters(in: .newlines))
    }

    private func event(_ id: String, _ kind: Event.Kind = .shown, profile: String = "p", at time: Int64 = 1_000) -> Event {
        Event(id: id, kind: kind, createdAtMilliseconds: time, profileID: profile, placementID: "pl", variationID: "A")
    }

    /// An events.sqlite in a directory of its own, removed after `body`, beside the PostgreSQL store: to be given the
    /// same events.
    private func withBothStores(_ body: (SQLiteEventStore, PostgresEventStore) throws -> Void) throws {
        let directory = NSTemporaryDirectory() + "both-stores-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(try SQLiteEventStore.open(inStore: directory), try PostgresEventStore.open(address))
    }

    @Test func anEventIDIsKeptOnceWithinABatchAcrossBatchesAndAcrossCommits() throws {
        let store = try PostgresEventStore.open(address)
        let appended = try store.append(batches: [[event("a"), event("b"), event("a")], [event("b"), event("c")]])
        #expect(appended == [AppendedEvents(accepted: 2, duplicates: 1), AppendedEvents(accepted: 1, duplicates: 1)])
        #expect(try store.append([event("c"), event("d")]) == AppendedEvents(accepted: 1, duplicates: 1))
        #expect(try server.sql("SELECT string_agg(event_id, ',' ORDER BY event_id) FROM paywalls_events") == "a,b,c,d\n")
    }

    /// The key compares bytes: `é` precomposed and `e` with a combining accent are two events, counted as two.
    @Test func idsAreCountedByTheirBytes() throws {
        let store = try PostgresEventStore.open(address)
        _ = try store.append([event("x")])
        let appended = try store.append([event("x"), event("caf\u{E9}"), event("cafe\u{301}")])
        #expect(appended == AppendedEvents(accepted: 2, duplicates: 1))
        #expect(try server.sql("SELECT count(*) FROM paywalls_events") == "3\n")
    }

    @Test func textsComeBackAsTheyWereSent() throws {
        let store = try PostgresEventStore.open(address)
        let message = "a \"quote\", a \\ backslash, \\N, a\ttab, a\nline feed, a\r\ncarriage return, {braces}, ünïcødé 🎉 and NULL"
        var tricky = event("q\"u{o}t,e\\d")
        tricky.failure = Event.Failure(code: "NULL", message: message)
        _ = try store.append([tricky, event("plain")])
        let stored = try server.sql("SELECT encode(convert_to(event_id || '|' || error_code || '|' || error_message, 'UTF8'), 'hex') "
            + "FROM paywalls_events WHERE error_message IS NOT NULL")
        let expected = "q\"u{o}t,e\\d|NULL|" + message
        #expect(stored == expected.utf8.map { String(format: "%02x", $0) }.joined() + "\n")
        #expect(try server.sql("SELECT count(*) FROM paywalls_events WHERE locale IS NULL AND error_message IS NULL") == "1\n")
    }

    /// Keys and values with the syntax of PostgreSQL's arrays in them (quotes, backslashes, braces, commas, spaces) are
    /// read, kept and summed as they were sent, through every array the state's statements take.
    @Test func textsWithTheSyntaxOfArraysKeepTheirStateAndSums() throws {
        let store = try PostgresEventStore.open(address)
        let (profile, placement, locale) = ("p \"r\\o{f},i", "pl\\{\"}", "l\\\"x,{}")
        func tricky(_ id: String, _ kind: Event.Kind, at time: Int64, variation: String = "A") -> Event {
            var event = Event(id: id, kind: kind, createdAtMilliseconds: time, profileID: profile, placementID: placement, variationID: variation)
            event.locale = locale
            if kind == .purchaseFinished {
                event.purchaseResult = .purchased
                event.product = Event.Product(vendorProductID: "yearly", priceMicros: 5_000_000, currency: "U\\S\"D")
            }
            return event
        }
        // A purchase before its exposure, then an earlier exposure of another variation: the stored purchases are read,
        // then the key is counted again from its events.
        let events = [tricky("1", .purchaseFinished, at: 3_000), tricky("2", .shown, at: 2_000), tricky("3", .shown, at: 1_000, variation: "B")]
        for event in events { _ = try store.append([event]) }
        for query in [ReportQuery(), ReportQuery(groupBy: .locale)] {
            #expect(try store.conversionTallies(query) == ExposureFixtures.tallies(of: events, query), "\(query)")
        }
        #expect(try server.sql("SELECT profile || '|' || placement || '|' || locale FROM paywalls_exposures") == "\(profile)|\(placement)|\(locale)\n")
    }

    @Test func retentionDeletesTheOlderEventsInBoundedBatches() throws {
        let store = try PostgresEventStore.open(address)
        _ = try store.append((0..<25).map { event("e\($0)", at: Int64($0) * 1_000) })
        #expect(try store.deleteEvents(createdBefore: 17_000, batch: 4) == 17)
        #expect(try server.sql("SELECT min(created_at) || ' ' || count(*) FROM paywalls_events") == "17000 8\n")
    }

    @Test func theSchemaIsMadeOnceAndANewerOneIsRefused() throws {
        #expect(throws: StoreError.self) { try PostgresEventStore.open(address, create: false) }
        _ = try PostgresEventStore.open(address)
        _ = try PostgresEventStore.open(address)
        #expect(try server.sql("SELECT component || ' ' || version FROM paywalls_schema") == "events \(EventSchema.version)\n")
        let newer = EventSchema.version + 1
        _ = try server.sql("UPDATE paywalls_schema SET version = \(newer)")
        let error = try #require(throws: StoreError.self) { try PostgresEventStore.open(address) }
        #expect(error.kind == .newerSchema(found: newer, supported: EventSchema.version))
        #expect(error.message == "the events in \(server.url) were written by a newer paywalls (schema \(newer); this one reads \(EventSchema.version))")
    }

    @Test func aWrongPasswordOrDatabaseIsNamedWithTheURLAndNoPassword() throws {
        let wrong = try PostgresAddress(url: server.url, password: "not-the-password")
        let refused = try #require(throws: StoreError.self) { try PostgresEventStore.open(wrong) }
        #expect(refused.kind == .unreachable)
        #expect(refused.message.hasPrefix("PostgreSQL at \(server.url): "))
        #expect(refused.message.contains("password authentication failed for user \"paywalls\""))
        #expect(!refused.message.contains("not-the-password"))

        let elsewhere = try PostgresAddress(url: server.url.dropLast("paywalls".count) + "nosuchdb", password: address.password)
        let missing = try #require(throws: StoreError.self) { try PostgresEventStore.open(elsewhere) }
        #expect(missing.message.contains("database \"nosuchdb\" does not exist"))
    }

    /// Seeded events with what makes the sums hard: several exposures of a profile (ties in time included), other
    /// variations, purchases before and after the first exposure, failed purchases, prices with and without a
    /// currency, and split values that are missing.
    private static func mixedEvents(seed: UInt64) -> [Event] {
        var random = SplitMix64(state: seed)
        func pick<T>(_ choices: [T]) -> T { choices[Int(random.next() % UInt64(choices.count))] }
        return (0..<3_000).map { index in
            let kind: Event.Kind = pick([.shown, .shown, .shown, .purchaseFinished, .purchaseFinished, .closed])
            var event = Event(id: "e\(random.next() % 100_000)-\(index)", kind: kind, createdAtMilliseconds: Int64(random.next() % 40) * 1_000,
                              profileID: "p\(random.next() % 300)", placementID: pick(["onboarding", "paywall", "settings"]),
                              variationID: pick(["A", "B", "C"]))
            event.locale = pick(["en", "pt-BR", "zh-Hant", nil])
            event.localeResult = pick([.exact, .fallback, .default, nil])
            event.country = pick(["US", "BR", nil])
            event.platform = pick(["ios", "android"])
            event.snapshot = pick(["000001-aaaa", "000002-bbbb", nil])
            if kind == .purchaseFinished {
                event.purchaseResult = pick([.purchased, .purchased, .cancelled])
                event.product = Event.Product(vendorProductID: "yearly", priceMicros: pick([4_990_000, 19_990_000, nil]), currency: pick(["USD", "EUR", nil]))
            }
            return event
        }
    }

    @Test func theSumsAreThoseOfEventsSQLiteOverTheSameEvents() throws {
        try withBothStores { sqlite, postgres in
            let events = Self.mixedEvents(seed: 20_261_203)
            for batch in stride(from: 0, to: events.count, by: 500).map({ Array(events[$0..<min($0 + 500, events.count)]) }) {
                #expect(try sqlite.append(batch) == postgres.append(batch))
            }
            var queries = [ReportQuery(), ReportQuery(placementID: "paywall"), ReportQuery(since: 10_000, until: 30_000)]
            queries += ReportQuery.GroupKey.allCases.map { ReportQuery(groupBy: $0) }
            for query in queries {
                let expected = try sqlite.conversionTallies(query)
                #expect(!expected.sums.isEmpty && expected.sums.values.contains { $0.multipleExposures > 0 && !$0.revenueMicros.isEmpty })
                #expect(try postgres.conversionTallies(query) == expected, "\(query)")
            }
        }
    }

    /// Two different events of one id in one commit, in one batch or in two: the first is stored and counted, as
    /// SQLite does, and every later one is a duplicate, whatever order PostgreSQL sorts equal ids in.
    @Test func ofTwoEventsOfOneIDInACommitTheFirstIsKeptAsInSQLite() throws {
        try withBothStores { sqlite, postgres in
            func copy(_ id: Int, variation: String, at time: Int64) -> Event {
                Event(id: "e\(id)", kind: .shown, createdAtMilliseconds: time, profileID: "p\(id)", placementID: "pl", variationID: variation)
            }
            let first = (0..<300).map { copy($0, variation: "A", at: 5_000 + Int64($0)) }
            let later = (0..<300).map { copy($0, variation: "B", at: 1_000 + Int64($0)) }
            let batches = [Array(zip(first, later).flatMap { [$0, $1] }.prefix(400)), Array(later.suffix(100)) + Array(first.suffix(100))]
            let appended = try postgres.append(batches: batches)
            #expect(appended == [AppendedEvents(accepted: 200, duplicates: 200), AppendedEvents(accepted: 100, duplicates: 100)])
            #expect(try sqlite.append(batches: batches) == appended)
            // Of e0 to e299, the copies of variation B are kept from e200 on.
            #expect(try server.sql("SELECT count(*) FROM paywalls_events WHERE (variation = 'B') <> (length(event_id) = 4 AND event_id >= 'e200')") == "0\n")
            let kept = first.prefix(200) + later.suffix(100)
            for query in ExposureFixtures.queries {
                let expected = ExposureFixtures.tallies(of: Array(kept), query)
                #expect(try sqlite.conversionTallies(query) == expected, "\(query)")
                #expect(try postgres.conversionTallies(query) == expected, "\(query)")
            }
        }
    }

    /// The same seeded set, shuffled, cut and resent, in both stores, with another index on PostgreSQL's events made
    /// halfway: both stores' sums are those counted by hand, on every query.
    @Test func bothStoresKeepTheStateOfOutOfOrderResentEventsAlike() throws {
        try withBothStores { sqlite, postgres in
            let events = ExposureFixtures.events(seed: 21)
            let batches = ExposureFixtures.resentBatches(events, seed: 22)
            for (index, batch) in batches.enumerated() {
                if index == batches.count / 2 { _ = try server.sql("CREATE INDEX events_by_time ON paywalls_events (created_at DESC, event_id DESC)") }
                #expect(try sqlite.append(batch) == postgres.append(batch))
            }
            for query in ExposureFixtures.queries {
                let expected = ExposureFixtures.tallies(of: events, query)
                #expect(try sqlite.conversionTallies(query) == expected, "\(query)")
                #expect(try postgres.conversionTallies(query) == expected, "\(query)")
            }
        }
    }

    @Test func retentionKeepsTheStateARecountOfTheEventsLeft() throws {
        let store = try PostgresEventStore.open(address)
        let events = ExposureFixtures.events(seed: 23)
        for batch in ExposureFixtures.resentBatches(events, seed: 24) { _ = try store.append(batch) }
        for cutoff in [ExposureFixtures.time(1), ExposureFixtures.time(3)] {
            #expect(try store.deleteEvents(createdBefore: cutoff, batch: 7) > 0)
            let left = events.filter { $0.createdAtMilliseconds >= cutoff }
            for query in ExposureFixtures.queries {
                #expect(try store.conversionTallies(query) == ExposureFixtures.tallies(of: left, query), "\(query) before \(cutoff)")
            }
        }
    }

    /// A database of the schema before the state (version 1, as paywalls made it), with events in it, gains the state
    /// made of them when a new paywalls opens it.
    @Test func aDatabaseOfVersion1GainsTheStateOfItsEvents() throws {
        _ = try server.sql(Self.version1Tables)
        let events = ExposureFixtures.events(seed: 25)
        let (old, new) = (Array(events.prefix(events.count / 2)), Array(events.dropFirst(events.count / 2)))
        for chunk in stride(from: 0, to: old.count, by: 200) {
            _ = try server.sql("INSERT INTO paywalls_events (\(EventColumns.list)) VALUES " + old[chunk..<min(chunk + 200, old.count)].map { event in
                "(" + EventColumns.all.map { column in
                    switch column.value(event) {
                    case let .name(text), let .text(text): text.map { "'" + $0.replacingOccurrences(of: "'", with: "''") + "'" } ?? "NULL"
                    case let .integer(number): number.map(String.init) ?? "NULL"
                    }
                }.joined(separator: ", ") + ")"
            }.joined(separator: ", "))
        }
        let store = try PostgresEventStore.open(address, create: false)
        #expect(try server.sql("SELECT version FROM paywalls_schema WHERE component = 'events'") == "\(EventSchema.version)\n")
        // The states' times in a block range index, which a commit's exposures in any order of time cost little.
        #expect(try server.sql("SELECT indexdef FROM pg_indexes WHERE indexname = 'paywalls_exposures_by_time'").contains("USING brin (created_at)"))
        // The sums are updated in place: no index names their counts, and their pages keep room for the new versions.
        #expect(try server.sql("""
            SELECT indexname FROM pg_indexes WHERE tablename IN ('paywalls_exposure_sums', 'paywalls_exposure_revenue_sums') ORDER BY 1
            """) == "paywalls_exposure_revenue_sums_pkey\npaywalls_exposure_sums_pkey\n")
        #expect(try server.sql("""
            SELECT string_agg(array_to_string(reloptions, ','), ' ') FROM pg_class
            WHERE relname IN ('paywalls_exposure_sums', 'paywalls_exposure_revenue_sums')
            """) == "fillfactor=50 fillfactor=50\n")
        for query in ExposureFixtures.queries {
            #expect(try store.conversionTallies(query) == ExposureFixtures.tallies(of: old, query), "migrated \(query)")
        }
        for batch in ExposureFixtures.resentBatches(new, seed: 26) { _ = try store.append(batch) }
        for query in ExposureFixtures.queries {
            #expect(try store.conversionTallies(query) == ExposureFixtures.tallies(of: events, query), "\(query)")
        }
    }

    /// A window of whole days reads the sums only: the report statement's first condition, on its parameters alone, is
    /// decided before any state is read. A window that cuts a day reads the states.
    @Test func aWindowOfWholeDaysReadsNoState() throws {
        let store = try PostgresEventStore.open(address)
        _ = try store.append(ExposureFixtures.events(seed: 27))
        let day: Int64 = 86_400_000
        for (query, readsStates) in [(ReportQuery(), false), (ReportQuery(since: day, until: 2 * day), false),
                                     (ReportQuery(since: ExposureFixtures.time(1)), true)] {
            let statement = ReportStatement(query: query)
            let parameters = ([query.placementID] + statement.windowParameters.map { $0.map(String.init) }).map { $0.map { "'\($0)'" } ?? "NULL" }
            let plan = try server.sql("""
                PREPARE report AS \(statement.text(in: .postgres));
                EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) EXECUTE report(\(parameters.joined(separator: ", ")))
                """)
            let stateScans = plan.split(separator: "\n").filter { $0.contains(" on paywalls_exposures ") }
            #expect(stateScans.contains { !$0.contains("never executed") } == readsStates, "\(query):\n\(plan)")
        }
    }

    /// The tables of schema version 1, as paywalls made them.
    private static let version1Tables = """
        CREATE TABLE paywalls_schema (component text PRIMARY KEY, version integer NOT NULL);
        INSERT INTO paywalls_schema VALUES ('events', 1);
        CREATE TABLE paywalls_events (
            event_id text COLLATE "C" PRIMARY KEY,
            type text COLLATE "C" NOT NULL,
            created_at bigint NOT NULL,
            profile text COLLATE "C" NOT NULL,
            placement text COLLATE "C" NOT NULL,
            variation text COLLATE "C" NOT NULL,
            locale text COLLATE "C",
            locale_result text COLLATE "C",
            requested_locale text COLLATE "C",
            country text COLLATE "C",
            platform text COLLATE "C",
            app_version text COLLATE "C",
            snapshot text COLLATE "C",
            product text COLLATE "C",
            price_micros bigint,
            currency text COLLATE "C",
            purchase_result text COLLATE "C",
            action_type text COLLATE "C",
            action_value text COLLATE "C",
            screen text COLLATE "C",
            screen_order bigint,
            screen_last bigint,
            error_code text COLLATE "C",
            error_message text COLLATE "C"
        );
        CREATE INDEX paywalls_events_created_at ON paywalls_events USING brin (created_at);
        """
}

/// What an events URL may hold, without a server.
@Suite struct PostgresAddressTests {
    @Test(arguments: ["postgresql://paywalls:secret@127.0.0.1:5432/paywalls", "postgres://u@h/db?sslmode=disable&password=secret"])
    func aURLWithAPasswordIsRefused(url: String) throws {
        let error = try #require(throws: StoreError.self) { try PostgresAddress(url: url) }
        #expect(error.message == "the events URL must not hold a password (ps and logs would show it): put it in --events-password-file or PGPASSFILE")
    }

    @Test func aURLOfAnotherKindIsRefused() throws {
        let error = try #require(throws: StoreError.self) { try PostgresAddress(url: "mysql://u@h/db") }
        #expect(error.message == "\"mysql://u@h/db\" is not a postgresql://USER@HOST:PORT/DB URL")
    }
}
