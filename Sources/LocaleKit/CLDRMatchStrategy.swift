/// `cldr` mode: each preference walks its fallback chain; a chain element takes an available that
/// denotes the same locale (same likely subtags), preferring one spelled the same after canonicalization,
/// then one of the same language over one that only serves it (`no-NO` takes `no` over `nb`).
struct CLDRMatchStrategy: MatchStrategy {
    private struct Candidate {
        let index: Int
        let identifier: String
        let language: String
    }

    private let policy: LocalePolicy
    /// Availables grouped by the locale they denote, in export order.
    private let candidatesByKey: [MaximizedLocale: [Candidate]]

    let decidesEachPreferenceAlone = true

    /// - Parameter available: the availables' identities in export order, nil where one is unusable.
    init(available: [LocaleIdentity?], policy: LocalePolicy) {
        self.policy = policy
        var candidates: [MaximizedLocale: [Candidate]] = [:]
        for (index, identity) in available.enumerated() {
            guard let identity else { continue }
            candidates[policy.matchKey(for: identity), default: []]
                .append(Candidate(index: index, identifier: identity.identifier, language: identity.maximized.language))
        }
        candidatesByKey = candidates
    }

    func choice(for preferences: [Preference]) -> MatchChoice? {
        for (position, preference) in preferences.enumerated() {
            for (step, element) in preference.chain.enumerated() {
                if let index = bestCandidate(for: element) {
                    return MatchChoice(index: index, outcome: step == 0 ? .exact : .fallback, preference: position, step: step)
                }
            }
        }
        return nil
    }

    func fallbacks(after choice: MatchChoice, in preferences: [Preference]) -> [Int] {
        preferences[choice.preference].chain.dropFirst(choice.step + 1).compactMap(bestCandidate(for:))
    }

    func chain(for preferences: ArraySlice<Preference>) -> [String] {
        preferences.flatMap { $0.chain.map(\.identifier) }
    }

    func availableIndex(servingDefault defaultLocale: String) -> Int? {
        guard let tag = try? policy.languageTag(for: defaultLocale) else { return nil }
        return bestCandidate(for: tag.base)
    }

    private func bestCandidate(for element: LanguageTag) -> Int? {
        guard let candidates = candidatesByKey[policy.matchKey(for: element)] else { return nil }
        let best = candidates.first { $0.identifier == element.identifier }
            ?? candidates.first { $0.language == element.maximized.language } ?? candidates[0]
        return best.index
    }
}
