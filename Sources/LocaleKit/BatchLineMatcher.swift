import Basics

/// The engine behind `paywalls locale match --stdin`: answers lines `PREFS<TAB>AVAILABLES[<TAB>DEFAULT]`
/// (comma-separated lists) with the chosen locale.
///
/// Real traffic repeats itself: a few hundred device locales in tens of thousands of preference lists,
/// against a few dozen paywall locale sets. So each distinct AVAILABLES[<TAB>DEFAULT] gets one
/// `LocaleMatcher`, each distinct PREFS one parsed list, each distinct preference one parse, and each
/// pair of list and matcher one answer; where the mode allows it (`cldr`, `adapty`), choices are also
/// remembered per preference and matcher, so that a new list costs a few integer lookups. Every table
/// is bounded (all are emptied together when one is full), which keeps memory constant on any input.
public struct BatchLineMatcher {
    public struct Answer {
        /// The chosen locale's UTF-8 bytes, without a newline.
        public let locale: [UInt8]
        /// Problems with the line, for stderr; the answer is still given.
        public let warnings: [String]
    }

    private struct PreparedMatcher {
        let matcher: LocaleMatcher
        let availableSpellings: [[UInt8]]
        let defaultSpelling: [UInt8]
        let warnings: [String]
    }

    private struct PreparedList {
        let preferenceIDs: [Int]
        let preferences: [Preference]
        let warnings: [String]
    }

    private static let tableLimit = 1 << 18
    private static let expectedShape = "expected PREFS<TAB>AVAILABLES[<TAB>DEFAULT]"
    private static let tab = UInt8(ascii: "\t")

    private let mode: MatchMode
    private let policy: LocalePolicy
    private let defaultLocale: String

    private var matcherIDs = ByteKeyedTable<Int>()
    private var matchers: [PreparedMatcher] = []
    private var listIDs = ByteKeyedTable<Int>()
    private var lists: [PreparedList] = []
    private var preferenceIDs = ByteKeyedTable<Int>()
    private var preferences: [Preference] = []
    /// Keyed by matcher and preference ID: the available's position, or -1 for none.
    private var choices = HashSlots<Int32>()
    /// Keyed by matcher and list ID.
    private var answers = HashSlots<Answer>()

    /// - Parameter defaultLocale: the default for lines without a DEFAULT column.
    public init(mode: MatchMode, policy: LocalePolicy, defaultLocale: String? = nil) {
        self.mode = mode
        self.policy = policy
        self.defaultLocale = defaultLocale ?? policy.defaultLocale
    }

    /// Answers one line, given without its line break.
    public mutating func answer(line: UnsafeRawBufferPointer) -> Answer {
        guard let tab = line.firstIndex(ofByte: Self.tab) else { return malformed("no tab") }
        let preferenceField = UnsafeRawBufferPointer(rebasing: line[..<tab])
        let matcherFields = UnsafeRawBufferPointer(rebasing: line[(tab + 1)...])
        if let second = matcherFields.firstIndex(ofByte: Self.tab), matcherFields.firstIndex(ofByte: Self.tab, from: second + 1) != nil {
            return malformed("\(line.lazy.filter { $0 == Self.tab }.count + 1) columns")
        }

        if max(answers.count, choices.count, lists.count, preferences.count, matchers.count) >= Self.tableLimit {
            forgetEverything()
        }
        let matcherID = matcherID(for: matcherFields)
        let listID = listID(for: preferenceField)
        let key = HashSlots<Answer>.key(matcherID, listID)
        if let answer = answers[key] { return answer }
        let answer = computeAnswer(matcherID: matcherID, listID: listID)
        answers[key] = answer
        return answer
    }

