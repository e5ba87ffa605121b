import Foundation

/// ICU 72 test data shipped beside the repository in `../shared/testdata` (CI has the same copy).
enum SharedTestData {
    /// `$PAYWALLS_SHARED_DIR/testdata`, else `<repository>/../shared/testdata`.
    static var directory: URL {
        if let shared = ProcessInfo.processInfo.environment["PAYWALLS_SHARED_DIR"] {
            return URL(fileURLWithPath: shared).appendingPathComponent("testdata")
        }
        return repository.deletingLastPathComponent().appendingPathComponent("shared/testdata")
    }

    /// This repository's root.
    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The file's lines with comments (`#` to the end of the line) and surrounding spaces removed,
    /// numbered from 1, empty lines left out.
    struct Missing: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "ICU test data \(path) not found: keep shared/ beside the repository or set PAYWALLS_SHARED_DIR"
        }
    }

    static func lines(of name: String) throws -> [(number: Int, text: String)] {
        let file = directory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: file.path) else { throw Missing(path: file.path) }
        let text = try String(contentsOf: file, encoding: .utf8)
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated().compactMap { offset, line in
            let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            return content.isEmpty ? nil : (offset + 1, content)
        }
    }
}
