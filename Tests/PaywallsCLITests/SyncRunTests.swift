import FixtureSupport
import Foundation
import Testing

/// `paywalls sync` end to end against the test server: what a good run publishes, what an unchanged one
/// does not, and what retries, logs and validators look like.
@Suite(.serialized) struct SyncRunTests {
    @Test func aFirstSyncPublishesAndTheNextIsOneConditionalRequest() throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        let first = try #require(fixture.server.requests(to: "/ios.json").last)
        #expect(first["if_none_match"] is NSNull)

        let again = try fixture.sync()
        #expect(again.status == 0, "\(again.standardError)")
        let summary = try fixture.summary(of: again)
        #expect(summary["status"] as? String == "unchanged")
        #expect(summary["httpStatus"] as? Int == 304)
        #expect(summary["etagHit"] as? Bool == true)
        #expect(summary["snapshot"] as? String == key)
        #expect(again.standardError == "sync: ios: unchanged, not modified (304) (\(Self.seconds(summary)))\n")
        let requests = fixture.server.requests(to: "/ios.json")
        #expect(requests.count == 2)
        #expect(requests.last?["if_none_match"] as? String == "\"sample\"")
        #expect(requests.last?["status"] as? Int == 304)
        try fixture.expectCurrent(key)
    }

    /// A 304 keeps the validators it answered, or takes the ones it sends: every later run is conditional too.
    @Test func twoNotModifiedInARowKeepTheRunsConditional() throws {
        let fixture = try SyncFixture()
        let date = "Mon, 30 Nov 2026 08:00:00 GMT"
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": SyncFixture.samplePath, "etag": "\"sample\"", "last_modified": date]])
        let first = try fixture.sync()
        #expect(first.status == 0, "\(first.standardError)")
        let key = try #require(try fixture.summary(of: first)["snapshot"] as? String)
        for _ in 1...2 {
            let again = try fixture.sync()
            #expect(again.status == 0, "\(again.standardError)")
            #expect(try fixture.summary(of: again)["etagHit"] as? Bool == true)
        }
        // The server refreshes the ETag in its 304 (RFC 9111 §4.3.4) and says nothing of the date.
        try fixture.server.rewrite(script: ["/ios.json": [["status": 304, "headers": ["ETag": "\"sample-2\""]], ["status": 304]]])
        for _ in 1...2 {
            let again = try fixture.sync()
            #expect(again.status == 0, "\(again.standardError)")
            #expect(try fixture.summary(of: again)["etagHit"] as? Bool == true)
        }
        let requests = fixture.server.requests(to: "/ios.json")
        #expect(requests.map { $0["status"] as? Int } == [200, 304, 304, 304, 304])
        #expect(requests.map { $0["if_none_match"] as? String } == [nil, "\"sample\"", "\"sample\"", "\"sample\"", "\"sample-2\""])
        #expect(requests.map { $0["if_modified_since"] as? String } == [nil, date, date, date, date])
        try fixture.expectCurrent(key)
    }

    /// A 304 only means "what you have is current" to a request that named what it has.
    enum UnaskedNotModified: String, CaseIterable {
        /// Nothing synced or imported yet.
        case emptyStore
        /// An import replaced the synced data, so its validators were forgotten.
        case importedSnapshot
        /// The snapshot is gone though the source's validators are still recorded.
        case lostSnapshot
    }

    @Test(arguments: UnaskedNotModified.allCases)
    func aNotModifiedToAnUnconditionalRequestIsInvalid(_ store: UnaskedNotModified) throws {
        let fixture = try SyncFixture()
        var kept: String?
        switch store {
        case .emptyStore:
            break
        case .importedSnapshot:
            try fixture.publishSample()
            let imported = try JSONDocument(try fixture.store.run(["import", try fixture.revisedSample(), "--source", "ios"]).standardOutput)
            let key = try #require(imported.string("snapshot"))
            kept = key
        case .lostSnapshot:
            try fixture.publishSample()
            _ = try Python.run("import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('PRAGMA foreign_keys = ON'); "
                               + "c.execute(\"DELETE FROM snapshots WHERE source = 'ios'\"); c.commit()", [fixture.store.databasePath])
        }
        try fixture.server.rewrite(script: ["/ios.json": ["status": 304, "etag": "\"sample\""]])
        let outcome = try fixture.sync()
        #expect(outcome.status == 65, "\(outcome.standardError)")
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == "invalid")
        #expect(summary["message"] as? String == "HTTP 304 (not modified) to a request without validators: no export to check")
        #expect(summary["etagHit"] as? Bool == false)
        #expect(summary["snapshot"] as? String == kept)
        #expect(fixture.server.requests(to: "/ios.json").last?["if_none_match"] is NSNull)
        if let kept { #expect(try fixture.store.resolve(["--placement", "onboarding"]).string("snapshot/id") == kept) }
        // Nothing from the 304 was kept: the next run asks unconditionally again.
        #expect(try fixture.sync().status == 65)
        #expect(fixture.server.requests(to: "/ios.json").last?["if_none_match"] is NSNull)
    }

    @Test func theSameBytesWithoutValidatorsPublishNothing() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["body_file": SyncFixture.samplePath]])
        let first = try fixture.sync()
        #expect(first.status == 0)
        let key = try #require(try fixture.summary(of: first)["snapshot"] as? String)
        let again = try fixture.sync()
        #expect(again.status == 0)
        let summary = try fixture.summary(of: again)
        #expect(summary["status"] as? String == "unchanged")
        #expect(summary["etagHit"] as? Bool == false)
        // Recognized by its bytes, before any decoding.
        #expect(again.standardError.hasPrefix("sync: ios: unchanged, the same bytes as the current snapshot's download ("))
        try fixture.expectCurrent(key)
    }

    /// docs/architecture.md: the same JSON value spelled otherwise (members shuffled, other whitespace, escapes) is
    /// the same export, whatever its ETag: nothing is published, and the new ETag is sent next time.
    @Test func theSameValueSpelledOtherwiseUnderANewETagPublishesNothing() throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        let respelled = fixture.store.directory.appendingPathComponent("respelled.json").path
        try Python.respell(SyncFixture.samplePath, to: respelled, seed: 2)
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": respelled, "etag": "\"respelled\""]])
        let outcome = try fixture.sync()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == "unchanged")
        #expect(summary["httpStatus"] as? Int == 200)
        #expect(summary["etagHit"] as? Bool == false)
        #expect(summary["snapshot"] as? String == key)
        #expect(outcome.standardError.hasPrefix("sync: ios: unchanged, same content as the current snapshot ("))
        try fixture.expectCurrent(key)

        let again = try fixture.sync()
        #expect(try fixture.summary(of: again)["httpStatus"] as? Int == 304)
        #expect(fixture.server.requests(to: "/ios.json").last?["if_none_match"] as? String == "\"respelled\"")
    }

    @Test func aNewExportBecomesCurrentAndLastModifiedIsSentBack() throws {
        let fixture = try SyncFixture()
        try fixture.publishSample()
        let date = "Mon, 30 Nov 2026 08:00:00 GMT"
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": try fixture.revisedSample(), "last_modified": date, "gzip": true]])
        let outcome = try fixture.sync()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let key = try #require(try fixture.summary(of: outcome)["snapshot"] as? String)
        #expect(try fixture.store.resolve(["--placement", "onboarding"]).int("snapshot/revision") == 58)
        #expect((fixture.server.requests(to: "/ios.json").last?["accept_encoding"] as? String)?.contains("gzip") == true)

        let again = try fixture.sync()
        #expect(try fixture.summary(of: again)["etagHit"] as? Bool == true)
        #expect(fixture.server.requests(to: "/ios.json").last?["if_modified_since"] as? String == date)
        // Both snapshots are kept; the newer one answers.
        let listed = try JSONDocument(try fixture.store.run(["snapshots", "--json"]).standardOutput)
        #expect(listed.count("") == 2)
        #expect(listed.string("0/snapshot") == key)
    }

    /// `Retry-After` as seconds, or as the date two seconds from now (at least one once truncated to the second).
    static let retryAfterForms: [@Sendable () -> String] = [{ "1" }, {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(2))
    }]

    @Test(arguments: [0, 1])
    func aRetriedFailureThenSuccessHonoursRetryAfter(form: Int) throws {
        let fixture = try SyncFixture()
        let retryAfter = Self.retryAfterForms[form]()
        try fixture.server.rewrite(script: ["/ios.json": [["status": 503, "retry_after": retryAfter], ["body_file": SyncFixture.samplePath]]])
        let started = Date()
        let outcome = try fixture.sync()
        #expect(Date().timeIntervalSince(started) >= 1, "Retry-After: \(retryAfter)")
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == "published")
        #expect(summary["attempts"] as? Int == 2)
        #expect(outcome.standardError.hasPrefix("sync: ios: try 1 failed (HTTP 503); trying again in "))
        #expect(fixture.server.requests(to: "/ios.json").count == 2)
    }

    @Test func aVendorFallbackFileSyncsAndWritesBackAsImported() throws {
        let vendorFile = Repository.file("sync-config/sample-adapty-fallback-v9.json").path
        let fixture = try SyncFixture(script: ["/ios.json": ["body_file": vendorFile]])
        fixture.sources = [fixture.source("ios", path: "/ios.json", ["format": "adapty-fallback"])]
        let outcome = try fixture.sync()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let key = try #require(try fixture.summary(of: outcome)["snapshot"] as? String)
        let snapshots = try JSONDocument(try fixture.store.run(["snapshots", "--json"]).standardOutput)
        #expect(snapshots.string("0/format") == "adapty-fallback v9")
        // The stored document is the one downloaded: written back in its own version for its own locale, it is the same JSON.
        let out = fixture.store.directory.appendingPathComponent("fallbacks").path
        let written = try fixture.store.run(["fallbacks", "--out", out, "--source", "ios", "--locales", "en"])
        #expect(written.status == 0, "\(written.standardError)")
        let original = try canonicalJSON(String(contentsOfFile: vendorFile, encoding: .utf8))
        #expect(try canonicalJSON(String(contentsOfFile: out + "/fallback.en.json", encoding: .utf8)) == original, "snapshot \(key)")
    }

    @Test func aRedirectToHTTPSIsFollowed() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["redirect_to": "/exports/ios-57.json"],
                                               "/exports/ios-57.json": ["body_file": SyncFixture.samplePath]])
        let outcome = try fixture.sync()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try fixture.summary(of: outcome)["status"] as? String == "published")
    }

    /// A source redirected to another host (a CDN, or a hijacked one) sends it neither its token nor its headers; an
    /// ETag that would split the next request's head is not kept, so the next sync asks without it.
    @Test func aRedirectToAnotherHostGetsNoCredentialsAndABrokenETagIsNotKept() throws {
        let fixture = try SyncFixture()
        let otherHost = fixture.server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        try fixture.server.rewrite(script: ["/ios.json": ["redirect_to": otherHost + "/cdn/ios.json"],
                                            "/cdn/ios.json": ["body_file": SyncFixture.samplePath, "etag": "\"a\"\rX-Injected: 1"]])
        fixture.sources = [fixture.source("ios", path: "/ios.json", ["headers": ["X-Api-Key": "k-123"], "token_env": "IOS_TOKEN"])]
        let outcome = try fixture.sync(environment: ["IOS_TOKEN": "s3cr3t"])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(try fixture.summary(of: outcome)["status"] as? String == "published")
        let first = try #require(fixture.server.requests(to: "/ios.json").last)
        #expect(first["authorization"] as? String == "present")
        #expect((first["header_names"] as? [String])?.contains("x-api-key") == true)
        let cdn = try #require(fixture.server.requests(to: "/cdn/ios.json").last)
        #expect(cdn["authorization"] as? String == "absent")
        #expect((cdn["header_names"] as? [String])?.contains("x-api-key") == false)
        #expect(try fixture.sync(environment: ["IOS_TOKEN": "s3cr3t"]).status == 0)
        #expect(fixture.server.requests(to: "/ios.json").count == 2)
        #expect(fixture.server.requests(to: "/ios.json").last?["if_none_match"] is NSNull)
    }

    /// A token file others may read is said once per run, and the run goes on with it; spaces around the token are not sent.
    @Test func aTokenFileOthersMayReadIsWarnedAbout() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["body_file": SyncFixture.samplePath, "require_bearer": "s3cr3t"]])
        let tokenPath = try fixture.store.write(" s3cr3t \n", to: "token")
        chmod(tokenPath, 0o644)
        fixture.sources = [fixture.source("ios", path: "/ios.json", ["token_file": tokenPath])]
        let outcome = try fixture.sync()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.contains(
            "ios: warning: token file \(tokenPath) can be read by anyone (mode 644): make it readable by its owner only (chmod 600)"))
        chmod(tokenPath, 0o600)
        #expect(!(try fixture.sync().standardError.contains("warning")))
    }

    @Test func jsonLogsAreOneObjectPerLine() throws {
        let fixture = try SyncFixture()
        try fixture.publishSample()
        fixture.sources.append(fixture.source("android", path: "/android.json"))
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": SyncFixture.samplePath, "etag": "\"sample\""],
                                            "/android.json": ["status": 404]])
        let outcome = try fixture.sync(["--log-format", "json", "--verbose"])
        #expect(outcome.status == 69)
        let lines = outcome.standardError.split(separator: "\n").map(String.init)
        let events = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(events.count == lines.count, "not all JSON: \(lines)")
        #expect(events.map { $0["event"] as? String } == ["request", "finished", "request", "finished", "error"])
        #expect(events.allSatisfy { ($0["time"] as? String)?.hasSuffix("Z") == true })
        #expect(events[0]["conditional"] as? Bool == true)
        #expect(events[2]["conditional"] as? Bool == false)
        #expect(events[1]["source"] as? String == "ios")
        #expect(events[1]["etagHit"] as? Bool == true)
        #expect(events[3]["status"] as? String == "unreachable")
        #expect(events[3]["httpStatus"] as? Int == 404)
        #expect(events[4]["exitCode"] as? Int == 69)
        // The summary too is one line, for a log file that collects stdout and stderr.
        #expect(outcome.outputLines.count == 1)
        #expect(events[4]["message"] as? String == "1 of 2 sources failed (each keeps its last good data): android (unreachable: HTTP 404)")
    }

    @Test func twoSourcesOneFailingTheOtherUpdates() throws {
        let fixture = try SyncFixture()
        fixture.sources.append(fixture.source("android", path: "/android.json"))
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": SyncFixture.samplePath],
                                            "/android.json": ["body_file": SyncFixture.samplePath]])
        let first = try fixture.sync()
        #expect(first.status == 0, "\(first.standardError)")
        let androidKey = try #require(try fixture.summary(of: first, source: "android")["snapshot"] as? String)

        try fixture.server.rewrite(script: ["/ios.json": ["body_file": try fixture.revisedSample()], "/android.json": ["status": 502]])
        let outcome = try fixture.sync()
        #expect(outcome.status == 69)
        #expect(try fixture.summary(of: outcome)["status"] as? String == "published")
        #expect(outcome.standardError.hasSuffix("error: 1 of 2 sources failed (each keeps its last good data): "
                                                + "android (unreachable: HTTP 502 (gave up after 3 tries))\n"))
        try fixture.expectCurrent(androidKey, source: "android")
        // Without --source, the first source in config order answers, with its new data.
        #expect(try fixture.store.resolve(["--placement", "onboarding"]).int("snapshot/revision") == 58)
        let status = try fixture.store.run(["status"])
        let checkedAt = try #require(try Self.lastSync(fixture, "android")), succeededAt = try #require(try Self.lastSuccess(fixture, "android"))
        #expect(status.outputLines.contains("          last sync \(checkedAt) from \(fixture.server.url)/android.json: "
                                            + "unreachable: HTTP 502 (gave up after 3 tries) (last success \(succeededAt))"), "\(status.outputLines)")
    }

    /// The store met the sources in another order than the config lists them: once a sync has run, the
    /// config's order answers, and a source that failed on its very first sync is listed with its failure.
    @Test func answersAndStatusFollowTheConfigNotTheArrivalOrder() throws {
        let fixture = try SyncFixture()
        #expect(try fixture.store.run(["import", SyncFixture.samplePath, "--source", "android"]).status == 0)
        let revised = try fixture.revisedSample()
        #expect(try fixture.store.run(["import", revised, "--source", "ios"]).status == 0)
        #expect(try fixture.store.resolve(["--placement", "onboarding"]).int("snapshot/revision") == 57)

        fixture.sources = [fixture.source("web", path: "/web.json"), fixture.source("ios", path: "/ios.json"),
                           fixture.source("android", path: "/android.json")]
        try fixture.server.rewrite(script: ["/web.json": ["status": 404], "/ios.json": ["body_file": revised],
                                            "/android.json": ["body_file": SyncFixture.samplePath]])
        let outcome = try fixture.sync()
        #expect(outcome.status == 69, "\(outcome.standardError)")
        #expect(outcome.standardError.hasSuffix("error: 1 of 3 sources failed (each keeps its last good data): web (unreachable: HTTP 404)\n"))
        #expect(try fixture.store.resolve(["--placement", "onboarding"]).int("snapshot/revision") == 58)

        let status = try JSONDocument(try fixture.store.run(["status", "--json"]).standardOutput)
        #expect(status.strings("sources")?.count == 3)
        #expect((0..<3).map { status.string("sources/\($0)/source") } == ["web", "ios", "android"])
        #expect(status.int("current/revision") == 58)
        #expect(status["sources/0/snapshot"] is NSNull)
        #expect(status.string("sources/0/lastSync/outcome") == "unreachable")
        #expect(status.string("sources/0/lastSync/message") == "HTTP 404")
        #expect(status["sources/0/lastSync/succeededAt"] is NSNull)
        #expect(status.string("sources/0/lastSync/origin") == fixture.server.url + "/web.json")
        let lines = try fixture.store.run(["status"]).outputLines
        let checkedAt = try #require(status.string("sources/0/lastSync/checkedAt"))
        #expect(Array(lines.filter { $0.hasPrefix("source:") }.map { $0.prefix(19) }) == ["source:   web: no s", "source:   ios: payw", "source:   android: "])
        #expect(lines.contains("          last sync \(checkedAt) from \(fixture.server.url)/web.json: unreachable: HTTP 404 (last success never)"),
                "\(lines)")
    }

    @Test func theWorstFailureSetsTheExitCode() throws {
        let fixture = try SyncFixture()
        fixture.sources = [fixture.source("web", path: "/web.json"), fixture.source("ios", path: "/ios.json"),
                           fixture.source("android", path: "/android.json")]
        try fixture.server.rewrite(script: ["/web.json": ["status": 404], "/ios.json": ["body": "[]"],
                                            "/android.json": ["body_file": SyncFixture.samplePath]])
        let outcome = try fixture.sync()
        #expect(outcome.status == 65)
        #expect(outcome.standardError.contains("error: 2 of 3 sources failed (each keeps its last good data): web (unreachable: HTTP 404); ios (invalid: "))
        #expect(try fixture.summary(of: outcome, source: "android")["status"] as? String == "published")
    }

    @Test func validatorsOfAnInvalidDownloadAreNotKept() throws {
        let fixture = try SyncFixture()
        let key = try fixture.publishSample()
        try fixture.server.rewrite(script: ["/ios.json": ["body": "{}", "etag": "\"broken\""]])
        #expect(try fixture.sync().status == 65)
        // The next request still asks with the validators of the last good data, so a 304 means that data.
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": SyncFixture.samplePath, "etag": "\"sample\""]])
        let outcome = try fixture.sync()
        #expect(outcome.status == 0)
        #expect(fixture.server.requests(to: "/ios.json").last?["if_none_match"] as? String == "\"sample\"")
        #expect(try fixture.summary(of: outcome)["etagHit"] as? Bool == true)
        try fixture.expectCurrent(key)
    }

    @Test func aRefusedConnectionIsRetriedThenReported() throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        var source = fixture.source("ios", path: "/ios.json")
        source["url"] = "https://127.0.0.1:1/ios.json"
        fixture.sources = [source]
        let outcome = try fixture.sync()
        #expect(outcome.status == 69)
        let summary = try fixture.summary(of: outcome)
        #expect(summary["attempts"] as? Int == 3)
        #expect((summary["message"] as? String)?.hasSuffix("(gave up after 3 tries)") == true)
        try fixture.expectCurrent(baseline)
    }

    @Test func theDeadlineBoundsTheWholeRun() throws {
        let fixture = try SyncFixture()
        let baseline = try fixture.publishSample()
        try fixture.server.rewrite(script: ["/ios.json": ["body_file": SyncFixture.samplePath, "delay_seconds": 20]])
        fixture.deadlineSeconds = 3
        fixture.sources = [fixture.source("ios", path: "/ios.json", ["timeout_seconds": 60]), fixture.source("android", path: "/android.json")]
        let started = Date()
        let outcome = try fixture.sync()
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 2.5 && elapsed < 8, "\(elapsed) s")
        #expect(outcome.status == 69)
        #expect(try fixture.summary(of: outcome)["status"] as? String == "unreachable")
        // The source after it is not tried with no time left.
        #expect(try fixture.summary(of: outcome, source: "android")["message"] as? String == "not tried: the run's deadline of 3 s had passed")
        #expect(fixture.server.requests(to: "/android.json").isEmpty)
        try fixture.expectCurrent(baseline)
    }

    @Test func anImportIntoASyncedSourceMakesTheNextSyncUnconditional() throws {
        let fixture = try SyncFixture()
        let synced = try fixture.publishSample()
        #expect(try fixture.store.run(["import", try fixture.revisedSample(), "--source", "ios"]).status == 0)
        // The server's ETag describes the sample, no longer current: it must not be asked for a 304.
        let outcome = try fixture.sync()
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(fixture.server.requests(to: "/ios.json").last?["if_none_match"] is NSNull)
        let summary = try fixture.summary(of: outcome)
        #expect(summary["status"] as? String == "published")
        #expect(summary["snapshot"] as? String != synced)
        #expect(try fixture.store.resolve(["--placement", "onboarding"]).int("snapshot/revision") == 57)
    }

    static func seconds(_ summary: [String: Any]) -> String {
        let milliseconds = summary["durationMs"] as? Int ?? 0
        return "\(milliseconds / 1000).\(String(milliseconds % 1000 / 10 + 100).dropFirst()) s"
    }

    static func lastSync(_ fixture: SyncFixture, _ source: String) throws -> String? {
        try sourceStatus(fixture, source)?["checkedAt"] as? String
    }

    static func lastSuccess(_ fixture: SyncFixture, _ source: String) throws -> String? {
        try sourceStatus(fixture, source)?["succeededAt"] as? String
    }

    private static func sourceStatus(_ fixture: SyncFixture, _ source: String) throws -> [String: Any]? {
        let status = try JSONDocument(try fixture.store.run(["status", "--json"]).standardOutput)
        return (status["sources"] as? [[String: Any]])?.first { $0["source"] as? String == source }?["lastSync"] as? [String: Any]
    }
}

/// The progress bar: drawn on a terminal (a pseudo-terminal from `script`) for a download over 1 MB,
/// cleared before the next log line, and never written when stderr is not a terminal.
@Suite(.serialized) struct SyncProgressTests {
    @Test func aLargeDownloadShowsABarOnATerminalOnly() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["oversize_bytes": 2_000_000, "drip_bytes_per_second": 2_000_000]])
        try fixture.writeConfig()
        let command = [PaywallsProcess.executable.path, "sync", "--config", fixture.configPath, "--store", fixture.store.path]
            .map { "'\($0)'" }.joined(separator: " ")
        // Bytes as written: text mode would turn each carriage return into a newline.
        let terminal = try Python.run("import subprocess, sys; sys.stdout.buffer.write(subprocess.run(['script', '-qec', sys.argv[1], '/dev/null'], "
                                      + "capture_output=True).stdout)", [command], timeout: 60)
        #expect(terminal.contains("\r[###"))
        #expect(terminal.contains("100% 2.0 MB of 2.0 MB"))
        #expect(terminal.contains("\r\u{1B}[Ksync: ios: invalid: "))

        let piped = try fixture.sync()
        #expect(piped.status == 65)
        #expect(!piped.standardError.contains("\r"))
    }
}
