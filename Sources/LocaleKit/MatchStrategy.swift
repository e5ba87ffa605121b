/// What a matching mode found for a list of preferences, before the default is considered.
struct StrategyAnswer {
    /// The chosen available and how it was reached; nil when nothing but the default is left.
    var found: (index: Int, outcome: MatchOutcome)?
    var chain: [String]
    var skipped: [SkippedLocale]
}

/// One matching mode, built once over a set of available localizations.
protocol MatchStrategy: Sendable {
    func answer(for preferences: [Preference]) -> StrategyAnswer
    /// The available that stands for the default locale, if one does.
    func availableIndex(servingDefault defaultLocale: String) -> Int?
}
