import FixtureSupport
import Foundation
import Testing

/// `resolve --fetch-policy` called wrongly: each mistake is named, nothing is downloaded, and the store
/// is exactly as it was (the same snapshots, the same record of the last sync).
@Suite(.serialized) struct FetchPolicyUsageTests {
    static let durations = "a duration such as 500ms, 5s, 10m or 1h"

    static let mistakes: [(arguments: [String], message: String)] = [
        (["--fetch-policy", "return-cache-data-if-not-expired-else-load", "--config", "paywalls.json"],
         "--fetch-policy return-cache-data-if-not-expired-else-load needs --max-age <duration>"),
        (["--fetch-policy", "return-cache-data-else-load", "--max-age", "5m", "--config", "paywalls.json"],
         "--max-age goes only with --fetch-policy return-cache-data-if-not-expired-else-load"),
        (["--fetch-policy", "reload-revalidating-cache-data", "--max-age", "5m", "--config", "paywalls.json"],
         "--max-age goes only with --fetch-policy return-cache-data-if-not-expired-else-load"),
        (["--max-age", "5m"], "--max-age goes with --fetch-policy (without one, resolve answers from the store and downloads nothing)"),
        (["--load-timeout", "2s"], "--load-timeout goes with --fetch-policy (without one, resolve answers from the store and downloads nothing)"),
        (["--config", "paywalls.json"], "--config goes with --fetch-policy (without one, resolve answers from the store and downloads nothing)"),
        (["--fetch-policy", "reload-revalidating-cache-data", "--load-timeout", "5", "--config", "paywalls.json"],
         "invalid value '5' for --load-timeout: expected \(durations), from 100ms to 10m"),
        (["--fetch-policy", "reload-revalidating-cache-data", "--load-timeout", "11m", "--config", "paywalls.json"],
         "invalid value '11m' for --load-timeout: expected \(durations), from 100ms to 10m"),
        (["--fetch-policy", "return-cache-data-if-not-expired-else-load", "--max-age", "-1s", "--config", "paywalls.json"],
         "invalid value '-1s' for --max-age: expected \(durations), from 1s to 8760h"),
        (["--fetch-policy", "return-cache-data-if-not-expired-else-load", "--max-age", "500ms", "--config", "paywalls.json"],
         "invalid value '500ms' for --max-age: expected \(durations), from 1s to 8760h"),
        (["--fetch-policy", "reloadRevalidatingCacheData", "--config", "paywalls.json"],
         "invalid value 'reloadRevalidatingCacheData' for --fetch-policy: expected one of reload-revalidating-cache-data, "
            + "return-cache-data-else-load, return-cache-data-if-not-expired-else-load; did you mean 'reload-revalidating-cache-data'?"),
        (["--fetch-policy", "always", "--config", "paywalls.json"],
         "invalid value 'always' for --fetch-policy: expected one of reload-revalidating-cache-data, "
            + "return-cache-data-else-load, return-cache-data-if-not-expired-else-load"),
        (["--fetch-policy", "reload-revalidating-cache-data", "--config", "paywalls.json", "--source", "andriod"],
         "--source 'andriod' is not a source of the sync config paywalls.json (its sources: ios)"),
    ]

    /// What a reader sees of the store, and the record of the last sync, which a sync attempt would change.
    static func observe(_ fixture: SyncFixture) throws -> [String] {
        try [["status", "--json"], ["snapshots", "--json"]].map { arguments in
            let outcome = try fixture.store.run(arguments)
            try #require(outcome.status == 0, "\(arguments): \(outcome.standardError)")
            return outcome.standardOutput
        }
    }

    @Test(arguments: mistakes)
    func exits64NamingTheMistakeAndChangesNothing(_ arguments: [String], message: String) throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        let before = try Self.observe(fixture)
        let outcome = try fixture.resolve(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("error: \(message)\nusage: paywalls resolve "), "\(outcome.standardError)")
        #expect(fixture.server.requests(to: "/ios.json").count == 1)
        #expect(try Self.observe(fixture) == before)
        try fixture.expectCurrent(key)
    }

    /// A config that cannot be read or is invalid is the configuration's fault, as for `paywalls sync`.
    @Test(arguments: [("missing.json", "error: cannot read the sync config: cannot open missing.json: No such file or directory\n"),
                      ("broken.json", "error: broken.json: invalid sync configuration (1 problem):\n  /sources: required\n")])
    func aBadConfigExits78AndChangesNothing(_ config: String, message: String) throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        _ = try fixture.store.write("{}", to: "broken.json")
        let before = try Self.observe(fixture)
        let outcome = try fixture.resolve(["--fetch-policy", "reload-revalidating-cache-data", "--config", config])
        #expect(outcome.status == 78)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == message)
        #expect(fixture.server.requests(to: "/ios.json").count == 1)
        #expect(try Self.observe(fixture) == before)
        try fixture.expectCurrent(key)
    }
}
