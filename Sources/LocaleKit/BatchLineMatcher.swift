/// The engine behind `paywalls locale match --stdin`: answers lines `PREFS<TAB>AVAILABLES[<TAB>DEFAULT]`
/// (comma-separated lists) with the chosen locale.
///
/// Real traffic repeats itself (a few hundred device locales against a few dozen paywall locale sets),
/// so answers are memoized by the line's bytes, matchers by their availables and parsed preferences by
/// their text. Every cache is bounded, which keeps memory constant on any input.
public struct BatchLineMatcher {
    public struct Answer {
        /// The chosen locale's UTF-8 bytes, without a newline.
        public let locale: [UInt8]
        /// Problems with the line, for stderr; the answer is still given.
        public let warnings: [String]
    }

    private struct MemoizedAnswer {
        let line: [UInt8]
        let answer: Answer
    }

    private static let cacheLimit = 1 << 16
    private static let expectedShape = "expected PREFS<TAB>AVAILABLES[<TAB>DEFAULT]"

    private let mode: MatchMode
    private let policy: LocalePolicy
    private let defaultLocale: String
    private var answers: [UInt64: MemoizedAnswer] = [:]
    private var matchers: [String: LocaleMatcher] = [:]
    private var preferences: [String: Preference] = [:]

    /// - Parameter defaultLocale: the default for lines without a DEFAULT column.
    public init(mode: MatchMode, policy: LocalePolicy, defaultLocale: String? = nil) {
        self.mode = mode
        self.policy = policy
        self.defaultLocale = defaultLocale ?? policy.defaultLocale
    }

    /// Answers one line, given without its line break.
    public mutating func answer(line: UnsafeRawBufferPointer) -> Answer {
        let hash = Self.fnv1a(line)
        if let memo = answers[hash], memo.line.elementsEqual(line) { return memo.answer }
        let answer = computeAnswer(line: String(decoding: line, as: UTF8.self))
        if answers.count >= Self.cacheLimit { answers.removeAll(keepingCapacity: true) }
        answers[hash] = MemoizedAnswer(line: Array(line), answer: answer)
        return answer
    }

    private mutating func computeAnswer(line: String) -> Answer {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 2 || fields.count == 3 else {
            let problem = fields.count < 2 ? "no tab" : "\(fields.count) columns"
            return Answer(locale: Array(defaultLocale.utf8), warnings: ["malformed line (\(problem)): \(Self.expectedShape)"])
        }
        let lineDefault = fields.count == 3 ? fields[2].trimmingSpaces() : ""
        let matcher = matcher(available: String(fields[1]), defaultLocale: lineDefault.isEmpty ? defaultLocale : lineDefault)
        let parsed = localePreferences(in: String(fields[0])).map { preference(for: $0) }
        let match = matcher.match(parsed)
        let warnings = match.skippedPreferences.map { "skipped preference: \($0.reason)" }
            + matcher.unusableAvailables.map { "skipped available: \($0.reason)" }
        return Answer(locale: Array(match.matched.utf8), warnings: warnings)
    }

    private mutating func matcher(available list: String, defaultLocale: String) -> LocaleMatcher {
        let key = list + "\t" + defaultLocale
        if let matcher = matchers[key] { return matcher }
        let matcher = LocaleMatcher(available: availableLocales(in: list), defaultLocale: defaultLocale, mode: mode, policy: policy)
        if matchers.count >= Self.cacheLimit / 16 { matchers.removeAll(keepingCapacity: true) }
        matchers[key] = matcher
        return matcher
    }

    private mutating func preference(for input: String) -> Preference {
        if let preference = preferences[input] { return preference }
        let preference = Preference(input, policy: policy)
        if preferences.count >= Self.cacheLimit { preferences.removeAll(keepingCapacity: true) }
        preferences[input] = preference
        return preference
    }

    private static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return hash
    }
}
