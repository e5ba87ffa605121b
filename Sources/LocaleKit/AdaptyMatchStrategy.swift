/// `adapty` mode, the vendor's documented server rule: lowercase and `_` -> `-`, an exact match,
/// else the part before the first `-`, else the default. No validation, no aliases, no scripts.
struct AdaptyMatchStrategy: MatchStrategy {
    private let indexByNormalizedTag: [String: Int]

    init(available: [String]) {
        var indices: [String: Int] = [:]
        for (index, tag) in available.enumerated() where indices[Self.normalize(tag)] == nil {
            indices[Self.normalize(tag)] = index
        }
        indexByNormalizedTag = indices
    }

    func answer(for preferences: [Preference]) -> StrategyAnswer {
        var chain: [String] = []
        var skipped: [SkippedLocale] = []
        for preference in preferences.map(\.input) {
            let normalized = Self.normalize(preference)
            if normalized.isEmpty {
                skipped.append(SkippedLocale(input: preference, reason: LanguageTagError.empty.description))
                continue
            }
            chain.append(normalized)
            if let index = indexByNormalizedTag[normalized] {
                return StrategyAnswer(found: (index, .exact), chain: chain, skipped: skipped)
            }
            let language = String(normalized.prefix { $0 != "-" })
            if language != normalized {
                chain.append(language)
                if let index = indexByNormalizedTag[language] {
                    return StrategyAnswer(found: (index, .fallback), chain: chain, skipped: skipped)
                }
            }
        }
        return StrategyAnswer(found: nil, chain: chain, skipped: skipped)
    }

    func availableIndex(servingDefault defaultLocale: String) -> Int? {
        indexByNormalizedTag[Self.normalize(defaultLocale)]
    }

    private static func normalize(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }
}
