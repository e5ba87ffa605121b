/// `icu` mode: ICU's distance-based best fit over the valid availables; falls to our default itself.
struct ICUMatchStrategy: MatchStrategy {
    private let policy: LocalePolicy
    private let matcher: ICULocaleMatcher?
    /// Positions in the export's list of the availables given to ICU, in ICU's order.
    private let availableIndices: [Int]
    private let keys: [MaximizedLocale]

    let decidesEachPreferenceAlone = false

    /// - Parameter available: the availables' identities in export order, nil where one is unusable.
    init(available: [LocaleIdentity?], policy: LocalePolicy) {
        self.policy = policy
        let usable = available.enumerated().compactMap { index, identity in identity.map { (index, $0) } }
        availableIndices = usable.map(\.0)
        keys = usable.map { policy.matchKey(for: $0.1.maximized) }
        matcher = ICULocaleMatcher(supported: usable.map(\.1.identifier), defaultLocale: .none)
    }

    func choice(for preferences: [Preference]) -> MatchChoice? {
        // ICU weighs the whole list at once; remember where each valid preference stood.
        let desired = preferences.enumerated().compactMap { position, preference in
            (try? preference.tag.get()).map { (position: position, tag: $0) }
        }
        guard let matcher, !desired.isEmpty,
              case let .supported(index, desiredIndex, _) = matcher.bestMatch(for: desired.map(\.tag.identifier))
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
        preferences.compactMap { try? $0.tag.get().identifier }
    }

    func availableIndex(servingDefault defaultLocale: String) -> Int? {
        guard let tag = try? policy.languageTag(for: defaultLocale) else { return nil }
        return keys.firstIndex(of: policy.matchKey(for: tag)).map { availableIndices[$0] }
    }
}
