/// How preferences are matched against available localizations (docs/locales.md, Matching modes).
public enum MatchMode: String, CaseIterable, Sendable {
    /// Explainable CLDR fallback chains; never crosses languages. The default.
    case cldr
    /// The vendor's documented server rule: lowercase, exact, then the language part, then the default.
    case adapty
    /// `icu::LocaleMatcher` best fit with ICU's defaults (distance based; may cross languages).
    case icu

    /// The preferences this mode cannot use, and why: `icu` takes any well-formed tag (`und` too),
    /// `adapty` validates nothing but emptiness.
    public func skipped(_ preferences: [Preference]) -> [SkippedLocale] {
        switch self {
        case .cldr:
            return preferences.compactMap(\.skipped)
        case .icu:
            return preferences.compactMap(\.skippedByICU)
        case .adapty:
            return preferences.filter { AdaptyMatchStrategy.normalize($0.input).isEmpty }
                .map { SkippedLocale(input: $0.input, reason: LanguageTagError.empty.description) }
        }
    }
}

/// Whether the chosen localization is the one asked for, one it falls back to, or the default.
public enum MatchOutcome: String, Sendable {
    case exact
    case fallback
    case `default`
}

/// A preference or available locale that could not take part, and why.
public struct SkippedLocale: Sendable, Equatable, CustomStringConvertible {
    public let input: String
    public let reason: String

    public var description: String { reason }
}

/// The answer to "which localization does this user get".
public struct LocaleMatch: Sendable, Equatable {
    /// The chosen localization, spelled as the export spelled it (or the default as given).
    public let matched: String
    /// Its position among the availables; nil when the default is not one of them.
    public let availableIndex: Int?
    public let outcome: MatchOutcome
    /// The locales walked, in order: each preference's fallback chain, then the default.
    public let chain: [String]
    public let mode: MatchMode
    /// Preferences that were skipped because they are not usable tags.
    public let skippedPreferences: [SkippedLocale]
    /// The availables to take content from, most specific first: the match, the availables later in
    /// its chain, then the default (`pt-br`, `pt`, `en` for `pt_BR`). Strings merge along this order.
    public let fallbackOrder: [Int]
}
