import Foundation
import Testing

/// `paywalls report` and `GET /v1/report` read their options one way: each bad value is refused by both with one
/// message, naming the option as its caller does (`--since`, `since`), and nothing is made or stored of it.
@Suite struct ReportOptionsTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
        try store.importExport()
    }

    static let longPlacement = String(repeating: "p", count: 257)

    /// An option, a bad value, and what the message says of it after the option's name.
    static let badValues: [(option: String, value: String, said: String)] = [
        ("by", "language", "'language' for NAME: expected locale, locale-result, country or platform"),
        ("since", "yesterday", "'yesterday' for NAME: expected an RFC 3339 time such as 2026-11-01T00:00:00Z"),
        ("until", "2026-02-31T00:00:00Z", "'2026-02-31T00:00:00Z' for NAME: expected an RFC 3339 time such as 2026-12-01T00:00:00Z"),
        ("placement", "", "'' for NAME: expected a placement id"),
        ("placement", longPlacement, "'\(String(repeating: "p", count: 32))…' for NAME: expected a placement id of at most 256 bytes (this one has 257)"),
    ]

    @Test(arguments: badValues.indices)
    func aBadValueIsRefusedAlikeByTheCommandAndTheRoute(_ index: Int) throws {
        let (option, value, said) = Self.badValues[index]
        let printed = try store.run(["report", "--\(option)", value])
        #expect(printed.status == 64, "\(option)")
        #expect(printed.standardError.contains("invalid value " + said.replacingOccurrences(of: "NAME", with: "--\(option)")),
                "\(printed.standardError)")
        #expect(!FileManager.default.fileExists(atPath: store.path + "/events.sqlite"))
        let server = try ServeProcess([], store: store.path)
        let query = value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
        let answer = try server.request("GET", "/v1/report?\(option)=\(query)")
        #expect(answer.status == 400, "\(option)")
        #expect(answer.errorCode == "bad_request")
        #expect(answer.errorMessage == "invalid value " + said.replacingOccurrences(of: "NAME", with: option), "\(answer.body)")
        #expect(try server.request("GET", "/v1/report").status == 200)
        #expect(try store.storedEventIDs() == [])
    }

    /// Good values are read alike too: the route answers what the command prints.
    @Test func goodValuesGiveTheCommandsReport() throws {
        let line = #"{"event_id":"e","type":"shown","created_at":"2026-11-29T12:00:00Z","profile_id":"p","placement_id":"onboarding","variation_id":"v","country":"BR"}"#
        try Data((line + "\n").utf8).write(to: store.directory.appendingPathComponent("events.jsonl"))
        #expect(try store.run(["events", "ingest", store.directory.appendingPathComponent("events.jsonl").path]).status == 0)
        let options = ["placement": "onboarding", "since": "2026-11-01T00:00:00Z", "until": "2026-12-01T00:00:00Z", "by": "country"]
        let printed = try store.run(["report", "--json"] + options.sorted { $0.key < $1.key }.flatMap { ["--\($0.key)", $0.value] })
        let server = try ServeProcess([], store: store.path)
        let answer = try server.request("GET", "/v1/report?" + options.map { "\($0.key)=\($0.value)" }.joined(separator: "&"))
        #expect(answer.status == 200)
        #expect(try canonicalJSON(answer.body) == canonicalJSON(printed.standardOutput))
        #expect(answer.body.contains(#""value":"BR""#), "\(answer.body)")
        let outside = try server.request("GET", "/v1/report?since=2026-12-01T00:00:00Z")
        #expect(outside.body == #"{"placements":[]}"#, "\(outside.body)")
    }

    /// A query gives each option once, as a command line does (its parser refuses `--since` twice).
    @Test func anOptionGivenTwiceInAQueryIsRefused() throws {
        let server = try ServeProcess([], store: store.path)
        let answer = try server.request("GET", "/v1/report?by=locale&by=country")
        #expect(answer.status == 400)
        #expect(answer.errorMessage == "'by' is given 2 times; it takes one value", "\(answer.body)")
        #expect(try store.run(["report", "--by", "locale", "--by", "country"]).standardError.contains("--by given more than once"))
    }
}
