import LocaleKit

/// What the locale engine does with the tags users and exports send: parse and canonicalize each,
/// walk its CLDR parents into a fallback chain, explain it, tell its script's direction and match it
/// in every mode; then match against all of them as an export's localizations.
struct EnginePath {
    /// The documented example localizations, and Norwegian.
    static let available = ["en", "pt-br", "pt", "zh", "zh-hant", "es", "es-419", "sr", "sr-latn", "he", "de", "nb"]

    /// Built on first use, after the first input has been parsed: the first input meets ICU cold.
    private lazy var matchers = MatchMode.allCases.map { LocaleMatcher(available: Self.available, mode: $0) }

    mutating func run(_ inputs: [String]) {
        for input in inputs {
            let preference = Preference(input)
            if let tag = try? preference.tag.get() {
                _ = tag.minimized
                _ = tag.maximized.isRightToLeft
            }
            for matcher in matchers {
                _ = matcher.match([preference])
            }
        }
        // One matcher per mode over all the inputs: ICU's matcher costs more to build than to ask.
        for mode in MatchMode.allCases {
            _ = LocaleMatcher(available: inputs + ["en"], mode: mode).match(["en-US"] + inputs.prefix(1))
        }
    }
}
