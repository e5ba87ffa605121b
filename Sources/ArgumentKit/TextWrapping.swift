/// Fills lines up to a width, breaking only between words: a word is never cut, and one longer than the
/// width has a line of its own. A character is taken to be a column (help text is written so).
enum TextWrapping {
    /// `units` (words, or whole usage fragments such as `[--locale <tag> ...]`) laid out in lines of at most
    /// `width` columns where they fit: the first line starts with `firstPrefix`, the others with `continuationIndent`
    /// spaces. Each line is returned without its newline; each but the last ends with `lineEnd` (`" \\"` for a
    /// shell command), which every line keeps room for.
    static func lines(of units: [String], width: Int, firstPrefix: String, continuationIndent: Int, lineEnd: String = "") -> [String] {
        let indent = String(repeating: " ", count: continuationIndent)
        var lines: [String] = []
        var line = firstPrefix
        var lineHasUnit = false
        for unit in units {
            if lineHasUnit, line.count + 1 + unit.count + lineEnd.count > width {
                lines.append(line + lineEnd)
                line = indent
                lineHasUnit = false
            }
            line += (lineHasUnit ? " " : "") + unit
            lineHasUnit = true
        }
        lines.append(line)
        return lines
    }

    /// A paragraph of text (spaces and line breaks between its words), filled as `lines(of:)` does.
    static func lines(of text: String, width: Int, firstPrefix: String = "", continuationIndent: Int = 0) -> [String] {
        lines(of: words(of: text), width: width, firstPrefix: firstPrefix, continuationIndent: continuationIndent)
    }

    /// The paragraphs of a text, each its lines joined: paragraphs are separated by an empty line.
    static func paragraphs(of text: String) -> [String] {
        var paragraphs: [String] = []
        var current: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " }) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(String(line))
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs
    }

    private static func words(of text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
    }
}
