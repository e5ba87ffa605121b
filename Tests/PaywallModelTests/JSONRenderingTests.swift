import PaywallModel
import Testing

private func obj(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(JSONObject(pairs))
}

@Suite("JSONValue: rendering")
struct JSONRenderingTests {
    static let document = obj([
        "name": .string("Pro"),
        "price": .number("49.90"),
        "tags": .strings(["a", "b"]),
        "trial": .null,
        "active": .bool(true),
        "meta": .object(JSONObject()),
        "list": .array([]),
    ])

    @Test("compact output of a small document")
    func compact() {
        #expect(Self.document.rendered() == #"{"name":"Pro","price":49.90,"tags":["a","b"],"trial":null,"active":true,"meta":{},"list":[]}"#)
        #expect(Self.document.rendered(pretty: false) == Self.document.rendered())
    }

    @Test("pretty output of a small document")
    func pretty() {
        let expected = """
            {
              "name": "Pro",
              "price": 49.90,
              "tags": [
                "a",
                "b"
              ],
              "trial": null,
              "active": true,
              "meta": {},
              "list": []
            }
            """
        #expect(Self.document.rendered(pretty: true) == expected)
    }

    @Test("pretty output indents nested containers by two spaces per level")
    func prettyNested() {
        let value: JSONValue = .array([
            .array([.number("1"), .array([.number("2")])]),
            obj(["a": obj(["b": .array([]), "c": .array([.bool(false)])])]),
        ])
        let expected = """
            [
              [
                1,
                [
                  2
                ]
              ],
              {
                "a": {
                  "b": [],
                  "c": [
                    false
                  ]
                }
              }
            ]
            """
        #expect(value.rendered(pretty: true) == expected)
        #expect(value.rendered() == #"[[1,[2]],{"a":{"b":[],"c":[false]}}]"#)
    }

