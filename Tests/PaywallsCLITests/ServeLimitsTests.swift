import FixtureSupport
import Foundation
import Testing

/// Oversized and hostile requests: each gets an HTTP answer or a closed connection, and the server
/// goes on serving.
@Suite struct ServeLimitsTests {
    let server: ServeProcess

    init() throws {
        server = try ServeProcess(["--connection-timeout", "2"])
    }

    @Test func aRequestLineOver8KiBIs414() throws {
        // "GET " + target + " HTTP/1.1\r\n" is 8 KiB exactly: allowed.
        let fits = "/" + String(repeating: "a", count: 8 * 1024 - 16)
        #expect(try server.request("GET", fits).status == 404)
        let response = try server.request("GET", fits + "a")
        #expect(response.status == 414)
        #expect(response.errorCode == "uri_too_long")
    }

    @Test func headerFieldsOver16KiBAre431() throws {
        let response = try server.request("GET", "/healthz", headers: ["X-Filler: " + String(repeating: "b", count: 16 * 1024)])
        #expect(response.status == 431)
        #expect(response.errorCode == "header_fields_too_large")
        #expect(try server.request("GET", "/healthz", headers: ["X-Filler: " + String(repeating: "b", count: 8 * 1024)]).status == 200)
    }

    /// Far past the limits the answers are the same JSON errors, and the connection closes.
    @Test func headsFarPastTheLimitsGetTheSameJSONErrors() throws {
        let longLine = try server.request("GET", "/" + String(repeating: "a", count: 100_000))
        #expect(longLine.status == 414)
        #expect(longLine.errorCode == "uri_too_long")
        #expect(longLine.header("Connection") == "close")
        let manyHeaders = try server.request("GET", "/healthz", headers: ["X-Filler: " + String(repeating: "b", count: 100_000)])
        #expect(manyHeaders.status == 431)
        #expect(manyHeaders.errorCode == "header_fields_too_large")
        #expect(try server.request("GET", "/healthz").status == 200)
    }

    @Test func anAnnouncedBodyOver1MiBIs413BeforeItIsSent() throws {
        let connection = try server.connect()
        try connection.send("POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: \(1024 * 1024 + 1)\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 413)
        #expect(response.errorCode == "content_too_large")
        #expect(connection.closes(within: 2))
    }

    @Test func aChunkedBodyIs413AsSoonAsItPasses1MiB() throws {
        let connection = try server.connect()
        try connection.send("POST /v1/bundles HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n")
        let chunk = "10000\r\n" + String(repeating: "c", count: 65_536) + "\r\n"
        // 17 chunks of 64 KiB pass the limit; the stream never ends, the answer comes anyway.
        for _ in 0..<17 { try? connection.send(chunk) }
        let response = try #require(try connection.readResponse())
        #expect(response.status == 413)
        #expect(response.errorCode == "content_too_large")
        #expect(connection.closes(within: 2))
    }

    /// A chunked body's trailer fields count against the header fields' 16 KiB.
    @Test func trailerFieldsOver16KiBAre431() throws {
        let connection = try server.connect()
        try connection.send("POST /v1/bundles HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n"
                            + "X-Filler: " + String(repeating: "t", count: 16 * 1024) + "\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 431)
        #expect(response.errorCode == "header_fields_too_large")
        #expect(connection.closes(within: 6))
    }

    /// The body reaches the route, which says what it makes of it.
    @Test func aChunkedBodyUnderTheLimitIsRead() throws {
        let connection = try server.connect()
        try connection.send("POST /v1/bundles HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.status == 400)
        #expect(response.body.contains("unexpected 'h'"), "\(response.body)")
    }

    /// Random bytes, and random bytes after a valid request line: each connection gets a JSON error, at
    /// the latest when the 2-second timeout finds its head incomplete (408), then closes; never a crash.
    @Test func garbageGetsAJSONErrorAndAClosedConnection() throws {
        var random = SplitMix64(state: 0x5E_47E5)
        var connections: [RawConnection] = []
        for index in 0..<24 {
            let count = Int(random.next() % 300) + 1
            var bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            if index % 2 == 1 { bytes = Array("GET /healthz HTTP/1.1\r\n".utf8) + bytes + Array("\r\n\r\n".utf8) }
            let connection = try server.connect()
            try? connection.send(bytes)
            connections.append(connection)
        }
        for (index, connection) in connections.enumerated() {
            let response = try? connection.readResponse(timeout: 6)
            #expect(response.map { [400, 408, 413, 414, 431, 501, 505].contains($0.status) && $0.errorCode != nil } == true,
                    "garbage \(index) got \(connection.receivedText.prefix(200))")
            #expect(connection.closes(within: 4), "garbage \(index): the connection stays open")
        }
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(server.running.isRunning)
    }
}
