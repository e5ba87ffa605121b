/// `icu` mode: ICU's distance-based best fit over the valid availables; falls to our default itself.
struct ICUMatchStrategy: MatchStrategy {
    private let policy: LocalePolicy
    private let matcher: ICULocaleMatcher?
    /// Positions in the export's list of the availables given to ICU, in ICU's order.
    private let availableIndices: [Int]
    private let keys: [MaximizedLocale]

    init(available: [(index: Int, tag: LanguageTag)], policy: LocalePolicy) {
        self.policy = policy
        availableIndices = available.map(\.index)
        keys = available.map { policy.matchKey(for: $0.tag) }
        matcher = ICULocaleMatcher(supported: available.map(\.tag.identifier), defaultLocale: .none)
    }

    func answer(for preferences: [String]) -> StrategyAnswer {
        let parsed = parseLocales(preferences, policy: policy)
        let desired = parsed.tags.map(\.tag)
        let chain = desired.map(\.identifier)
        guard let matcher, !desired.isEmpty,
              case let .supported(index, desiredIndex, _) = matcher.bestMatch(for: chain.map { $0 })
        else { return StrategyAnswer(found: nil, chain: chain, skipped: parsed.skipped) }
        let exact = desiredIndex >= 0 && keys[index] == policy.matchKey(for: desired[desiredIndex])
        return StrategyAnswer(found: (availableIndices[index], exact ? .exact : .fallback), chain: chain, skipped: parsed.skipped)
    }

    func availableIndex(servingDefault defaultLocale: String) -> Int? {
        guard let tag = try? policy.languageTag(for: defaultLocale) else { return nil }
        return keys.firstIndex(of: policy.matchKey(for: tag)).map { availableIndices[$0] }
    }
}