    @Test("scalars render the same compact and pretty", arguments: [
        (JSONValue.null, "null"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.number("49.90"), "49.90"),
        (.number("-0"), "-0"),
        (.number("1E+2"), "1E+2"),
        (.number("0.5e-3"), "0.5e-3"),
        (.string(""), #""""#),
        (.string("Pro"), #""Pro""#),
        (.array([]), "[]"),
        (.object(JSONObject()), "{}"),
    ])
    func scalars(_ value: JSONValue, _ expected: String) {
        #expect(value.rendered() == expected)
        #expect(value.rendered(pretty: true) == expected)
    }

    @Test("string escaping", arguments: [
        ("\"", #""\"""#),
        ("\\", #""\\""#),
        ("a\"b\\c", #""a\"b\\c""#),
        ("\n", #""\n""#),
        ("\r", #""\r""#),
        ("\t", #""\t""#),
        ("\r\n", #""\r\n""#),
        ("\u{00}", #""\u0000""#),
        ("\u{01}", #""\u0001""#),
        ("\u{08}", #""\u0008""#),
        ("\u{0B}", #""\u000b""#),
        ("\u{0C}", #""\u000c""#),
        ("\u{1F}", #""\u001f""#),
        ("\u{7F}", #""\u007f""#),
        ("a\u{7F}b", #""a\u007fb""#),
        (" ", #"" ""#),
        ("/", #""/""#),
        ("'", #""'""#),
        ("é", "\"é\""),
        ("😀", "\"😀\""),
        ("e\u{301}", "\"e\u{301}\""),
        ("\u{80}\u{9F}", "\"\u{80}\u{9F}\""),
        ("\u{2028}", "\"\u{2028}\""),
    ])
    func escaping(_ text: String, _ expected: String) {
        let rendered = JSONValue.string(text).rendered()
        #expect(Array(rendered.utf8) == Array(expected.utf8), "\(rendered)")
    }

    @Test("keys are escaped like strings")
    func keyEscaping() {
        let value = obj(["a\"b": .null, "\u{01}": .null, "\\": .null])
        #expect(value.rendered() == #"{"a\"b":null,"\u0001":null,"\\":null}"#)
        #expect(value.rendered(pretty: true) == "{\n  \"a\\\"b\": null,\n  \"\\u0001\": null,\n  \"\\\\\": null\n}")
    }

    @Test("every control character renders escaped and parses back")
    func allControlCharacters() throws {
        var text = ""
        for value in 0..<0x20 { text.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
        text.unicodeScalars.append("\u{7F}")
        let rendered = JSONValue.string(text).rendered()
        #expect(!rendered.utf8.contains { $0 < 0x20 || $0 == 0x7F })
        #expect(rendered == #""\u0000\u0001\u0002\u0003\u0004\u0005\u0006\u0007\u0008\t\n\u000b\u000c\r\u000e\u000f\u0010\u0011\u0012\u0013\u0014\u0015\u0016\u0017\u0018\u0019\u001a\u001b\u001c\u001d\u001e\u001f\u007f""#)
        guard case let .string(back) = try JSONParser.parse(rendered) else {
            Issue.record("expected a string")
            return
        }
        #expect(Array(back.utf8) == Array(text.utf8))
    }

    static let varied = obj([
        "id": .string("pro.monthly"),
        "price": .number("49.90"),
        "numbers": .array(["0", "-0", "1e3", "1E+2", "0.5e-3", "-12.500", "123456789012345678901234567890"].map(JSONValue.number)),
        "flags": .array([.bool(true), .bool(false), .null]),
        "text": .string("quote \" backslash \\ slash / tab \t newline \n cr \r bell \u{07} del \u{7F} é 日本 😀 \u{2028}"),
        "": .string("empty key"),
        "dup": .number("1"),
        "dup": .number("2"),
        "nested": obj([
            "empty array": .array([]),
            "empty object": .object(JSONObject()),
            "deep": .array([.array([.array([obj(["x": .strings(["a", "b", ""])])])])]),
            "optional": .optional(nil),
        ]),
        "integer": .integer(-42),
    ])

    @Test("round trip: parse(render(x)) == x, compact and pretty", arguments: [false, true])
    func roundTrip(_ pretty: Bool) throws {
        let rendered = Self.varied.rendered(pretty: pretty)
        let parsed = try JSONParser.parse(rendered)
        #expect(parsed == Self.varied)
        // Exact bytes of every string survive, not just canonically equivalent ones.
        #expect(parsed.rendered(pretty: pretty) == rendered)
        #expect(Array(parsed.rendered(pretty: pretty).utf8) == Array(rendered.utf8))
        // Compact and pretty output describe the same value.
        #expect(try JSONParser.parse(Self.varied.rendered(pretty: !pretty)) == parsed)
    }

    @Test("round trip: render(parse(text)) == text for compact text without escapes to normalize")
    func textRoundTrip() throws {
        let text = #"{"b":[1,2.50,-0,1e3,{"c":null}],"a":"x\"y\\z\n","a":true,"d":{},"e":[],"f":"é😀"}"#
        #expect(try JSONParser.parse(text).rendered() == text)
    }

    @Test("rendering normalizes escapes that need none")
    func normalizesEscapes() throws {
        #expect(try JSONParser.parse(#""\/\u0041\u00e9\ud83d\ude00\b""#).rendered() == "\"/Aé😀\\u0008\"")
        #expect(try JSONParser.parse(" [ 1 , { \"a\" : 2 } ] ").rendered() == #"[1,{"a":2}]"#)
    }

    @Test("optional helper")
    func optionalHelper() {
        #expect(JSONValue.optional("x") == .string("x"))
        #expect(JSONValue.optional("") == .string(""))
        #expect(JSONValue.optional(nil) == .null)
        #expect(JSONValue.optional(nil).rendered() == "null")
        #expect(JSONValue.optional("a\"").rendered() == #""a\"""#)
    }

    @Test("strings helper")
    func stringsHelper() {
        #expect(JSONValue.strings(["a", "b"]) == .array([.string("a"), .string("b")]))
        #expect(JSONValue.strings([]) == .array([]))
        #expect(JSONValue.strings(["b", "a", "b"]).rendered() == #"["b","a","b"]"#)
        #expect(JSONValue.strings(["x"]).rendered(pretty: true) == "[\n  \"x\"\n]")
    }

    @Test("integer helper", arguments: [
        (0, "0"), (42, "42"), (-7, "-7"), (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
    ])
    func integerHelper(_ number: Int, _ literal: String) throws {
        #expect(JSONValue.integer(number) == .number(literal))
        #expect(JSONValue.integer(number).rendered() == literal)
        #expect(try JSONParser.parse(literal) == .integer(number))
    }

    @Test("kind strings", arguments: [
        (JSONValue.null, "null"),
        (.bool(false), "a boolean"),
        (.number("1"), "a number"),
        (.string(""), "a string"),
        (.array([]), "an array"),
        (.object(JSONObject()), "an object"),
    ])
    func kind(_ value: JSONValue, _ expected: String) {
        #expect(value.kind == expected)
    }

    @Test("numbers are equal only when their literal text is equal")
    func numberEquality() {
        #expect(JSONValue.number("1.0") != .number("1"))
        #expect(JSONValue.number("1e3") != .number("1000"))
        #expect(JSONValue.number("49.90") == .number("49.90"))
    }
}

@Suite("JSONObject API")
struct JSONObjectAPITests {
    @Test("an empty object")
    func empty() {
        let object = JSONObject()
        #expect(object.members.isEmpty)
        #expect(object.keys == [])
        #expect(object["a"] == nil)
        #expect(object == JSONObject([:]))
    }

    @Test("init(KeyValuePairs) keeps order and duplicates")
    func keyValuePairs() {
        let object = JSONObject(["b": .null, "a": .bool(true), "b": .number("2")])
        #expect(object.keys == ["b", "a", "b"])
        #expect(object.members.map(\.key) == ["b", "a", "b"])
        #expect(object.members.map(\.value) == [.null, .bool(true), .number("2")])
        #expect(object["b"] == .null)
        #expect(object["a"] == .bool(true))
        #expect(object["c"] == nil)
    }

    @Test("append adds at the end; the subscript returns the first member with the key")
    func append() {
        var object = JSONObject()
        object.append("z", .string("first"))
        object.append("a", .number("1"))
        #expect(object.keys == ["z", "a"])
        object.append("z", .string("second"))
        #expect(object.keys == ["z", "a", "z"])
        #expect(object["z"] == .string("first"))
        #expect(object.members.last?.value == .string("second"))
        #expect(object == JSONObject(["z": .string("first"), "a": .number("1"), "z": .string("second")]))
        #expect(JSONValue.object(object).rendered() == #"{"z":"first","a":1,"z":"second"}"#)
    }

    @Test("init(members) copies members")
    func initMembers() {
        let original = JSONObject(["x": .number("1"), "y": .number("2")])
        let copy = JSONObject(original.members)
        #expect(copy == original)
        #expect(copy.keys == ["x", "y"])
    }

    @Test("equality depends on order, keys and values")
    func equality() {
        let ab = JSONObject(["a": .number("1"), "b": .number("2")])
        #expect(ab == JSONObject(["a": .number("1"), "b": .number("2")]))
        #expect(ab != JSONObject(["b": .number("2"), "a": .number("1")]))
        #expect(ab != JSONObject(["a": .number("1"), "b": .number("3")]))
        #expect(ab != JSONObject(["a": .number("1")]))
        #expect(ab != JSONObject(["a": .number("1"), "b": .number("2"), "b": .number("2")]))
    }

    @Test("a value-type copy is independent")
    func valueSemantics() {
        let original = JSONObject(["a": .null])
        var copy = original
        copy.append("b", .null)
        #expect(original.keys == ["a"])
        #expect(copy.keys == ["a", "b"])
    }
}
