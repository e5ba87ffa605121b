import FixtureSupport
import Foundation
import Testing

/// `scripts/install-cron`: its own checks (with a stand-in crontab), and the line it prints run as cron
/// would run it, in a bare environment.
@Suite(.serialized) struct InstallCronTests {
    static let script = Repository.file("scripts/install-cron").path

    @Test func itsSelfCheckPasses() throws {
        let output = try Python.run("import subprocess, sys; r = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
                                    + "print(r.stdout + r.stderr, end=''); sys.exit(r.returncode)", [Self.script, "--self-check"], timeout: 120)
        #expect(output.hasSuffix("install-cron self-check: all passed\n"))
    }

    @Test func thePrintedLineSyncsWithAFileLogAndTheLock() throws {
        let fixture = try SyncFixture(script: ["/ios.json": ["body_file": SyncFixture.samplePath]])
        try fixture.writeConfig()
        let log = fixture.store.directory.appendingPathComponent("sync.log").path
        let line = try Python.run("import subprocess, sys; print(subprocess.run(sys.argv[1:], check=True, capture_output=True, text=True).stdout, end='')",
                                  [Self.script, "--every", "10", "--config", fixture.configPath, "--binary", PaywallsProcess.executable.path,
                                   "--store", fixture.store.path, "--log", log])
        // No `cd`: the binary finds its shipped data from its own location.
        #expect(line.hasPrefix("*/10 * * * * flock -n -E 75 "))
        #expect(line.hasSuffix(" # paywalls-sync\n"))
        let command = String(line.dropFirst("*/10 * * * * ".count).dropLast(" # paywalls-sync\n".count))

        // What cron does: /bin/sh -c LINE, with next to no environment, here in / rather than a home folder.
        _ = try Python.run("import subprocess, sys; subprocess.run(['/bin/sh', '-c', sys.argv[1]], env={'PATH': '/usr/bin:/bin'}, cwd='/', check=True)",
                           [command], timeout: 60)
        let entries = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(entries.first?["event"] as? String == "finished")
        #expect(entries.first?["status"] as? String == "published")
        #expect((entries.last?["sources"] as? [[String: Any]])?.first?["status"] as? String == "published")
        #expect(FileManager.default.fileExists(atPath: fixture.store.databasePath))
    }
}
