import FixtureSupport
import Foundation
import LocaleKit
import PaywallModel
import Testing

/// The corpus of broken exports in Tests/Fixtures/invalid-exports: each is refused, and the problems
/// listed are exactly those in expected.txt (`FILE: /pointer: reason`, one line per problem, and
/// `FILE: (more problems not listed)` when the list was cut at its limit).
@Suite struct InvalidExportCorpusTests {
    static func decode(_ file: String) throws -> Result<PaywallExport, InvalidExport> {
        let data = try Data(contentsOf: InvalidExportCorpus.directory.appendingPathComponent(file))
        let decoder = ExportDecoder(localeProblem: { localeKeyProblem($0) })
        return data.withUnsafeBytes { bytes in Result { () throws(InvalidExport) in try decoder.decode(bytes) } }
    }

    @Test func theCorpusIsLargeAndEveryFileHasExpectations() throws {
        let files = try InvalidExportCorpus.files()
        #expect(files.count >= 20)
        #expect(Set(files) == Set(try InvalidExportCorpus.expectedProblems().keys))
    }

    @Test(arguments: try InvalidExportCorpus.files())
    func isRefusedWithItsProblems(_ file: String) throws {
        guard case let .failure(invalid) = try Self.decode(file) else {
            Issue.record("\(file) was accepted")
            return
        }
        let listed = invalid.issues.map(\.description) + (invalid.truncated ? ["(more problems not listed)"] : [])
        #expect(listed == (try InvalidExportCorpus.expectedProblems()[file] ?? []), "\(file)")
    }

    @Test func theBaseOfTheCorpusIsValid() throws {
        let data = try Data(contentsOf: InvalidExportCorpus.directory.deletingLastPathComponent().appendingPathComponent("minimal-export.json"))
        let export = try data.withUnsafeBytes { bytes throws(InvalidExport) in
            try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes)
        }
        #expect(export.placements.map(\.id) == ["onboarding"])
        #expect(export.format == .paywallExport(version: 1))
    }
}
