/// `icu` mode: what ICU's distance-based matcher answers, given the tags as written; falls to our
/// default itself. Any well-formed tag takes part, as in ICU: `und` and `und-TW`, private use
/// (`x-bork`), pseudo-locales (`en-XA`, `ar-PSBIDI`), which ICU never matches to a real locale.
struct ICUMatchStrategy: MatchStrategy {
    private let policy: LocalePolicy
    private let matcher: ICULocaleMatcher?
    /// Positions in the export's list of the availables given to ICU, in ICU's order.
    private let availableIndices: [Int]
    private let keys: [MaximizedLocale]
    /// The availables that are not well-formed, and why.
    let unusable: [SkippedLocale]

    let decidesEachPreferenceAlone = false

    init(available: [String], policy: LocalePolicy) {
        self.policy = policy
        var indices: [Int] = [], tags: [LanguageTag] = [], unusable: [SkippedLocale] = []
        for (index, input) in available.enumerated() {
            do throws(LanguageTagError) {
                tags.append(try policy.languageTag(for: input))
                indices.append(index)
            } catch {
                unusable.append(SkippedLocale(input: input, reason: error.description))
            }
        }
        availableIndices = indices
        keys = tags.map(policy.matchKey(for:))
        self.unusable = unusable
        matcher = ICULocaleMatcher(supported: tags.map(\.asWritten), defaultLocale: .none)
    }

    func choice(for preferences: [Preference]) -> MatchChoice? {
        // ICU weighs the whole list at once; remember where each usable preference stood.
        let desired = preferences.enumerated().compactMap { position, preference in
            (try? preference.wellFormedTag.get()).map { (position: position, tag: $0) }
        }
        guard let matcher, !desired.isEmpty,
              case let .supported(index, desiredIndex, _) = matcher.bestMatch(for: desired.map(\.tag.asWritten))
        else { return nil }
        let winner = desired[max(desiredIndex, 0)]
        let exact = keys[index] == policy.matchKey(for: winner.tag)
        return MatchChoice(index: availableIndices[index], outcome: exact ? .exact : .fallback, preference: winner.position, step: 0)
    }

    /// ICU answers with one locale and no chain: only the default follows it.
    func fallbacks(after choice: MatchChoice, in preferences: [Preference]) -> [Int] {
        []
    }

    func chain(for preferences: ArraySlice<Preference>) -> [String] {
        preferences.compactMap { try? $0.wellFormedTag.get().identifier }
    }

    /// `und` names no locale, so no available stands for it: it stays the default as given, as in ICU.
    func availableIndex(servingDefault defaultLocale: String) -> Int? {
        guard let tag = try? policy.matchableTag(for: defaultLocale) else { return nil }
        return keys.firstIndex(of: policy.matchKey(for: tag)).map { availableIndices[$0] }
    }
}
