import FixtureSupport
import Foundation

/// ICU 72.1's own test data, kept unchanged in `Tests/Fixtures/icu-72` (see the README there).
enum ICUTestData {
    /// The file's lines with comments (`#` to the end of the line) and surrounding spaces removed,
    /// numbered from 1, empty lines left out.
    static func lines(of name: String) throws -> [(number: Int, text: String)] {
        let text = try String(contentsOf: Repository.fixture("icu-72/\(name)"), encoding: .utf8)
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated().compactMap { offset, line in
            let content = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            return content.isEmpty ? nil : (offset + 1, content)
        }
    }
}
