import FixtureSupport
import Foundation
import Testing

/// `paywalls sync` of an `adapty` source against a loopback HTTPS server that answers the vendor's
/// route only as the vendor's CLI asks for it: that path, that query, `Accept: application/json`, a
/// `User-Agent` naming paywalls and the bearer token (anything else gets 404 or 401, so a wrong request
/// fails these tests).
@Suite final class AdaptySourceSyncTests {
    let fixture: SyncFixture
    static let appID = "3f1c9a2e-77b0-4d51-9a0e-5c2d8f41e6b7"
    static let route = "/api/v1/developer/apps/\(appID)/fallbacks/"
    static let token = "adapty-secret-7f3a91c2"

    init() throws {
        fixture = try SyncFixture()
    }

    /// The vendor's answer for `platform` and `sdk`: `response`'s keys over the checks of the request.
    static func answer(platform: String, sdk: String, _ response: [String: Any]) -> [String: Any] {
        var answer: [String: Any] = [
            "require_query": "platform=\(platform)&sdk_version=\(sdk)",
            "require_headers": ["Accept": "application/json", "User-Agent": "paywalls/*"],
            "require_bearer": token,
        ]
        answer.merge(response) { _, new in new }
        return answer
    }

    func useApp(platform: String = "ios", sdk: String, _ extra: [String: Any] = [:]) {
        var source: [String: Any] = ["name": "ios", "adapty": ["app_id": Self.appID, "platform": platform, "sdk_version": sdk],
                                     "ca_file": fixture.server.caFile, "timeout_seconds": 10]
        source.merge(extra) { _, new in new }
        fixture.sources = [source]
    }

    var environment: [String: String] {
        ["ADAPTY_API_URL": fixture.server.url + "/api/v1/developer", "ADAPTY_TOKEN": Self.token]
    }

    func sync(_ arguments: [String] = []) throws -> PaywallsProcess.Outcome {
        try fixture.sync(arguments, environment: environment)
    }

    static func fixture(_ name: String) -> String {
        Repository.file(name).path
    }

