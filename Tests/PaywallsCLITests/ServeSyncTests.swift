import FixtureSupport
import Foundation
import Testing

/// `serve --sync-config --sync-interval` (containers without cron) and readiness by freshness
/// (`--max-staleness`), against `scripts/test-server` on loopback and a real `serve` process.
@Suite final class ServeSyncTests {
    let fixture: SyncFixture

    init() throws {
        fixture = try SyncFixture(script: ["/ios.json": ["body_file": SyncFixture.samplePath, "etag": "\"57\""]])
    }

    /// The sample's revision in each bundle, polled until `expected` or `seconds` passed; every answer on
    /// the way must be a 200.
    func revisions(from server: ServeProcess, until expected: Int, within seconds: TimeInterval) throws -> [Int] {
        var seen: [Int] = []
        let deadline = Date().addingTimeInterval(seconds)
        while seen.last != expected, Date() < deadline {
            let response = try server.request("GET", "/v1/placements/onboarding/bundle?locale=pt-BR")
            if response.status == 200, let revision = (try response.json()["snapshot"] as? [String: Any])?["revision"] as? Int {
                seen.append(revision)
            } else {
                #expect(response.status == 503, "\(response.status) \(response.body)")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return seen
    }

    func startServer(_ arguments: [String]) throws -> ServeProcess {
        try fixture.writeConfig()
        return try ServeProcess(["--sync-config", fixture.configPath] + arguments, store: fixture.store.path)
    }

    @Test func anInProcessSyncFillsAnEmptyStoreThenPublishesWhatChanges() throws {
        let server = try startServer(["--sync-interval", "1s"])
        #expect(try revisions(from: server, until: 57, within: 10).last == 57)

        try fixture.server.rewrite(script: ["/ios.json": ["body_file": try fixture.revisedSample(), "etag": "\"58\""]])
        let seen = try revisions(from: server, until: 58, within: 10)
        #expect(seen.last == 58, "still serving \(seen.last ?? 0) 10 s after the export changed")
        let log = try server.stop().standardError
        #expect(log.contains("sync: ios: published snapshot 000001-"), "\(log)")
        #expect(log.contains("sync: ios: published snapshot 000002-"), "\(log)")
        // Every run after the first was conditional: the server saw the ETag it gave.
        let requests = fixture.server.requests(to: "/ios.json")
        #expect(requests.count >= 2)
        #expect(requests.dropFirst().allSatisfy { $0["if_none_match"] is String }, "\(requests)")
    }

    /// Cron's sync and serve's take the same lock: a run that finds it held skips its turn, says so,
    /// and serving goes on; the next turn publishes.
    @Test func aRunThatFindsTheLockHeldSkipsItsTurn() throws {
        try FileManager.default.createDirectory(atPath: fixture.store.path, withIntermediateDirectories: true)
        let holder = try LockHolder(path: fixture.store.path + "/sync.lock")
        let server = try startServer(["--sync-interval", "1s"])
        let deadline = Date().addingTimeInterval(10)
        while !server.running.standardErrorSoFar.contains("holds the lock"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(try server.request("GET", "/healthz").status == 200)
        #expect(try server.request("GET", "/readyz").status == 503)
        holder.release()
        #expect(try revisions(from: server, until: 57, within: 10).last == 57)
        let log = try server.stop().standardError
        #expect(log.contains("sync: error: another sync"), "\(log)")
        #expect(log.contains("trying again in 1s"), "\(log)")
    }

    /// SIGTERM during an in-process sync: the sync may finish (it publishes), then serve exits 0; none
    /// starts after.
    @Test func aStopLetsTheSyncInProgressFinish() throws {
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": SyncFixture.samplePath, "etag": "\"57\"", "delay_seconds": 2]])
        let server = try startServer(["--sync-interval", "1s"])
        #expect(SyncFixture.waitUntil(seconds: 10) { !self.fixture.server.requests(to: "/ios.json").isEmpty })
        let outcome = try server.stop(timeout: 15)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let log = outcome.standardError
        let published = log.range(of: "sync: ios: published snapshot 000001-")
        let finished = log.range(of: "the sync in progress ended before stopping")
        #expect(published != nil && finished != nil && published!.lowerBound < finished!.lowerBound, "\(log)")
        #expect(log.hasSuffix("stopped\n"))
        #expect(fixture.server.requests(to: "/ios.json").count == 1, "no run starts once stopping")
        let status = try fixture.store.run(["status", "--json"])
        #expect(status.standardOutput.contains("000001-"), "\(status.standardOutput)")
    }

