@testable import Suggestions
import Testing

/// The Levenshtein distance behind "did you mean" suggestions, computed only as far as its threshold.
@Suite("BoundedEditDistance")
struct EditDistanceTests {
    /// The whole table, every cell: what the banded distance must agree with.
    static func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for i in a.indices {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for j in b.indices {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    static func distance(_ a: String, _ b: String, threshold: Int) -> Int? {
        var distance = BoundedEditDistance(from: Array(a.unicodeScalars), threshold: threshold)
        return distance.to(b)
    }

    @Test("known distances, within and past the threshold", arguments: [
        ("", "", 0),
        ("", "abc", 3),
        ("abc", "", 3),
        ("same", "same", 0),
        ("json", "jsn", 1),
        ("mode", "mdoe", 2),
        ("kitten", "sitting", 3),
        ("flaw", "lawn", 2),
        ("--store", "--stor", 1),
        ("explain", "match", 7),
        // Scalars, not characters: a decomposed é is two of them, a precomposed one is one.
        ("promo.été", "promo.ete", 2),
        ("e\u{301}", "é", 2),
    ])
    func distance(a: String, b: String, expected: Int) {
        for threshold in [expected, expected + 1, 20] {
            #expect(Self.distance(a, b, threshold: threshold) == expected, "threshold \(threshold)")
            #expect(Self.distance(b, a, threshold: threshold) == expected, "threshold \(threshold)")
        }
        if expected > 0 {
            #expect(Self.distance(a, b, threshold: expected - 1) == nil)
            #expect(Self.distance(b, a, threshold: expected - 1) == nil)
        }
    }

    /// Seeded random words over a small alphabet (so that they share much), at every threshold: the banded
    /// distance is the full table's when that is within the threshold, else nil; one instance serves many
    /// candidates in turn, as suggestions use it.
    @Test func agreesWithTheFullTable() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        // "!" and "a" are of one kind in the counting filter (33 modulo 64): merged kinds must only weaken it.
        let alphabet: [Unicode.Scalar] = ["a", "b", "c", "!", "é", "\u{1F600}"]
        func word() -> [Unicode.Scalar] { (0..<next(12)).map { _ in alphabet[next(alphabet.count)] } }
        for _ in 0..<300 {
            let a = word()
            let threshold = next(6)
            var distance = BoundedEditDistance(from: a, threshold: threshold)
            for _ in 0..<10 {
                let b = word()
                let full = Self.fullDistance(a, b)
                var text = ""
                text.unicodeScalars.append(contentsOf: b)
                #expect(distance.to(text) == (full <= threshold ? full : nil), "\(a) \(b) within \(threshold)")
            }
        }
    }

    @Test func suggestionsAreTheNearestWithinAThirdOfTheWord() {
        let ids = ["onboarding", "settings", "locked_feature", "promo.été", "onboarding_v2"]
        #expect(closestCandidates(to: "onbording", among: ids, limit: 3) == ["onboarding"])
        #expect(closestCandidates(to: "onboarding_v", among: ids, limit: 3) == ["onboarding_v2", "onboarding"])
        #expect(closestCandidates(to: "promo.ete", among: ids, limit: 3) == ["promo.été"])
        #expect(closestCandidates(to: "x", among: ids, limit: 3).isEmpty)
    }

    /// A word past the longest that gets suggestions gets none, even with a candidate one edit away; one at
    /// the limit still does.
    @Test func onlyShortWordsGetSuggestions() {
        let long = String(repeating: "a", count: maximumSuggestedWordLength)
        #expect(closestCandidates(to: long + "b", among: [long], limit: 1).isEmpty)
        #expect(closestCandidates(to: String(long.dropLast()) + "b", among: [long], limit: 1) == [long])
        let eightThousand = String(repeating: "a", count: 8_000)
        #expect(closestCandidates(to: eightThousand, among: [eightThousand, long], limit: 3).isEmpty)
        // A short word and candidates of any length: those too long are passed over, the near one found.
        #expect(closestCandidates(to: "onbording", among: [eightThousand, "onboarding"], limit: 3) == ["onboarding"])
    }

    /// Candidates of the word's length and letters, each worth a table (`onboarding` backwards), before the near one:
    /// behind a thousand of them it is found; behind a hundred thousand, past the work a suggestion may take, it is not
    /// looked at, and what was looked at before is the answer.
    @Test func aSuggestionLooksOnlySoFar() {
        let decoy = String("onboarding".reversed())
        #expect(closestCandidates(to: "onbording", among: Array(repeating: decoy, count: 1_000) + ["onboarding"], limit: 3) == ["onboarding"])
        #expect(closestCandidates(to: "onbording", among: Array(repeating: decoy, count: 100_000) + ["onboarding"], limit: 3).isEmpty)
        #expect(closestCandidates(to: "onbording", among: ["onboarding"] + Array(repeating: decoy, count: 100_000), limit: 3) == ["onboarding"])
    }
}
