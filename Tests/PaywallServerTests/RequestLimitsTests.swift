@testable import PaywallServer
import Testing

@Suite("Request limits: 414, 431 and an announced 413, at their exact bounds")
struct RequestLimitsTests {
    let limits = RequestLimits()

    func violation(target: String = "/", headers: [(name: String, value: String)] = []) -> Int? {
        limits.violation(method: "GET", target: target, version: "HTTP/1.1", headers: headers)?.status
    }

    @Test func theRequestLineMayTakeEightKibibytes() {
        // "GET " + target + " HTTP/1.1" + CRLF
        let fits = "/" + String(repeating: "a", count: 8 * 1024 - 4 - 1 - 11)
        #expect(violation(target: fits) == nil)
        #expect(violation(target: fits + "a") == 414)
    }

    @Test func theHeaderFieldsMayTakeSixteenKibibytes() {
        // "X: value" + CRLF
        let fits = String(repeating: "v", count: 16 * 1024 - 1 - 2 - 2)
        #expect(violation(headers: [("X", fits)]) == nil)
        #expect(violation(headers: [("X", fits + "v")]) == 431)
        #expect(violation(headers: Array(repeating: ("X", String(repeating: "v", count: 1020)), count: 17)) == 431)
    }

    @Test func anAnnouncedBodyOverOneMebibyteIsRefusedBeforeItIsRead() {
        #expect(violation(headers: [("Content-Length", "1048576")]) == nil)
        #expect(violation(headers: [("content-length", "1048577")]) == 413)
    }
}
