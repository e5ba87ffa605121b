import PaywallModel

extension Condition {
    /// Whether the user's context satisfies this condition. An attribute the context does not know
    /// satisfies nothing but `not_in` and nothing at all for `exists`: a segment asks for facts.
    func holds(for context: UserContext) -> Bool {
        let actual = context.values(of: attribute)
        switch op {
        case .exists: return !actual.isEmpty
        case .in: return actual.contains { value in values.contains { same(value, $0) } }
        case .notIn: return !actual.contains { value in values.contains { same(value, $0) } }
        case .eq: return actual.contains { same($0, values[0]) }
        case .gte: return actual.contains { compare($0, values[0]) >= 0 }
        case .lte: return actual.contains { compare($0, values[0]) <= 0 }
        }
    }

    /// Countries and platforms compare without case (`br` is `BR`); other values exactly.
    private func same(_ a: String, _ b: String) -> Bool {
        attribute == "country" || attribute == "platform" ? a.lowercased() == b.lowercased() : a == b
    }

    /// Dotted versions compare part by part (`2.10.0` > `2.9`); other values as numbers when both
    /// are, else as text.
    private func compare(_ a: String, _ b: String) -> Int {
        if attribute == "app_version" || (isNumeric(a) && isNumeric(b)) {
            let left = a.split(separator: ".").map { Int($0) ?? 0 }, right = b.split(separator: ".").map { Int($0) ?? 0 }
            for index in 0..<max(left.count, right.count) {
                let l = index < left.count ? left[index] : 0, r = index < right.count ? right[index] : 0
                if l != r { return l < r ? -1 : 1 }
            }
            return 0
        }
        return a == b ? 0 : (a < b ? -1 : 1)
    }

    private func isNumeric(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) }
    }
}
