import FixtureSupport
import Foundation

/// The README and the pages of `docs/` as text, and the parts of them the documentation tests run or
/// check: the tour's commands, the README's locale table, and every `paywalls ...` command line quoted.
struct DocumentationText {
    let name: String
    let text: String

    static func file(_ path: String) throws -> DocumentationText {
        DocumentationText(name: path, text: try String(contentsOf: Repository.file(path), encoding: .utf8))
    }

    static let readme = Result { try file("README.md") }

    /// README.md and every Markdown page of docs/.
    static func all() throws -> [DocumentationText] {
        let pages = try FileManager.default.contentsOfDirectory(atPath: Repository.file("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted()
        return try [file("README.md")] + pages.map { try file("docs/" + $0) }
    }

    var lines: [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    /// The lines between `<!-- MARKER` and `<!-- /MARKER -->`.
    func section(_ marker: String) -> [Substring] {
        let all = lines
        guard let start = all.firstIndex(where: { $0.hasPrefix("<!-- \(marker)") }),
              let end = all[start...].firstIndex(where: { $0.hasPrefix("<!-- /\(marker) -->") }) else { return [] }
        return Array(all[(start + 1)..<end])
    }

    /// The tour's commands: each `$ ` line of the section marked `tour`, without the prompt.
    var tourCommands: [String] {
        section("tour").filter { $0.hasPrefix("$ ") }.map { String($0.dropFirst(2)) }
    }

    /// The rows of the table marked `why-table`: the cells of each, as written.
    var whyTableRows: [[String]] {
        section("why-table").filter { $0.hasPrefix("| `") }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The first code span of a table cell (`zh-hant`: ...), if it has one.
    static func firstCodeSpan(_ cell: String) -> String? {
        let parts = cell.split(separator: "`", omittingEmptySubsequences: false)
        return parts.count >= 3 ? String(parts[1]) : nil
    }

    /// The info strings of fenced blocks that hold shell command lines.
    static let shellBlocks: Set<Substring> = ["", "console", "sh", "bash", "shell"]

    /// Every command line that runs `paywalls`, with the line it is on: each code span that holds one,
    /// and each line of a fenced shell block. The words after `paywalls` up to the end of the command (a
    /// pipe, a redirection, a comment).
    var commandMentions: [(line: Int, words: [String])] {
        var mentions: [(Int, [String])] = []
        var block: Substring?
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") {
                block = block == nil ? trimmed.dropFirst(3) : nil
                continue
            }
            if let info = block, !Self.shellBlocks.contains(info) { continue }
            let texts = block != nil ? [String(line)] : Self.codeSpans(in: String(line))
            for text in texts {
                for words in Self.paywallsCommands(in: text) { mentions.append((index + 1, words)) }
            }
        }
        return mentions
    }

    private static func codeSpans(in line: String) -> [String] {
        let parts = line.split(separator: "`", omittingEmptySubsequences: false)
        return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
    }

    /// The words after each `paywalls` that starts a command (not a path's last part, a unit's name or
    /// a word of prose), in `text`.
    private static func paywallsCommands(in text: String) -> [[String]] {
        let words = text.replacingOccurrences(of: "\\|", with: "|").split(separator: " ").map(String.init)
        let ends: Set<String> = ["|", "||", "&&", ";", "#", "&"]
        return words.indices.filter { words[$0] == "paywalls" }.map { start in
            let rest = words[(start + 1)...]
            let end = rest.firstIndex { ends.contains($0) || $0.hasPrefix(">") || $0.hasPrefix("2>") } ?? rest.endIndex
            return Array(rest[..<end])
        }
    }
}
