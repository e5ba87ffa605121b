// "Did you mean": the nearest of known words to one that was not found, for the command line (a
// mistyped option) and for answers about unknown ids (a placement), shared by ArgumentKit and the resolver.

/// The longest word, in Unicode scalars, that gets suggestions: what people mistype is short, and a
/// suggestion then costs at most this length times its threshold per candidate, whatever a client sends.
public let maximumSuggestedWordLength = 64

/// The most work one suggestion takes, in steps (`BoundedEditDistance.steps`): a few milliseconds at most.
/// Past it, the nearest of the candidates looked at so far are the suggestion, so that hundreds of thousands of ids
/// near the word's length cannot hold the thread (an event loop's) for long. A thousand ids take a fraction of it.
public let suggestionWorkLimit = 500_000

/// The candidates nearest to a word that was not found (a mistyped option, an unknown placement id),
/// nearest first: within an edit distance of a third of the word's length (at least 1), in Unicode
/// scalars. A word longer than `maximumSuggestedWordLength` gets none; candidates past `suggestionWorkLimit` are not
/// looked at.
public func closestCandidates(to word: String, among candidates: [String], limit: Int) -> [String] {
    // A scalar is at most four bytes: most long words are told by their byte count alone.
    guard word.utf8.count <= 4 * maximumSuggestedWordLength else { return [] }
    let scalars = Array(word.unicodeScalars)
    guard scalars.count <= maximumSuggestedWordLength else { return [] }
    var distance = BoundedEditDistance(from: scalars, threshold: max(1, scalars.count / 3))
    var near: [(candidate: String, distance: Int)] = []
    for candidate in candidates {
        if let found = distance.to(candidate) { near.append((candidate, found)) }
        guard distance.steps < suggestionWorkLimit else { break }
    }
    let ordered = near.sorted { $0.distance != $1.distance ? $0.distance < $1.distance : $0.candidate < $1.candidate }
    return ordered.prefix(limit).map(\.candidate)
}

/// The Levenshtein distance from one word to others, in Unicode scalars, computed only as far as a
/// threshold: a candidate whose length is already too far off is never read whole, one whose scalars
/// differ from the word's in more than the threshold (counted by kind, a bound below the distance) is
/// passed over, and the table is computed only within `threshold` of its diagonal (Ukkonen's band), a
/// row whose every cell passes the threshold ending the work. Each distance costs at most
/// (word length) × (2 × threshold + 1) steps.
struct BoundedEditDistance {
    private let word: [Unicode.Scalar]
    private let threshold: Int
    /// The candidate's scalars and two rows of the table, as long as a candidate within the threshold can make
    /// them: made once for all the candidates.
    private var candidate: [Unicode.Scalar]
    private var previous: [Int]
    private var current: [Int]
    /// How many scalars of each kind the word has: a kind is a scalar's value modulo 64, which merges some (and so
    /// only weakens the bound they give). Changed while a candidate is counted, then restored.
    private var kinds: [Int]
    /// The work done so far: 16 steps for each candidate, a step for each of its bytes counted and scalars read, and for
    /// each cell computed.
    private(set) var steps = 0

    init(from word: [Unicode.Scalar], threshold: Int) {
        self.word = word
        self.threshold = threshold
        candidate = Array(repeating: " ", count: word.count + threshold)
        previous = Array(repeating: 0, count: word.count + threshold + 1)
        current = previous
        kinds = Array(repeating: 0, count: 64)
        for scalar in word { kinds[Self.kind(of: scalar)] += 1 }
    }

    private static func kind(of scalar: Unicode.Scalar) -> Int {
        Int(scalar.value & 63)
    }

    /// The distance from the word to `other`, or nil when it is more than the threshold.
    mutating func to(_ other: String) -> Int? {
        let (n, k) = (word.count, threshold)
        // A scalar is one to four bytes: fewer bytes than n - k cannot come within k; more than n + k can only when
        // some scalars are longer than a byte, which a count of the bytes that start one tells, as far as n + k.
        let bytes = other.utf8.count
        // Taking a string that lies elsewhere in memory costs as much as reading some bytes of it.
        steps += 16
        guard bytes >= n - k else { return nil }
        if bytes > n + k {
            guard bytes <= 4 * (n + k) else { return nil }
            steps += bytes
            var scalars = 0
            for byte in other.utf8 where byte & 0xC0 != 0x80 {
                scalars += 1
                guard scalars <= n + k else { return nil }
            }
        }
        // At most n + k of them: room for all.
        var m = 0
        for scalar in other.unicodeScalars {
            candidate[m] = scalar
            m += 1
        }
        steps += m
        guard abs(m - n) <= k else { return nil }
        guard n > 0, m > 0 else { return max(n, m) }
        // Each scalar of one side that the other lacks takes an edit: more than k of them on either side, and the
        // distance is more than k.
        var wordLeft = n, candidateLeft = 0
        for j in 0..<m {
            let kind = Self.kind(of: candidate[j])
            if kinds[kind] > 0 { wordLeft -= 1 } else { candidateLeft += 1 }
            kinds[kind] -= 1
        }
        for j in 0..<m { kinds[Self.kind(of: candidate[j])] += 1 }
        guard max(wordLeft, candidateLeft) <= k else { return nil }
        // Cells outside the band, and values past the threshold, are k + 1: nothing below it comes from them.
        let beyond = k + 1
        // The first row, as far as the second reads it.
        for j in 0...min(m, beyond) { previous[j] = min(j, beyond) }
        for i in 1...n {
            let low = max(1, i - k), high = min(m, i + k)
            steps += high - low + 1
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
