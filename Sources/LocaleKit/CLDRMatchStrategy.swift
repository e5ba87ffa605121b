/// `cldr` mode: each preference walks its fallback chain; a chain element takes an available that
/// denotes the same locale (same likely subtags), preferring one spelled the same after canonicalization.
struct CLDRMatchStrategy: MatchStrategy {
    private struct Candidate {
        let index: Int
        let identifier: String
    }

    private let policy: LocalePolicy
    /// Availables grouped by the locale they denote, in export order.
    private let candidatesByKey: [MaximizedLocale: [Candidate]]

    init(available: [(index: Int, tag: LanguageTag)], policy: LocalePolicy) {
        self.policy = policy
        var candidates: [MaximizedLocale: [Candidate]] = [:]
        for (index, tag) in available {
            candidates[policy.matchKey(for: tag), default: []].append(Candidate(index: index, identifier: tag.base.identifier))
        }
        candidatesByKey = candidates
    }

    func answer(for preferences: [String]) -> StrategyAnswer {
        let parsed = parseLocales(preferences, policy: policy)
        var chain: [String] = []
        for (_, tag) in parsed.tags {
            let elements = FallbackChain(for: tag).elements
            chain += elements.map(\.identifier)
            for (position, element) in elements.enumerated() {
                if let index = bestCandidate(for: element) {
                    return StrategyAnswer(found: (index, position == 0 ? .exact : .fallback), chain: chain, skipped: parsed.skipped)
                }
            }
        }
        return StrategyAnswer(found: nil, chain: chain, skipped: parsed.skipped)
    }

    func availableIndex(servingDefault defaultLocale: String) -> Int? {
        guard let tag = try? policy.languageTag(for: defaultLocale) else { return nil }
        return bestCandidate(for: tag.base)
    }

    private func bestCandidate(for element: LanguageTag) -> Int? {
        guard let candidates = candidatesByKey[policy.matchKey(for: element)] else { return nil }
        return (candidates.first { $0.identifier == element.identifier } ?? candidates[0]).index
    }
}
