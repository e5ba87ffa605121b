import Foundation
import Testing

/// `POST /v1/bundles` and `POST /v1/events` read a batch body one way: the same mistakes get the same answers, each
/// naming the route's own member (`requests`, `events`), a batch past its items or bytes is 413 saying which, and
/// nothing of a refused body is answered or stored.
@Suite struct BatchBodyTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    /// Per route: its path, the member that lists its items, one good item and how many a batch may hold.
    static let routes: [(path: String, member: String, item: String, maximum: Int)] = [
        ("/v1/bundles", "requests", #"{"placement":"onboarding"}"#, 1000),
        ("/v1/events", "events", EventsIngestCommandTests.line("e"), 500),
    ]

    /// A body, and the status and message it gets, written with MEMBER, ITEM, ITEMS (one item past the maximum),
    /// MAXIMUM and PAST (the maximum plus one) for each route's own.
    static let refusals: [(body: String, status: Int, message: String)] = [
        ("not json", 400, "the body is not JSON: line 1, column 2: "),
        ("[ITEM]", 400, #"the body must be an object {"MEMBER": [...]}, found an array"#),
        (#"{"MEMBER": 3}"#, 400, #"the body must have an "MEMBER" array"#),
        (#"{"MEMBER": [], "MEMBER": [ITEM]}"#, 400, #"the body names "MEMBER" more than once"#),
        (#"{"MEMBER": [ITEMS]}"#, 413, "the batch has PAST MEMBER; a batch has at most MAXIMUM"),
    ]

    static func spelled(_ template: String, for route: Int) -> String {
        let (_, member, item, maximum) = routes[route]
        return template.replacingOccurrences(of: "ITEMS", with: Array(repeating: item, count: maximum + 1).joined(separator: ","))
            .replacingOccurrences(of: "ITEM", with: item).replacingOccurrences(of: "MEMBER", with: member)
            .replacingOccurrences(of: "MAXIMUM", with: String(maximum)).replacingOccurrences(of: "PAST", with: String(maximum + 1))
    }

    @Test(arguments: routes.indices, refusals.indices)
    func aBodyThatIsNoBatchIsRefusedAlikeByBothRoutes(_ route: Int, _ refusal: Int) throws {
        let path = Self.routes[route].path
        let (body, status, message) = Self.refusals[refusal]
        let server = try ServeProcess([], store: store.path)
        let answer = try server.request("POST", path, body: Self.spelled(body, for: route))
        #expect(answer.status == status, "\(path): \(answer.body)")
        #expect(answer.errorCode == (status == 413 ? "content_too_large" : "bad_request"))
        let expected = Self.spelled(message, for: route)
        // A parser's message goes on after its place.
        #expect(answer.errorMessage.map { $0 == expected || (expected.hasSuffix(": ") && $0.hasPrefix(expected)) } == true,
                "\(path): \(answer.body)")
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(try store.storedEventIDs() == [])
    }

    /// A body past the 1 MiB the server takes is 413 before either route reads it, saying so.
    @Test(arguments: routes.indices)
    func aBodyPast1MiBIs413(_ route: Int) throws {
        let server = try ServeProcess([], store: store.path)
        let connection = try server.connect()
        try connection.send("POST \(Self.routes[route].path) HTTP/1.1\r\nHost: t\r\nContent-Length: \(1024 * 1024 + 1)\r\n\r\n")
        let answer = try #require(try connection.readResponse())
        #expect(answer.status == 413)
        #expect(answer.errorCode == "content_too_large")
        #expect(answer.errorMessage == "the request body is larger than 1048576 bytes")
        #expect(try server.request("GET", "/healthz").status == 200)
    }
}
