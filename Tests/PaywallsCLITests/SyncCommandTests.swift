import FixtureSupport
import Foundation
import Testing

/// The sync command's own surface: where its config and store come from, and every way a config or a
/// call can be wrong (exit 78 or 64, naming the field, nothing written).
@Suite(.serialized) struct SyncCommandTests {
    @Test func aBadConfigExits78NamingEveryFieldAndWritesNothing() throws {
        let store = try TemporaryStore()
        let config = try store.write(#"{"sources": [{"name": "ios", "url": "http://127.0.0.1:1/x.json", "timeout_seconds": 0}]}"#, to: "bad.json")
        let outcome = try store.run(["sync", "--config", config])
        #expect(outcome.status == 78)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == """
            error: \(config): invalid sync configuration (2 problems):
              /sources/0/url: plain http:// is refused (use https://; http is allowed only to loopback with --allow-insecure-loopback)
              /sources/0/timeout_seconds: 0 is out of range 1...3600

            """)
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func aMissingConfigExits78() throws {
        let store = try TemporaryStore()
        let outcome = try store.run(["sync"])
        #expect(outcome.status == 78)
        #expect(outcome.standardError == "error: cannot read the sync config: cannot open sync-config/paywalls.json: No such file or directory\n")
    }

    @Test func aStoreThatCannotBeOpenedExits74BeforeAnyRequest() throws {
        let fixture = try SyncFixture()
        let notADirectory = try fixture.store.write("keep me", to: "plain-file")
        try fixture.writeConfig()
        let outcome = try PaywallsProcess.run(["sync", "--config", fixture.configPath, "--store", notADirectory], in: fixture.store.directory)
        #expect(outcome.status == 74)
        #expect(outcome.standardError == "error: cannot use the store at \(notADirectory)/paywalls.sqlite: unable to open database file\n")
        #expect(try String(contentsOfFile: notADirectory, encoding: .utf8) == "keep me")
        #expect(fixture.server.requests.isEmpty)
    }

    @Test func anUnsetTokenVariableExits78BeforeAnyRequest() throws {
        let fixture = try SyncFixture()
        fixture.sources = [fixture.source("ios", path: "/ios.json", ["token_env": "PAYWALLS_MISSING_TOKEN"])]
        let outcome = try fixture.sync()
        #expect(outcome.status == 78)
        #expect(outcome.standardError == "error: \(fixture.configPath): source \"ios\": environment variable PAYWALLS_MISSING_TOKEN (token_env) is not set\n")
        #expect(fixture.server.requests.isEmpty)
    }

    @Test func plainHTTPNeedsTheFlagAndALoopbackHost() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["body_file": SyncFixture.samplePath]], plain: true)
        var source = fixture.source("ios", path: "/ios.json")
        source["ca_file"] = nil
        fixture.sources = [source]
        let refused = try fixture.sync()
        #expect(refused.status == 78)
        #expect(refused.standardError.contains("/sources/0/url: plain http:// is refused"))
        let allowed = try fixture.sync(["--allow-insecure-loopback"])
        #expect(allowed.status == 0, "\(allowed.standardError)")
        #expect(try fixture.summary(of: allowed)["status"] as? String == "published")
    }

    /// The flag allows a plain-http source on loopback, not a downgrade: an https source redirected to a
    /// plain-http server on loopback, which would serve a new export, is refused without asking it.
    @Test func theLoopbackFlagAllowsNoRedirectToPlainHTTP() throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        let plain = try TestServer(script: ["/ios.json": ["body_file": try fixture.revisedSample()]], plain: true)
        try fixture.server.rewrite(script: ["/ios.json": ["redirect_to": plain.url + "/ios.json"]])
        let outcome = try fixture.sync(["--allow-insecure-loopback"])
        #expect(outcome.status == 69, "\(outcome.standardError)")
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == "unreachable")
        #expect((summary["message"] as? String)?.hasPrefix("refused a redirect or URL that is not https") == true, "\(summary)")
        #expect(summary["attempts"] as? Int == 1)
        #expect(plain.requests.isEmpty)
        try fixture.expectCurrent(baseline)
    }

    @Test func theConfigComesFromTheEnvironmentAndItsStoreFromTheConfig() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["body_file": SyncFixture.samplePath]])
        let config: [String: Any] = ["store": "data/paywalls", "sources": fixture.sources]
        let directory = fixture.store.directory.appendingPathComponent("conf")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: config).write(to: directory.appendingPathComponent("sync.json"))
        let outcome = try PaywallsProcess.run(["sync"], environment: ["PAYWALLS_CONFIG": "conf/sync.json"], in: fixture.store.directory)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        // Relative to the config's folder, not to the working directory.
        let storePath = directory.appendingPathComponent("data/paywalls").path
        #expect(try JSONDocument(outcome.standardOutput).string("store") == "conf/data/paywalls")
        #expect(FileManager.default.fileExists(atPath: storePath + "/paywalls.sqlite"))
    }

    /// The config's `locale_policy`, relative to the config's folder, gives way to `--locale-policy` and
    /// comes before `$PAYWALLS_LOCALE_POLICY` (as the config's `store` does). A broken policy exits 78
    /// before any request; a good one lets the sync reach the (refused) source: 69.
    @Test func theConfigsLocalePolicyIsRelativeToItAndComesBeforeTheVariable() throws {
        let store = try TemporaryStore()
        try FileManager.default.createDirectory(at: store.directory.appendingPathComponent("conf"), withIntermediateDirectories: true)
        let broken = try store.write("version 7\n", to: "conf/policy.txt")
        let good = try store.write("version 1\ndefault en\n", to: "good.txt")
        let config = try store.write(#"{"store": "data", "locale_policy": "policy.txt", "retry": {"max_attempts": 1}, "#
                                     + #""sources": [{"name": "ios", "url": "http://127.0.0.1:9/ios.json"}]}"#, to: "conf/sync.json")
        let sync = ["sync", "--config", config, "--allow-insecure-loopback"]
        let byConfig = try PaywallsProcess.run(sync, environment: ["PAYWALLS_LOCALE_POLICY": good], in: URL(fileURLWithPath: "/"))
        #expect(byConfig.status == 78)
        #expect(byConfig.standardError == "error: locale policy: \(broken):1: unsupported policy version '7' (this build reads version 1)\n")
        let byOption = try PaywallsProcess.run(sync + ["--locale-policy", good], in: URL(fileURLWithPath: "/"))
        #expect(byOption.status == 69, "\(byOption.standardError)")
    }

    /// libcurl brings some thirty libraries: only a transfer loads it, so other commands start as fast as before.
    @Test func onlyATransferLoadsLibcurl() throws {
        let loaded = { (outcome: PaywallsProcess.Outcome) in outcome.standardError.contains("file=libcurl.so.4") }
        let version = try PaywallsProcess.run(["--version"], environment: ["LD_DEBUG": "files"])
        #expect(version.standardError.contains("file=libsqlite3.so.0"), "LD_DEBUG had no effect")
        #expect(!loaded(version))
        let fixture = try SyncFixture(script: ["/ios.json": ["body_file": SyncFixture.samplePath]])
        #expect(loaded(try fixture.sync(environment: ["LD_DEBUG": "files"])))
        let resolve = try PaywallsProcess.run(["resolve", "--placement", "onboarding", "--store", fixture.store.path],
                                              environment: ["LD_DEBUG": "files"], in: fixture.store.directory)
        #expect(resolve.status == 0)
        #expect(!loaded(resolve))
    }

    @Test(arguments: [(["--wait", "-1"], "invalid value '-1' for --wait: expected a whole number of seconds from 0 to 86400"),
                      (["--log-format", "xml"], "invalid value 'xml' for --log-format: expected human or json")])
    func badOptionsExit64(_ arguments: [String], message: String) throws {
        let outcome = try PaywallsProcess.run(["sync"] + arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix("error: \(message)\n"))
    }
}
