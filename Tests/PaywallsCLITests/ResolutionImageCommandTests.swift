import FixtureSupport
import Foundation
import Testing

/// A cold `resolve` reads `<store>/resolution.image` when there is one, and answers as the store does;
/// a writer killed at any point leaves either no image or the image of what it committed.
@Suite final class ResolutionImageCommandTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }

    var imagePath: String { store.path + "/resolution.image" }
    var hasImage: Bool { FileManager.default.fileExists(atPath: imagePath) }

    static let requests = [["--placement", "onboarding", "--locale", "pt_BR", "--profile-id", "p1"],
                           ["--placement", "onboarding", "--locale", "de-AT", "--country", "BR", "--explain"],
                           ["--placement", "settings", "--locale", "ar"], ["--placement", "nowhere"],
                           ["--placement", "onboarding", "--source", "elsewhere"]]

    /// Each request's exit status, stdout and stderr.
    func answers(_ requests: [[String]] = ResolutionImageCommandTests.requests) throws -> [String] {
        try requests.map { arguments in
            let outcome = try store.run(["resolve"] + arguments)
            return "\(outcome.status)\n\(outcome.standardOutput)\n\(outcome.standardError)"
        }
    }

    @Test func resolveAnswersFromTheImageAsFromTheStore() throws {
        try store.importExport()
        try store.importExport(TemporaryStore.flowFilePath, source: "flows")
        #expect(hasImage)
        let fromImage = try answers()
        try FileManager.default.removeItem(atPath: imagePath)
        #expect(try answers() == fromImage)
        #expect(fromImage[0].hasPrefix("0\n") && fromImage[3].hasPrefix("66\n") && fromImage[4].hasPrefix("66\n"), "\(fromImage)")
    }

    /// The image is what a cold resolve reads: an image of other data would be believed (which is why
    /// writers keep it in step, below).
    @Test func resolveReadsTheImage() throws {
        try store.importExport()
        let sample = try answers()
        let image = try Data(contentsOf: URL(fileURLWithPath: imagePath))
        try store.importExport(TemporaryStore.flowFilePath)
        try image.write(to: URL(fileURLWithPath: imagePath))
        #expect(try answers() == sample)
    }

    /// `status` says whether a cold resolve reads the image, and how large it is.
    @Test func statusTellsOfTheImage() throws {
        try store.importExport(TemporaryStore.flowFilePath)
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: imagePath)[.size] as? Int)
        #expect(try JSONDocument(try store.run(["status", "--json"]).standardOutput).int("resolutionImage/bytes") == bytes)
        #expect(bytes < 999_500, "the fixture's image is \(bytes) bytes: the line below is for one under a megabyte")
        #expect(try store.run(["status"]).outputLines.contains("image:    \((bytes + 500) / 1000) kB, read by a cold resolve instead of SQLite"))

        try FileManager.default.removeItem(atPath: imagePath)
        #expect(try JSONDocument(try store.run(["status", "--json"]).standardOutput)["resolutionImage"] is NSNull)
        #expect(try store.run(["status"]).outputLines.contains("image:    none: a cold resolve reads SQLite until the next import or sync writes one"))
    }

    /// The import of a big export, killed at the moment `caught` says.
    func killImport(when caught: @escaping () -> Bool) throws {
        let big = store.directory.appendingPathComponent("big.json").path
        _ = try Python.run("import subprocess, sys; subprocess.run(sys.argv[1:], check=True)",
                           [Repository.file("scripts/gen-export").path, "200", "30", "--output", big], timeout: 60)
        let running = try PaywallsProcess.Running(["import", big, "--store", store.path], in: store.directory)
        let deadline = Date().addingTimeInterval(60)
        while !caught() && running.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        running.kill()
        let killed = try running.wait()
        try #require(killed.killed, "the import ended before it could be killed: \(killed.standardError)")
    }

    /// Killed while its rows go into the write-ahead log: the sample stays current, and resolve answers it.
    @Test func anImportKilledBeforeItsCommitLeavesNoNewerImage() throws {
        try store.importExport()
        let sample = try answers()
        try killImport { (try? FileManager.default.attributesOfItem(atPath: self.store.databasePath + "-wal")[.size] as? Int).map { $0 > 1 << 20 } ?? false }
        #expect(try answers() == sample)
        if hasImage { try FileManager.default.removeItem(atPath: imagePath) }
        #expect(try answers() == sample)
    }

    /// Killed while it writes the image of what it committed: the sample's image is gone with the commit,
    /// so resolve reads the store and answers the new snapshot; the next import writes the image again.
    @Test func anImportKilledAfterItsCommitLeavesNoOlderImage() throws {
        try store.importExport()
        let request = [["--placement", "onboarding", "--locale", "pt_BR", "--profile-id", "p1"]]
        let sample = try answers(request)
        try killImport {
            ((try? FileManager.default.contentsOfDirectory(atPath: self.store.path)) ?? []).contains { $0.hasPrefix("resolution.image.") }
        }
        #expect(!hasImage)
        let committed = try answers(request)
        #expect(committed[0].hasPrefix("0\n") && committed != sample, "\(committed)")
        let again = try store.run(["import", store.directory.appendingPathComponent("big.json").path])
        #expect(again.status == 0, "\(again.standardError)")
        #expect(hasImage)
        #expect(!FileManager.default.fileExists(atPath: imagePath + ".tmp"), "the killed writer's temporary file is left")
        // An image of a megabyte or more is told in MB, to a tenth.
        let bytes = try #require(try FileManager.default.attributesOfItem(atPath: imagePath)[.size] as? Int)
        let tenths = (bytes + 50_000) / 100_000
        let status = try store.run(["status"]).outputLines
        #expect(bytes >= 1_000_000 && status.contains("image:    \(tenths / 10).\(tenths % 10) MB, read by a cold resolve instead of SQLite"), "\(status)")
        #expect(try answers(request) == committed)
    }
}
