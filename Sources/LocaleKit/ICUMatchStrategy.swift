/// `icu` mode: ICU's distance-based best fit over the valid availables; falls to our default itself.
struct ICUMatchStrategy: MatchStrategy {
    private let policy: LocalePolicy
    private let matcher: ICULocaleMatcher?
    /// Positions in the export's list of the availables given to ICU, in ICU's order.
    private let availableIndices: [Int]
    private let keys: [MaximizedLocale]

    init(available: [Preference], policy: LocalePolicy) {
        self.policy = policy
        let usable = available.enumerated().compactMap { index, entry in (try? entry.tag.get()).map { (index, $0) } }
        availableIndices = usable.map(\.0)
        keys = usable.map { policy.matchKey(for: $0.1) }
        matcher = ICULocaleMatcher(supported: usable.map(\.1.identifier), defaultLocale: .none)
    }

    func answer(for preferences: [Preference]) -> StrategyAnswer {
        let skipped = preferences.compactMap(\.skipped)
        let desired = preferences.compactMap { try? $0.tag.get() }
        let chain = desired.map(\.identifier)
        guard let matcher, !desired.isEmpty, case let .supported(index, desiredIndex, _) = matcher.bestMatch(for: chain)
        else { return StrategyAnswer(found: nil, chain: chain, skipped: skipped) }
        let exact = desiredIndex >= 0 && keys[index] == policy.matchKey(for: desired[desiredIndex])
        return StrategyAnswer(found: (availableIndices[index], exact ? .exact : .fallback), chain: chain, skipped: skipped)
    }

    func availableIndex(servingDefault defaultLocale: String) -> Int? {
        guard let tag = try? policy.languageTag(for: defaultLocale) else { return nil }
        return keys.firstIndex(of: policy.matchKey(for: tag)).map { availableIndices[$0] }
    }
}
