/// `adapty` mode, the vendor's documented server rule: lowercase and `_` -> `-`, an exact match,
/// else the part before the first `-`, else the default. No validation, no aliases, no scripts.
struct AdaptyMatchStrategy: MatchStrategy {
    private let indexByNormalizedTag: [String: Int]

    let decidesEachPreferenceAlone = true

    init(available: [String]) {
        var indices: [String: Int] = [:]
        for (index, tag) in available.enumerated() where indices[Self.normalize(tag)] == nil {
            indices[Self.normalize(tag)] = index
        }
        indexByNormalizedTag = indices
    }

    func choice(for preferences: [Preference]) -> MatchChoice? {
        for (position, preference) in preferences.enumerated() {
            for (step, candidate) in Self.candidates(for: preference).enumerated() {
                if let index = indexByNormalizedTag[candidate] {
                    return MatchChoice(index: index, outcome: step == 0 ? .exact : .fallback, preference: position, step: step)
                }
            }
        }
        return nil
    }

    func fallbacks(after choice: MatchChoice, in preferences: [Preference]) -> [Int] {
        Self.candidates(for: preferences[choice.preference]).dropFirst(choice.step + 1).compactMap { indexByNormalizedTag[$0] }
    }

    func chain(for preferences: ArraySlice<Preference>) -> [String] {
        preferences.flatMap(Self.candidates(for:))
    }

    func availableIndex(servingDefault defaultLocale: String) -> Int? {
        indexByNormalizedTag[Self.normalize(defaultLocale)]
    }

    /// The preference as the rule spells it, then its language part when that differs.
    private static func candidates(for preference: Preference) -> [String] {
        let normalized = normalize(preference.input)
        guard !normalized.isEmpty else { return [] }
        let language = String(normalized.prefix { $0 != "-" })
        return language == normalized ? [normalized] : [normalized, language]
    }

    static func normalize(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}
