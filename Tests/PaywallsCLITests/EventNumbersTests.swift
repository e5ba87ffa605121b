import Foundation
import Testing

/// Numbers and times in events, through a real `paywalls serve` and the real CLI on events.sqlite: a price past the
/// largest is refused at its pointer (one once stopped serve), revenue past Int64 is reported exactly (it once stopped
/// every report), and only the days and offsets RFC 3339 has are stored. After each, the process still answers, and
/// nothing else was stored.
@Suite struct EventNumbersTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    static func event(_ id: String, type: String = "shown", createdAt: String = "2026-11-29T12:00:00Z", extra: String = "") -> String {
        #"{"event_id":"\#(id)","type":"\#(type)","created_at":"\#(createdAt)","profile_id":"rich","placement_id":"onboarding","#
            + #""variation_id":"v-a"\#(extra)}"#
    }

    static func purchase(_ id: String, price: String, currency: String = "USD") -> String {
        event(id, type: "purchase_finished", createdAt: "2026-11-29T12:05:00Z",
              extra: #","purchase_result":"purchased","product":{"vendor_product_id":"yearly","price":\#(price),"currency":"\#(currency)"}"#)
    }

    /// A profile shown the onboarding, then buying ten times at 999,999,999,999.999999 USD and twenty times at the
    /// largest price, 1,000,000,000,000 EUR: in millionths, sums past Int64 and past UInt64.
    static let richProfile = [event("shown")] + (0..<10).map { purchase("usd\($0)", price: "999999999999.999999") }
        + (0..<20).map { purchase("eur\($0)", price: "1000000000000", currency: "EUR") }
    /// The profile's revenue, as `GET /v1/report` writes it.
    static let richRevenue = #""revenue":{"EUR":20000000000000,"USD":9999999999999.99999}"#

    /// Prices past the largest: one 13 digits long (which overflowed Int64 once in millionths), the first past the
    /// largest, the largest of Int64 and the first past it, and one no fixed width holds.
    static let pricesTooLarge = ["9223372036855", "1000000000000.000001", "1000000000001", "9223372036854775807", "9223372036854775808",
                                 "1000000000000000000000000000000"]

    /// Each stored event's `created_at` and `price_micros` by `event_id`, read by Python's sqlite3; none without the file.
    private func stored() throws -> [String: (createdAt: String, priceMicros: String)] {
        guard FileManager.default.fileExists(atPath: store.path + "/events.sqlite") else { return [:] }
        let rows = try Python.run("""
            import sqlite3, sys
            for row in sqlite3.connect(sys.argv[1]).execute("SELECT event_id, created_at, price_micros FROM events"):
                print("\\t".join(map(str, row)))
            """, [store.path + "/events.sqlite"])
        return Dictionary(uniqueKeysWithValues: rows.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return (fields[0], (fields[1], fields[2]))
        })
    }

    private func write(_ lines: [String]) throws -> String {
        try store.write(lines.joined(separator: "\n") + "\n", to: "events-\(UUID().uuidString).jsonl")
    }

    /// Millionths of a decimal price, by Foundation's Decimal.
    private static func micros(_ price: String) -> String {
        NSDecimalNumber(string: price).multiplying(byPowerOf10: 6).stringValue
    }

    @Test func aPriceBeyondTheLargestIsRefusedAtItsPointerAndServeAnswersOn() throws {
        let server = try ServeProcess(["--access-log", "-"], store: store.path)
        for (index, price) in Self.pricesTooLarge.enumerated() {
            let body = #"{"events":[\#(Self.event("ok\(index)")),\#(Self.purchase("big\(index)", price: price))]}"#
            let response = try server.request("POST", "/v1/events", body: body)
            #expect(response.status == 200, "\(price)")
            let json = try response.json()
            #expect(json["accepted"] as? Int == 1, "\(price)")
            let rejected = try #require(json["rejected"] as? [[String: Any]])
            #expect(rejected.count == 1 && rejected.first?["pointer"] as? String == "/events/1/product/price", "\(price): \(rejected)")
            #expect(rejected.first?["message"] as? String == "\(price) is more than the largest price, 1000000000000", "\(price)")
            #expect(try server.request("GET", "/healthz").status == 200, "\(price)")
        }
        // The prices at the bounds are kept, exactly.
        let kept = ["0", "0.000001", "4.99", "999999999999.999999", "1000000000000", "1000000000000.000000"]
        let body = #"{"events":[\#(kept.indices.map { Self.purchase("kept\($0)", price: kept[$0]) }.joined(separator: ","))]}"#
        #expect(try server.request("POST", "/v1/events", body: body).json()["accepted"] as? Int == kept.count)
        #expect(server.running.isRunning)
        let rows = try stored()
        #expect(Set(rows.keys) == Set(Self.pricesTooLarge.indices.map { "ok\($0)" } + kept.indices.map { "kept\($0)" }))
        for (index, price) in kept.enumerated() {
            #expect(rows["kept\(index)"]?.priceMicros == Self.micros(price), "\(price)")
        }
    }

    @Test func eventsIngestRefusesTheSameLines() throws {
        let lines = [Self.event("ok")] + Self.pricesTooLarge.indices.map { Self.purchase("big\($0)", price: Self.pricesTooLarge[$0]) }
        let outcome = try store.run(["events", "ingest", try write(lines)])
        #expect(outcome.status == 65)
        let rejected = try #require(try outcome.json()["rejected"] as? [[String: Any]])
        #expect(rejected.map { $0["line"] as? Int } == Self.pricesTooLarge.indices.map { $0 + 2 })
        #expect(rejected.map { $0["pointer"] as? String } == Self.pricesTooLarge.map { _ in "/product/price" })
        #expect(rejected.map { $0["message"] as? String } == Self.pricesTooLarge.map { "\($0) is more than the largest price, 1000000000000" })
        #expect(outcome.standardError.contains("the first, line 2: /product/price: 9223372036855 is more than the largest price"),
                "\(outcome.standardError)")
        #expect(Array(try stored().keys) == ["ok"])
    }

    /// The report of a profile whose revenue passes Int64 in millionths: exact in the route's JSON, in the command's
    /// JSON and in its table, every time it is asked for.
    @Test func revenuePastInt64IsReportedExactly() throws {
        let server = try ServeProcess(["--access-log", "-"], store: store.path)
        let body = #"{"events":[\#(Self.richProfile.joined(separator: ","))]}"#
        #expect(try server.request("POST", "/v1/events", body: body).json()["accepted"] as? Int == Self.richProfile.count)
        for _ in 0..<2 {
            let report = try server.request("GET", "/v1/report")
            #expect(report.status == 200)
            #expect(report.body.contains(Self.richRevenue), "\(report.body)")
        }
        #expect(try server.request("GET", "/healthz").status == 200)
        let table = try store.run(["report"])
        #expect(table.status == 0, "\(table.standardError)")
        #expect(table.outputLines.contains { $0.hasPrefix("  v-a ") && $0.hasSuffix("  EUR 20000000000000, USD 9999999999999.99999") },
                "\(table.standardOutput)")
        let json = try store.run(["report", "--json"])
        #expect(json.standardOutput.contains(#""EUR": 20000000000000,"#) && json.standardOutput.contains(#""USD": 9999999999999.99999"#),
                "\(json.standardOutput)")
    }

    /// Every day 0 to 32 of every month of two leap and two common years, the centuries among them, into
    /// `events ingest`: a day is stored exactly when Foundation's Gregorian calendar has it, at Foundation's time;
    /// any other is refused at `/created_at`, naming the day.
    @Test(arguments: [2000, 2024, 2026, 2100])
    func onlyDaysTheCalendarHasAreStored(_ year: Int) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var lines: [String] = []
        var expected: [String: String] = [:]
        var refused: [(line: Int, message: String)] = []
        for month in 1...12 {
            for day in 0...32 {
                let (mm, dd) = (String(format: "%02d", month), String(format: "%02d", day))
                let id = "\(year)-\(mm)-\(dd)"
                lines.append(Self.event(id, createdAt: "\(id)T12:00:00Z"))
                let components = DateComponents(calendar: calendar, year: year, month: month, day: day, hour: 12)
                if components.isValidDate(in: calendar), let date = calendar.date(from: components) {
                    expected[id] = String(Int64(date.timeIntervalSince1970) * 1000)
                } else {
                    refused.append((lines.count, "\(year)-\(mm) has no day \(dd)"))
                }
            }
        }
        try expectIngest(lines, stores: expected, refuses: refused)
    }

    /// Every offset hour and minute on either side of their bounds, and every clock field past its own; a leap second
    /// where one may be and where none may.
    @Test func onlyOffsetsAndClockTimesRFC3339HasAreStored() throws {
        let base = Int64(1_795_953_600_000)  // 2026-11-29T12:00:00Z
        var lines: [String] = []
        var expected: [String: String] = [:]
        var refused: [(line: Int, message: String)] = []
        for sign in ["+", "-"] {
            for hours in [0, 1, 12, 22, 23, 24, 25, 99] {
                for minutes in [0, 1, 30, 58, 59, 60, 61, 99] {
                    let offset = "\(sign)\(String(format: "%02d:%02d", hours, minutes))"
                    lines.append(Self.event(offset, createdAt: "2026-11-29T12:00:00\(offset)"))
                    if hours <= 23 && minutes <= 59 {
                        expected[offset] = String(base - Int64((hours * 60 + minutes) * 60_000) * (sign == "-" ? -1 : 1))
                    } else {
                        refused.append((lines.count, "the offset \(offset) is not within ±23:59"))
                    }
                }
            }
        }
        for (time, message) in [("24:00:00", "hour 24 is past 23"), ("23:60:00", "minute 60 is past 59"), ("23:59:61", "second 61 is past 59"),
                                ("99:99:99", "hour 99 is past 23")] {
            lines.append(Self.event(time, createdAt: "2026-11-29T\(time)Z"))
            refused.append((lines.count, message))
        }
        // The leap second that ended 2016, read as the last millisecond of its day, in UTC and an hour east.
        lines += [Self.event("leap", createdAt: "2016-12-31T23:59:60Z"), Self.event("leap-east", createdAt: "2017-01-01T00:59:60.5+01:00"),
                  Self.event("not-leap", createdAt: "2016-12-30T23:59:60Z")]
        expected["leap"] = "1483228799999"
        expected["leap-east"] = "1483228799999"
        refused.append((lines.count, "second 60 is a leap second, which only 23:59:60 UTC on the last day of a month can be"))
        try expectIngest(lines, stores: expected, refuses: refused)
    }

    /// `events ingest` of `lines` exits 65, refuses exactly `refuses` at `/created_at`, and stores exactly `stores`
    /// (event id to epoch milliseconds).
    private func expectIngest(_ lines: [String], stores expected: [String: String], refuses refused: [(line: Int, message: String)],
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        let outcome = try store.run(["events", "ingest", try write(lines)])
        #expect(outcome.status == 65, "\(outcome.standardError)", sourceLocation: sourceLocation)
        let json = try outcome.json()
        #expect(json["rejectedCount"] as? Int == refused.count, sourceLocation: sourceLocation)
        let listed = (json["rejected"] as? [[String: Any]] ?? []).map { ($0["line"] as? Int ?? 0, $0["pointer"] as? String ?? "", $0["message"] as? String ?? "") }
        #expect(listed.map(\.0) == refused.map(\.line), sourceLocation: sourceLocation)
        #expect(listed.allSatisfy { $0.1 == "/created_at" }, sourceLocation: sourceLocation)
        #expect(listed.map(\.2) == refused.map(\.message), sourceLocation: sourceLocation)
        #expect(try stored().mapValues(\.createdAt) == expected, sourceLocation: sourceLocation)
    }

    /// The issue's two times in a batch: each refused at its pointer, the good event of the batch stored, serve still
    /// answering; and the report's `since` holds to the same rule.
    @Test func serveRefusesADayOrAnOffsetRFC3339DoesNotHave() throws {
        let server = try ServeProcess(["--access-log", "-"], store: store.path)
        let body = #"{"events":[\#(Self.event("feb31", createdAt: "2026-02-31T10:00:00Z")),"#
            + #"\#(Self.event("offset", createdAt: "2026-02-28T10:00:00+99:99")),\#(Self.event("good"))]}"#
        let json = try server.request("POST", "/v1/events", body: body).json()
        #expect(json["accepted"] as? Int == 1)
        let rejected = try #require(json["rejected"] as? [[String: Any]])
        #expect(rejected.map { $0["pointer"] as? String } == ["/events/0/created_at", "/events/1/created_at"])
        #expect(rejected.map { $0["message"] as? String } == ["2026-02 has no day 31", "the offset +99:99 is not within ±23:59"])
        #expect(Array(try stored().keys) == ["good"])
        let refused = try server.request("GET", "/v1/report?since=2026-02-31T00:00:00Z")
        #expect(refused.status == 400)
        #expect(refused.body.contains("invalid value '2026-02-31T00:00:00Z' for since: expected an RFC 3339 time"), "\(refused.body)")
        #expect(try server.request("GET", "/v1/report?until=2016-12-31T23:59:60Z").status == 200)
        #expect(try server.request("GET", "/healthz").status == 200)
    }
}
