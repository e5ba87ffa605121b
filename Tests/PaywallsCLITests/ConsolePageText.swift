import Foundation

/// A console page's HTML as the contract reads it (docs/contracts.md, the console): its start tags with their
/// attributes, in order. The console writes every attribute value in double quotes with `"` and `<` escaped, so a
/// tag ends at the first `>` outside a value.
struct ConsolePageText {
    struct Tag {
        let name: String
        let attributes: [String: String]
        /// Where the tag ends in `text`.
        let end: String.Index
    }

    let text: String
    let tags: [Tag]

    init(_ text: String) {
        self.text = text
        var tags: [Tag] = []
        let tag = /<([a-z0-9]+)((?:\s+[a-z-]+="[^"]*")*)\s*>/
        let attribute = /([a-z-]+)="([^"]*)"/
        for match in text.matches(of: tag) {
            var attributes: [String: String] = [:]
            for pair in match.output.2.matches(of: attribute) { attributes[String(pair.output.1)] = Self.unescaped(String(pair.output.2)) }
            tags.append(Tag(name: String(match.output.1), attributes: attributes, end: match.range.upperBound))
        }
        self.tags = tags
    }

    /// The tags that have `attribute`.
    func tags(with attribute: String) -> [Tag] {
        tags.filter { $0.attributes[attribute] != nil }
    }

    /// The tags with `attribute` between the end of `tag` and its element's end (`</name>` of the same name, not nested).
    func tags(with attribute: String, inside tag: Tag) -> [Tag] {
        let end = text[tag.end...].range(of: "</\(tag.name)>")?.lowerBound ?? text.endIndex
        return tags.filter { $0.attributes[attribute] != nil && $0.end > tag.end && $0.end <= end }
    }

    /// The text of the first `<bdi>` after `tag` (and after `marker` in it), unescaped: where a card writes a string's or a
    /// value's text.
    func isolatedText(after tag: Tag, following marker: String = "") -> String? {
        guard let start = text[tag.end...].range(of: marker + "<bdi>")?.upperBound, let end = text[start...].range(of: "</bdi>")?.lowerBound else { return nil }
        return Self.unescaped(String(text[start..<end]))
    }

    /// As the console escapes text.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
}
