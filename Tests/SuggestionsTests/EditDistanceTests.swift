@testable import Suggestions
import Testing

/// The Levenshtein distance behind "did you mean" suggestions.
@Suite("editDistance")
struct EditDistanceTests {
    @Test("known distances", arguments: [
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
    ])
    func distance(a: String, b: String, expected: Int) {
        #expect(editDistance(a, b) == expected)
        #expect(editDistance(b, a) == expected)
    }
}
