import Foundation
import Testing

/// The deadlines of a request (`--header-timeout`, `--body-timeout`, `--body-min-rate`) and of a later answer
/// (`--response-timeout`), on a real server with short ones: a client that trickles its request in is answered 408
/// however steadily it trickles, while other clients are answered meanwhile; a body that keeps up the rate is not cut;
/// an answer that does not come in time is a 503, and the one that comes later is dropped.
@Suite struct ServeDeadlinesTests {
    static let healthz = "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n"

    /// Four clients trickle a head in, a byte every half second (never silent for the connection timeout): each
    /// is answered 408 once its head has taken the 2 seconds it may, and let go. Meanwhile another client is answered
    /// at once at every step, and one more, past the limit of 5, is answered 503 at once.
    @Test func tricklingHeadsAreAnswered408WhileOthersAreServed() throws {
        let server = try ServeProcess(["--threads", "1", "--max-connections", "5", "--connection-timeout", "5", "--header-timeout", "2"])
        let tricklers = try (0..<4).map { _ in try server.connect() }
        for trickler in tricklers { try trickler.send("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Slow: ") }
        let other = try server.connect()
        let pastTheLimit = try server.connect()
        try pastTheLimit.send(Self.healthz)
        let refused = try #require(try pastTheLimit.readResponse(timeout: 1), "no prompt answer past the limit")
        #expect(refused.status == 503)
        #expect(refused.header("Retry-After") == "1")
        try other.send("GET /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(try other.readResponse(timeout: 1)?.status == 200)
        // Its place is free again for the client of each step below.
        #expect(other.closes(within: 1))

        try Self.expectEachAnswered408(trickling: tricklers, server: server, saying: "the request head did not arrive within 2 seconds of its first byte")
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    /// Trickles into `tricklers` for up to 8 s while another client is served, and expects each trickler's 408 saying
    /// `message` after its 2 seconds, and its connection closed.
    private static func expectEachAnswered408(trickling tricklers: [RawConnection], server: ServeProcess, saying message: String) throws {
        let (answers, slowestOther) = try trickle(into: tricklers, server: server, for: 8)
        #expect(slowestOther < 1, "another client waited \(slowestOther) s behind the trickling ones")
        for (index, answer) in answers.enumerated() {
            let (response, seconds) = try #require(answer, "trickler \(index) was held as long as it trickled")
            #expect(response.status == 408)
            #expect(response.errorCode == "request_timeout")
            #expect(response.body.contains(message), "\(response.body)")
            #expect(seconds >= 1.9 && seconds < 5, "trickler \(index) answered after \(seconds) s")
            #expect(tricklers[index].closes(within: 2))
        }
    }

    /// Four clients announce a 100 kB body and trickle it in, a byte every half second: each is answered 408 once the
    /// body has taken its 2 seconds (and the few bytes it brought earned it no more), while others are answered.
    @Test func tricklingBodiesAreAnswered408WhileOthersAreServed() throws {
        let server = try ServeProcess(["--threads", "1", "--connection-timeout", "5", "--body-timeout", "2"])
        let tricklers = try (0..<4).map { _ in try server.connect() }
        for trickler in tricklers { try trickler.send("POST /v1/bundles HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n") }
        try Self.expectEachAnswered408(trickling: tricklers, server: server, saying: "the request body came too slowly")
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    /// A 48 kB body sent over some 3 seconds (15 kB a second) outlasts a 1-second body timeout: what it brings earns it
    /// time at --body-min-rate. The same body is cut when the rate asked is faster than it comes.
    @Test(arguments: [(1_024, false), (100_000, true)])
    func aBodyIsGivenTimeByTheRateItKeeps(_ rate: Int, isCut: Bool) throws {
        let server = try ServeProcess(["--threads", "1", "--body-timeout", "1", "--body-min-rate", String(rate)])
        let body = Array(String(repeating: " ", count: 48_000 - 16).utf8) + Array(#"{"requests":[]}"#.utf8) + [0x20]
        let connection = try server.connect()
        try connection.send("POST /v1/bundles HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
        for piece in stride(from: 0, to: body.count, by: 3_000) {
            guard (try? connection.send(Array(body[piece..<min(piece + 3_000, body.count)]))) != nil else { break }
            Thread.sleep(forTimeInterval: 0.2)
        }
        let response = try #require(try connection.readResponse(timeout: 3))
        if isCut {
            #expect(response.status == 408)
            #expect(response.body.contains("the request body came too slowly"), "\(response.body)")
        } else {
            #expect(response.errorCode != "request_timeout", "\(response.body)")
            #expect(response.status == 200 || response.errorCode == "no_snapshot", "\(response.body)")
        }
    }

    /// An answer that does not come within --response-timeout (events, and the report, from a PostgreSQL server that
    /// takes connections and never answers) is a 503 with Retry-After; the connection reads on, and the answer that
    /// comes later (once libpq gives up connecting, after 4 seconds) is dropped: never sent, never counted.
    @Test func aLateAnswerIs503AndTheAnswerThatComesLaterIsDropped() throws {
        let database = try SilentServer()
        let server = try ServeProcess(["--threads", "1", "--response-timeout", "1",
                                       "--events-url", "postgresql://paywalls@127.0.0.1:\(database.port)/paywalls?connect_timeout=4"])
        let batch = #"{"events":[{"event_id":"late1","type":"shown","created_at":"2026-11-29T12:00:00Z","profile_id":"p","#
            + #""placement_id":"onboarding","variation_id":"v"}]}"#
        let connection = try server.connect()
        let asked = Date()
        try connection.send("POST /v1/events HTTP/1.1\r\nHost: t\r\nContent-Length: \(batch.utf8.count)\r\n\r\n\(batch)")
        let late = try #require(try connection.readResponse(timeout: 4), "no answer to a request whose answer does not come")
        let waited = Date().timeIntervalSince(asked)
        #expect(waited >= 0.9 && waited < 3.5, "answered after \(waited) s")
        #expect(late.status == 503)
        #expect(late.errorCode == "response_timeout")
        #expect(late.header("Retry-After") == "5")
        #expect(late.body.contains("not ready within 1 seconds"), "\(late.body)")
        try connection.send(Self.healthz)
        #expect(try connection.readResponse()?.status == 200)

        // The report waits on the same silent server.
        let reportAsked = Date()
        let report = try server.request("GET", "/v1/report")
        #expect(report.errorCode == "response_timeout", "\(report.body)")

        // The batch's commit fails once libpq gives up on the server; its answer is made and dropped.
        let failed = Date().addingTimeInterval(15)
        var metrics = ""
        repeat {
            Thread.sleep(forTimeInterval: 0.2)
            metrics = try server.request("GET", "/metrics").body
        } while !metrics.contains(#"paywalls_event_commits_total{result="failed"} 1"#) && Date() < failed
        #expect(metrics.contains(#"paywalls_event_commits_total{result="failed"} 1"#), "\(metrics)")
        // And the report's, made on its own connection to the silent server.
        Thread.sleep(forTimeInterval: max(0.3, reportAsked.addingTimeInterval(5).timeIntervalSinceNow))
        try connection.send(Self.healthz)
        let next = try #require(try connection.readResponse())
        #expect(next.status == 200, "\(next.body)")
        #expect(try connection.readResponse(timeout: 0.3) == nil, "something more came: \(connection.receivedText)")
        metrics = try server.request("GET", "/metrics").body
        #expect(metrics.contains(#"paywalls_requests_total{route="other",status="503"} 2"#), "\(metrics)")
        #expect(!metrics.contains(#"paywalls_requests_total{route="/v1/events""#), "\(metrics)")
        #expect(!metrics.contains(#"paywalls_requests_total{route="/v1/report""#), "\(metrics)")
        #expect(server.running.isRunning)
    }

    /// Sends a byte to each of `tricklers` every half second until each is answered or `seconds` pass, and asks `/healthz`
    /// on a connection of its own at every step. Each trickler's answer and when it came (seconds after the first
    /// step), and the longest a `/healthz` took.
    private static func trickle(into tricklers: [RawConnection], server: ServeProcess,
                                for seconds: TimeInterval) throws -> (answers: [(RawResponse, TimeInterval)?], slowestOther: TimeInterval) {
        let started = Date()
        var answers = [(RawResponse, TimeInterval)?](repeating: nil, count: tricklers.count)
        var slowestOther: TimeInterval = 0
        while answers.contains(where: { $0 == nil }), Date().timeIntervalSince(started) < seconds {
            for (index, trickler) in tricklers.enumerated() where answers[index] == nil { try? trickler.send("a") }
            let asked = Date()
            #expect(try server.request("GET", "/healthz").status == 200)
            slowestOther = max(slowestOther, Date().timeIntervalSince(asked))
            for (index, trickler) in tricklers.enumerated() where answers[index] == nil {
                if let response = try trickler.readResponse(timeout: 0.01) { answers[index] = (response, Date().timeIntervalSince(started)) }
            }
            Thread.sleep(forTimeInterval: 0.5)
        }
        return (answers, slowestOther)
    }
}
