import Foundation
import Testing

/// Slow, stalled and too many clients, and the stop on SIGTERM with a request in flight. (The deadlines of
/// requests that trickle in, and of answers that come late: ServeDeadlinesTests.)
@Suite struct ServeConnectionTests {
    /// A client that stops in the middle of its head blocks no other, and after the timeout it is told
    /// 408 and dropped; one that sends nothing is dropped without a word.
    @Test func aStalledClientBlocksNoOtherAndIsDroppedAfterTheTimeout() throws {
        let server = try ServeProcess(["--threads", "1", "--connection-timeout", "3"])
        let stalled = try server.connect()
        let silent = try server.connect()
        try stalled.send("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Half: ")
        let started = Date()
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(Date().timeIntervalSince(started) < 2.5, "the second client waited for the stalled one")
        let timedOut = try #require(try stalled.readResponse(timeout: 8), "no answer to the stalled head")
        #expect(timedOut.status == 408)
        #expect(timedOut.errorCode == "request_timeout")
        #expect(stalled.closes(within: 2))
        #expect(silent.closes(within: 3))
        #expect(silent.receivedText.isEmpty)
    }

    /// A client sending a byte a second is not idle, yet it holds one connection only.
    @Test func aTricklingClientDoesNotStarveOthers() throws {
        let server = try ServeProcess(["--threads", "1", "--connection-timeout", "5"])
        let trickling = try server.connect()
        for byte in "GET /heal" {
            try trickling.send(String(byte))
            #expect(try server.request("GET", "/healthz").status == 200)
            Thread.sleep(forTimeInterval: 0.3)
        }
        try trickling.send("thz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try trickling.readResponse()?.status == 200)
    }

    /// A request's time in `/metrics` counts from its first bytes: a head that comes in two parts 0.5 s apart took
    /// most of that, though the service answered it at once. (A first request on the same connection makes sure
    /// the connection is accepted and read at once, so that a busy machine's late start does not shorten the gap.)
    @Test func aRequestsTimeInTheMetricsCountsFromItsFirstBytes() throws {
        let server = try ServeProcess(["--threads", "1"])
        let slow = try server.connect()
        try slow.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try slow.readResponse()?.status == 200)
        try slow.send("GET /healthz HTTP/1.1\r\n")
        Thread.sleep(forTimeInterval: 0.5)
        try slow.send("Host: t\r\n\r\n")
        #expect(try slow.readResponse()?.status == 200)
        let metrics = try server.request("GET", "/metrics").body
        let sum = metrics.split(separator: "\n").first { $0.hasPrefix(#"paywalls_request_duration_seconds_sum{route="/healthz"}"#) }
        let seconds = try #require(sum?.split(separator: " ").last.flatMap { Double($0) }, "no /healthz duration in \(metrics)")
        #expect(seconds >= 0.4 && seconds < 5)
    }

    /// A client that sends requests and never reads the answers stalls only itself: the server stops reading
    /// from it while its answers cannot be written, serves others meanwhile, and drops it once the timeout
    /// passes with nothing written, so that the client's own sending fails.
    @Test func aClientThatStopsReadingIsDroppedAfterTheTimeout() throws {
        let server = try ServeProcess(["--threads", "1", "--connection-timeout", "2"])
        let greedy = Unread(connection: try server.connect())
        // Some 35 MB of requests and 200 MB of answers: far past what the sockets' buffers and the server's
        // queue hold, so the sending blocks until the server lets go of the connection.
        let requests = Array(String(repeating: "GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n", count: 1_000_000).utf8)
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            greedy.failed = (try? greedy.connection.send(requests)) == nil
            stopped.signal()
        }
        Thread.sleep(forTimeInterval: 0.5)
        let started = Date()
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(Date().timeIntervalSince(started) < 1.5, "another client waited for the one that does not read")
        #expect(stopped.wait(timeout: .now() + 15) == .success, "the server kept the client that does not read")
        #expect(greedy.failed, "all of the requests were taken")
        #expect(server.running.isRunning)
    }

    /// A client that pipelines far more answers than the sockets and the server's queue hold, and reads them only
    /// later, gets every one whole and in order: the queue is written in parts, grows while it is written, and lets go
    /// of what is written.
    @Test func aClientThatReadsLateGetsEveryPipelinedAnswerInOrder() throws {
        let server = try ServeProcess(["--threads", "1"])
        let late = Unread(connection: try server.connect())
        // 404s naming their paths, each followed by /metrics counting the 404s so far: some 1 kB of answer for
        // 40 bytes of request, so one read of requests makes more answers than the 1 MiB the server queues.
        let count = 3_000
        let requests = Array((0..<count).map { "GET /nowhere/\($0) HTTP/1.1\r\nHost: t\r\n\r\nGET /metrics HTTP/1.1\r\nHost: t\r\n\r\n" }
            .joined().utf8)
        let sent = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            late.failed = (try? late.connection.send(requests)) == nil
            sent.signal()
        }
        Thread.sleep(forTimeInterval: 1)
        for number in 0..<count {
            let missing = try #require(try late.connection.readResponse(), "no answer to request \(2 * number + 1)")
            #expect(missing.body.contains("no route for /nowhere/\(number)\""), "answer \(2 * number + 1): \(missing.body)")
            let metrics = try #require(try late.connection.readResponse(), "no answer to request \(2 * number + 2)")
            #expect(metrics.body.contains("paywalls_requests_total{route=\"other\",status=\"404\"} \(number + 1)\n"),
                    "answer \(2 * number + 2): \(metrics.body.prefix(200))")
        }
        #expect(sent.wait(timeout: .now() + 5) == .success)
        #expect(!late.failed)
    }

    /// A connection of the tests above, used by the one thread that sends.
    private final class Unread: @unchecked Sendable {
        let connection: RawConnection
        var failed = false

        init(connection: RawConnection) {
            self.connection = connection
        }
    }

    /// Out of file descriptors, the server stops accepting rather than spinning on a backlog it cannot take,
    /// answers the connections it holds, and takes the waiting ones once some close. It says so on its log, once
    /// rather than once per failed accept, and counts the failures in `/metrics`.
    @Test func outOfDescriptorsTheServerWaitsAndThenAcceptsAgain() throws {
        let server = try ServeProcess(["--threads", "1"], launcherPrefix: ["/usr/bin/prlimit", "--nofile=64:64", "--"])
        let began = Date()
        var held: [RawConnection] = []
        for _ in 0..<80 { held.append(try server.connect()) }
        for connection in held { try connection.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n") }
        let answered = try held.map { try $0.readResponse(timeout: 0.3)?.status == 200 }
        let count = answered.filter { $0 }.count
        #expect(count > 0 && count < held.count, "\(count) of \(held.count) answered")
        let ticks = try server.running.cpuTicks()
        Thread.sleep(forTimeInterval: 1)
        #expect(try server.running.cpuTicks() - ticks < 20, "the server spins on the backlog it cannot accept")
        // The answered ones close with their last reference.
        let waiting = zip(held, answered).filter { !$0.1 }.map(\.0)
        held.removeAll()
        for connection in waiting.prefix(10) {
            #expect(try connection.readResponse(timeout: 5)?.status == 200)
        }
        #expect(server.running.isRunning)
        // Accepts failed at each look (once a second) and at each close while the backlog waited: one line for them
        // all, and on a machine slow enough for this to take more than the notice's 10 s, one more per 10 s that counts them.
        let notices = server.running.standardErrorSoFar.split(separator: "\n").filter { $0.contains("cannot accept a connection (EMFILE: ") }
        let allowed = 1 + Int(Date().timeIntervalSince(began) / 10)
        #expect(!notices.isEmpty && notices.count <= allowed, "\(notices.count) lines, \(allowed) allowed: \(server.running.standardErrorSoFar)")
        #expect(notices.dropFirst().allSatisfy { $0.contains("times since the last such line") })
        let answeredLate = try #require(waiting.first)
        try answeredLate.send("GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n")
        let metrics = try #require(try answeredLate.readResponse(timeout: 5)).body
        let failures = try #require(metrics.split(separator: "\n").first { $0.hasPrefix("paywalls_accept_failures_total ") })
        #expect((Int(failures.split(separator: " ")[1]) ?? 0) > 1, "\(failures)")
    }

    /// Past the limit (counted across the loops), a new client is answered 503 with `Retry-After` at once and let go,
    /// rather than left waiting unanswered; once a place is free, the next is served. Counted, and told once on the log.
    @Test func pastTheConnectionLimitAClientIsAnswered503AtOnce() throws {
        let server = try ServeProcess(["--threads", "2", "--max-connections", "4"])
        var holders = try (0..<4).map { _ in try server.connect() }
        for holder in holders {
            try holder.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try holder.readResponse()?.status == 200)
        }
        for _ in 0..<3 {
            let refused = try server.connect()
            try refused.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            let started = Date()
            let response = try #require(try refused.readResponse(timeout: 2), "no answer past the limit")
            #expect(Date().timeIntervalSince(started) < 1)
            #expect(response.status == 503)
            #expect(response.header("Retry-After") == "1")
            #expect(response.errorCode == "too_many_connections")
            #expect(response.header("Connection") == "close")
            #expect(refused.closes(within: 1))
        }
        holders.removeFirst()
        // The close is seen on the server's next wake.
        Thread.sleep(forTimeInterval: 0.2)
        let served = try server.connect()
        try served.send("GET /metrics HTTP/1.1\r\nHost: t\r\n\r\n")
        let metrics = try #require(try served.readResponse()).body
        #expect(metrics.contains("paywalls_connections_refused_total 3\n"), "\(metrics)")
        #expect(metrics.contains("paywalls_connections_open 4\n"), "\(metrics)")
        #expect(metrics.contains(#"paywalls_requests_total{route="other",status="503"} 3"#), "\(metrics)")
        let notices = server.running.standardErrorSoFar.split(separator: "\n").filter { $0.contains("a client was answered 503 and let go") }
        #expect(notices.count == 1, "\(server.running.standardErrorSoFar)")
    }

    /// Clients past the limit cost the server no descriptor beyond the moment of their answer: a flood of them, each
    /// left open on this side, leaves its descriptors as they were, and every one of them was answered.
    @Test func aFloodPastTheLimitHoldsNoDescriptors() throws {
        let server = try ServeProcess(["--threads", "1", "--max-connections", "2"])
        let holders = try (0..<2).map { _ in try server.connect() }
        for holder in holders {
            try holder.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try holder.readResponse()?.status == 200)
        }
        let before = try server.running.openDescriptors()
        var refused: [RawConnection] = []
        for _ in 0..<300 { refused.append(try server.connect()) }
        for connection in refused {
            try #require(try connection.readResponse(timeout: 2)?.status == 503)
        }
        // The fewest seen over half a second: the server opens files of its own now and then (the store's check).
        var after = Int.max
        for _ in 0..<10 {
            after = min(after, try server.running.openDescriptors())
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(after <= before, "the refused clients hold \(after - before) descriptors in the server")
        try holders[0].send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try holders[0].readResponse()?.status == 200)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aStopLetsTheRequestInFlightFinishThenExits0(_ signal: Int32) throws {
        let server = try ServeProcess()
        let idle = try server.connect()
        let inFlight = try server.connect()
        try inFlight.send("POST /v1/bundles HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nhello")
        Thread.sleep(forTimeInterval: 0.2)
        server.running.signal(signal)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(server.running.isRunning, "it stopped with a request in flight")
        #expect(throws: (any Error).self, "it still accepts connections") { try server.connect() }
        try inFlight.send("world")
        let response = try #require(try inFlight.readResponse())
        // The body reached the route, which found it no JSON.
        #expect(response.status == 400)
        let outcome = try server.running.wait(timeout: 5)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(!outcome.killed)
        #expect(outcome.outputLines == [server.startupLine])
        #expect(outcome.standardError.contains(signal == SIGINT ? "SIGINT: finishing" : "SIGTERM: finishing"))
        #expect(idle.closes(within: 1))
    }

    @Test func aStopWithNothingInFlightIsImmediate() throws {
        let server = try ServeProcess()
        let idle = try server.connect()
        try idle.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try idle.readResponse()?.status == 200)
        let started = Date()
        #expect(try server.stop().status == 0)
        // Not the 10 s a request in flight may take.
        #expect(Date().timeIntervalSince(started) < 5)
    }
}
