import FixtureSupport
import Foundation
import Testing

/// Every broken export of Tests/Fixtures/invalid-exports, imported through the CLI into a store that
/// already holds the sample: exit 65, every problem listed with its JSON pointer (as expected.txt says),
/// and the store exactly as it was: nothing lost, nothing published.
@Suite final class InvalidImportTests {
    let store: TemporaryStore

    init() throws {
        store = try TemporaryStore()
    }


    @Test func theCorpusIsThere() throws {
        let files = try InvalidExportCorpus.files()
        #expect(files.count >= 41)
        #expect(Set(files) == Set(try InvalidExportCorpus.expectedProblems().keys))
    }

    /// What a reader sees of the store: the snapshot list and a resolved bundle.
    private func observe() throws -> (snapshots: String, bundle: String) {
        let snapshots = try store.run(["snapshots", "--json"])
        try #require(snapshots.status == 0)
        let bundle = try store.run(["resolve", "--placement", "onboarding", "--locale", "pt-BR", "--profile-id", "profile-44"])
        try #require(bundle.status == 0)
        return (snapshots.standardOutput, bundle.standardOutput)
    }

    @Test(arguments: try InvalidExportCorpus.files())
    func isRefusedWithItsPointersAndChangesNothing(_ file: String) throws {
        let imported = try JSONDocument(try store.importExport().standardOutput)
        let before = try observe()
        let path = InvalidExportCorpus.directory.appendingPathComponent(file).path
        let expected = try #require(try InvalidExportCorpus.expectedProblems()[file])
        let problems = expected.filter { $0 != "(more problems not listed)" }
        let truncated = problems.count != expected.count

        let outcome = try store.run(["import", path])
        #expect(outcome.status == 65)
        #expect(outcome.standardOutput.isEmpty)
        let count = truncated ? "more than \(problems.count) problems" : "\(problems.count) problem\(problems.count == 1 ? "" : "s")"
        #expect(outcome.standardError.hasPrefix("error: \(path): invalid export (\(count)):\n"), "\(outcome.standardError.prefix(300))")
        // The first expected problem, then every other one, in order, each on its own line.
        let first = try #require(problems.first)
        #expect(outcome.standardError.contains("\n  \(first)\n"), "\(file): \(outcome.standardError.prefix(500))")
        var rest = Substring(outcome.standardError)
        for problem in problems {
            guard let found = rest.range(of: "\n  \(problem)\n") else {
                Issue.record("\(file): '\(problem)' is missing or out of order in: \(outcome.standardError.prefix(2000))")
                break
            }
            rest = rest[rest.index(before: found.upperBound)...]
        }

        let after = try observe()
        #expect(after.snapshots == before.snapshots)
        #expect(after.bundle == before.bundle)
        let snapshots = try JSONDocument(after.snapshots)
        #expect(snapshots.count("") == 1)
        #expect(snapshots.string("0/snapshot") == imported.string("snapshot"))
    }
}
