import Suggestions

/// A request's query string (`locale=pt_BR&locale=en&country=BR`), decoded: names may repeat, and
/// each is looked up as one value, several, or a flag.
struct QueryParameters {
    private let pairs: [(name: String, value: String)]

    /// - Parameter query: as sent, after the `?`; nil for none.
    init(_ query: String?) throws(APIError) {
        var pairs: [(name: String, value: String)] = []
        // Split on bytes: '&' and '=' are ASCII, and a query is read as sent.
        for field in (query ?? "").utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let equals = field.firstIndex(of: UInt8(ascii: "="))
            let name = try PercentDecoding.decode(Substring(field[..<(equals ?? field.endIndex)]), plusIsSpace: true)
            let value = try equals.map { (equals) throws(APIError) in
                try PercentDecoding.decode(Substring(field[field.index(after: equals)...]), plusIsSpace: true)
            } ?? ""
            pairs.append((name, value))
        }
        self.pairs = pairs
    }

    var names: [String] { pairs.map(\.name) }

    /// Every value of `name`, in order.
    func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// The one value of `name`: given twice, it is refused rather than guessed.
    func value(_ name: String) throws(APIError) -> String? {
        let found = values(name)
        guard found.count <= 1 else { throw .badRequest("'\(name)' is given \(found.count) times; it takes one value") }
        return found.first
    }

    /// `true` or `false` (absent: false).
    func flag(_ name: String) throws(APIError) -> Bool {
        switch try value(name) {
        case nil, "false": return false
        case "true": return true
        case let other?: throw .badRequest("invalid value '\(other.prefix(64))' for \(name): expected true or false")
        }
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
        for name in names where !allowed.contains(name) && !prefixes.contains(where: { name.hasPrefix($0) }) {
            let closest = closestCandidates(to: name, among: Array(allowed), limit: 1).first.map { "; did you mean '\($0)'?" } ?? ""
            throw .badRequest("unknown query parameter '\(name.prefix(64))'\(closest)")
        }
    }
}
