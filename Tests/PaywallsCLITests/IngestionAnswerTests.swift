import Foundation
import Testing

/// `paywalls events ingest` and `POST /v1/events` ingest events one way: the same events, given as lines of a file
/// and as a batch, are answered with the same JSON, each rejection at its line (from 1) or at its index (from 0),
/// and leave the same events stored.
@Suite struct IngestionAnswerTests {
    static let lines = [
        EventsIngestCommandTests.line("a"),
        EventsIngestCommandTests.line("a"),
        EventsIngestCommandTests.line("b", type: "viewed"),
        #"{"event_id":"c","type":"shown","profile_id":"p-c","placement_id":"onboarding","variation_id":"v-a"}"#,
        EventsIngestCommandTests.line("d", extra: #","product":{"price":"9.99"}"#),
        EventsIngestCommandTests.line("e"),
    ]

    @Test func theSameEventsGetTheSameAnswerFromTheFileAndTheRoute() throws {
        let fromFile = try TemporaryStore()
        try fromFile.importExport()
        let file = fromFile.directory.appendingPathComponent("events.jsonl")
        try Data((Self.lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let printed = try fromFile.run(["events", "ingest", file.path])
        #expect(printed.status == 65, "\(printed.standardError)")
        let byFile = try printed.json()

        let fromRoute = try TemporaryStore()
        try fromRoute.importExport()
        let server = try ServeProcess([], store: fromRoute.path)
        let answer = try server.request("POST", "/v1/events", body: #"{"events":[\#(Self.lines.joined(separator: ","))]}"#)
        #expect(answer.status == 200)
        let byRoute = try answer.json()

        #expect(Set(byFile.keys) == ["accepted", "duplicates", "rejected", "rejectedCount"])
        #expect(Set(byRoute.keys) == Set(byFile.keys))
        for count in ["accepted", "duplicates", "rejectedCount"] {
            #expect(byRoute[count] as? Int == byFile[count] as? Int, "\(count): \(answer.body) against \(printed.standardOutput)")
        }
        #expect(byFile["rejectedCount"] as? Int == 3)
        let fileRejections = try #require(byFile["rejected"] as? [[String: Any]])
        let routeRejections = try #require(byRoute["rejected"] as? [[String: Any]])
        #expect(fileRejections.count == 3 && routeRejections.count == 3)
        for (line, item) in zip(fileRejections, routeRejections) {
            let index = try #require(item["index"] as? Int)
            #expect(line["line"] as? Int == index + 1)
            #expect(item["pointer"] as? String == "/events/\(index)" + (line["pointer"] as? String ?? "?"))
            #expect(item["message"] as? String == line["message"] as? String)
            #expect(Set(line.keys) == ["line", "pointer", "message"] && Set(item.keys) == ["index", "pointer", "message"])
        }
        #expect(try fromFile.storedEventIDs() == ["a", "e"])
        #expect(try fromRoute.storedEventIDs() == ["a", "e"])
        #expect(try server.request("GET", "/healthz").status == 200)
    }
}
