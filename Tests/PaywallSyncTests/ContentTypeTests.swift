@testable import PaywallSync
import Testing

/// Which Content-Type headers may carry an export.
struct ContentTypeTests {
    @Test(arguments: [nil, "application/json", "application/json; charset=utf-8", "Application/JSON", "text/json",
                      "application/vnd.paywalls+json", "application/octet-stream", "binary/octet-stream"])
    func exportsMayComeAs(_ header: String?) {
        #expect(ContentType.problem(with: header) == nil)
    }

    @Test(arguments: [("text/html; charset=utf-8", "the server sent text/html, not JSON"),
                      ("text/plain", "the server sent text/plain, not JSON"),
                      ("", "the server sent an empty content type, not JSON"),
                      ("image/svg+xml", "the server sent image/svg+xml, not JSON")])
    func anythingElseIsRefused(_ header: String, message: String) {
        #expect(ContentType.problem(with: header) == message)
    }
}
