import FixtureSupport
import Foundation
import Synchronization
import Testing

/// Events from several `serve` replicas in one real PostgreSQL server (`scripts/scratch-postgres`): kept once
/// across replicas, one report of them all equal to events.sqlite's of the same events, 503 and no loss while
/// the server is down, recovery when it returns, and clear errors for a wrong password or database.
@Suite(.serialized) struct ServePostgresEventsTests {
    let store: TemporaryStore
    let postgres: ScratchPostgres

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
        postgres = try ScratchPostgres()
    }

    private var eventsOptions: [String] { ["--events-url", postgres.url, "--events-password-file", postgres.passwordFile] }

    private func serve() throws -> ServeProcess {
        try ServeProcess(["--access-log", "-"] + eventsOptions, store: store.path)
    }

    /// Event `index` of a seeded experiment: profiles shown variation A or B at the onboarding, some buying after.
    private static func event(_ index: Int) -> String {
        let profile = index / 3, variation = profile % 2 == 0 ? "v-a" : "v-b"
        let minute = String(format: "%02d", index % 60)
        if index % 3 == 2, profile % (variation == "v-a" ? 4 : 3) == 0 {
            return #"{"event_id":"e\#(index)","type":"purchase_finished","created_at":"2026-11-29T13:\#(minute):00Z","profile_id":"p\#(profile)","#
                + #""placement_id":"onboarding","variation_id":"\#(variation)","purchase_result":"purchased","product":{"vendor_product_id":"yearly","#
                + #""price":4.99,"currency":"USD"}}"#
        }
        return #"{"event_id":"e\#(index)","type":"shown","created_at":"2026-11-29T12:\#(minute):00Z","profile_id":"p\#(profile)","#
            + #""placement_id":"onboarding","variation_id":"\#(variation)","locale":"\#(["en", "pt-BR", "de"][profile % 3])"}"#
    }

    private static func batch(_ indices: Range<Int>) -> String {
        #"{"events":[\#(indices.map(event).joined(separator: ","))]}"#
    }

    private func storedIDs() throws -> Set<String> {
        Set(try postgres.sql("SELECT event_id FROM paywalls_events").split(separator: "\n").map(String.init))
    }

    @Test func twoReplicasKeepEachEventOnceAndOneReportSeesBoth() throws {
        let (first, second) = (try serve(), try serve())
        let logged = Date().addingTimeInterval(5)
        while !first.running.standardErrorSoFar.contains("; events to "), Date() < logged { Thread.sleep(forTimeInterval: 0.02) }
        #expect(first.running.standardErrorSoFar.contains("; events to \(postgres.url)\n"), "\(first.running.standardErrorSoFar)")
        // Replica 1 gets events 0..<800, replica 2 400..<1200, in batches of 100, at the same time.
        let replicas = [(first.host, first.port), (second.host, second.port)]
        let counts = Mutex([0, 0])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let (host, port) = replicas[index / 8]
            let start = (index < 8 ? 0 : 400) + (index % 8) * 100
            let body = Self.batch(start..<(start + 100))
            guard let connection = try? RawConnection(host: host, port: port),
                  (try? connection.send("POST /v1/events HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")) != nil,
                  let answer = try? connection.readResponse()?.json() else { return }
            counts.withLock { $0[0] += answer["accepted"] as? Int ?? 0; $0[1] += answer["duplicates"] as? Int ?? 0 }
        }
        #expect(counts.withLock { $0 } == [1_200, 400])
        #expect(try storedIDs() == Set((0..<1_200).map { "e\($0)" }))

        // The same events in events.sqlite, by the command: the reports agree, and the database finds them all stored.
        let lines = store.directory.appendingPathComponent("events.jsonl")
        try ((0..<1_200).map(Self.event).joined(separator: "\n") + "\n").write(to: lines, atomically: true, encoding: .utf8)
        #expect(try store.run(["events", "ingest", lines.path]).status == 0)
        let again = try store.run(["events", "ingest", lines.path] + eventsOptions)
        #expect(try again.json()["duplicates"] as? Int == 1_200, "\(again.standardError)")
        let sqlite = try store.run(["report", "--json", "--by", "locale"])
        let shared = try PaywallsProcess.run(["report", "--json", "--by", "locale", "--store", store.path, "--events-password-file", postgres.passwordFile],
                                             environment: ["PAYWALLS_EVENTS_URL": postgres.url])
        #expect(shared.status == 0, "\(shared.standardError)")
        #expect(try JSONSerialization.jsonObject(with: Data(shared.standardOutput.utf8)) as? NSDictionary
            == JSONSerialization.jsonObject(with: Data(sqlite.standardOutput.utf8)) as? NSDictionary)
        #expect(shared.standardOutput.contains(#""exposures": 200"#), "\(shared.standardOutput)")
        let route = try second.request("GET", "/v1/report?by=locale")
        #expect(try JSONSerialization.jsonObject(with: Data(route.body.utf8)) as? NSDictionary
            == JSONSerialization.jsonObject(with: Data(sqlite.standardOutput.utf8)) as? NSDictionary)
    }

    /// Reports keep one connection of their own: after several, the server holds the same sessions of serve's (one
    /// more than before the first report); a report kept by one replica is made again once another stores events;
    /// a connection the server ends is replaced at once, and the report answered.
    @Test func reportsKeepOneConnectionAndSeeEveryReplicasEvents() throws {
        let (first, second) = (try serve(), try serve())
        func sessions() throws -> Set<Substring> {
            Set(try postgres.sql("SELECT pid FROM pg_stat_activity WHERE application_name = 'paywalls'").split(separator: "\n"))
        }
        func exposures(_ target: String = "/v1/report") throws -> Int? {
            let answer = try second.request("GET", target)
            #expect(answer.status == 200, "\(answer.body)")
            return (try answer.json()["placements"] as? [[String: Any]])?.first?["exposures"] as? Int
        }
        #expect(try first.request("POST", "/v1/events", body: Self.batch(0..<30)).status == 200)
        let writers = try sessions()
        #expect(try exposures() == 10)
        let withReports = try sessions()
        #expect(withReports.count == writers.count + 1 && withReports.isSuperset(of: writers), "\(writers) then \(withReports)")
        for _ in 0..<4 { #expect(try exposures("/v1/report?by=locale") == 10) }
        #expect(try sessions() == withReports)
        #expect(try ServeReportTests.metric("paywalls_reports_computed_total", of: second) == 2)

        #expect(try first.request("POST", "/v1/events", body: Self.batch(30..<60)).status == 200)
        #expect(try exposures() == 20)

        _ = try postgres.sql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'paywalls'")
        #expect(try exposures("/v1/report?by=country") == 20)
    }

    @Test func whileTheDatabaseIsDownEventsAre503AndNothingAcknowledgedIsLost() throws {
        let server = try serve()
        var acknowledged = Set<String>()
        var refusals: [RawResponse] = []
        for round in 0..<30 {
            if round == 8 { try postgres.stop() }
            if round == 18 { try postgres.start() }
            let indices = (round * 20)..<(round * 20 + 20)
            let answer = try server.request("POST", "/v1/events", body: Self.batch(indices))
            if answer.status == 200 {
                acknowledged.formUnion(indices.map { "e\($0)" })
            } else {
                refusals.append(answer)
            }
            if (8..<18).contains(round) {
                let bundle = try server.request("GET", "/v1/placements/onboarding/bundle?locale=en&profile_id=u-1")
                #expect(bundle.status == 200, "bundles are served while the events cannot be stored")
                if round == 10 {
                    let readiness = try server.request("GET", "/readyz")
                    #expect(readiness.status == 503)
                    #expect(readiness.body.contains("the event store cannot take events: PostgreSQL at \(postgres.url): "), "\(readiness.body)")
                    let metrics = try server.request("GET", "/metrics").body
                    #expect(metrics.contains("paywalls_event_store_up 0"), "\(metrics)")
                    #expect(metrics.contains(#"paywalls_event_commits_total{result="failed"} 1"#), "\(metrics)")
                }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(refusals.count >= 10)
        for refusal in refusals {
            #expect(refusal.status == 503)
            #expect(refusal.header("Retry-After").flatMap(Int.init) ?? 0 >= 1)
            #expect(try (refusal.json()["error"] as? [String: Any])?["code"] as? String == "events_unavailable")
        }
        // Back within the longest wait between reconnections.
        let deadline = Date().addingTimeInterval(15)
        while try server.request("GET", "/readyz").status != 200, Date() < deadline { Thread.sleep(forTimeInterval: 0.2) }
        #expect(try server.request("GET", "/readyz").status == 200)
        let last = try server.request("POST", "/v1/events", body: Self.batch(600..<620))
        #expect(last.status == 200)
        acknowledged.formUnion((600..<620).map { "e\($0)" })
        #expect(try storedIDs().isSuperset(of: acknowledged))
        // Every batch before the stop was taken (how many after the restart depends on how soon it reconnects).
        #expect(acknowledged.isSuperset(of: (0..<160).map { "e\($0)" }))
        let metrics = try server.request("GET", "/metrics").body
        #expect(metrics.contains("paywalls_event_store_up 1") && metrics.contains("paywalls_events_queued 0"), "\(metrics)")
    }

    /// A server that hangs (stopped, not down): the commit waits, `/readyz` says so after 5 s, bundles are served,
    /// and the batch is answered once the server goes on.
    @Test func aHangingDatabaseTurnsReadinessOffUntilItAnswers() throws {
        let server = try serve()
        #expect(try server.request("POST", "/v1/events", body: Self.batch(0..<10)).status == 200)
        try postgres.freeze()
        defer { try? postgres.thaw() }
        let connection = try server.connect()
        let body = Self.batch(10..<20)
        try connection.send("POST /v1/events HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        var readiness = try server.request("GET", "/readyz")
        let deadline = Date().addingTimeInterval(10)
        while readiness.status == 200, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.25)
            readiness = try server.request("GET", "/readyz")
        }
        #expect(try server.request("GET", "/v1/placements/onboarding/bundle?locale=en&profile_id=u-1").status == 200)
        try postgres.thaw()
        #expect(readiness.status == 503)
        #expect(readiness.body.contains("the event store cannot take events: a commit has waited "), "\(readiness.body)")
        let answer = try #require(try connection.readResponse(timeout: 15))
        #expect(answer.status == 200)
        #expect(try answer.json()["accepted"] as? Int == 10)
        #expect(try server.request("GET", "/readyz").status == 200)
    }

    /// Revenue past Int64 in millionths, summed by the database: exact in the route's JSON and the command's table, and
    /// the command's JSON that of events.sqlite over the same events.
    @Test func revenuePastInt64IsSummedExactlyByTheDatabase() throws {
        let server = try serve()
        let body = #"{"events":[\#(EventNumbersTests.richProfile.joined(separator: ","))]}"#
        #expect(try server.request("POST", "/v1/events", body: body).json()["accepted"] as? Int == EventNumbersTests.richProfile.count)
        let report = try server.request("GET", "/v1/report")
        #expect(report.status == 200)
        #expect(report.body.contains(EventNumbersTests.richRevenue), "\(report.body)")
        #expect(try server.request("GET", "/healthz").status == 200)
        let table = try store.run(["report"] + eventsOptions)
        #expect(table.status == 0, "\(table.standardError)")
        #expect(table.standardOutput.contains("  EUR 20000000000000, USD 9999999999999.99999\n"), "\(table.standardOutput)")

        let lines = try store.write(EventNumbersTests.richProfile.joined(separator: "\n") + "\n", to: "rich.jsonl")
        #expect(try store.run(["events", "ingest", lines]).status == 0)
        let shared = try store.run(["report", "--json"] + eventsOptions)
        #expect(shared.standardOutput == (try store.run(["report", "--json"]).standardOutput))
    }

    @Test func aWrongPasswordOrDatabaseIsAClearErrorWithoutThePassword() throws {
        let wrongPassword = store.directory.appendingPathComponent("wrong-password")
        try "hunter2\n".write(to: wrongPassword, atomically: true, encoding: .utf8)
        let refused = try store.run(["report", "--events-url", postgres.url, "--events-password-file", wrongPassword.path])
        #expect(refused.status == 69)
        #expect(refused.standardError.hasPrefix("error: PostgreSQL at \(postgres.url): "), "\(refused.standardError)")
        #expect(refused.standardError.contains("password authentication failed"))
        #expect(!refused.standardError.contains("hunter2"))

        let otherDatabase = postgres.url.dropLast("paywalls".count) + "elsewhere"
        let missing = try store.run(["events", "ingest", "-", "--events-url", String(otherDatabase), "--events-password-file", postgres.passwordFile])
        #expect(missing.status == 69)
        #expect(missing.standardError.contains("PostgreSQL at \(otherDatabase): "), "\(missing.standardError)")
        #expect(missing.standardError.contains("database \"elsewhere\" does not exist"), "\(missing.standardError)")
    }

    @Test func aPasswordInTheURLABadPasswordFileOrAPasswordFileAloneIsRefused() throws {
        let inURL = try store.run(["report", "--events-url", "postgresql://paywalls:hunter2@127.0.0.1:5432/paywalls"])
        #expect(inURL.status == 78)
        #expect(inURL.standardError == "error: --events-url: the events URL must not hold a password (ps and logs would show it): "
            + "put it in --events-password-file or PGPASSFILE\n")
        let empty = store.directory.appendingPathComponent("empty-password")
        try "".write(to: empty, atomically: true, encoding: .utf8)
        let blank = try store.run(["report", "--events-url", postgres.url, "--events-password-file", empty.path])
        #expect(blank.status == 78)
        #expect(blank.standardError == "error: --events-password-file: \(empty.path) does not start with a line of UTF-8 text\n")
        let absent = try store.run(["report", "--events-url", postgres.url, "--events-password-file", store.directory.path + "/nowhere"])
        #expect(absent.status == 66)
        #expect(absent.standardError.hasPrefix("error: cannot open \(store.directory.path)/nowhere: No such file or directory"), "\(absent.standardError)")
        let alone = try store.run(["report", "--events-password-file", postgres.passwordFile])
        #expect(alone.status == 64)
        #expect(alone.standardError.contains("--events-password-file needs --events-url (or $PAYWALLS_EVENTS_URL)"), "\(alone.standardError)")
    }
}
