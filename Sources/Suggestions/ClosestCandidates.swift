// "Did you mean": the nearest of known words to one that was not found, for the command line (a
// mistyped option) and for answers about unknown ids (a placement), shared by ArgumentKit and the resolver.

/// The longest word, in Unicode scalars, that gets suggestions: what people mistype is short, and a
/// suggestion then costs at most this length times its threshold per candidate, whatever a client sends.
public let maximumSuggestedWordLength = 64

/// The candidates nearest to a word that was not found (a mistyped option, an unknown placement id),
/// nearest first: within an edit distance of a third of the word's length (at least 1), in Unicode
/// scalars. A word longer than `maximumSuggestedWordLength` gets none.
public func closestCandidates(to word: String, among candidates: [String], limit: Int) -> [String] {
    // A scalar is at most four bytes: most long words are told by their byte count alone.
    guard word.utf8.count <= 4 * maximumSuggestedWordLength else { return [] }
    let scalars = Array(word.unicodeScalars)
    guard scalars.count <= maximumSuggestedWordLength else { return [] }
    var distance = BoundedEditDistance(from: scalars, threshold: max(1, scalars.count / 3))
    let near: [(candidate: String, distance: Int)] = candidates.compactMap { candidate in distance.to(candidate).map { (candidate, $0) } }
    let ordered = near.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.candidate < $1.candidate }
    return ordered.prefix(limit).map(\.candidate)
}

/// The Levenshtein distance from one word to others, in Unicode scalars, computed only as far as a
/// threshold: the cells within `threshold` of the diagonal (Ukkonen's band), a candidate whose length
/// is already too far off never read whole, and a row whose every cell passes the threshold ending
/// the work. Each distance costs at most (word length) × (2 × threshold + 1) steps.
struct BoundedEditDistance {
    private let word: [Unicode.Scalar]
    private let threshold: Int
    /// The candidate's scalars and two rows of the table, kept from one candidate to the next.
    private var candidate: [Unicode.Scalar] = []
    private var previous: [Int] = []
    private var current: [Int] = []

    init(from word: [Unicode.Scalar], threshold: Int) {
        self.word = word
        self.threshold = threshold
    }

    /// The distance from the word to `other`, or nil when it is more than the threshold.
    mutating func to(_ other: String) -> Int? {
        let (n, k) = (word.count, threshold)
        // At most one scalar per byte: fewer bytes than n - k scalars cannot come within k.
        guard other.utf8.count >= n - k else { return nil }
        candidate.removeAll(keepingCapacity: true)
        for scalar in other.unicodeScalars {
            guard candidate.count < n + k else { return nil }
            candidate.append(scalar)
        }
        let m = candidate.count
        guard abs(m - n) <= k else { return nil }
        guard n > 0, m > 0 else { return max(n, m) }
        // Cells outside the band, and values past the threshold, are k + 1: nothing below it comes from them.
        let beyond = k + 1
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: (0...m).lazy.map { min($0, beyond) })
        current.removeAll(keepingCapacity: true)
        current.append(contentsOf: repeatElement(beyond, count: m + 1))
        for i in 1...n {
            let low = max(1, i - k), high = min(m, i + k)
            current[low - 1] = low == 1 ? min(i, beyond) : beyond
            var rowMinimum = current[low - 1]
            for j in low...high {
                let substitution = previous[j - 1] + (word[i - 1] == candidate[j - 1] ? 0 : 1)
                let cell = min(substitution, previous[j] + 1, current[j - 1] + 1, beyond)
                current[j] = cell
                rowMinimum = min(rowMinimum, cell)
            }
            // The next row reads one cell further right, which this row's band did not reach.
            if high < m { current[high + 1] = beyond }
            guard rowMinimum <= k else { return nil }
            swap(&previous, &current)
        }
        return previous[m] <= k ? previous[m] : nil
    }
}
