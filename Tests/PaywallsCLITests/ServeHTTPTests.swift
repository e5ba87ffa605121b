import Foundation
import Testing

/// The HTTP of `serve` over real sockets: routes, JSON errors, HTTP/1.0, keep-alive and pipelining.
@Suite struct ServeHTTPTests {
    let server: ServeProcess

    init() throws {
        server = try ServeProcess()
    }

    @Test func healthIsJSON() throws {
        let response = try server.request("GET", "/healthz")
        #expect(response.statusLine == "HTTP/1.1 200 OK")
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.body == #"{"status":"ok"}"#)
        let head = try server.request("HEAD", "/healthz")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "15")
    }

    /// A HEAD answer is the GET's head and nothing after it: the bytes up to the close end with the empty line.
    @Test func aHeadAnswerHasNoBody() throws {
        let connection = try server.connect()
        try connection.send("HEAD /healthz HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        #expect(connection.closes(within: 5))
        #expect(connection.receivedText.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(connection.receivedText.hasSuffix("\r\n\r\n"), "a body after the head: \(connection.receivedText)")
    }

    @Test func anUnknownPathIsA404Error() throws {
        let response = try server.request("GET", "/v1/placements/onboarding/bundles?locale=fr")
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        #expect(response.body == #"{"error":{"status":404,"code":"not_found","message":"no route for /v1/placements/onboarding/bundles"}}"#)
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "OPTIONS"])
    func anotherMethodOnHealthIs405WithAllow(_ method: String) throws {
        let response = try server.request(method, "/healthz", body: method == "POST" ? "{}" : "")
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        #expect(response.errorCode == "method_not_allowed")
    }

    /// The path reaches the routes as sent: invalid escapes and UTF-8 are theirs to judge.
    @Test func badPercentEncodingReachesTheRoutesRaw() throws {
        let response = try server.request("GET", "/promo.%zz%C3%28%?x=%G1")
        #expect(response.status == 404)
        #expect(try (response.json()["error"] as? [String: Any])?["message"] as? String == "no route for /promo.%zz%C3%28%")
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let connection = try server.connect()
        try connection.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\nGET /second HTTP/1.1\r\nHost: t\r\n\r\nDELETE /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try connection.readResponse()?.status == 200)
        #expect(try connection.readResponse()?.errorCode == "not_found")
        #expect(try connection.readResponse()?.status == 405)
    }

    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let connection = try server.connect()
        for _ in 0..<3 {
            try connection.send("GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try connection.readResponse()?.status == 200)
        }
        #expect(!connection.closes(within: 0.2))
    }

    @Test func http10IsAnsweredThenClosed() throws {
        let connection = try server.connect()
        try connection.send("GET /healthz HTTP/1.0\r\n\r\n")
        let response = try #require(try connection.readResponse())
        #expect(response.statusLine.hasPrefix("HTTP/1."))
        #expect(response.status == 200)
        #expect(connection.closes(within: 2))
    }

    @Test func http10KeepAliveKeepsTheConnection() throws {
        let connection = try server.connect()
        for _ in 0..<2 {
            try connection.send("GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let response = try #require(try connection.readResponse())
            #expect(response.status == 200)
            #expect(response.header("Connection")?.lowercased() == "keep-alive")
        }
    }
}
