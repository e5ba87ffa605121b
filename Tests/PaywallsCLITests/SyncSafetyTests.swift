import FixtureSupport
import Foundation
import Testing

/// What must hold whatever happens to a sync: runs never overlap, a killed run or a full disk leaves the
/// previous snapshot current and the store sound, and the token is never written anywhere.
@Suite(.serialized) struct SyncSafetyTests {
    /// Starts a sync of the revised sample dripping in over about three seconds, once the sample is
    /// current; returns the running sync once `downloaded` bytes of the body are in, and the sample's key.
    static func startSlowSync(_ fixture: SyncFixture, downloaded: Int) throws -> (PaywallsProcess.Running, String) {
        let baseline = try fixture.publishSample()
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": try fixture.revisedSample(), "drip_bytes_per_second": 9000]])
        let running = try fixture.startSync()
        let downloading = SyncFixture.waitUntil(seconds: 10) { fixture.fileSize("incoming/ios.part") >= downloaded }
        #expect(downloading, "the sync did not start downloading")
        return (running, baseline)
    }

    @Test func aSecondSyncExits75AtOnceAndAWaitingOneQueues() throws {
        let fixture = try SyncFixture()
        let (running, baseline) = try Self.startSlowSync(fixture, downloaded: 1)

        let started = Date()
        let turnedAway = try fixture.sync()
        #expect(Date().timeIntervalSince(started) < 2)
        #expect(turnedAway.status == 75)
        #expect(turnedAway.standardOutput.isEmpty)
        #expect(turnedAway.standardError == "error: another sync (pid \(running.process.processIdentifier)) holds the lock on "
                + "\(fixture.store.path); it ends by itself, or pass --wait SECONDS to queue behind it\n")
        try fixture.expectCurrent(baseline)

