import Foundation
import Testing

/// Times in events, through a real `paywalls serve` and the real CLI on events.sqlite: only the days and offsets
/// RFC 3339 has are stored. After each, the process still answers, and nothing else was stored.
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
        #expect(refused.body.contains("since must be an RFC 3339 time"), "\(refused.body)")
        #expect(try server.request("GET", "/v1/report?until=2016-12-31T23:59:60Z").status == 200)
        #expect(try server.request("GET", "/healthz").status == 200)
    }
}
