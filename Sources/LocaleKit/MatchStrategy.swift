/// The available a matching mode chose, how it was reached, and which preference decided.
struct MatchChoice {
    let index: Int
    let outcome: MatchOutcome
    /// The deciding preference's position in the list matched.
    let preference: Int
    /// How far down that preference's chain the choice was found (0: the preference itself).
    let step: Int
}

/// One matching mode, built once over a set of available localizations. Choosing is the hot path;
/// the chain, which explains a choice, is built only when asked for.
protocol MatchStrategy: Sendable {
    /// Whether a list's choice is always the first choice of its preferences taken one at a time
    /// (true of `cldr` and `adapty`; `icu` weighs the list as a whole).
    var decidesEachPreferenceAlone: Bool { get }
    /// The available chosen for the preferences; nil when nothing but the default is left.
    func choice(for preferences: [Preference]) -> MatchChoice?
    /// The availables that the rest of the deciding preference's chain reaches after `choice`, in
    /// order: where content missing in the chosen localization comes from, before the default.
    func fallbacks(after choice: MatchChoice, in preferences: [Preference]) -> [Int]
    /// The locales walked for these preferences, in order.
    func chain(for preferences: ArraySlice<Preference>) -> [String]
    /// The available that stands for the default locale, if one does.
    func availableIndex(servingDefault defaultLocale: String) -> Int?
}
