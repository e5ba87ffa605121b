import PaywallModel

/// The member readers an event needs beyond those of exports.
extension FieldReader {
    /// A non-empty string of at most `maximumBytes`, without U+0000 (which no store's text keeps: PostgreSQL
    /// refuses it, and a batch holding one would be refused whole, again at every retry).
    func boundedText(_ key: String, maximumBytes: Int, required: Bool) -> String? {
        guard let text = string(key, required: required) else { return nil }
        guard !text.isEmpty, text.utf8.count <= maximumBytes, !text.utf8.contains(0) else {
            issues.report(at(key), text.isEmpty ? "must not be empty" : text.utf8.contains(0) ? "must not contain U+0000" : "longer than \(maximumBytes) bytes")
            return nil
        }
        return text
    }

    /// One of `Choice`'s raw values.
    func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, of _: Choice.Type, required: Bool) -> Choice?
    where Choice.RawValue == String {
        guard let text = string(key, required: required) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            issues.report(at(key), "\"\(text.prefix(64))\" is not one of \(names)")
            return nil
        }
        return choice
    }

    /// An RFC 3339 date and time (`2026-11-29T12:00:00Z`, `…T14:00:00.250+02:00`) as epoch milliseconds.
    func timestamp(_ key: String) -> Int64? {
        guard let text = string(key, required: true) else { return nil }
        do throws(RFC3339Error) {
            return Int64(try epochMilliseconds(rfc3339: text))
        } catch {
            issues.report(at(key), error.description)
            return nil
        }
    }

    /// A price: a JSON number from 0 to the largest price (`Event.Product.maximumPriceMicros`), with at most six
    /// decimals and no exponent, as millionths.
    func price(_ key: String) -> Int64? {
        guard let value = value(key, required: false) else { return nil }
        guard case let .number(literal) = value, let (whole, fraction) = Self.decimalParts(literal) else {
            issues.report(at(key), "expected a price such as 4.99 (a number from 0, at most six decimals, no exponent)")
            return nil
        }
        // Bounded before it is scaled: Int64 holds 18 digits of units, but only 12 once they are millionths.
        let largest = Event.Product.maximumPriceMicros / 1_000_000
        guard let units = Int64(whole), units < largest || (units == largest && fraction == 0) else {
            issues.report(at(key), "\(literal.prefix(64)) is more than the largest price, \(largest)")
            return nil
        }
        return units * 1_000_000 + fraction
    }

    /// `4.99` as the digits of its units, `4`, and its fraction in millionths, 990,000; nil for a sign, an exponent or
    /// more than six decimals.
    private static func decimalParts(_ literal: String) -> (whole: Substring, fractionMicros: Int64)? {
        let parts = literal.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : ""
        guard !whole.isEmpty, fraction.utf8.count <= 6, parts.count == 1 || !fraction.isEmpty,
              (whole + fraction).utf8.allSatisfy({ (48...57).contains($0) }),
              let micros = Int64(fraction + String(repeating: "0", count: 6 - fraction.utf8.count)) else { return nil }
        return (whole, micros)
    }

    /// An ISO 4217 code: three capital letters.
    func currency(_ key: String, required: Bool) -> String? {
        guard let text = string(key, required: required) else { return nil }
        guard text.utf8.count == 3, text.utf8.allSatisfy({ (65...90).contains($0) }) else {
            issues.report(at(key), "expected a currency code of three capital letters such as USD")
            return nil
        }
        return text
    }
}
