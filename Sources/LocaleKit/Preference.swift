/// One entry of a user's preference list, parsed once and reusable across matchers: the tag and its
/// fallback chain cost ICU calls, a match against a prepared matcher costs only lookups.
public struct Preference: Sendable, Equatable {
    public let input: String
    /// The parsed tag, or why the preference cannot take part.
    public let tag: Result<LanguageTag, LanguageTagError>
    /// The `cldr` fallback chain of the tag; empty when it did not parse.
    public let chain: [LanguageTag]

    public init(_ input: String, policy: LocalePolicy = .standard) {
        self.input = input
        tag = Result { () throws(LanguageTagError) in try policy.matchableTag(for: input) }
        chain = (try? tag.get()).map { FallbackChain(for: $0).elements } ?? []
    }

    var skipped: SkippedLocale? {
        guard case let .failure(error) = tag else { return nil }
        return SkippedLocale(input: input, reason: error.description)
    }
}

extension LocalePolicy {
    /// A tag that can take part in matching: valid, and naming a language (not `und`).
    func matchableTag(for input: String) throws(LanguageTagError) -> LanguageTag {
        let tag = try languageTag(for: input)
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
