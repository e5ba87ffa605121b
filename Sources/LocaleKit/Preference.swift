/// One entry of a user's preference list, parsed once and reusable across matchers: the tag and its
/// fallback chain cost ICU calls, a match against a prepared matcher costs only lookups.
public struct Preference: Sendable, Equatable {
    public let input: String
    /// The tag for `--mode icu`, where being well-formed is enough: ICU's matcher also takes `und`,
    /// `und-TW` and private use (`x-bork`).
    let wellFormedTag: Result<LanguageTag, LanguageTagError>
    /// The `cldr` fallback chain of the tag; empty when it did not parse.
    public let chain: [LanguageTag]

    public init(_ input: String, policy: LocalePolicy = .standard) {
        self.input = input
        wellFormedTag = Result { () throws(LanguageTagError) in try policy.languageTag(for: input) }
        chain = (try? Self.matchable(wellFormedTag, input: input).get()).map { FallbackChain(for: $0).elements } ?? []
    }

    /// The parsed tag, or why the preference cannot take part in `cldr` matching (`und` names no language).
    /// Worked out on each use rather than kept: batch matching copies preferences by the million.
    public var tag: Result<LanguageTag, LanguageTagError> {
        Self.matchable(wellFormedTag, input: input)
    }

    private static func matchable(_ tag: Result<LanguageTag, LanguageTagError>, input: String) -> Result<LanguageTag, LanguageTagError> {
        tag.flatMap { parsed in Result { () throws(LanguageTagError) in try LocalePolicy.matchable(parsed, input: input) } }
    }

    /// Why `cldr` cannot use the preference, if it cannot.
    var skipped: SkippedLocale? {
        Self.skipped(input, tag)
    }

    /// Why `icu` cannot use the preference: only when it is not even well-formed.
    var skippedByICU: SkippedLocale? {
        Self.skipped(input, wellFormedTag)
    }

    private static func skipped(_ input: String, _ tag: Result<LanguageTag, LanguageTagError>) -> SkippedLocale? {
        guard case let .failure(error) = tag else { return nil }
        return SkippedLocale(input: input, reason: error.description)
    }
}

extension LocalePolicy {
    /// A tag that can take part in matching: valid, and naming a language (not `und`).
    func matchableTag(for input: String) throws(LanguageTagError) -> LanguageTag {
        try Self.matchable(languageTag(for: input), input: input)
    }

    static func matchable(_ tag: LanguageTag, input: String) throws(LanguageTagError) -> LanguageTag {
        if tag.language == "und" { throw .noLanguage(input: input) }
        return tag
    }
}

/// What is wrong with a locale as an export spells it (a localization key, a default locale), or nil
/// when it is a tag that can take part in matching.
public func localeKeyProblem(_ key: String, policy: LocalePolicy = .standard) -> String? {
    do throws(LanguageTagError) {
        _ = try policy.matchableTag(for: key)
        return nil
    } catch {
        return error.description
    }
}
