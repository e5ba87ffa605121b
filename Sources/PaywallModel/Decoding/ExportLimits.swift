/// The most of each thing an export may hold where the work of importing or resolving grows with its product
/// (docs/formats.md, "Limits"): each is checked before that work, and past it the document is refused at the
/// pointer of the list. Each is several times what a large real catalogue holds: the stores sell in 175
/// countries, translate into about 40 languages, and a paywall shows a handful of products.
public enum ExportLimits {
    /// Languages of one paywall (`localizations`), and of one product's `titles`: every price may be
    /// formatted in each of them.
    public static let localesPerPaywall = 200
    /// Products one paywall sells: every bundle of the paywall carries each.
    public static let productsPerPaywall = 50
    /// Prices of one product: one per country and currency.
    public static let pricesPerProduct = 300
    /// Audiences of one placement, tried one after another on every request.
    public static let audiencesPerPlacement = 200
    /// Segments an audience requires, all of them tested when it is tried.
    public static let segmentsPerAudience = 50
    /// Conditions of one segment.
    public static let conditionsPerSegment = 50
    /// Values of an `in` or `not_in` condition: every country there is, several times over.
    public static let valuesPerCondition = 1000
}

extension FieldReader {
    /// The elements of the array `key`, or nil (reported at the array) when there are more than `limit`:
    /// `what` says what the elements are and of what ("segments of an audience").
    func array(_ key: String, atMost limit: Int, _ what: String, required: Bool? = nil) -> [(pointer: JSONPointer, value: JSONValue)]? {
        guard let elements = array(key, required: required) else { return nil }
        return withinLimit(key, count: elements.count, limit, what) ? elements : nil
    }

    /// The strings of the array `key` (as `strings`), or nil (reported at the array) when there are more than `limit`.
    func strings(_ key: String, atMost limit: Int, _ what: String) -> [String]? {
        guard let count = object[key]?.arrayValue?.count, !withinLimit(key, count: count, limit, what) else { return strings(key) }
        return nil
    }

    /// Whether the `count` members or elements of `key` are at most `limit`; reported at `key` when not.
    func withinLimit(_ key: String, count: Int, _ limit: Int, _ what: String) -> Bool {
        guard count > limit else { return true }
        issues.report(at(key), "\(count) \(what), more than the \(limit) allowed")
        return false
    }

    /// Reports each string of `strings` (read from the array `key`) that repeats an earlier one, at its
    /// place, and says whether there was none: a repeated reference would multiply the work it names.
    func noneRepeated(_ strings: [String], in key: String, _ noun: String) -> Bool {
        var firstPlace: [String: Int] = [:]
        var unique = true
        for (index, string) in strings.enumerated() {
            if let first = firstPlace[string] {
                issues.report(at(key).appending(index), "\(noun) '\(string)' is listed already at \(at(key).appending(first))")
                unique = false
            } else {
                firstPlace[string] = index
            }
        }
        return unique
    }
}
