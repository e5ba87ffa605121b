import FixtureSupport
import Foundation
import Testing

/// A store, a test server on loopback with its throwaway CA, and a sync config pointing one source or
/// more at it: what every sync test starts from.
final class SyncFixture {
    let store: TemporaryStore
    let server: TestServer
    /// The config's `sources`; `source(_:path:_:)` makes them.
    var sources: [[String: Any]] = []
    var retry: [String: Any] = ["max_attempts": 3, "base_delay_ms": 100, "max_delay_ms": 400]
    var deadlineSeconds = 30

    static let samplePath = TemporaryStore.samplePath

    init(script: [String: Any] = [:], certificate: String = "server", plain: Bool = false) throws {
        store = try TemporaryStore()
        server = try TestServer(script: script, certificate: certificate, plain: plain)
        sources = [source("ios", path: "/ios.json")]
    }

    /// A source of the config reading `path` from the server, trusting the server's CA.
    func source(_ name: String, path: String, _ extra: [String: Any] = [:]) -> [String: Any] {
        var source: [String: Any] = ["name": name, "url": server.url + path, "ca_file": server.caFile, "timeout_seconds": 10]
        source.merge(extra) { _, new in new }
        return source
    }

    var configPath: String { store.directory.appendingPathComponent("paywalls.json").path }

    /// Writes the config and runs `paywalls sync --config FILE --store DIR ARGUMENTS`.
    func sync(_ arguments: [String] = [], environment: [String: String] = [:], launcher: [String] = [],
              timeout: TimeInterval = 60) throws -> PaywallsProcess.Outcome {
        try startSync(arguments, environment: environment, launcher: launcher).wait(timeout: timeout)
    }

    /// Writes the config and starts `paywalls sync --config FILE --store DIR ARGUMENTS`.
    func startSync(_ arguments: [String] = [], environment: [String: String] = [:], launcher: [String] = []) throws -> PaywallsProcess.Running {
        try writeConfig()
        return try PaywallsProcess.Running(["sync", "--config", configPath] + arguments + ["--store", store.path],
                                           environment: environment, in: store.directory, launcher: launcher)
    }

    func writeConfig() throws {
        let config: [String: Any] = ["deadline_seconds": deadlineSeconds, "retry": retry, "sources": sources]
        try JSONSerialization.data(withJSONObject: config).write(to: URL(fileURLWithPath: configPath))
    }

    /// A sync of the sample export that must publish: the good data later failures must keep. Returns its key.
    @discardableResult
    func publishSample(path: String = "/ios.json", source: String = "ios") throws -> String {
        try server.rewrite(script: [path: ["body_file": Self.samplePath, "etag": "\"sample\""]])
        let outcome = try sync()
        try #require(outcome.status == 0, "the first sync failed: \(outcome.standardError)")
        let summary = try JSONDocument(outcome.standardOutput)
        let entry = try #require((summary["sources"] as? [[String: Any]])?.first { $0["source"] as? String == source })
        try #require(entry["status"] as? String == "published")
        return try #require(entry["snapshot"] as? String)
    }

    /// The sample with another revision: content a failed sync must not publish.
    func revisedSample() throws -> String {
        let text = try String(contentsOfFile: Self.samplePath, encoding: .utf8)
        return try store.write(text.replacingOccurrences(of: "\"revision\": 57", with: "\"revision\": 58"), to: "revised.json")
    }

    /// Polls `condition` every few milliseconds for up to `seconds`; true once it held.
    static func waitUntil(seconds: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            Thread.sleep(forTimeInterval: 0.002)
        }
        return true
    }

    func fileSize(_ name: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: store.path + "/" + name))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The source's entry of the sync summary on stdout.
    func summary(of outcome: PaywallsProcess.Outcome, source: String = "ios") throws -> [String: Any] {
        let entries = try #require(try JSONDocument(outcome.standardOutput)["sources"] as? [[String: Any]], "no summary: \(outcome.standardError)")
        return try #require(entries.first { $0["source"] as? String == source })
    }

    /// The store still answers from `key` for `source`: `status` shows it current, and a resolve from
    /// that source succeeds with it. The store has nothing else from that source.
    func expectCurrent(_ key: String, source: String = "ios", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let status = try JSONDocument(try store.run(["status", "--json"]).standardOutput)
        let entry = (status["sources"] as? [[String: Any]])?.first { $0["source"] as? String == source }
        #expect(entry?["snapshot"] as? String == key, sourceLocation: sourceLocation)
        let bundle = try store.resolve(["--placement", "onboarding", "--locale", "pt-BR", "--source", source])
        #expect(bundle.string("snapshot/id") == key, sourceLocation: sourceLocation)
        let listed = try JSONDocument(try store.run(["snapshots", "--json"]).standardOutput)
        let keys = (listed.root as? [[String: Any]])?.filter { $0["source"] as? String == source }.compactMap { $0["snapshot"] as? String }
        #expect(keys == [key], sourceLocation: sourceLocation)
    }
}
