/// Chooses, for a user's ordered locale preferences, one of a fixed set of available localizations.
///
/// Built once per set of availables (the work of parsing them is done here) and then reused; it holds
/// no mutable state and is safe to share between threads.
public final class LocaleMatcher: Sendable {
    public let available: [String]
    public let defaultLocale: String
    public let mode: MatchMode
    public let policy: LocalePolicy
    /// Availables that `cldr` and `icu` cannot match: invalid tags, and for `cldr` tags without a language.
    public let unusableAvailables: [SkippedLocale]

    private let strategy: any MatchStrategy
    private let defaultIndex: Int?

    /// - Parameters:
    ///   - identities: the availables' identities worked out beforehand (at import), in the same order,
    ///     for `cldr`; an available the policy aliases is parsed again all the same. `icu` reads the
    ///     availables as written.
    ///   - defaultLocale: what every chain ends at; the policy's default when nil.
    public init(available: [String], identities: [LocaleIdentity?]? = nil, defaultLocale: String? = nil, mode: MatchMode = .cldr,
                policy: LocalePolicy = .standard) {
        self.available = available
        self.defaultLocale = defaultLocale ?? policy.defaultLocale
        self.mode = mode
        self.policy = policy
        switch mode {
        case .adapty:
            strategy = AdaptyMatchStrategy(available: available)
            unusableAvailables = []
        case .icu:
            let icu = ICUMatchStrategy(available: available, policy: policy)
            strategy = icu
            unusableAvailables = icu.unusable
        case .cldr:
            var known: [LocaleIdentity?] = []
            var unusable: [SkippedLocale] = []
            for (index, input) in available.enumerated() {
                if let identities, identities.count == available.count, let identity = identities[index], !policy.hasAlias(for: input) {
                    known.append(identity)
                    continue
                }
                do throws(LanguageTagError) {
                    known.append(LocaleIdentity(try policy.matchableTag(for: input)))
                } catch {
                    known.append(nil)
                    unusable.append(SkippedLocale(input: input, reason: error.description))
                }
            }
            strategy = CLDRMatchStrategy(available: known, policy: policy)
            unusableAvailables = unusable
        }
        defaultIndex = strategy.availableIndex(servingDefault: self.defaultLocale)
    }

    public func match(_ preferences: [String]) -> LocaleMatch {
        match(preferences.map { Preference($0, policy: policy) })
    }

    /// Matches preferences parsed beforehand, with the policy this matcher was built with.
    public func match(_ preferences: [Preference]) -> LocaleMatch {
        let choice = strategy.choice(for: preferences)
        let walked = choice.map { preferences[...$0.preference] } ?? preferences[...]
        // Every chain ends at the default, also when it was not reached: it is where the walk would end.
        var chain = strategy.chain(for: walked)
        if chain.last != defaultLocale { chain.append(defaultLocale) }
        let skipped = mode.skipped(preferences)
        guard let choice else {
            return LocaleMatch(matched: defaultMatch, availableIndex: defaultIndex, outcome: .default,
                               chain: chain, mode: mode, skippedPreferences: skipped, fallbackOrder: defaultIndex.map { [$0] } ?? [])
        }
        var order: [Int] = []
        for index in [choice.index] + strategy.fallbacks(after: choice, in: preferences) + (defaultIndex.map { [$0] } ?? [])
        where !order.contains(index) {
            order.append(index)
        }
        return LocaleMatch(matched: available[choice.index], availableIndex: choice.index, outcome: choice.outcome,
                           chain: chain, mode: mode, skippedPreferences: skipped, fallbackOrder: order)
    }

    /// Only the position of the chosen available, nil for the default: the fast path for batch
    /// matching, with no explanation built.
    public func availableIndex(for preferences: [Preference]) -> Int? {
        strategy.choice(for: preferences)?.index
    }

    /// Whether the choice for a list is always the first choice of its preferences taken one at a
    /// time, so that a caller may remember choices per preference (`cldr` and `adapty`).
    public var decidesEachPreferenceAlone: Bool {
        strategy.decidesEachPreferenceAlone
    }

    /// The default as an available spells it, when one stands for it, else as given.
    public var defaultMatch: String {
        defaultIndex.map { available[$0] } ?? defaultLocale
    }
}
