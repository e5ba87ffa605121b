import Foundation
import LocaleKit
import Testing

/// No input may hang or crash the locale engine, including in a process that has not used ICU before
/// (ICU 72 looped forever on `no-NO` there, and only there). `locale-sweep` forks a fresh child per job.
@Suite struct FreshProcessSweepTests {
    /// `locale-sweep`, built beside this test bundle.
    static var sweeper: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("locale-sweep")
    }

    /// One job per line: every locale ICU has data for alone; every ISO 639 language with every ISO 3166
    /// region together (then the bare language). A child costs about 5 ms, so a child per input would
    /// take minutes; a child per language meets its regions one after another, ICU cold for the first
    /// only, and still catches `no-NO` (checked by reverting the fix: no earlier Norwegian region loads
    /// what would hide the trap).
    static func jobs() -> [[String]] {
        let regions = isoRegionCodes()
        return knownLocaleTags().map { [$0] } + isoLanguageCodes().map { language in regions.map { "\(language)-\($0)" } + [language] }
    }

    /// Reads a pipe to its end on a thread of its own.
    final class Collector: @unchecked Sendable {
        private var data = Data()
        private let done = DispatchSemaphore(value: 0)

        init(_ handle: FileHandle) {
            Thread {
                self.data = handle.readDataToEndOfFile()
                try? handle.close()
                self.done.signal()
            }.start()
        }

        func finish() -> String {
            done.wait()
            return String(decoding: data, as: UTF8.self)
        }
    }

    @Test func everyKnownLocaleAndEveryLanguageRegionPairAnswers() throws {
        let jobs = Self.jobs()
        let inputCount = jobs.reduce(0) { $0 + $1.count }
        #expect(jobs.count > 1300)
        #expect(inputCount > 140_000)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("locale-sweep-\(UUID().uuidString).txt")
        try jobs.map { $0.joined(separator: " ") }.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }

        let process = Process()
        process.executableURL = Self.sweeper
        // A hung child is ended after 20 s; a language's whole job normally takes well under a second.
        process.arguments = [file.path, "20"]
        let output = Pipe()
        process.standardOutput = output
        let started = Date()
        try process.run()
        let collector = Collector(output.fileHandleForReading)
        // The sweeper itself must not hang the suite: it is killed after three minutes.
        while process.isRunning, Date().timeIntervalSince(started) < 180 {
            Thread.sleep(forTimeInterval: 0.05)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("locale-sweep still running after 180 s: killed")
        }
        process.waitUntilExit()
        let report = collector.finish()
        let seconds = Date().timeIntervalSince(started)

        let failures = report.split(separator: "\n").filter { $0.hasPrefix("FAIL") }
        #expect(failures.isEmpty, "\(failures.prefix(20).joined(separator: "\n"))")
        #expect(report.hasSuffix("jobs \(jobs.count) inputs \(inputCount) failures 0\n"), "\(report.suffix(300))")
        #expect(process.terminationStatus == 0)
        print("locale-sweep: \(jobs.count) fresh processes, \(inputCount) inputs, \(String(format: "%.1f", seconds)) s")
    }
}