    @Test func readinessTurnsUnreadyWhenNoGoodSyncCameWithinTheStaleness() throws {
        try fixture.publishSample()
        let server = try ServeProcess(["--max-staleness", "4s"], store: fixture.store.path)
        #expect(try server.request("GET", "/readyz").status == 200)
        Thread.sleep(forTimeInterval: 5)
        let stale = try server.request("GET", "/readyz")
        #expect(stale.status == 503)
        #expect(stale.errorCode == "stale")
        let message = ((try stale.json()["error"] as? [String: Any])?["message"] as? String) ?? ""
        #expect(message.hasPrefix("the newest good sync or import of ios ("), "\(message)")
        #expect(message.hasSuffix("s ago) is older than --max-staleness 4s"), "\(message)")
        #expect(try server.request("GET", "/v1/placements/onboarding/bundle").status == 200, "a stale replica still answers")

        // A sync that finds nothing new (304) is good data all the same.
        let outcome = try fixture.sync()
        #expect(outcome.status == 0)
        #expect(try fixture.summary(of: outcome)["status"] as? String == "unchanged")
        let deadline = Date().addingTimeInterval(5)
        var status = 0
        while status != 200, Date() < deadline {
            status = try server.request("GET", "/readyz").status
            Thread.sleep(forTimeInterval: 0.05)
        }
        #expect(status == 200)
        let metrics = try server.request("GET", "/metrics").body
        let age = metrics.split(separator: "\n").first { $0.hasPrefix(#"paywalls_source_age_seconds{source="ios"} "#) }
        let seconds = age.flatMap { Double($0.split(separator: " ").last ?? "") }
        #expect(seconds.map { $0 >= 0 && $0 < 4 } == true, "\(String(describing: age))")
    }

    @Test(arguments: [
        (["--sync-config", "paywalls.json"], "error: --sync-config needs --sync-interval"),
        (["--sync-interval", "5s"], "error: --sync-interval needs --sync-config"),
        (["--sync-config", "paywalls.json", "--sync-interval", "5"],
         "error: invalid value '5' for --sync-interval: expected a duration such as 500ms, 5s, 10m or 1h, from 1s to 24h"),
        (["--max-staleness", "0s"],
         "error: invalid value '0s' for --max-staleness: expected a duration such as 500ms, 5s, 10m or 1h, from 1s to 720h"),
        (["--reload-interval", "50ms"],
         "error: invalid value '50ms' for --reload-interval: expected a duration such as 500ms, 5s, 10m or 1h, from 100ms to 1h"),
        (["--reload-interval", "2h"],
         "error: invalid value '2h' for --reload-interval: expected a duration such as 500ms, 5s, 10m or 1h, from 100ms to 1h"),
    ])
    func optionsThatDoNotGoTogetherAreUsageErrors(_ arguments: [String], _ message: String) throws {
        try fixture.writeConfig()
        let outcome = try PaywallsProcess.run(["serve", "--listen", "127.0.0.1:0", "--store", fixture.store.path] + arguments,
                                              in: fixture.store.directory)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix(message + "\n"), "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: fixture.store.path), "nothing was created")
    }

    @Test func aBrokenSyncConfigStopsServeBeforeItListens() throws {
        let path = try fixture.store.write(#"{"sources": [{"name": "ios"}]}"#, to: "broken.json")
        let outcome = try PaywallsProcess.run(["serve", "--listen", "127.0.0.1:0", "--store", fixture.store.path,
                                               "--sync-config", path, "--sync-interval", "5s"], in: fixture.store.directory)
        #expect(outcome.status == 78)
        #expect(outcome.standardError.hasPrefix("error: \(path): "), "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
    }

    /// The sync config's locale_policy is serve's too (relative to the config, before the variable), as
    /// its store is: a broken one stops serve before it listens.
    @Test func theSyncConfigsLocalePolicyIsServesToo() throws {
        let policy = try fixture.store.write("version 7\n", to: "policy.txt")
        let good = try fixture.store.write("version 1\n", to: "good.txt")
        let config = try fixture.store.write(#"{"locale_policy": "policy.txt", "sources": [{"name": "ios", "url": "https://127.0.0.1:9/x"}]}"#,
                                             to: "with-policy.json")
        let outcome = try PaywallsProcess.run(["serve", "--listen", "127.0.0.1:0", "--store", fixture.store.path,
                                               "--sync-config", config, "--sync-interval", "5s"],
                                              environment: ["PAYWALLS_LOCALE_POLICY": good], in: URL(fileURLWithPath: "/"))
        #expect(outcome.status == 78)
        #expect(outcome.standardError == "error: locale policy: \(policy):1: unsupported policy version '7' (this build reads version 1)\n")
        #expect(outcome.standardOutput.isEmpty)
    }
}

/// Another process holding `flock` on a file (what a running `paywalls sync` does to `sync.lock`)
/// until `release()`, or at most 30 seconds.
final class LockHolder {
    private let process = Process()
    private let input = Pipe()

    init(path: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", """
            import fcntl, os, select, sys
            handle = open(sys.argv[1], "a")
            fcntl.flock(handle, fcntl.LOCK_EX)
            open(sys.argv[1] + ".held", "w").close()
            select.select([sys.stdin], [], [], 30)
            """, path]
        process.standardInput = input
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: path + ".held") {
            guard Date() < deadline, process.isRunning else { throw CocoaError(.fileLocking) }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    func release() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? input.fileHandleForWriting.close()
    }
}
