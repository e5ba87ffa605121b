import Foundation
import FixtureSupport
import PaywallSync
import Testing

/// Real HTTPS on loopback, with a CA made for the test: what each kind of answer becomes.
@Suite(.serialized) struct HTTPTransferTests {
    static let export = #"{"format":"paywall-export","version":1}"#

    func fetch(_ server: TestServer, _ path: String, configure: (inout TransferRequest) -> Void = { _ in },
               progress: TransferProgress? = nil) throws(TransferError) -> TransferResponse {
        var request = TransferRequest(url: server.url + path, caFile: server.caFile, timeout: .seconds(10), lowSpeedSeconds: 2)
        configure(&request)
        return try HTTPTransfer.fetch(request, into: server.bodyFile, progress: progress)
    }

    @Test func downloadsTheBodyAndItsValidators() throws {
        let server = try TestServer(script: ["/ios.json": ["body": Self.export, "etag": "\"v1\"", "last_modified": "Sun, 29 Nov 2026 12:00:00 GMT"]])
        let response = try fetch(server, "/ios.json")
        #expect(response.status == 200)
        #expect(try server.body() == Self.export)
        #expect(response.bodyBytes == Int64(Self.export.utf8.count))
        #expect(response.entityTag == "\"v1\"")
        #expect(response.lastModified == "Sun, 29 Nov 2026 12:00:00 GMT")
        #expect(response.contentType == "application/json")
    }

    @Test func aConditionalRequestGets304AndNoBody() throws {
        let server = try TestServer(script: ["/ios.json": ["body": Self.export, "etag": "\"v1\""]])
        let response = try fetch(server, "/ios.json") { $0.entityTag = "\"v1\"" }
        #expect(response.status == 304)
        #expect(response.bodyBytes == 0)
        #expect(try server.body() == "")
        #expect(server.requests.first?["if_none_match"] as? String == "\"v1\"")
    }

    @Test func gzipIsAskedForAndUndone() throws {
        let server = try TestServer(script: ["/ios.json": ["body": Self.export, "gzip": true]])
        _ = try fetch(server, "/ios.json")
        #expect(try server.body() == Self.export)
        #expect((server.requests.first?["accept_encoding"] as? String)?.contains("gzip") == true)
    }

    @Test func retryAfterIsReported() throws {
        let server = try TestServer(script: ["/ios.json": ["status": 503, "retry_after": "7", "body": "busy"]])
        let response = try fetch(server, "/ios.json")
        #expect(response.status == 503)
        #expect(response.retryAfterSeconds == 7)
    }

    @Test func theTokenIsSentAsABearerAndNotWithoutIt() throws {
        let server = try TestServer(script: ["/ios.json": ["body": Self.export, "require_bearer": "s3cr3t-token"]])
        #expect(try fetch(server, "/ios.json") { $0.token = Token(secret: "s3cr3t-token") }.status == 200)
        #expect(try fetch(server, "/ios.json").status == 401)
    }

    @Test func aTruncatedBodyIsATransientFailure() throws {
        let server = try TestServer(script: ["/ios.json": ["body": String(repeating: "x", count: 5000), "truncate_after_bytes": 100]])
        #expect(throws: TransferError.self) { try fetch(server, "/ios.json") }
        do {
            _ = try fetch(server, "/ios.json")
        } catch {
            #expect(error.kind == .transient)
            #expect(error.message.hasPrefix("the body was cut short"))
        }
    }

    @Test func aBodyOverTheCapIsRefusedWhileStreaming() throws {
        let server = try TestServer(script: ["/ios.json": ["oversize_bytes": 2_000_000, "chunked": true]])
        do {
            _ = try fetch(server, "/ios.json") { $0.maximumBytes = 100_000 }
            Issue.record("an oversize body was accepted")
        } catch {
            #expect(error.kind == .oversize)
            #expect(error.message == "the body is larger than the limit of 100000 bytes")
        }
    }

    @Test func aRedirectToPlainHTTPIsRefused() throws {
        let server = try TestServer(script: ["/ios.json": ["redirect_to": "http://127.0.0.1:9/ios.json"]])
        do {
            _ = try fetch(server, "/ios.json")
            Issue.record("a redirect to http was followed")
        } catch {
            #expect(error.kind == .permanent)
            #expect(error.message.hasPrefix("refused a redirect or URL that is not https"))
        }
    }

    @Test func redirectsAreFollowedAFewHopsOnly() throws {
        let hops: [String: Any] = ["/1": ["redirect_to": "/2"], "/2": ["redirect_to": "/3"], "/3": ["redirect_to": "/4"],
                                   "/4": ["redirect_to": "/5"], "/5": ["body": Self.export]]
        let server = try TestServer(script: hops)
        #expect(try fetch(server, "/2").status == 200)
        #expect(try server.body() == Self.export)
        #expect(throws: TransferError(kind: .permanent, message: "more than 3 redirects")) { try fetch(server, "/1") }
    }

    /// A redirect within the source's origin carries its token and headers; one to another host (here the same
    /// server by another name) carries neither, and the validators go along as before.
    @Test func credentialsStayWithTheSourcesOrigin() throws {
        let server = try TestServer(script: [:])
        let otherHost = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        try server.rewrite(script: ["/ios.json": ["redirect_to": "/moved.json"], "/moved.json": ["redirect_to": otherHost + "/cdn.json"],
                                    "/cdn.json": ["body": Self.export, "etag": "\"v2\""]])
        let response = try fetch(server, "/ios.json") {
            $0.token = Token(secret: "s3cr3t-token")
            $0.headers = [("X-Api-Key", "k-123")]
            $0.entityTag = "\"v1\""
        }
        #expect(response.status == 200)
        #expect(response.entityTag == "\"v2\"")
        let hops = ["/ios.json", "/moved.json", "/cdn.json"].compactMap { server.requests(to: $0).last }
        #expect(hops.map { $0["authorization"] as? String } == ["present", "present", "absent"])
        #expect(hops.map { ($0["header_names"] as? [String])?.contains("x-api-key") } == [true, true, false])
        #expect(hops.map { $0["if_none_match"] as? String } == ["\"v1\"", "\"v1\"", "\"v1\""])
        #expect((hops.last?["host"] as? String)?.hasPrefix("localhost:") == true)
    }

