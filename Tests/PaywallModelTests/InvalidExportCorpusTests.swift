import Foundation
import LocaleKit
import PaywallModel
import Testing

/// The corpus of broken exports in Tests/Fixtures/invalid-exports: each is refused, and the problems
/// listed are exactly those in expected.txt (`FILE: /pointer: reason`, one line per problem, and
/// `FILE: (more problems not listed)` when the list was cut at its limit).
@Suite struct InvalidExportCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/invalid-exports")

    static func expectations() throws -> [String: [String]] {
        let text = try String(contentsOf: directory.appendingPathComponent("expected.txt"), encoding: .utf8)
        var expected: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            expected[String(line[..<colon]), default: []].append(String(line[line.index(colon, offsetBy: 2)...]))
        }
        return expected
    }

    static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    static func decode(_ file: String) throws -> Result<PaywallExport, InvalidExport> {
        let data = try Data(contentsOf: directory.appendingPathComponent(file))
        let decoder = ExportDecoder(localeProblem: { localeKeyProblem($0) })
        return data.withUnsafeBytes { bytes in Result { () throws(InvalidExport) in try decoder.decode(bytes) } }
    }

    @Test func theCorpusIsLargeAndEveryFileHasExpectations() throws {
        let files = try Self.files()
        #expect(files.count >= 20)
        #expect(Set(files) == Set(try Self.expectations().keys))
    }

    @Test(arguments: try files())
    func isRefusedWithItsProblems(_ file: String) throws {
        guard case let .failure(invalid) = try Self.decode(file) else {
            Issue.record("\(file) was accepted")
            return
        }
        let listed = invalid.issues.map(\.description) + (invalid.truncated ? ["(more problems not listed)"] : [])
        #expect(listed == (try Self.expectations()[file] ?? []), "\(file)")
    }

    @Test func theBaseOfTheCorpusIsValid() throws {
        let data = try Data(contentsOf: Self.directory.deletingLastPathComponent().appendingPathComponent("minimal-export.json"))
        let export = try data.withUnsafeBytes { bytes throws(InvalidExport) in
            try ExportDecoder(localeProblem: { localeKeyProblem($0) }).decode(bytes)
        }
        #expect(export.placements.map(\.id) == ["onboarding"])
        #expect(export.format == .paywallExport(version: 1))
    }
}
