import FixtureSupport
import Foundation
import Testing

/// What the server does wrong, and what `sync` must make of it: the exit code, the source's status and
/// message, how many requests it tried, and in every case the previous snapshot still current and
/// resolvable, with nothing else published.
@Suite(.serialized) struct SyncFaultMatrixTests {
    struct Fault: CustomTestStringConvertible, Sendable {
        let name: String
        let response: [String: any Sendable]
        var source: [String: any Sendable] = [:]
        let exitCode: Int32
        let status: String
        /// The source's message in the summary starts with this.
        let message: String
        let requests: Int

        var testDescription: String { name }
    }

    static let revised = "REVISED"

    static let faults: [Fault] = [
        Fault(name: "5xx after every retry", response: ["status": 500, "body": "oops"],
              exitCode: 69, status: "unreachable", message: "HTTP 500 (gave up after 3 tries)", requests: 3),
        Fault(name: "408 after every retry", response: ["status": 408, "body": "request timeout"],
              exitCode: 69, status: "unreachable", message: "HTTP 408 (gave up after 3 tries)", requests: 3),
        Fault(name: "425 after every retry", response: ["status": 425, "body": "too early"],
              exitCode: 69, status: "unreachable", message: "HTTP 425 (gave up after 3 tries)", requests: 3),
        Fault(name: "429 asking to wait past the deadline", response: ["status": 429, "retry_after": "3600"],
              exitCode: 69, status: "unreachable",
              message: "HTTP 429 (gave up after 1 try: the next would pass the run's deadline of 30 s; the server asked to wait 3600 s)", requests: 1),
        // Numbers of seconds past what Int64 holds in milliseconds (once a trap), and past Int itself.
        Fault(name: "503 asking to wait 10^17 s", response: ["status": 503, "retry_after": "99999999999999999"],
              exitCode: 69, status: "unreachable",
              message: "HTTP 503 (gave up after 1 try: the next would pass the run's deadline of 30 s; the server asked to wait 99999999999999999 s)",
              requests: 1),
        Fault(name: "503 asking to wait 10^30 s", response: ["status": 503, "retry_after": "1000000000000000000000000000000"],
              exitCode: 69, status: "unreachable",
              message: "HTTP 503 (gave up after 1 try: the next would pass the run's deadline of 30 s; the server asked to wait at least 9223372036854775807 s)",
              requests: 1),
        Fault(name: "503 asking to wait until the year 9999", response: ["status": 503, "retry_after": "Fri, 31 Dec 9999 23:59:59 GMT"],
              exitCode: 69, status: "unreachable", message: "HTTP 503 (gave up after 1 try: the next would pass the run's deadline of 30 s; the server asked to wait ",
              requests: 1),
        Fault(name: "404, not retried", response: ["status": 404, "body": "no such export"],
              exitCode: 69, status: "unreachable", message: "HTTP 404", requests: 1),
        Fault(name: "token rejected (401)", response: ["body_file": revised, "require_bearer": "the-right-token"],
              source: ["token_env": "PAYWALLS_TEST_TOKEN"],
              exitCode: 69, status: "unreachable", message: "HTTP 401: authentication failed: the server refused the token of environment variable PAYWALLS_TEST_TOKEN (token_env)", requests: 1),
        Fault(name: "token missing (403)", response: ["status": 403],
              exitCode: 69, status: "unreachable",
              message: "HTTP 403: the server wants a token and the source has none (token_env or token_file)", requests: 1),
        Fault(name: "truncated body (Content-Length mismatch)", response: ["body_file": revised, "truncate_after_bytes": 1000],
              exitCode: 69, status: "unreachable", message: "the body was cut short", requests: 3),
        Fault(name: "broken chunked encoding", response: ["body_file": revised, "broken_chunked": true],
              exitCode: 69, status: "unreachable", message: "the body was cut short", requests: 3),
        Fault(name: "stalled transfer", response: ["body_file": revised, "stall_after_bytes": 100, "stall_seconds": 30],
              source: ["timeout_seconds": 2],
              exitCode: 69, status: "unreachable", message: "timed out or stalled", requests: 3),
        Fault(name: "redirect to plain HTTP", response: ["redirect_to": "http://127.0.0.1:9/ios.json"],
              exitCode: 69, status: "unreachable", message: "refused a redirect or URL that is not https", requests: 1),
        Fault(name: "wrong content type", response: ["body": "<html>maintenance</html>", "content_type": "text/html; charset=utf-8"],
              exitCode: 65, status: "invalid", message: "the server sent text/html, not JSON", requests: 1),
        Fault(name: "invalid JSON", response: ["body": "{\"format\": \"paywall-export\", \"version\": "],
              exitCode: 65, status: "invalid",
              message: "invalid export (1 problem):\n  /: not valid JSON: line 1, column 41: unexpected end of the document", requests: 1),
        Fault(name: "schema violation", response: ["body": "{\"format\": \"paywall-export\", \"version\": 1}"],
              exitCode: 65, status: "invalid", message: "invalid export (8 problems):\n  /app_id: required\n  /revision: required", requests: 1),
        Fault(name: "body over max_bytes", response: ["body_file": revised], source: ["max_bytes": 1000],
              exitCode: 65, status: "invalid", message: "the body is larger than the limit of 1000 bytes", requests: 1),
        // 64 KB of gzip that inflate to 64 MB, chunked: no Content-Length to refuse it by.
        Fault(name: "gzip bomb past max_bytes", response: ["oversize_bytes": 64 << 20, "gzip": true, "chunked": true],
              source: ["max_bytes": 1 << 20],
              exitCode: 65, status: "invalid", message: "the body is larger than the limit of 1048576 bytes", requests: 1),
        Fault(name: "204 without a body", response: ["status": 204],
              exitCode: 65, status: "invalid", message: "HTTP 204 without an export", requests: 1),
    ]

