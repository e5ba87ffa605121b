import Foundation

/// The corpus of broken exports in Tests/Fixtures/invalid-exports, shared by the decoder's tests and
/// the CLI's: the files, and for each the problems `expected.txt` says must be reported, in order
/// (`FILE: /pointer: reason`, one line per problem; `#` starts a comment line).
public enum InvalidExportCorpus {
    public static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/invalid-exports")

    public static func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    public static func expectedProblems() throws -> [String: [String]] {
        let text = try String(contentsOf: directory.appendingPathComponent("expected.txt"), encoding: .utf8)
        var expected: [String: [String]] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            expected[String(line[..<colon]), default: []].append(String(line[line.index(colon, offsetBy: 2)...]))
        }
        return expected
    }
}
