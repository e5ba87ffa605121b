import FixtureSupport
@testable import PaywallModel

/// Random JSON values, spelled at random, and changed at random, for checking what the value hash says
/// over many documents: seeded, so a failure replays.
struct RandomJSON {
    var generator: SplitMix64

    static let numbers = ["0", "-0", "1", "-1", "1.0", "1.50", "1e2", "1E2", "100", "2.5e-3", "123456789012345678901234567890"]
    /// No combining marks: for these, equal strings are equal code points (see `unicodeNormalizationIsNotUndone`).
    static let characters: [Character] = ["a", "b", " ", "/", "\"", "\\", "\n", "\u{1}", "\u{7F}", "é", "€", "中", "😀"]

    /// A document (an array or an object) at depth 0, a scalar at depth 4.
    mutating func value(depth: Int = 0) -> JSONValue {
        switch Int.random(in: (depth == 0 ? 4 : 0)..<(depth < 4 ? 7 : 4), using: &generator) {
        case 0: return [.null, .bool(true), .bool(false)].randomElement(using: &generator)!
        case 1: return .number(Self.numbers.randomElement(using: &generator)!)
        case 2, 3: return .string(string())
        case 4: return .array((0..<Int.random(in: 0...4, using: &generator)).map { _ in value(depth: depth + 1) })
        default:
            var object = JSONObject()
            for _ in 0..<Int.random(in: 0...4, using: &generator) {
                let name = string()
                if object[name] == nil { object.append(name, value(depth: depth + 1)) }
            }
            return .object(object)
        }
    }

    mutating func string() -> String {
        String((0..<Int.random(in: 0...3, using: &generator)).map { _ in Self.characters.randomElement(using: &generator)! })
    }

    /// `value` as JSON text: whitespace between tokens, members in a shuffled order, each character
    /// escaped or not, all at random.
    mutating func spelling(of value: JSONValue) -> String {
        switch value {
        case .null, .bool, .number: return value.rendered()
        case let .string(text): return quoted(text)
        case let .array(elements):
            return "[" + space() + elements.map { spelling(of: $0) + space() }.joined(separator: "," + space()) + "]"
        case let .object(object):
            let members = object.members.shuffled(using: &generator).map { quoted($0.key) + space() + ":" + space() + spelling(of: $0.value) }
            return "{" + space() + members.joined(separator: space() + "," + space()) + space() + "}"
        }
    }

    /// `value` with one thing changed: a scalar, an element more, a member more or renamed.
    mutating func changed(_ value: JSONValue) -> JSONValue {
        switch value {
        case var .array(elements):
            guard !elements.isEmpty, Bool.random(using: &generator) else { return .array(elements + [.null]) }
            let index = Int.random(in: elements.indices, using: &generator)
            elements[index] = changed(elements[index])
            return .array(elements)
        case let .object(object):
            var members = object.members
            let fresh = "fresh " + string()
            guard !members.isEmpty else { return .object(JSONObject([JSONObject.Member(key: fresh, value: .null)])) }
            let index = Int.random(in: members.indices, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: members.append(JSONObject.Member(key: fresh, value: members[index].value))
            case 1: members[index] = JSONObject.Member(key: fresh, value: members[index].value)
            default: members[index] = JSONObject.Member(key: members[index].key, value: changed(members[index].value))
            }
            return .object(JSONObject(members))
        default:
            while true {
                let other = self.value(depth: 4)
                if other.rendered() != value.rendered() { return other }
            }
        }
    }

    private mutating func space() -> String {
        ["", "", " ", "\n", "\t", "\r\n  "].randomElement(using: &generator)!
    }

    private mutating func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch (scalar, Int.random(in: 0..<3, using: &generator)) {
            case ("\"", _): quoted += #"\""#
            case ("\\", _): quoted += #"\\"#
            case ("\n", 0): quoted += #"\n"#
            case ("/", 0): quoted += #"\/"#
            case (_, 0) where scalar.value >= 0x10000:
                let offset = scalar.value - 0x10000
                quoted += escaped(0xD800 + (offset >> 10)) + escaped(0xDC00 + (offset & 0x3FF))
            case (_, 0): quoted += escaped(scalar.value)
            case _ where scalar.value < 0x20: quoted += escaped(scalar.value)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    private mutating func escaped(_ unit: UInt32) -> String {
        let hex = String(unit, radix: 16)
        let digits = String(repeating: "0", count: 4 - hex.count) + hex
        return "\\u" + (Bool.random(using: &generator) ? digits.uppercased() : digits)
    }
}
