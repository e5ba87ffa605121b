import Foundation
import Testing

/// `GET /v1/report` on a real server over a real events.sqlite (docs/contracts.md): one report computed at a time,
/// shared by the requests that wait for it, kept until events are committed or deleted (by serve or by another
/// process) or a snapshot is published, refused with 503 and `Retry-After` when too many different ones wait, and
/// `HEAD` answered without computing one. Computations are counted by `/metrics`.
@Suite final class ServeReportTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    static func shown(_ id: String, placement: String = "onboarding", variation: String = "v-a") -> String {
        #"{"event_id":"\#(id)","type":"shown","created_at":"2026-11-29T12:00:00Z","profile_id":"p-\#(id)","#
            + #""placement_id":"\#(placement)","variation_id":"\#(variation)"}"#
    }

    /// Stores `lines` (one event each) with `paywalls events ingest`: another process than serve.
    func ingest(_ lines: [String]) throws {
        let file = store.directory.appendingPathComponent("events-\(UUID().uuidString).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let outcome = try store.run(["events", "ingest", file.path])
        try #require(outcome.status == 0, "\(outcome.standardError)")
    }

    /// Deletes the event `id` from events.sqlite with Python's sqlite3, another program on a connection of its own,
    /// as retention does: with its profile's exposure state (its only event here).
    func deleteEvent(_ id: String) throws {
        let deleter = Process()
        deleter.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        deleter.arguments = ["-c", """
            import sqlite3, sys
            database = sqlite3.connect(sys.argv[1])
            with database:
                # The profile's state, and its count in the sums of its day (a profile only shown: no conversion).
                key = "placement, created_at / 86400000, variation, " + ", ".join(f"coalesce({c}, 0)" for c in ["snapshot", "locale", "locale_result", "country", "platform"])
                state = "FROM exposures WHERE profile = (SELECT profile FROM events WHERE event_id = ?)"
                day = database.execute(f"SELECT {key} {state}", (sys.argv[2],)).fetchone()
                database.execute("UPDATE exposure_sums SET exposures = exposures - 1 WHERE (placement, day, variation, snapshot, locale,"
                                 " locale_result, country, platform) = (?, ?, ?, ?, ?, ?, ?, ?)", day)
                database.execute(f"DELETE {state}", (sys.argv[2],))
                database.execute("DELETE FROM events WHERE event_id = ?", (sys.argv[2],))
            """, store.path + "/events.sqlite", id]
        try deleter.run()
        deleter.waitUntilExit()
        try #require(deleter.terminationStatus == 0)
    }

    /// 1,600 profiles shown 800 variations of `settings`: a report whose chances to be best take a second or more
    /// (their integral grows with the square of the variations).
    static let slowProfiles = 1_600

    func ingestASlowReport() throws {
        try ingest((0..<Self.slowProfiles).map { Self.shown("slow\($0)", placement: "settings", variation: "v-\($0 % 800)") })
    }

    /// The value of the sample `name` (no labels) in `/metrics`.
    static func metric(_ name: String, of server: ServeProcess) throws -> Int? {
        let line = try server.request("GET", "/metrics").body.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return line.flatMap { Int($0.dropFirst(name.count + 1)) }
    }

    static func exposures(_ response: RawResponse) throws -> Int? {
        (try response.json()["placements"] as? [[String: Any]])?.first?["exposures"] as? Int
    }

    /// The same report asked on eight connections at once: computed once, the same bytes to each.
    @Test func requestsAtOnceShareOneComputation() throws {
        try ingestASlowReport()
        let server = try ServeProcess(store: store.path)
        let connections = try (0..<8).map { _ in try server.connect() }
        for connection in connections { try connection.send("GET /v1/report?placement=settings HTTP/1.1\r\nHost: t\r\n\r\n") }
        let answers = try connections.map { try #require(try $0.readResponse(timeout: 120)) }
        #expect(answers.allSatisfy { $0.status == 200 })
        #expect(Set(answers.map(\.body)).count == 1)
        #expect(try Self.exposures(answers[0]) == Self.slowProfiles)
        #expect(try Self.metric("paywalls_reports_computed_total", of: server) == 1)
    }

    /// The kept report answers until events are committed through serve, stored or deleted by another process (as
    /// retention deletes them, on a connection of its own), or a snapshot is published; each of those has the next
    /// request compute it anew, and the answer shows the change.
    @Test func aKeptReportAnswersUntilTheEventsOrTheSnapshotsChange() throws {
        try ingest([Self.shown("a")])
        let server = try ServeProcess(store: store.path)
        let first = try server.request("GET", "/v1/report")
        #expect(try Self.exposures(first) == 1)
        #expect(try server.request("GET", "/v1/report").body == first.body)
        #expect(try Self.metric("paywalls_reports_computed_total", of: server) == 1)

        #expect(try server.request("POST", "/v1/events", body: #"{"events":[\#(Self.shown("b"))]}"#).status == 200)
        #expect(try Self.exposures(try server.request("GET", "/v1/report")) == 2)
        #expect(try Self.metric("paywalls_reports_computed_total", of: server) == 2)

        try ingest([Self.shown("c")])
        #expect(try Self.exposures(try server.request("GET", "/v1/report")) == 3)
        #expect(try Self.metric("paywalls_reports_computed_total", of: server) == 3)
        #expect(try Self.exposures(try server.request("GET", "/v1/report")) == 3)
        #expect(try Self.metric("paywalls_reports_computed_total", of: server) == 3)

        try deleteEvent("a")
        #expect(try Self.exposures(try server.request("GET", "/v1/report")) == 2)
        #expect(try Self.metric("paywalls_reports_computed_total", of: server) == 4)

        // A new snapshot may weigh the audiences otherwise: the report is made again once it is served.
        let sample = try String(contentsOfFile: TemporaryStore.samplePath, encoding: .utf8)
        try store.importExport(try store.write(sample.replacingOccurrences(of: "\"revision\": 57", with: "\"revision\": 58"), to: "58.json"))
        let deadline = Date().addingTimeInterval(10)
        while try !server.request("GET", "/readyz").body.contains("000002-"), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        #expect(try server.request("GET", "/v1/report").status == 200)
        #expect(try Self.metric("paywalls_reports_computed_total", of: server) == 5)
    }

    /// HEAD checks the query and answers at once with the report's headers but no length, computing nothing; the
    /// connection goes on with the next request.
    @Test func headAnswersWithoutComputingTheReport() throws {
        try ingestASlowReport()
        let server = try ServeProcess(store: store.path)
        let connection = try server.connect()
        try connection.send("HEAD /v1/report?placement=settings HTTP/1.1\r\nHost: t\r\n\r\nGET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try #require(try connection.readResponse(timeout: 5, isHead: true))
        #expect(head.status == 200)
        #expect(head.header("Content-Type") == "application/json; charset=utf-8")
        #expect(head.header("Content-Length") == nil)
        #expect(head.header("Cache-Control") == "no-store")
        #expect(try connection.readResponse()?.body == #"{"status":"ok"}"#)
        let refused = try server.request("HEAD", "/v1/report?by=language")
        #expect(refused.status == 400)
        #expect(refused.header("Content-Length").flatMap(Int.init) ?? 0 > 0)
        #expect(try Self.metric("paywalls_reports_computed_total", of: server) == 0)
    }

    /// While one slow report is computed, eight different reports may wait; a ninth is refused at once with 503 and
    /// `Retry-After`, a request for one already waiting joins it, and the rest are answered in turn.
    @Test func pastEightWaitingReportsA503SaysWhenToComeBack() throws {
        try ingestASlowReport()
        let server = try ServeProcess(store: store.path)
        let slow = try server.connect()
        try slow.send("GET /v1/report?placement=settings HTTP/1.1\r\nHost: t\r\n\r\n")
        Thread.sleep(forTimeInterval: 0.3)
        let waiting = try (0..<8).map { index in
            let connection = try server.connect()
            try connection.send("GET /v1/report?placement=other-\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
            return connection
        }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try Self.metric("paywalls_reports_waiting", of: server) == 8)
        let joining = try server.connect()
        try joining.send("GET /v1/report?placement=other-0 HTTP/1.1\r\nHost: t\r\n\r\n")
        let refused = try server.request("GET", "/v1/report?placement=other-8")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After").flatMap(Int.init).map { (1...60).contains($0) } == true)
        let error = try #require(try refused.json()["error"] as? [String: Any])
        #expect(error["code"] as? String == "report_busy")
        #expect(error["message"] as? String == "8 reports are waiting to be computed, one at a time, and no more may wait; ask again shortly")
        #expect(try server.request("GET", "/healthz").status == 200)

        #expect(try Self.exposures(try #require(try slow.readResponse(timeout: 120))) == Self.slowProfiles)
        for connection in waiting + [joining] {
            let answer = try #require(try connection.readResponse(timeout: 60))
            #expect(answer.status == 200)
            #expect(answer.body == #"{"placements":[]}"#)
        }
        #expect(try Self.metric("paywalls_reports_waiting", of: server) == 0)
        #expect(try Self.metric("paywalls_reports_computed_total", of: server) == 9)
    }
}