    /// Each SDK band gets the vendor's file of its format, for each platform, in one request.
    @Test(arguments: [("ios", "iOS", "3.10.2", "Tests/Fixtures/adapty-fallback/vendor-ios-v8.json", 8),
                      ("android", "Android", "3.15.0", "sync-config/sample-adapty-fallback-v9.json", 9),
                      ("ios", "iOS", "4.0.3", "Tests/Fixtures/adapty-fallback/format-10.json", 10),
                      ("android", "Android", "4.1.0", "Tests/Fixtures/adapty-fallback/format-11.json", 11)])
    func eachSDKVersionGetsTheFileOfItsFormat(platform: String, apiPlatform: String, sdk: String, file: String, format: Int) throws {
        try fixture.server.rewrite(script: [Self.route: Self.answer(platform: apiPlatform, sdk: sdk, ["body_file": Self.fixture(file)])])
        useApp(platform: platform, sdk: sdk)
        let outcome = try sync()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == "published")
        #expect(summary["adapty"] as? [String: String] == ["appId": Self.appID, "platform": platform, "sdkVersion": sdk])
        #expect(summary["url"] == nil)
        let requests = fixture.server.requests(to: Self.route)
        #expect(requests.count == 1)
        #expect(requests.first?["status"] as? Int == 200)
        #expect(requests.first?["user_agent"] as? String == "paywalls/0.1.0")
        let status = try JSONDocument(try fixture.store.run(["status", "--json"]).standardOutput)
        #expect(status.string("sources/0/format") == "adapty-fallback v\(format)")
        let origin = "adapty app \(Self.appID) (\(apiPlatform), SDK \(sdk))"
        #expect(status.string("sources/0/lastSync/origin") == origin)
        #expect(try fixture.store.run(["status"]).standardOutput.contains(" from \(origin): published"))
    }

    @Test func aFileOfAnotherFormatThanTheSDKReadsIsRefusedAndTheLastGoodStays() throws {
        try fixture.server.rewrite(script: [Self.route: Self.answer(platform: "iOS", sdk: "3.15.0", ["body_file": Self.fixture("sync-config/sample-adapty-fallback-v9.json")])])
        useApp(sdk: "3.15.0")
        let first = try sync()
        try #require(first.status == 0, "\(first.standardError)")
        let kept = try #require(try fixture.summary(of: first)["snapshot"] as? String)
        try fixture.server.rewrite(script: [Self.route: Self.answer(platform: "iOS", sdk: "3.15.0", ["body_file": Self.fixture("Tests/Fixtures/adapty-fallback/format-11.json")])])
        let second = try sync()
        #expect(second.status == 65)
        #expect(second.standardError.contains("ios: invalid: the vendor sent adapty-fallback v11, but SDK 3.15.0 reads format 9 (nothing published)"),
                "\(second.standardError)")
        #expect(try fixture.summary(of: second)["snapshot"] as? String == kept)
    }

    /// A 5xx is a build of the file that failed: another request would build it again.
    @Test func a502IsReportedAfterOneRequestAndTheLastGoodStays() throws {
        try fixture.server.rewrite(script: [Self.route: Self.answer(platform: "iOS", sdk: "3.15.0", ["body_file": Self.fixture("sync-config/sample-adapty-fallback-v9.json")])])
        useApp(sdk: "3.15.0")
        let kept = try #require(try fixture.summary(of: try sync())["snapshot"] as? String)
        try fixture.server.rewrite(script: [Self.route: Self.answer(platform: "iOS", sdk: "3.15.0", ["status": 502, "body": "{}"])])
        let outcome = try sync()
        #expect(outcome.status == 69)
        #expect(outcome.standardError.contains("HTTP 502: the vendor's API could not build the fallback file (not retried: each request builds it again)"),
                "\(outcome.standardError)")
        #expect(fixture.server.requests(to: Self.route).count == 2)
        let summary = try fixture.summary(of: outcome)
        #expect(summary["attempts"] as? Int == 1)
        #expect(summary["snapshot"] as? String == kept)
    }

    @Test func a429IsTriedAgainAfterItsRetryAfter() throws {
        try fixture.server.rewrite(script: [Self.route: [
            Self.answer(platform: "iOS", sdk: "3.15.0", ["status": 429, "retry_after": "1", "body": "{}"]),
            Self.answer(platform: "iOS", sdk: "3.15.0", ["body_file": Self.fixture("sync-config/sample-adapty-fallback-v9.json")]),
        ]])
        useApp(sdk: "3.15.0")
        let started = Date()
        let outcome = try sync()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(Date().timeIntervalSince(started) >= 1)
        #expect(fixture.server.requests(to: Self.route).map { $0["status"] as? Int } == [429, 200])
    }

    @Test func aRefusedTokenIsAnAuthenticationFailureNamingItsVariable() throws {
        try fixture.server.rewrite(script: [Self.route: Self.answer(platform: "iOS", sdk: "3.15.0", ["body": "{}"])])
        useApp(sdk: "3.15.0")
        var wrong = environment
        wrong["ADAPTY_TOKEN"] = "not-the-token"
        let outcome = try fixture.sync(environment: wrong)
        #expect(outcome.status == 69)
        #expect(outcome.standardError.contains("HTTP 401: authentication failed: the server refused the token of environment variable ADAPTY_TOKEN (token_env)"),
                "\(outcome.standardError)")
        #expect(fixture.server.requests(to: Self.route).count == 1)
    }

    @Test func aRequestTheVendorWouldNotMakeGets404() throws {
        try fixture.server.rewrite(script: [Self.route: Self.answer(platform: "iOS", sdk: "3.15.0", ["body": "{}"])])
        useApp(sdk: "3.16.0")
        let outcome = try sync()
        #expect(outcome.status == 69)
        #expect(fixture.server.requests(to: Self.route).first?["note"] as? String == "query-mismatch")
    }

    /// Refused connections are worth another try, within the deadline.
    @Test func aRefusedConnectionIsTriedAgain() throws {
        useApp(sdk: "3.15.0")
        var closed = environment
        closed["ADAPTY_API_URL"] = "https://127.0.0.1:1/api/v1/developer"
        let outcome = try fixture.sync(environment: closed)
        #expect(outcome.status == 69)
        #expect(try fixture.summary(of: outcome)["attempts"] as? Int == 3)
    }

    /// What is not a JSON object is refused at its first byte, before anything is parsed.
    @Test(arguments: [("<html><body>Maintenance</body></html>", "application/json", "the body is not a JSON object: it does not start with {"),
                      (#"{"meta": {"version": 9}, "data": {"#, "application/json", "the body is not a JSON object: it does not end with } (cut short?)"),
                      ("", "application/json", "the body is empty"),
                      ("{}", "text/html", "the server sent text/html, not application/json")])
    func aBodyThatIsNotAFallbackFileIsRefused(body: String, contentType: String, message: String) throws {
        try fixture.server.rewrite(script: [Self.route: Self.answer(platform: "iOS", sdk: "3.15.0", ["body": body, "content_type": contentType])])
        useApp(sdk: "3.15.0")
        let outcome = try sync()
        #expect(outcome.status == 65)
        #expect(outcome.standardError.contains("ios: invalid: \(message)"), "\(outcome.standardError)")
        #expect(fixture.server.requests(to: Self.route).count == 1)
    }

    @Test func theTokenShowsNowhere() throws {
        try fixture.server.rewrite(script: [Self.route: Self.answer(platform: "iOS", sdk: "3.15.0", ["body_file": Self.fixture("sync-config/sample-adapty-fallback-v9.json")])])
        useApp(sdk: "3.15.0")
        let logged = [["--verbose"]: "sync: ios: GET adapty app \(Self.appID) (iOS, SDK 3.15.0)",
                      ["--verbose", "--log-format", "json"]: #""adapty":{"appId":"\#(Self.appID)","platform":"ios","sdkVersion":"3.15.0"}"#]
        for (arguments, request) in logged {
            let outcome = try sync(arguments)
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(!outcome.standardOutput.contains(Self.token) && !outcome.standardError.contains(Self.token))
            #expect(outcome.standardError.contains(request), "\(outcome.standardError)")
        }
        let status = try fixture.store.run(["status", "--json"])
        #expect(!status.standardOutput.contains(Self.token))
        for name in try FileManager.default.contentsOfDirectory(atPath: fixture.store.path) {
            let data = (try? Data(contentsOf: URL(fileURLWithPath: fixture.store.path + "/" + name))) ?? Data()
            #expect(data.range(of: Data(Self.token.utf8)) == nil, "\(name)")
        }
    }

    @Test func withoutItsTokenTheRunDoesNotStart() throws {
        useApp(sdk: "3.15.0")
        let outcome = try fixture.sync(environment: ["ADAPTY_API_URL": fixture.server.url + "/api/v1/developer"])
        #expect(outcome.status == 78)
        #expect(outcome.standardError.contains(#"source "ios": environment variable ADAPTY_TOKEN (token_env) is not set"#), "\(outcome.standardError)")
        #expect(fixture.server.requests.isEmpty)
    }

    @Test func aBadAppInTheConfigIsAConfigurationError() throws {
        useApp(sdk: "3.15")
        let outcome = try sync()
        #expect(outcome.status == 78)
        #expect(outcome.standardError.contains("/sources/0/adapty/sdk_version: not an SDK version X.Y.Z (such as 3.15.0)"), "\(outcome.standardError)")
    }
}
