import FixtureSupport
import Foundation
import Testing

extension SyncFixture {
    /// Writes the config and runs `paywalls resolve --placement PLACEMENT ARGUMENTS --store DIR` in the
    /// store's folder (`arguments` name the config themselves, so that tests can leave it out).
    func resolve(_ arguments: [String], placement: String = "onboarding", environment: [String: String] = [:],
                 timeout: TimeInterval = 30) throws -> PaywallsProcess.Outcome {
        try writeConfig()
        return try PaywallsProcess.run(["resolve", "--placement", placement] + arguments + ["--store", store.path],
                                       environment: environment, in: store.directory, timeout: timeout)
    }

    /// `--fetch-policy POLICY --config FILE`, and `--max-age` when given.
    func policy(_ name: String, maxAge: String? = nil) -> [String] {
        ["--fetch-policy", name, "--config", configPath] + (maxAge.map { ["--max-age", $0] } ?? [])
    }

    /// The snapshot the bundle on stdout was resolved from.
    func answeringSnapshot(_ outcome: PaywallsProcess.Outcome, sourceLocation: SourceLocation = #_sourceLocation) throws -> String? {
        try #require(outcome.status == 0, "resolve exited \(outcome.status): \(outcome.standardError)", sourceLocation: sourceLocation)
        return try JSONDocument(outcome.standardOutput).string("snapshot/id")
    }
}

/// `paywalls resolve --fetch-policy` against the test server (docs/contracts.md): what each policy downloads
/// before it answers, and how a sync that fails or stalls still leaves the last good snapshot answering.
@Suite(.serialized) struct FetchPolicyTests {
    static let reload = "reload-revalidating-cache-data"
    static let elseLoad = "return-cache-data-else-load"
    static let ifNotExpired = "return-cache-data-if-not-expired-else-load"