        let queued = try fixture.startSync(["--wait", "30"])
        let first = try running.wait()
        let second = try queued.wait()
        #expect(first.status == 0, "\(first.standardError)")
        #expect(try fixture.summary(of: first)["status"] as? String == "published")
        #expect(second.status == 0, "\(second.standardError)")
        #expect(try fixture.summary(of: second)["status"] as? String == "unchanged")
    }

    /// Another writer of the store, a second handle with an open write transaction as an import in
    /// progress has, takes it while the body downloads and holds it past the publish: the publish waits
    /// (the store's grace of 2 s, or --wait), then the source ends store-locked and the run exits 75
    /// naming the writer, with the previous snapshot still current.
    @Test(arguments: [0, 4])
    func anotherWriterDuringThePublishEndsTheSourceStoreLocked(wait: Int) throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        let revised = try fixture.revisedSample()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: revised)[.size] as? Int)
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": revised, "drip_bytes_per_second": 9000]])
        let running = try fixture.startSync(wait == 0 ? [] : ["--wait", "\(wait)"])
        #expect(SyncFixture.waitUntil(seconds: 10) { fixture.fileSize("incoming/ios.part") >= 1 }, "the sync did not start downloading")
        let holder = try WriteLockHolder(database: fixture.store.databasePath)
        #expect(SyncFixture.waitUntil(seconds: 10) { fixture.fileSize("incoming/ios.part") == size })
        let downloaded = Date()
        let outcome = try running.wait()
        // Waited once, for the publish; not as long again to record the failure in the store it cannot write.
        let waited = Date().timeIntervalSince(downloaded), grace = Double(max(2, wait))
        #expect(waited > grace - 0.5 && waited < 2 * grace - 0.5, "\(waited) s")
        #expect(outcome.status == 75, "\(outcome.standardError)")
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == "store-locked")
        let message = "another writer (pid \(holder.pid), python3) holds the store at \(fixture.store.databasePath) (database is locked)"
            + (wait == 0 ? "" : " after waiting \(wait) s") + "; wait for it to finish, or pass --wait SECONDS to queue behind it"
        #expect(summary["message"] as? String == message)
        #expect(summary["snapshot"] as? String == baseline)
        #expect(outcome.standardError.hasSuffix("error: 1 of 1 sources failed (each keeps its last good data): ios (store-locked: \(message))\n"))
        #expect(holder.release() == 0)
        try fixture.expectCurrent(baseline)
    }

    /// Held before the run starts, the store turns the sync away before any request, naming the writer.
    @Test func anotherWriterBeforeTheRunExits75BeforeAnyRequest() throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        let requests = fixture.server.requests.count
        let holder = try WriteLockHolder(database: fixture.store.databasePath)
        let outcome = try fixture.sync()
        #expect(outcome.status == 75)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == "error: another writer (pid \(holder.pid), python3) holds the store at \(fixture.store.databasePath) "
                + "(database is locked); wait for it to finish, or pass --wait SECONDS to queue behind it\n")
        #expect(fixture.server.requests.count == requests)
        #expect(holder.release() == 0)
        try fixture.expectCurrent(baseline)
    }

    /// With `--wait`, the publish waits for the other writer longer than the store's own grace of 2 s.
    @Test func withWaitThePublishQueuesBehindAnotherWriter() throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        let revised = try fixture.revisedSample()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: revised)[.size] as? Int)
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": revised, "drip_bytes_per_second": 9000]])
        let running = try fixture.startSync(["--wait", "30"])
        #expect(SyncFixture.waitUntil(seconds: 10) { fixture.fileSize("incoming/ios.part") >= 1 }, "the sync did not start downloading")
        let holder = try WriteLockHolder(database: fixture.store.databasePath)
        // The body is whole: the sync is publishing, or waiting to.
        #expect(SyncFixture.waitUntil(seconds: 10) { fixture.fileSize("incoming/ios.part") == size })
        Thread.sleep(forTimeInterval: 3)
        #expect(running.isRunning, "the sync did not wait for the writer")
        #expect(holder.release() == 0)
        let outcome = try running.wait()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == "published")
        #expect(summary["snapshot"] as? String != baseline)
    }

    @Test func killedWhileDownloadingTheStoreIsUnchangedAndTheLockIsNotStale() throws {
        let fixture = try SyncFixture()
        let (running, baseline) = try Self.startSlowSync(fixture, downloaded: 4000)
        running.kill()
        let killed = try running.wait()
        #expect(killed.killed)
        try fixture.expectCurrent(baseline)
        #expect(try Self.integrity(of: fixture) == "ok")

        // The next run takes the lock at once and clears what the killed one left.
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": try fixture.revisedSample()]])
        let started = Date()
        let next = try fixture.sync()
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(next.status == 0, "\(next.standardError)")
        #expect(try fixture.summary(of: next)["status"] as? String == "published")
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.store.path + "/incoming") == [])
    }

    @Test func killedWhilePublishingThePreviousSnapshotStaysCurrent() throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        let big = fixture.store.directory.appendingPathComponent("big.json").path
        _ = try Python.run("import subprocess, sys; subprocess.run(sys.argv[1:], check=True)",
                           [Repository.file("scripts/gen-export").path, "200", "30", "--output", big], timeout: 60)
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": big]])
        let running = try fixture.startSync()
        // The body is whole and the snapshot's rows are going into the write-ahead log.
        let caught = SyncFixture.waitUntil(seconds: 30) { fixture.fileSize("paywalls.sqlite-wal") > 1 << 20 }
        running.kill()
        let killed = try running.wait()
        try #require(caught && killed.killed, "the publish ended before it could be killed: \(killed.standardError)")
        try fixture.expectCurrent(baseline)
        #expect(try Self.integrity(of: fixture) == "ok")

        let next = try fixture.sync()
        #expect(next.status == 0, "\(next.standardError)")
        #expect(try fixture.summary(of: next)["status"] as? String == "published")
    }

    enum DiskFullStage: String, CaseIterable {
        case downloading, publishing
    }

    @Test(arguments: DiskFullStage.allCases)
    func aFullDiskExits74(while stage: DiskFullStage) throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        let body: String, kilobytes: Int, message: String
        switch stage {
        case .downloading:
            // The sample padded past the limit: valid JSON, new bytes, a body that cannot be written whole.
            let padded = try String(contentsOfFile: SyncFixture.samplePath, encoding: .utf8) + String(repeating: " ", count: 300_000)
            (body, kilobytes) = (try fixture.store.write(padded, to: "padded.json"), 128)
            message = "cannot write the body to \(fixture.store.path)/incoming/ios.part: File too large"
        case .publishing:
            // A body under the limit whose snapshot's rows are not.
            (body, kilobytes) = (try fixture.revisedSample(), 64)
            message = "cannot use the store at \(fixture.store.databasePath): disk I/O error (files are limited to \(kilobytes * 1024) bytes here: ulimit -f)"
        }
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": body]])
        let outcome = try fixture.sync(launcher: Self.fileSizeLimit(kilobytes: kilobytes))
        #expect(outcome.status == 74, "\(outcome.standardError)")
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == "local")
        #expect(summary["message"] as? String == message)
        #expect(!outcome.killed)
        try fixture.expectCurrent(baseline)
        #expect(try Self.integrity(of: fixture) == "ok")
    }

    @Test(arguments: ["human", "json"])
    func theTokenIsNeverWrittenAnywhere(_ format: String) throws {
        let secret = "s3cr3t-\(UUID().uuidString)"
        let fixture = try SyncFixture()
        fixture.sources = [fixture.source("ios", path: "/ios.json", ["token_env": "PAYWALLS_TOKEN"]),
                           fixture.source("android", path: "/android.json", ["token_file": "android.token"])]
        _ = try fixture.store.write(secret + "\n", to: "android.token")
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": SyncFixture.samplePath, "require_bearer": secret],
                                            "/android.json": ["body_file": SyncFixture.samplePath, "require_bearer": "another"]])
        let outcome = try fixture.sync(["--verbose", "--log-format", format], environment: ["PAYWALLS_TOKEN": secret])
        #expect(outcome.status == 69)
        #expect(try fixture.summary(of: outcome)["status"] as? String == "published")
        #expect(try fixture.summary(of: outcome, source: "android")["message"] as? String
            == "HTTP 401: authentication failed: the server refused the token of \(fixture.store.directory.path)/android.token (token_file)")
        #expect(!outcome.standardOutput.contains(secret))
        #expect(!outcome.standardError.contains(secret))
        let files = try #require(FileManager.default.enumerator(atPath: fixture.store.path)).compactMap { $0 as? String }
        #expect(files.contains("paywalls.sqlite"))
        for file in files where !file.hasSuffix("incoming") {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: fixture.store.path + "/" + file))
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "the token is in \(file)")
        }
        let status = try fixture.store.run(["status", "--json"])
        #expect(!status.standardOutput.contains(secret))
    }

    /// `PRAGMA integrity_check` through Python's own SQLite.
    static func integrity(of fixture: SyncFixture) throws -> String {
        try Python.integrity(ofDatabase: fixture.store.databasePath)
    }

    /// Runs `paywalls` with a limit of `kilobytes` on the size of any one file it writes and SIGXFSZ at its default,
    /// unblocked (the test runner may ignore or block it, and children inherit both): `paywalls` must ignore it itself,
    /// so that a write past the limit fails with EFBIG as on a full disk.
    static func fileSizeLimit(kilobytes: Int) -> [String] {
        ["/usr/bin/env", "python3", "-c", """
            import os, resource, signal, sys
            signal.signal(signal.SIGXFSZ, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGXFSZ])
            resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), int(sys.argv[1])))
            os.execv(sys.argv[2], sys.argv[2:])
            """, String(kilobytes * 1024)]
    }
}
