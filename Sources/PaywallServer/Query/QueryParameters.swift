import Basics
import Suggestions

/// A request's query string (`locale=pt_BR&locale=en&country=BR`), decoded: names may repeat, and
/// each is looked up as one value, several, or a flag.
struct QueryParameters {
    private let pairs: [(name: String, value: String)]

    /// - Parameter query: as sent, after the `?`; nil for none.
    init(_ query: Substring?) throws(APIError) {
        guard var query else {
            pairs = []
            return
        }
        pairs = try query.withUTF8 { utf8 in
            Result { () throws(APIError) in try Self.pairs(in: UnsafeRawBufferPointer(utf8)) }
        }.get()
    }

    /// The fields between `&`s, each `name=value` or `name`, decoded; empty ones are skipped. Split on
    /// bytes: '&' and '=' are ASCII, and a query is read as sent.
    private static func pairs(in query: UnsafeRawBufferPointer) throws(APIError) -> [(name: String, value: String)] {
        var pairs: [(name: String, value: String)] = []
        pairs.reserveCapacity(4)
        var start = 0
        while start < query.count {
            let end = query.firstIndex(ofByte: UInt8(ascii: "&"), from: start) ?? query.count
            let field = UnsafeRawBufferPointer(rebasing: query[start..<end])
            start = end + 1
            guard !field.isEmpty else { continue }
            let equals = field.firstIndex(ofByte: UInt8(ascii: "="))
            let name = try PercentDecoding.decode(UnsafeRawBufferPointer(rebasing: field[..<(equals ?? field.count)]), plusIsSpace: true)
            let value = try equals.map { (equals) throws(APIError) in
                try PercentDecoding.decode(UnsafeRawBufferPointer(rebasing: field[(equals + 1)...]), plusIsSpace: true)
            } ?? ""
            pairs.append((name, value))
        }
        return pairs
    }

    /// Every value of `name`, in order.
    func values(_ name: String) -> [String] {
        var found: [String] = []
        for pair in pairs where Self.same(pair.name, name) { found.append(pair.value) }
        return found
    }

    /// The one value of `name`: given twice, it is refused rather than guessed.
    func value(_ name: String) throws(APIError) -> String? {
        var found: String?
        var count = 0
        for pair in pairs where Self.same(pair.name, name) {
            found = found ?? pair.value
            count += 1
        }
        guard count <= 1 else { throw .badRequest("'\(name)' is given \(count) times; it takes one value") }
        return found
    }

    /// `==`, the lengths compared first: a route looks up each of its names among the pairs, which mostly differ in length,
    /// and `==` on two different strings takes its slow path.
    private static func same(_ name: String, _ wanted: String) -> Bool {
        name.utf8.count == wanted.utf8.count && name == wanted
    }

    /// `true` or `false` (absent: false).
    func flag(_ name: String) throws(APIError) -> Bool {
        switch try value(name) {
        case nil, "false": return false
        case "true": return true
        case let other?: throw .badRequest("invalid value '\(other.prefix(64))' for \(name): expected true or false")
        }
    }

    /// A whole number within `range` (absent: nil), in decimal digits: its digits are counted before it is read.
    func count(_ name: String, in range: ClosedRange<Int>) throws(APIError) -> Int? {
        guard let text = try value(name) else { return nil }
        guard !text.isEmpty, text.utf8.count <= String(range.upperBound).utf8.count, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let number = Int(text), range.contains(number) else {
            throw .badRequest("invalid value '\(text.prefix(64))' for \(name): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// The `prefix`-named parameters as keys (what follows the prefix) and values (`attr.plan=pro`), each
    /// as decoded: `attr.a%3Db=c` is the key `a=b` with the value `c`.
    func prefixed(_ prefix: String) throws(APIError) -> [(key: String, value: String)] {
        try pairs.filter { $0.name.hasPrefix(prefix) }.map { (pair) throws(APIError) in
            let key = pair.name.dropFirst(prefix.count)
            guard !key.isEmpty else { throw .badRequest("'\(pair.name)' names no attribute: expected \(prefix)<key>=<value>") }
            return (String(key), pair.value)
        }
    }

    /// A name the route does not know is a mistake to point out, not to ignore (`local=pt_BR`).
    func refuseUnknown(allowed: Set<String>, prefixes: [String] = []) throws(APIError) {
        for (name, _) in pairs where !allowed.contains(name) && !prefixes.contains(where: { name.hasPrefix($0) }) {
            let closest = closestCandidates(to: name, among: Array(allowed), limit: 1).first.map { "; did you mean '\($0)'?" } ?? ""
            throw .badRequest("unknown query parameter '\(name.prefix(64))'\(closest)")
        }
    }
}