    @Test(arguments: faults)
    func aFaultKeepsThePreviousSnapshot(_ fault: Fault) throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        var response = fault.response
        if response["body_file"] as? String == Self.revised { response["body_file"] = try fixture.revisedSample() }
        try fixture.server.rewrite(script: ["/ios.json": response])
        fixture.sources = [fixture.source("ios", path: "/ios.json", fault.source)]
        let before = fixture.server.requests(to: "/ios.json").count

        let started = Date()
        let outcome = try fixture.sync(environment: ["PAYWALLS_TEST_TOKEN": "a-wrong-token"])
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(outcome.status == fault.exitCode, "\(outcome.standardError)")
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == fault.status)
        let message = try #require(summary["message"] as? String)
        #expect(message.hasPrefix(fault.message), "\(message)")
        #expect(summary["snapshot"] as? String == baseline)
        if let cap = fault.source["max_bytes"] as? Int {
            // Stopped while the body streamed in, not once it was all on disk.
            #expect(try #require(summary["bytes"] as? Int) <= cap)
        }
        #expect(outcome.standardError.hasSuffix("error: 1 of 1 sources failed (each keeps its last good data): ios (\(fault.status): \(message))\n"))
        #expect(outcome.standardError.contains("sync: ios: \(fault.status): \(message); snapshot \(baseline) stays current\n"))
        #expect(fixture.server.requests(to: "/ios.json").count - before == fault.requests)
        try fixture.expectCurrent(baseline)
    }

    @Test(arguments: [("wrong CA", "server", true), ("expired certificate", "expired", false), ("certificate for another host", "wrong-host", false)])
    func aServerThatFailsVerificationIsNotTrusted(_ name: String, certificate: String, otherCA: Bool) throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        let impostor = try TestServer(script: ["/ios.json": ["body_file": try fixture.revisedSample()]], certificate: certificate)
        var source = fixture.source("ios", path: "/ios.json")
        source["url"] = impostor.url + "/ios.json"
        source["ca_file"] = otherCA ? impostor.otherCAFile : impostor.caFile
        fixture.sources = [source]

        let outcome = try fixture.sync()
        #expect(outcome.status == 69, "\(name): \(outcome.standardError)")
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == "unreachable")
        #expect((summary["message"] as? String)?.hasPrefix("TLS verification failed") == true, "\(name): \(summary)")
        // Refused at the handshake: no request reached the impostor.
        #expect(impostor.requests(to: "/ios.json").isEmpty)
        try fixture.expectCurrent(baseline)
    }
}
