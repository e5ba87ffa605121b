import Foundation

/// The inputs a fuzz target of FuzzTesting/ once failed on, kept in Tests/Fixtures/fuzz-regressions/TARGET/, each
/// with what its reader must answer now, in the folder's `expected.txt` (`FILE: answer`, one line per input; `#`
/// starts a comment line). The suite of each reader runs it on every input of its target.
public enum FuzzRegressions {
    public static func directory(_ target: String) -> URL {
        Repository.fixture("fuzz-regressions").appendingPathComponent(target)
    }

    /// The inputs' file names.
    public static func files(_ target: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory(target).path).filter { $0 != "expected.txt" }.sorted()
    }

    public static func bytes(_ target: String, _ file: String) throws -> [UInt8] {
        Array(try Data(contentsOf: directory(target).appendingPathComponent(file)))
    }

    /// The answer `expected.txt` gives for each input.
    public static func expected(_ target: String) throws -> [String: String] {
        let text = try String(contentsOf: directory(target).appendingPathComponent("expected.txt"), encoding: .utf8)
        var expected: [String: String] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            expected[String(line[..<colon])] = String(line[line.index(colon, offsetBy: 2)...])
        }
        return expected
    }
}
