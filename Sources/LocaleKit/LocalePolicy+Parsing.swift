/// A problem in a locale policy file, with the place it was found.
public struct LocalePolicyError: Error, Equatable, Sendable, CustomStringConvertible {
    public let source: String
    public let line: Int
    public let reason: String

    public init(source: String, line: Int, reason: String) {
        self.source = source
        self.line = line
        self.reason = reason
    }

    public var description: String { "\(source):\(line): \(reason)" }
}

extension LocalePolicy {
    /// Reads the policy file format: one directive per line, `#` starts a comment.
    ///
    ///     version 1
    ///     default en
    ///     alias zh-CHS zh-Hans
    ///     equivalent es ca
    public init(parsing text: String, source: String) throws(LocalePolicyError) {
        var policy = LocalePolicy.standard
        var version: Int?
        var defaultLine: Int?
        // "\r\n" is a single Character in Swift: split on both line endings.
        for (offset, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = offset + 1
            func fail(_ reason: String) -> LocalePolicyError { LocalePolicyError(source: source, line: line, reason: reason) }
            let words = rawLine.prefix { $0 != "#" }.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(String.init)
            guard let directive = words.first else { continue }
            if version == nil, directive != "version" { throw fail("the first directive must be 'version \(Self.supportedVersion)'") }
            let arguments = Array(words.dropFirst())
            func expect(_ count: Int, _ usage: String) throws(LocalePolicyError) {
                if arguments.count != count { throw fail("expected '\(usage)'") }
            }
            func tag(_ text: String) throws(LocalePolicyError) -> LanguageTag {
                do { return try LanguageTag(parsing: text) } catch { throw fail(error.description) }
            }
            switch directive {
            case "version":
                try expect(1, "version N")
                if version != nil { throw fail("'version' given twice") }
                guard let number = Int(arguments[0]), number == Self.supportedVersion else {
                    throw fail("unsupported policy version '\(arguments[0])' (this build reads version \(Self.supportedVersion))")
                }
                version = number
            case "default":
                try expect(1, "default TAG")
                if let first = defaultLine { throw fail("'default' given twice (first on line \(first))") }
                policy.defaultLocale = try tag(arguments[0]).identifier
                defaultLine = line
            case "alias":
                try expect(2, "alias FROM TO")
                let key = Self.aliasKey(arguments[0])
                if policy.aliases[key] != nil { throw fail("alias '\(arguments[0])' given twice") }
                policy.aliases[key] = try tag(arguments[1]).identifier
            case "equivalent":
                guard arguments.count >= 2 else { throw fail("expected 'equivalent LANGUAGE LANGUAGE...'") }
                var languages: [String] = []
                for text in arguments {
                    let parsed = try tag(text)
                    if parsed.identifier != parsed.language { throw fail("'\(text)' is not a bare language") }
                    // Kept as the language that stands for it in CLDR (`nb` as `no`), so that a group
                    // naming either one holds both.
                    let language = matchingLanguage(for: parsed.language)
                    if !languages.contains(language) { languages.append(language) }
                }
                for language in languages {
                    if policy.equivalentLanguages[language] != nil { throw fail("language '\(language)' is already in an equivalence") }
                    policy.equivalentLanguages[language] = languages[0]
                }
            default:
                throw fail("unknown directive '\(directive)' (expected version, default, alias or equivalent)")
            }
        }
        if version == nil { throw LocalePolicyError(source: source, line: 1, reason: "empty policy: 'version \(Self.supportedVersion)' is required") }
        self = policy
    }
}
