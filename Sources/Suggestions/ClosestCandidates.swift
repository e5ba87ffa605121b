// "Did you mean": the nearest of known words to one that was not found, for the command line (a
// mistyped option) and for answers about unknown ids (a placement), shared by ArgumentKit and the resolver.

/// The candidates nearest to a word that was not found (a mistyped option, an unknown placement id),
/// nearest first: within an edit distance of a third of the word's length (at least 1).
public func closestCandidates(to word: String, among candidates: [String], limit: Int) -> [String] {
    let threshold = max(1, word.count / 3)
    let near: [(candidate: String, distance: Int)] = candidates.map { ($0, editDistance(word, $0)) }.filter { $0.distance <= threshold }
    let ordered = near.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.candidate < $1.candidate }
    return ordered.prefix(limit).map(\.candidate)
}

/// Levenshtein distance, for suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
