/// Locale rules a team may adjust without a new build, read from `locales/policy.txt` (see docs/locales.md):
/// the default locale, extra aliases ICU does not know, and languages that serve each other.
public struct LocalePolicy: Sendable, Equatable {
    public static let supportedVersion = 1
    /// Pure CLDR behaviour ending at `en`: what applies when no policy file is given.
    public static let standard = LocalePolicy(defaultLocale: "en", aliases: [:], equivalentLanguages: [:])

    /// Where every chain ends when a paywall names no default of its own.
    public var defaultLocale: String
    /// Replacement tags keyed by the alias in lower case with `-` separators (`zh-chs` -> `zh-Hans`).
    public var aliases: [String: String]
    /// Each language mapped to the language that stands for its group (`ca` -> `es`). Languages are
    /// those that stand for themselves in CLDR matching (`no`, never `nb`: see `matchKey(for:)`).
    public var equivalentLanguages: [String: String]

    public init(defaultLocale: String, aliases: [String: String], equivalentLanguages: [String: String]) {
        self.defaultLocale = defaultLocale
        self.aliases = aliases
        self.equivalentLanguages = equivalentLanguages
    }

    /// Parses a preference or an available locale, applying this policy's aliases before CLDR's.
    public func languageTag(for input: String) throws(LanguageTagError) -> LanguageTag {
        if !aliases.isEmpty, let replacement = aliases[Self.aliasKey(input)] {
            return try LanguageTag(parsing: replacement)
        }
        return try LanguageTag(parsing: input)
    }

    /// The value two tags must share to denote the same locale under this policy: their likely subtags,
    /// with the languages CLDR makes one (`nb` is `no`) and then the policy's equivalences merged.
    public func matchKey(for tag: LanguageTag) -> MaximizedLocale {
        matchKey(for: tag.maximized)
    }

    public func matchKey(for maximized: MaximizedLocale) -> MaximizedLocale {
        matchKey(for: maximized, matchingLanguage: matchingLanguage(for: maximized.language))
    }

    /// The key of an identity worked out beforehand, its matching language included.
    public func matchKey(for identity: LocaleIdentity) -> MaximizedLocale {
        matchKey(for: identity.maximized, matchingLanguage: identity.matchingLanguage)
    }

    private func matchKey(for maximized: MaximizedLocale, matchingLanguage: String) -> MaximizedLocale {
        var key = maximized
        key.language = equivalentLanguages[matchingLanguage] ?? matchingLanguage
        return key
    }

    /// Whether this policy reads `input` through one of its own aliases.
    func hasAlias(for input: String) -> Bool {
        !aliases.isEmpty && aliases[Self.aliasKey(input)] != nil
    }

    static func aliasKey(_ input: String) -> String {
        String(input.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}
