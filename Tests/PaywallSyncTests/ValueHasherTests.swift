import Digests
import FixtureSupport
@testable import PaywallModel
import PaywallSync
import Testing

/// The value hash of `text` as import computes it: while the parser reads it, streaming the top-level
/// arrays named in `streamed`.
func valueHash(_ text: String, streaming streamed: Set<String> = []) throws -> String {
    let hasher = ValueHasher()
    _ = try Array(text.utf8).withUnsafeBytes { try JSONParser.parse($0, streaming: streamed, observer: hasher) { _ in } }
    return hasher.hexDigest()
}

/// What counts as the same JSON value (docs/architecture.md): whitespace, member order and escapes do not; any
/// change of a value, a name, an element's place or a type does.
@Suite struct ValueHasherTests {
    /// The canonical form spelled out byte by byte, for small documents: it is what stored hashes mean,
    /// so it must not drift.
    @Test func theCanonicalFormIsAsDocumented() throws {
        func sha256(_ bytes: [UInt8]) -> [UInt8] { bytes.withUnsafeBytes { Digest.bytes(of: $0, using: .sha256) } }
        func length(_ count: Int) -> [UInt8] { withUnsafeBytes(of: UInt64(count).bigEndian, Array.init) }
        func string(_ text: String) -> [UInt8] { Array("s".utf8) + length(text.utf8.count) + Array(text.utf8) }
        func number(_ literal: String) -> [UInt8] { Array("d".utf8) + length(literal.utf8.count) + Array(literal.utf8) }
        let cases: [(String, [UInt8])] = [
            ("null", Array("n".utf8)), ("true", Array("t".utf8)), ("false", Array("f".utf8)),
            ("-1.50e3", number("-1.50e3")), (#""\u00e9""#, string("é")),
            ("[1, []]", Array("[".utf8) + number("1") + Array("[]]".utf8)),
            ("{}", Array("{".utf8) + length(0)),
            (#"{"b": 2, "a": [null]}"#, Array("{".utf8) + length(2) + sha256(string("a") + Array("[n]".utf8)) + sha256(string("b") + number("2"))),
        ]
        for (text, canonical) in cases {
            #expect(try valueHash(text) == Digest.hex(sha256(canonical)), "\(text)")
        }
        // Worked out independently (Python's json and hashlib): repeated names, escapes, numbers as written.
        let document = #"{"name": "caf\u00e9", "prices": [9.99, 1e2, -0, 100], "flags": [true, false, null], "nested": {"b": {}, "a": []}, "name": ""}"#
        #expect(try valueHash(document) == "2009301637f54412f4fb3519cb2e5ebed42bbe0de595b57dd9d23d47ac77823d")
    }

    static let sameValues: [(String, String)] = [
        // Whitespace.
        (#"{"a":[1,2,{"b":null}]}"#, " {\n\t\"a\" :\r\n [ 1 ,2, { \"b\"\t:null } ] }\n"),
        // Member order, at every depth.
        (#"{"a":1,"b":{"c":true,"d":[{"e":"x","f":"y"}]}}"#, #"{"b":{"d":[{"f":"y","e":"x"}],"c":true},"a":1}"#),
        // Escapes in values and names: the characters count, not how they are spelled.
        (#"{"caf\u00e9":"\u00e9\/\ud83d\ude00\n\"\\"}"#, "{\"café\":\"é/😀\\u000a\\u0022\\u005c\"}"),
        (#"["\t", "A", "€"]"#, #"["\u0009", "\u0041", "\u20AC"]"#),
        // Repeated names keep their order among themselves; other members may move around them.
        (#"{"a":1,"b":0,"a":2}"#, #"{"b":0,"a":1,"a":2}"#),
    ]

    @Test(arguments: sameValues)
    func theSameValueSpelledOtherwiseHasTheSameHash(_ one: String, _ other: String) throws {
        #expect(try valueHash(one) == valueHash(other))
        #expect(try JSONParser.parse(one).isEquivalent(to: JSONParser.parse(other)))
    }

    static let differentValues: [(String, String)] = [
        (#"{"a":1}"#, #"{"a":2}"#),                       // a value
        (#"{"a":1}"#, #"{"b":1}"#),                       // a name
        (#"{"a":"x"}"#, #"{"a":"x "}"#),                  // a space inside a string does count
        (#"[1,2]"#, #"[2,1]"#),                           // array order
        (#"[[1],2]"#, #"[[1,2]]"#),                       // nesting
        (#"["ab","c"]"#, #"["a","bc"]"#),                 // where a string ends
        (#"{"a":{"b":1},"c":{}}"#, #"{"a":{},"c":{"b":1}}"#), // a member moved to another object
        (#"{"ab":"c"}"#, #"{"a":"bc"}"#),                 // where a name ends
        (#"{"a":1}"#, #"{"a":1,"b":null}"#),              // a member more, even null
        (#"{"a":1}"#, #"{"a":1,"a":1}"#),                 // a repeated member
        (#"{"a":1,"a":2}"#, #"{"a":2,"a":1}"#),           // repeated names in the other order
        (#"1"#, #""1""#), (#"null"#, #""null""#), (#"true"#, #""true""#), (#"[]"#, #"{}"#), (#"[]"#, #"[null]"#), // types
        (#"1.0"#, #"1"#), (#"1e2"#, #"100"#), (#"1E2"#, #"1e2"#), (#"-0"#, #"0"#), // numbers are kept as written
        (#""""#, #"null"#),
    ]

    @Test(arguments: differentValues)
    func anyChangeOfValueChangesTheHash(_ one: String, _ other: String) throws {
        #expect(try valueHash(one) != valueHash(other))
        #expect(try !JSONParser.parse(one).isEquivalent(to: JSONParser.parse(other)))
    }

    /// The one place where the hash is stricter than `isEquivalent`, which compares Swift strings (equal
    /// under Unicode canonical equivalence): other code points are other content, as bytes an app shows.
    @Test func unicodeNormalizationIsNotUndone() throws {
        let composed = #"{"title":"Caf\u00e9"}"#, decomposed = #"{"title":"Cafe\u0301"}"#
        #expect(try valueHash(composed) != valueHash(decomposed))
        #expect(try JSONParser.parse(composed).isEquivalent(to: JSONParser.parse(decomposed)))
    }

    @Test func streamedCollectionsHashAsTheyWouldWhole() throws {
        let text = #"{"format":"x","placements":[{"id":"a","n":[1,2]},{"id":"b"}],"paywalls":[],"z":{"placements":[1]}}"#
        let whole = try valueHash(text)
        #expect(try valueHash(text, streaming: ["placements", "paywalls"]) == whole)
        #expect(try valueHash(text, streaming: ["placements", "paywalls"]) != valueHash(text.replacingOccurrences(of: #""b""#, with: #""c""#)))
    }

    /// Nesting as deep as the parser allows, a wide object, a long array, a string at the parser's
    /// limit: the hash is found, and unchanged by order and spelling, without holding the document.
    @Test func largeDocumentsHashWithinTheParsersLimits() throws {
        let depth = JSONParser.Limits().maximumDepth
        let deep = String(repeating: #"{"k":"#, count: depth - 2) + #"{"y":1,"x":[]}"# + String(repeating: "}", count: depth - 2)
        #expect(try valueHash(deep) == valueHash(deep.replacingOccurrences(of: #"{"y":1,"x":[]}"#, with: #"{"x":[],"y":1}"#)))
        #expect(throws: JSONSyntaxError.self) { try valueHash("[" + deep + "]") }

        var generator = SplitMix64(state: 7)
        let members = (0..<20_000).map { #""m\#($0)":\#($0)"# }
        let wide = try valueHash("{" + members.joined(separator: ",") + "}")
        #expect(try valueHash("{" + members.shuffled(using: &generator).joined(separator: ",\n") + "}") == wide)
        #expect(try valueHash("{" + (members.dropLast() + [#""m19999":0"#]).joined(separator: ",") + "}") != wide)

        let elements = (0..<100_000).map { _ in String(generator.next() % 1000) }
        let long = try valueHash("[" + elements.joined(separator: ",") + "]")
        #expect(try valueHash("[ " + elements.joined(separator: " , ") + " ]") == long)
        #expect(try valueHash("[" + (elements.dropLast() + ["1000"]).joined(separator: ",") + "]") != long)

        let limit = JSONParser.Limits().maximumStringBytes
        let text = String(repeating: "é/", count: limit / 3)
        let escaped = String(repeating: #"\u00e9\/"#, count: limit / 3)
        #expect(try valueHash(#"{"s":""# + text + #""}"#) == valueHash(#"{"s":""# + escaped + #""}"#))
    }
}
