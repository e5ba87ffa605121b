/// Name ids kept in memory within a budget of bytes: when a new one would pass it, every id is let go of and keeping
/// starts again (the names in use come back at their next lookup), so that strings each sent once, however many,
/// cannot grow a server's memory.
struct NameCache {
    /// Enough for the names of a busy store (placements, variations, locales, versions) many times over.
    static let defaultBudget = 4 << 20
    /// What an id costs beyond its text's bytes (the dictionary's slot, the string's storage), about.
    static let entryOverhead = 64

    let budget: Int
    private(set) var ids: [String: Int64] = [:]
    /// The cost of `ids`: always at most `budget`.
    private(set) var bytes = 0

    init(budget: Int = defaultBudget) {
        self.budget = budget
    }

    subscript(text: String) -> Int64? { ids[text] }

    /// Keeps `id` for `text` (a text kept already has that id: names are never renumbered while they are kept), unless
    /// `text` alone is past the budget.
    mutating func keep(_ id: Int64, for text: String) {
        let cost = text.utf8.count + Self.entryOverhead
        guard cost <= budget, ids[text] == nil else { return }
        if bytes + cost > budget { removeAll() }
        ids[text] = id
        bytes += cost
    }

    mutating func removeAll() {
        ids = [:]
        bytes = 0
    }
}