    /// A validator that would break the next request's head (a bare CR), or is longer than any real one, is not
    /// kept from a response, nor sent when one was kept before.
    @Test func validatorsThatCannotBeSentBackAreDropped() throws {
        let long = "\"" + String(repeating: "x", count: 1024) + "\""
        let server = try TestServer(script: ["/cr.json": ["body": Self.export, "etag": "\"v1\"\rX-Injected: 1"],
                                             "/long.json": ["body": Self.export, "etag": long, "last_modified": "Sun, 29 Nov 2026\u{1} 12:00:00 GMT"]])
        #expect(try fetch(server, "/cr.json").entityTag == nil)
        let longResponse = try fetch(server, "/long.json")
        #expect(longResponse.entityTag == nil)
        #expect(longResponse.lastModified == nil)
        _ = try fetch(server, "/cr.json") {
            $0.entityTag = "\"v1\"\rX-Injected: 1"
            $0.lastModified = String(repeating: "y", count: 1025)
        }
        #expect(server.requests(to: "/cr.json").last?["if_none_match"] is NSNull)
        #expect(server.requests(to: "/cr.json").last?["if_modified_since"] is NSNull)
        let longest = "\"" + String(repeating: "x", count: 1022) + "\""
        #expect(try fetch(server, "/cr.json") { $0.entityTag = longest }.status == 200)
        #expect(server.requests(to: "/cr.json").last?["if_none_match"] as? String == longest)
    }

    @Test func aServerTheCADidNotCertifyIsRefused() throws {
        let server = try TestServer(script: ["/ios.json": ["body": Self.export]], certificate: "wrong-host")
        do {
            _ = try fetch(server, "/ios.json")
            Issue.record("a certificate for another host was accepted")
        } catch {
            #expect(error.kind == .permanent)
            #expect(error.message.hasPrefix("TLS verification failed"))
        }
    }

    @Test func aStalledTransferIsAbandoned() throws {
        let server = try TestServer(script: ["/ios.json": ["body": String(repeating: "x", count: 100_000), "stall_after_bytes": 10, "stall_seconds": 20]])
        let started = Date()
        do {
            _ = try fetch(server, "/ios.json")
            Issue.record("a stalled transfer completed")
        } catch {
            #expect(error.kind == .transient)
        }
        #expect(Date().timeIntervalSince(started) < 8)
    }

    /// A resolve's load timeout may be under a second: the transfer keeps it to the millisecond.
    @Test func aTimeoutUnderASecondIsKept() throws {
        let server = try TestServer(script: ["/ios.json": ["body": Self.export, "delay_seconds": 10]])
        let started = Date()
        #expect(throws: TransferError.self) { try fetch(server, "/ios.json") { $0.timeout = .milliseconds(300) } }
        let elapsed = Date().timeIntervalSince(started)
        // libcurl may give up a fraction of a millisecond early (0.2998 s seen); rounded to whole seconds,
        // the timeout would be none (the 10 s delay) or 1 s.
        #expect(elapsed >= 0.29 && elapsed < 0.9, "\(elapsed) s")
    }

    @Test(arguments: ["http://example.com/ios.json", "ftp://127.0.0.1/x", "file:///etc/passwd"])
    func onlyHTTPSIsAllowed(_ url: String) {
        #expect(throws: TransferError(kind: .permanent, message: "refused \(url): only https:// is allowed")) {
            try HTTPTransfer.fetch(TransferRequest(url: url), into: "/nonexistent/body")
        }
    }

    @Test func progressIsReportedUpToTheWholeBody() throws {
        let server = try TestServer(script: ["/ios.json": ["oversize_bytes": 300_000]])
        nonisolated(unsafe) var reports: [(Int64, Int64?)] = []
        _ = try fetch(server, "/ios.json", progress: { reports.append(($0, $1)) })
        #expect(reports.last?.0 == 300_000)
        #expect(reports.last?.1 == 300_000)
        #expect(zip(reports, reports.dropFirst()).allSatisfy { $0.0 <= $1.0 })
    }

    @Test func aBodyThatCannotBeWrittenIsALocalFailure() throws {
        let server = try TestServer(script: ["/ios.json": ["body": Self.export]])
        var request = TransferRequest(url: server.url + "/ios.json", caFile: server.caFile, timeout: .seconds(10))
        request.maximumBytes = 1 << 20
        #expect(throws: TransferError(kind: .local, message: "cannot write the body to /dev/full: No space left on device")) {
            try HTTPTransfer.fetch(request, into: "/dev/full")
        }
    }

    @Test func plainHTTPOnlyToLoopbackWithTheFlag() throws {
        let server = try TestServer(script: ["/ios.json": ["body": Self.export]], plain: true)
        #expect(throws: TransferError.self) { try HTTPTransfer.fetch(TransferRequest(url: server.url + "/ios.json"), into: server.bodyFile) }
        let response = try HTTPTransfer.fetch(TransferRequest(url: server.url + "/ios.json", allowsInsecureLoopback: true), into: server.bodyFile)
        #expect(response.status == 200)
    }
}