    @Test func reloadRevalidatingIsOneConditionalRequestAnsweredFromTheStoreOn304() throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        let outcome = try fixture.resolve(fixture.policy(Self.reload))
        #expect(try fixture.answeringSnapshot(outcome) == key)
        #expect(outcome.standardError.isEmpty)
        let requests = fixture.server.requests(to: "/ios.json")
        #expect(requests.map { $0["status"] as? Int } == [200, 304])
        #expect(requests.last?["if_none_match"] as? String == "\"sample\"")
        try fixture.expectCurrent(key)
    }

    @Test func reloadRevalidatingPublishesAChangedExportAndAnswersFromIt() throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": try fixture.revisedSample(), "etag": "\"revised\""]])
        let outcome = try fixture.resolve(fixture.policy(Self.reload))
        let answered = try #require(try fixture.answeringSnapshot(outcome))
        #expect(answered != key)
        #expect(try JSONDocument(outcome.standardOutput).int("snapshot/revision") == 58)
        let requests = fixture.server.requests(to: "/ios.json")
        #expect(requests.map { $0["status"] as? Int } == [200, 200])
        #expect(requests.last?["if_none_match"] as? String == "\"sample\"")
        let status = try JSONDocument(try fixture.store.run(["status", "--json"]).standardOutput)
        #expect(status.string("sources/0/snapshot") == answered)
        #expect(status.string("sources/0/lastSync/outcome") == "published")
    }

    @Test func returnCacheDataElseLoadAnswersAPlacementTheStoreHasWithoutARequest() throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": try fixture.revisedSample()]])
        let outcome = try fixture.resolve(fixture.policy(Self.elseLoad))
        #expect(try fixture.answeringSnapshot(outcome) == key)
        #expect(outcome.standardError.isEmpty)
        #expect(fixture.server.requests(to: "/ios.json").count == 1)
    }

    /// A placement no snapshot has is loaded from every configured source: the store cannot tell which has it.
    @Test func returnCacheDataElseLoadLoadsAPlacementTheStoreLacksFromEverySource() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["body_file": SyncFixture.samplePath], "/android.json": ["body_file": SyncFixture.samplePath]])
        fixture.sources.append(fixture.source("android", path: "/android.json"))
        let outcome = try fixture.resolve(fixture.policy(Self.elseLoad) + ["--explain"])
        let answered = try #require(try fixture.answeringSnapshot(outcome))
        #expect(outcome.standardError.hasPrefix("explain: fetch: no current snapshot has placement 'onboarding': loading ios, android\n"))
        #expect(fixture.server.requests(to: "/ios.json").count == 1)
        #expect(fixture.server.requests(to: "/android.json").count == 1)
        // The first source in config order answers.
        try fixture.expectCurrent(answered, source: "ios")
    }

    @Test func returnCacheDataIfNotExpiredAnswersFreshDataWithoutARequest() throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        let outcome = try fixture.resolve(fixture.policy(Self.ifNotExpired, maxAge: "1h"))
        #expect(try fixture.answeringSnapshot(outcome) == key)
        #expect(outcome.standardError.isEmpty)
        #expect(fixture.server.requests(to: "/ios.json").count == 1)
    }

    /// Expired data is revalidated; the 304 counts as a good sync, so the next resolve finds it fresh
    /// though the snapshot's import is as old as before.
    @Test func returnCacheDataIfNotExpiredSyncsExpiredDataAndA304MakesItFresh() throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        _ = try Python.run("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
                           + "c.execute(\"UPDATE snapshots SET imported_at = '2020-01-01T00:00:00Z'\"); "
                           + "c.execute(\"UPDATE sources SET succeeded_at = '2020-01-01T00:00:00Z'\"); c.commit()",
                           [fixture.store.databasePath])
        let expired = try fixture.resolve(fixture.policy(Self.ifNotExpired, maxAge: "1h"))
        #expect(try fixture.answeringSnapshot(expired) == key)
        #expect(expired.standardError.isEmpty)
        #expect(fixture.server.requests(to: "/ios.json").map { $0["status"] as? Int } == [200, 304])
        let fresh = try fixture.resolve(fixture.policy(Self.ifNotExpired, maxAge: "1h"))
        #expect(try fixture.answeringSnapshot(fresh) == key)
        #expect(fixture.server.requests(to: "/ios.json").count == 2)
    }

    /// The load timeout is the sync's deadline: a source that does not answer costs about that long.
    @Test func aStalledSourceIsAnsweredFromTheStoreWithinTheLoadTimeout() throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": SyncFixture.samplePath, "delay_seconds": 20]])
        let started = Date()
        let outcome = try fixture.resolve(fixture.policy(Self.reload) + ["--load-timeout", "1s"])
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 0.9 && elapsed < 4, "\(elapsed) s")
        #expect(try fixture.answeringSnapshot(outcome) == key)
        #expect(outcome.standardError.hasPrefix("warning: fetch: source 'ios' not synced (unreachable: timed out or stalled: "),
                "\(outcome.standardError)")
        #expect(outcome.standardError.hasSuffix("(gave up after 1 try: the next would pass the run's deadline of 1 s)): "
                                                + "its snapshot \(key) answers\n"), "\(outcome.standardError)")
        try fixture.expectCurrent(key)
    }

    @Test func aFailingSourceIsAnsweredFromTheStoreWithAWarning() throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        try fixture.server.rewrite(script: ["/ios.json": ["status": 500]])
        let outcome = try fixture.resolve(fixture.policy(Self.reload))
        #expect(try fixture.answeringSnapshot(outcome) == key)
        #expect(outcome.standardError == "warning: fetch: source 'ios' not synced (unreachable: HTTP 500 (gave up after 3 tries)): "
                + "its snapshot \(key) answers\n")
        #expect(fixture.server.requests(to: "/ios.json").map { $0["status"] as? Int } == [200, 500, 500, 500])
        // Recorded as sync records it.
        let status = try JSONDocument(try fixture.store.run(["status", "--json"]).standardOutput)
        #expect(status.string("sources/0/lastSync/outcome") == "unreachable")
        try fixture.expectCurrent(key)
    }

    @Test func noSnapshotAndAFailingSourceExits66WithTheSyncsFailure() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["status": 500]])
        let outcome = try fixture.resolve(fixture.policy(Self.elseLoad))
        #expect(outcome.status == 66)
        #expect(outcome.standardOutput.isEmpty)
        let failure = "ios (unreachable: HTTP 500 (gave up after 3 tries))"
        #expect(outcome.standardError == "warning: fetch: source 'ios' not synced (unreachable: HTTP 500 (gave up after 3 tries)): it has no snapshot yet\n"
                + "error: the store has no snapshot yet (run `paywalls import FILE` or `paywalls sync`); the sync before it failed: \(failure)\n")
        #expect(fixture.server.requests(to: "/ios.json").count == 3)
    }

    /// The same lock as `paywalls sync`: a resolve does not queue behind a running sync, it answers.
    @Test func aSyncHoldingTheLockLeavesTheStoreToAnswer() throws {
        let fixture = try SyncFixture()
        let (running, key) = try SyncSafetyTests.startSlowSync(fixture, downloaded: 1)
        let outcome = try fixture.resolve(fixture.policy(Self.reload))
        #expect(try fixture.answeringSnapshot(outcome) == key)
        #expect(outcome.standardError == "warning: fetch: ios (the sync did not start: another sync (pid \(running.process.processIdentifier)) "
                + "holds the lock on \(fixture.store.path); it ends by itself, or pass --wait SECONDS to queue behind it): the store answers as it is\n")
        #expect(try running.wait().status == 0)
    }

    /// The placement's source is the one that answers for it: the others are not asked.
    @Test(arguments: [nil, "android"])
    func onlyThePlacementsSourceIsRevalidated(_ source: String?) throws {
        let fixture = try SyncFixture()
        fixture.sources.append(fixture.source("android", path: "/android.json"))
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": SyncFixture.samplePath, "etag": "\"sample\""],
                                            "/android.json": ["body_file": SyncFixture.samplePath, "etag": "\"sample\""]])
        let synced = try fixture.sync()
        try #require(synced.status == 0)
        let asked = source ?? "ios", other = source == nil ? "android" : "ios"
        let outcome = try fixture.resolve(fixture.policy(Self.reload) + (source.map { ["--source", $0] } ?? []))
        #expect(try fixture.answeringSnapshot(outcome) == fixture.summary(of: synced, source: asked)["snapshot"] as? String)
        #expect(fixture.server.requests(to: "/\(asked).json").map { $0["status"] as? Int } == [200, 304])
        #expect(fixture.server.requests(to: "/\(other).json").count == 1)
        // Syncing one source leaves every source where the config puts it in the answer order.
        let status = try JSONDocument(try fixture.store.run(["status", "--json"]).standardOutput)
        #expect([status.string("sources/0/source"), status.string("sources/1/source")] == ["ios", "android"])
    }

    /// An imported source answers but cannot be synced: its snapshot answers, with a warning, and nothing is downloaded.
    @Test func anAnsweringSourceOutsideTheConfigAnswersAsItIs() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["body_file": SyncFixture.samplePath]])
        let imported = try #require(try JSONDocument(fixture.store.importExport().standardOutput).string("snapshot"))
        let outcome = try fixture.resolve(fixture.policy(Self.reload))
        #expect(try fixture.answeringSnapshot(outcome) == imported)
        #expect(outcome.standardError == "warning: fetch: source 'local' answers placement 'onboarding' but is not in the sync config "
                + "\(fixture.configPath): its snapshot answers as it is\n")
        #expect(fixture.server.requests.isEmpty)
    }

    /// Without --store and --locale-policy, the store and the locale policy are the config's, as for
    /// `paywalls sync`: the policy's alias answers a Swedish user in German.
    @Test func theStoreAndTheLocalePolicyAreTheConfigsAsForSync() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["body_file": SyncFixture.samplePath]])
        _ = try fixture.store.write("version 1\nalias sv de\n", to: "policy.txt")
        let plain = try fixture.store.write("version 1\n", to: "plain.txt")
        let config: [String: Any] = ["store": "data", "locale_policy": "policy.txt", "sources": fixture.sources]
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: fixture.configPath))
        let resolve = ["resolve", "--placement", "onboarding", "--locale", "sv", "--fetch-policy", Self.elseLoad]
        let outcome = try PaywallsProcess.run(resolve, environment: ["PAYWALLS_CONFIG": fixture.configPath], in: fixture.store.directory)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try JSONDocument(outcome.standardOutput).string("locale/matched") == "de")
        #expect(FileManager.default.fileExists(atPath: fixture.store.directory.appendingPathComponent("data/paywalls.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: fixture.store.directory.appendingPathComponent(".paywalls").path))
        let named = try PaywallsProcess.run(resolve + ["--locale-policy", plain], environment: ["PAYWALLS_CONFIG": fixture.configPath],
                                            in: fixture.store.directory)
        #expect(try JSONDocument(named.standardOutput).string("locale/matched") == "en")
        #expect(fixture.server.requests(to: "/ios.json").count == 1)
    }

    /// libcurl is loaded by a transfer only: not by a resolve without a policy, nor by one the store answers.
    @Test func onlyAResolveThatDownloadsLoadsLibcurl() throws {
        let fixture = try SyncFixture()
        try fixture.publishSample()
        let loaded = { (outcome: PaywallsProcess.Outcome) in outcome.standardError.contains("file=libcurl.so.4") }
        let tracing = ["LD_DEBUG": "files"]
        let plain = try fixture.resolve([], environment: tracing)
        #expect(plain.status == 0)
        #expect(plain.standardError.contains("file=libsqlite3.so.0"), "LD_DEBUG had no effect")
        #expect(!loaded(plain))
        let cached = try fixture.resolve(fixture.policy(Self.elseLoad), environment: tracing)
        #expect(cached.status == 0)
        #expect(!loaded(cached))
        #expect(loaded(try fixture.resolve(fixture.policy(Self.reload), environment: tracing)))
        #expect(fixture.server.requests(to: "/ios.json").count == 2)
    }
}
