import Synchronization

/// ICU's answers about locales, told ahead of time: a tag parsed, a locale's explicit CLDR parent, the
/// language CLDR's matching reads a language as, a script's direction. The first such question a
/// process asks loads ICU's locale data (likely subtags, parent locales), which costs a cold `resolve`
/// more than the rest of its locale work. So an import records the answers that resolving against its
/// export will need (`recording`), the store keeps them, and a cold `resolve` learns them (`learn`)
/// before it asks anything; what was not told is asked of ICU as before, so the answers never differ.
///
/// Only what was recorded or learned is kept, never what arbitrary requests ask: at most `capacity`
/// answers of each kind, and `learnedCapacity` bytes of learned text. Memory stays bounded.
public final class LocaleFacts: Sendable {
    public static let shared = LocaleFacts()
    static let capacity = 1 << 14
    static let learnedCapacity = 1 << 20

    /// One kind of answer, by question: those read so far.
    private struct Answers<Value> {
        var known: [String: Value] = [:]
    }

    private struct State {
        /// By spelling with ASCII letters in lower case and `_` as `-` (ICU reads `pt_BR` as `pt-br`).
        var tags = Answers<LanguageTag>()
        /// By `language|script|region` asked.
        var parents = Answers<String>()
        var matchingLanguages = Answers<String>()
        var directions = Answers<Bool>()
        /// Texts learned, each a newline then lines `KIND<TAB>QUESTION<TAB>ANSWER...`: a line is read
        /// only when its question is first asked, since a resolution asks a few of the hundreds told.
        var learned: [[UInt8]] = []
        /// Open recordings, and the answers asked for since the first opened, as lines by question.
        var recordings = 0
        var recorded: [String: String] = [:]

        /// Notes an answer asked for, told or not, while a recording is open.
        mutating func note(_ question: String, _ line: @autoclosure () -> String) {
            if recordings > 0, recorded[question] == nil { recorded[question] = line() }
        }

        /// The fields after `question` on the first learned line of `kind` that asks it.
        func learnedAnswer(_ kind: UInt8, _ question: String) -> [String]? {
            let prefix = [kind, UInt8(ascii: "\t")] + Array(question.utf8) + [UInt8(ascii: "\t")]
            for text in learned {
                var start = text.startIndex
                while let newline = text[start...].firstIndex(of: UInt8(ascii: "\n")) {
                    start = newline + 1
                    guard text[start...].starts(with: prefix) else { continue }
                    let answer = text[(start + prefix.count)...].prefix { $0 != UInt8(ascii: "\n") }
                    return answer.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
                }
            }
            return nil
        }
    }

    private let state = Mutex(State())

    /// Runs `body`, and returns every answer asked for meanwhile (by ICU or told), as text for `learn`.
    public func recording(_ body: () -> Void) -> String {
        state.withLock { $0.recordings += 1 }
        body()
        return state.withLock { state in
            state.recordings -= 1
            let text = state.recorded.keys.sorted().map { state.recorded[$0]! }.joined()
            if state.recordings == 0 { state.recorded = [:] }
            return text
        }
    }

    /// Takes in answers recorded before (lines it cannot read are never answers), kept as text until asked.
    public func learn(_ text: String) {
        state.withLock { state in
            guard state.learned.reduce(text.utf8.count, { $0 + $1.count }) <= Self.learnedCapacity else { return }
            state.learned.append([UInt8(ascii: "\n")] + Array(text.utf8))
        }
    }

    /// The key a spelling is kept under, or nil for one that may not be: only letters, digits, `-`
    /// and `_` are read alike in any case, so nothing else is ever told ahead.
    static func tagKey(_ input: String) -> String? {
        var key: [UInt8] = []
        key.reserveCapacity(input.utf8.count)
        for byte in input.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): key.append(byte + 32)
            case UInt8(ascii: "_"): key.append(UInt8(ascii: "-"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): key.append(byte)
            default: return nil
            }
        }
        return String(decoding: key, as: UTF8.self)
    }

    /// The parsed tag told for `input`, if any.
    func tag(for input: String) -> LanguageTag? {
        guard let key = Self.tagKey(input) else { return nil }
        return state.withLock { state in
            guard let tag = state.tags.known[key] ?? state.learnedAnswer(UInt8(ascii: "t"), key).flatMap(LanguageTag.init(facts:)) else {
                return nil
            }
            Self.keep(tag, for: key, in: &state.tags)
            state.note("t\t\(key)", Self.line(key, tag))
            return tag
        }
    }

    /// Keeps `tag`, ICU's parse of `input`, when a recording is open.
    func record(_ tag: LanguageTag, for input: String) {
        guard let key = Self.tagKey(input) else { return }
        state.withLock { state in
            guard state.recordings > 0 else { return }
            Self.keep(tag, for: key, in: &state.tags)
            state.note("t\t\(key)", Self.line(key, tag))
        }
    }

    private static func line(_ key: String, _ tag: LanguageTag) -> String {
        "t\t\(key)\t\(tag.facts.joined(separator: "\t"))\n"
    }

    /// The explicit CLDR parent of `language|script|region`, told or asked by `ask`.
    func parent(of key: String, _ ask: () -> String) -> String {
        answer(key, \.parents, kind: "p", ask, read: { $0 }, written: { $0 })
    }

    func matchingLanguage(of language: String, _ ask: () -> String) -> String {
        answer(language, \.matchingLanguages, kind: "m", ask, read: { $0 }, written: { $0 })
    }

    func direction(of key: String, _ ask: () -> Bool) -> Bool {
        answer(key, \.directions, kind: "d", ask, read: { $0 == "1" }, written: { $0 ? "1" : "0" })
    }

    private func answer<Value: Sendable>(_ question: String, _ answers: WritableKeyPath<State, Answers<Value>> & Sendable, kind: Unicode.Scalar,
                                         _ ask: () -> Value, read: (String) -> Value, written: (Value) -> String) -> Value {
        let (known, learned) = state.withLock { state -> (Value?, String?) in
            if let known = state[keyPath: answers].known[question] { return (known, nil) }
            return (nil, state.learnedAnswer(UInt8(ascii: kind), question)?.first)
        }
        let value = known ?? learned.map(read) ?? ask()
        let line = "\(kind)\t\(question)\t\(written(value))\n"
        state.withLock { state in
            if known == nil, learned != nil || state.recordings > 0 { Self.keep(value, for: question, in: &state[keyPath: answers]) }
            state.note("\(kind)\t\(question)", line)
        }
        return value
    }

    private static func keep<Value>(_ value: Value, for question: String, in answers: inout Answers<Value>) {
        if answers.known.count < capacity { answers.known[question] = value }
    }
}
