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

    /// A price: a JSON number, at least 0, with at most six decimals and no exponent, as millionths.
    func price(_ key: String) -> Int64? {
        guard let value = value(key, required: false) else { return nil }
        guard case let .number(literal) = value, let micros = Self.micros(literal), micros <= Event.Product.maximumPriceMicros else {
            issues.report(at(key), "expected a price such as 4.99 (a number from 0, at most six decimals, no exponent)")
            return nil
        }
        return micros
    }

    /// `4.99` as 4,990,000; nil for a sign, an exponent or more than six decimals.
    private static func micros(_ literal: String) -> Int64? {
        let parts = literal.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = parts[0], fraction = parts.count == 2 ? parts[1] : ""
        guard !whole.isEmpty, whole.utf8.count <= 13, fraction.utf8.count <= 6, parts.count == 1 || !fraction.isEmpty,
              (whole + fraction).utf8.allSatisfy({ (48...57).contains($0) }),
              let units = Int64(whole), let decimals = fraction.isEmpty ? 0 : Int64(fraction)
        else { return nil }
        var scale: Int64 = 1
        for _ in fraction.utf8.count..<6 { scale *= 10 }
        return units * 1_000_000 + decimals * scale
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
