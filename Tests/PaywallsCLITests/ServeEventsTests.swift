import Foundation
import Testing

/// `POST /v1/events` on a real server and a real events.sqlite: answers only after the commit, every event
/// once, a bad event refused alone, whole batches or nothing, and 503 rather than unbounded memory.
@Suite struct ServeEventsTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    static func event(_ id: String, createdAt: String = "2026-11-29T12:00:00Z") -> String {
        #"{"event_id":"\#(id)","type":"shown","created_at":"\#(createdAt)","profile_id":"p-\#(id)","placement_id":"onboarding","variation_id":"v-a"}"#
    }

    static func batch(_ ids: [String]) -> String {
        #"{"events":[\#(ids.map { event($0) }.joined(separator: ","))]}"#
    }

    private func serve(_ arguments: [String] = []) throws -> ServeProcess {
        try ServeProcess(["--access-log", "-"] + arguments, store: store.path)
    }

    @Test func aBatchIsAnsweredWithWhatWasStoredAndEachBadEventAlone() throws {
        let server = try serve()
        let body = #"{"events":[\#(Self.event("a")),\#(Self.event("a")),{"event_id":"b","type":"shown"},\#(Self.event("c"))]}"#
        let response = try server.request("POST", "/v1/events", body: body)
        #expect(response.status == 200)
        #expect(response.header("Cache-Control") == "no-store")
        let json = try response.json()
        #expect(json["accepted"] as? Int == 2)
        #expect(json["duplicates"] as? Int == 1)
        let rejected = try #require(json["rejected"] as? [[String: Any]])
        #expect(rejected.count == 1)
        #expect(rejected.first?["index"] as? Int == 2)
        #expect(rejected.first?["pointer"] as? String == "/events/2/created_at")
        #expect(rejected.first?["message"] as? String == "required")
        #expect(try store.storedEventIDs() == ["a", "c"])
        #expect(Self.logs(server, "POST /v1/events 200"))
        #expect(try server.request("GET", "/metrics").body.contains(#"paywalls_requests_total{route="/v1/events",status="200"} 1"#))
    }

    @Test func duplicatesAreFoundAcrossBatchesAndAfterARestart() throws {
        var server = try serve()
        #expect(try server.request("POST", "/v1/events", body: Self.batch(["a", "b"])).json()["accepted"] as? Int == 2)
        #expect(try server.request("POST", "/v1/events", body: Self.batch(["b", "c"])).json()["duplicates"] as? Int == 1)
        #expect(try server.stop().status == 0)
        server = try serve()
        let again = try server.request("POST", "/v1/events", body: Self.batch(["a", "c", "d"])).json()
        #expect(again["accepted"] as? Int == 1)
        #expect(again["duplicates"] as? Int == 2)
        #expect(try store.storedEventIDs() == ["a", "b", "c", "d"])
    }

    /// A request pipelined behind a batch waits for the batch's answer and comes after it; a client that hangs up
    /// while its batch is committed costs nothing but its answer.
    @Test func answersStayInOrderBehindABatchAndAHangUpIsHarmless() throws {
        let server = try serve()
        let connection = try server.connect()
        let body = Self.batch((0..<500).map { "o\($0)" })
        try connection.send("POST /v1/events HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
            + "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: t\r\n\r\n")
        let first = try #require(try connection.readResponse())
        #expect(try first.json()["accepted"] as? Int == 500)
        #expect(try connection.readResponse()?.body == #"{"status":"ok"}"#)
        #expect(try connection.readResponse()?.status == 404)

        do {
            // Closed with its last reference, at the end of this block: before or during the commit.
            let leaving = try server.connect()
            let second = Self.batch((0..<500).map { "l\($0)" })
            try leaving.send("POST /v1/events HTTP/1.1\r\nHost: t\r\nContent-Length: \(second.utf8.count)\r\n\r\n\(second)")
        }
        // The batch came whole, so it is stored (a client that sends it again finds duplicates).
        let deadline = Date().addingTimeInterval(5)
        while try store.storedEventIDs().count < 1_000, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try store.storedEventIDs().count == 1_000)
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(server.running.isRunning)
    }

    /// `GET /v1/report` answers what `paywalls report --json` prints for the same query (an empty report before the
    /// first event); a bad query is a 400.
    @Test func theReportRouteAnswersTheCommandsJSON() throws {
        let server = try serve()
        #expect(try server.request("GET", "/v1/report").body == #"{"placements":[]}"#)
        let purchase = #"{"event_id":"buy","type":"purchase_finished","created_at":"2026-11-29T13:00:00Z","profile_id":"p-a","#
            + #""placement_id":"onboarding","variation_id":"v-a","purchase_result":"purchased"}"#
        let body = #"{"events":[\#(Self.event("a")),\#(Self.event("b")),\#(purchase)]}"#
        #expect(try server.request("POST", "/v1/events", body: body).json()["accepted"] as? Int == 3)
        let answer = try server.request("GET", "/v1/report?placement=onboarding&by=locale-result")
        #expect(answer.status == 200)
        #expect(answer.header("Cache-Control") == "no-store")
        let printed = try store.run(["report", "--json", "--placement", "onboarding", "--by", "locale-result"])
        #expect(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? NSDictionary
            == JSONSerialization.jsonObject(with: Data(printed.standardOutput.utf8)) as? NSDictionary)
        #expect(answer.body.contains(#""conversions":1"#))
        for (target, message) in [("/v1/report?by=language", "invalid value 'language' for by: expected locale, locale-result, country or platform"),
                                  ("/v1/report?since=yesterday", "invalid value 'yesterday' for since: expected an RFC 3339 time"),
                                  ("/v1/report?placment=x", "placment")] {
            let refused = try server.request("GET", target)
            #expect(refused.status == 400, "\(target)")
            #expect(refused.body.contains(message), "\(target): \(refused.body)")
        }
    }

    static let refusedBodies: [(String, String, Int, String, String)] = [
        ("not JSON", "{\"events\": [", 400, "bad_request", "the body is not JSON"),
        ("no events array", #"{"requests": []}"#, 400, "bad_request", #"the body must have an "events" array"#),
        ("501 events", batch((0..<501).map { "e\($0)" }), 413, "content_too_large", "the batch has 501 events; a batch has at most 500"),
    ]

    @Test(arguments: refusedBodies.indices)
    func aBodyThatIsNoBatchStoresNothing(_ index: Int) throws {
        let (name, body, status, code, message) = Self.refusedBodies[index]
        let server = try serve()
        let response = try server.request("POST", "/v1/events", body: body)
        #expect(response.status == status, "\(name)")
        #expect(response.errorCode == code, "\(name)")
        let said = ((try? response.json())?["error"] as? [String: Any])?["message"] as? String
        #expect(said?.hasPrefix(message) == true, "\(name): \(response.body)")
        #expect(Self.logs(server, "POST /v1/events \(status)"), "\(name)")
        #expect(try server.request("POST", "/v1/events", body: Self.batch(["e0"])).json()["accepted"] as? Int == 1, "\(name)")
    }

    /// Every batch acknowledged is on disk: a kill -9 right after the last 200 loses none of them.
    @Test func everyAcknowledgedEventSurvivesAKill() throws {
        let server = try serve()
        var acknowledged: [String] = []
        for batch in 0..<20 {
            let ids = (0..<50).map { "k\(batch)-\($0)" }
            let response = try server.request("POST", "/v1/events", body: Self.batch(ids))
            try #require(response.status == 200)
            acknowledged += ids
        }
        server.running.kill()
        _ = try server.running.wait()
        #expect(try store.storedEventIDs() == acknowledged.sorted())
    }

    /// Killed while batches are in flight, the file holds each batch whole or not at all.
    @Test func aKillDuringBatchesLeavesNoneHalfStored() throws {
        let server = try serve()
        let (host, port) = (server.host, server.port)
        let fiveAnswered = DispatchSemaphore(value: 0)
        let sender = Thread {
            for batch in 0..<40 {
                _ = Self.post(Self.batch((0..<500).map { "h\(batch)-\($0)" }), host: host, port: port)
                if batch == 4 { fiveAnswered.signal() }
            }
        }
        sender.start()
        #expect(fiveAnswered.wait(timeout: .now() + 20) == .success)
        server.running.kill()
        _ = try server.running.wait()
        let counts = Dictionary(grouping: try store.storedEventIDs(), by: { $0.prefix { $0 != "-" } }).mapValues(\.count)
        #expect(counts.count >= 5)
        #expect(counts.values.allSatisfy { $0 == 500 }, "\(counts)")
    }

    /// A writer that cannot commit (another program holds the file's write lock) stores nothing and answers 503
    /// with Retry-After; past --events-queue, a batch is refused at once rather than held.
    @Test func aWriterThatCannotKeepUpAnswers503() throws {
        let server = try serve(["--events-queue", "500"])
        #expect(try server.request("POST", "/v1/events", body: Self.batch(["first"])).status == 200)
        let lock = try SQLiteWriteLock(store.path + "/events.sqlite", seconds: 5)
        let blocked = BlockedAnswer()
        let (host, port) = (server.host, server.port)
        let first = Thread {
            blocked.response = Self.post(Self.batch((0..<400).map { "q\($0)" }), host: host, port: port)
            blocked.done.signal()
        }
        first.start()
        Thread.sleep(forTimeInterval: 0.3)
        let refused = try server.request("POST", "/v1/events", body: Self.batch((0..<200).map { "r\($0)" }))
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        #expect(refused.errorCode == "events_unavailable")
        #expect(refused.body.contains("more events are waiting to be stored than the server holds"))
        #expect(blocked.done.wait(timeout: .now() + 10) == .success)
        #expect(blocked.response?.status == 503, "\(blocked.response?.body ?? "no answer")")
        #expect(blocked.response?.body.contains("the events were not stored") == true)
        withExtendedLifetime(lock) {}
        #expect(try store.storedEventIDs() == ["first"])
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    /// Whether the server's stderr says `text` within a few seconds (the access log line follows the answer).
    private static func logs(_ server: ServeProcess, _ text: String) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !server.running.standardErrorSoFar.contains(text) {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// `POST /v1/events` on a connection of its own, from any thread; nil when no answer came.
    private static func post(_ body: String, host: String, port: UInt16) -> RawResponse? {
        guard let connection = try? RawConnection(host: host, port: port) else { return nil }
        let head = "POST /v1/events HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
        guard (try? connection.send(head + body)) != nil else { return nil }
        return try? connection.readResponse(timeout: 10)
    }

    private final class BlockedAnswer: @unchecked Sendable {
        var response: RawResponse?
        let done = DispatchSemaphore(value: 0)
    }

    /// Events older than --events-retention are deleted when serve starts, and the log says how many.
    @Test func retentionDeletesOldEvents() throws {
        let lines = [Self.event("old1", createdAt: "2020-01-01T00:00:00Z"), Self.event("old2", createdAt: "2020-06-01T00:00:00Z"),
                     Self.event("new", createdAt: "2099-01-01T00:00:00Z")]
        let file = store.directory.appendingPathComponent("old.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        #expect(try store.run(["events", "ingest", file.path]).status == 0)
        let server = try serve(["--events-retention", "1h"])
        #expect(Self.logs(server, "retention: deleted 2 events past 1h"), "\(server.running.standardErrorSoFar)")
        #expect(try store.storedEventIDs() == ["new"])
    }
}