    private mutating func computeAnswer(matcherID: Int, listID: Int) -> Answer {
        let prepared = matchers[matcherID], list = lists[listID]
        var index: Int?
        if prepared.matcher.decidesEachPreferenceAlone {
            for preferenceID in list.preferenceIDs where index == nil {
                index = choice(matcherID: matcherID, preferenceID: preferenceID)
            }
        } else {
            index = prepared.matcher.availableIndex(for: list.preferences)
        }
        return Answer(locale: index.map { prepared.availableSpellings[$0] } ?? prepared.defaultSpelling,
                      warnings: list.warnings + prepared.warnings)
    }

    private mutating func choice(matcherID: Int, preferenceID: Int) -> Int? {
        let key = HashSlots<Int32>.key(matcherID, preferenceID)
        let index = choices[key] ?? Int32(matchers[matcherID].matcher.availableIndex(for: [preferences[preferenceID]]) ?? -1)
        choices[key] = index
        return index >= 0 ? Int(index) : nil
    }

    private func malformed(_ problem: String) -> Answer {
        Answer(locale: Array(defaultLocale.utf8), warnings: ["malformed line (\(problem)): \(Self.expectedShape)"])
    }

    /// The matcher for `AVAILABLES[<TAB>DEFAULT]`, built on first sight.
    private mutating func matcherID(for fields: UnsafeRawBufferPointer) -> Int {
        let hash = ByteKeyedTable<Int>.hash(fields)
        if let id = matcherIDs.value(for: fields, hash: hash) { return id }
        let text = String(decoding: fields, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false)
        let lineDefault = text.count > 1 ? text[1].trimmingSpaces() : ""
        let matcher = LocaleMatcher(available: availableLocales(in: String(text[0])),
                                    defaultLocale: lineDefault.isEmpty ? defaultLocale : lineDefault, mode: mode, policy: policy)
        matchers.append(PreparedMatcher(matcher: matcher, availableSpellings: matcher.available.map { Array($0.utf8) },
                                        defaultSpelling: Array(matcher.defaultMatch.utf8),
                                        warnings: matcher.unusableAvailables.map { "skipped available: \($0.reason)" }))
        matcherIDs.set(matchers.count - 1, for: fields, hash: hash)
        return matchers.count - 1
    }

    /// The parsed preference list for `PREFS`, built on first sight.
    private mutating func listID(for field: UnsafeRawBufferPointer) -> Int {
        let hash = ByteKeyedTable<Int>.hash(field)
        if let id = listIDs.value(for: field, hash: hash) { return id }
        var ids: [Int] = []
        if field.contains(UInt8(ascii: ";")) {
            // Accept-Language weights reorder the list: the general reader handles them.
            for input in localePreferences(in: String(decoding: field, as: UTF8.self)) {
                var input = input
                input.withUTF8 { ids.append(preferenceID(for: UnsafeRawBufferPointer($0))) }
            }
        } else {
            field.forEachListElement { if !$0.isEmpty { ids.append(preferenceID(for: $0)) } }
        }
        let parsed = ids.map { preferences[$0] }
        lists.append(PreparedList(preferenceIDs: ids, preferences: parsed,
                                  warnings: mode.skipped(parsed).map { "skipped preference: \($0.reason)" }))
        listIDs.set(lists.count - 1, for: field, hash: hash)
        return lists.count - 1
    }

    /// Each distinct preference is parsed once.
    private mutating func preferenceID(for input: UnsafeRawBufferPointer) -> Int {
        let hash = ByteKeyedTable<Int>.hash(input)
        if let id = preferenceIDs.value(for: input, hash: hash) { return id }
        preferences.append(Preference(String(decoding: input, as: UTF8.self), policy: policy))
        preferenceIDs.set(preferences.count - 1, for: input, hash: hash)
        return preferences.count - 1
    }

    private mutating func forgetEverything() {
        matcherIDs.removeAll()
        matchers.removeAll(keepingCapacity: true)
        listIDs.removeAll()
        lists.removeAll(keepingCapacity: true)
        preferenceIDs.removeAll()
        preferences.removeAll(keepingCapacity: true)
        choices.removeAll()
        answers.removeAll()
    }
}
