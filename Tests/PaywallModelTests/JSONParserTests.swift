import PaywallModel
import Testing

// MARK: - Helpers (private to this file)

/// Parses raw bytes through the `UnsafeRawBufferPointer` overload.
private func parseJSON(bytes: [UInt8], limits: JSONParser.Limits = JSONParser.Limits()) throws(JSONSyntaxError) -> JSONValue {
    let result = bytes.withUnsafeBytes { buffer in
        Result { () throws(JSONSyntaxError) in try JSONParser.parse(buffer, limits: limits) }
    }
    return try result.get()
}

/// The error thrown for `bytes`, recording an issue when the bytes parse.
private func syntaxError(
    bytes: [UInt8], limits: JSONParser.Limits = JSONParser.Limits(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONSyntaxError? {
    #expect(throws: JSONSyntaxError.self, sourceLocation: sourceLocation) {
        try parseJSON(bytes: bytes, limits: limits)
    }
}

/// The error thrown for `text` through the `String` overload.
private func syntaxError(
    _ text: String, limits: JSONParser.Limits = JSONParser.Limits(),
    sourceLocation: SourceLocation = #_sourceLocation
) -> JSONSyntaxError? {
    #expect(throws: JSONSyntaxError.self, sourceLocation: sourceLocation) {
        try JSONParser.parse(text, limits: limits)
    }
}

/// Checks that an error's offset, line and column agree with each other for the given input
/// (lines are separated by LF only; columns count UTF-8 bytes from 1).
private func expectConsistentPosition(_ error: JSONSyntaxError, in bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(error.offset >= 0 && error.offset <= bytes.count, "offset \(error.offset) outside 0...\(bytes.count)", sourceLocation: sourceLocation)
    let prefix = bytes.prefix(max(0, min(error.offset, bytes.count)))
    let line = 1 + prefix.filter { $0 == UInt8(ascii: "\n") }.count
    let lineStart = (prefix.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 }) ?? 0
    #expect(error.line == line, sourceLocation: sourceLocation)
    #expect(error.column == error.offset - lineStart + 1, sourceLocation: sourceLocation)
}

private func obj(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
    .object(JSONObject(pairs))
}

/// One invalid document and the exact error it must produce.
struct JSONInvalidDocument: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let line: Int
    let column: Int
    let reason: String

    init(_ name: String, _ text: String, _ line: Int, _ column: Int, _ reason: String) {
        self.name = name
        self.bytes = Array(text.utf8)
        self.line = line
        self.column = column
        self.reason = reason
    }

    init(_ name: String, bytes: [UInt8], _ line: Int, _ column: Int, _ reason: String) {
        self.name = name
        self.bytes = bytes
        self.line = line
        self.column = column
        self.reason = reason
    }

    var testDescription: String { "\(name) → \(line):\(column) \(reason)" }
}

private func check(_ document: JSONInvalidDocument, limits: JSONParser.Limits = JSONParser.Limits()) {
    guard let error = syntaxError(bytes: document.bytes, limits: limits) else { return }
    #expect(error.line == document.line)
    #expect(error.column == document.column)
    #expect(error.reason == document.reason)
    expectConsistentPosition(error, in: document.bytes)
    // The String overload reports the same error whenever the bytes are valid UTF-8.
    if let text = String(validating: document.bytes, as: UTF8.self) {
        #expect(syntaxError(text, limits: limits) == error)
    }
}

// MARK: - Valid documents

@Suite("JSONParser: valid documents")
struct JSONParserValidTests {
    @Test("every scalar kind at the top level", arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("0", .number("0")),
        ("\"text\"", .string("text")),
        ("\"\"", .string("")),
        ("[]", .array([])),
        ("{}", .object(JSONObject())),
    ])
    func scalars(_ text: String, _ expected: JSONValue) throws {
        #expect(try JSONParser.parse(text) == expected)
        #expect(try parseJSON(bytes: Array(text.utf8)) == expected)
    }

    @Test("kind of every parsed value")
    func kinds() throws {
        let value = try JSONParser.parse(#"[null, true, 1, "s", [], {}]"#)
        guard case let .array(elements) = value else {
            Issue.record("expected an array, got \(value)")
            return
        }
        #expect(elements.map(\.kind) == ["null", "a boolean", "a number", "a string", "an array", "an object"])
    }

    @Test("nested arrays and objects")
    func nested() throws {
        let text = #"{"plans":[{"id":"pro","prices":[49.90,4.99],"trial":null},{"id":"free","prices":[],"meta":{"a":[[true],[false,{}]]}}],"count":2}"#
        let expected = obj([
            "plans": .array([
                obj(["id": .string("pro"), "prices": .array([.number("49.90"), .number("4.99")]), "trial": .null]),
                obj([
                    "id": .string("free"), "prices": .array([]),
                    "meta": obj(["a": .array([.array([.bool(true)]), .array([.bool(false), .object(JSONObject())])])]),
                ]),
            ]),
            "count": .number("2"),
        ])
        #expect(try JSONParser.parse(text) == expected)
    }

    @Test("object members keep the order written")
    func memberOrder() throws {
        let value = try JSONParser.parse(#"{"z": 1, "a": 2, "m": 3, "b": {"y": 0, "x": 0}}"#)
        guard case let .object(object) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        #expect(object.keys == ["z", "a", "m", "b"])
        #expect(object.members.map(\.value) == [.number("1"), .number("2"), .number("3"), obj(["y": .number("0"), "x": .number("0")])])
        guard case let .object(inner)? = object["b"] else {
            Issue.record("expected an object under b")
            return
        }
        #expect(inner.keys == ["y", "x"])
        // Order is significant for equality.
        #expect(value != obj(["a": .number("2"), "z": .number("1"), "m": .number("3"), "b": obj(["y": .number("0"), "x": .number("0")])]))
    }

    @Test("duplicate keys are kept in order; the subscript returns the first")
    func duplicateKeys() throws {
        let value = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3, "a": [4]}"#)
        guard case let .object(object) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        #expect(object.keys == ["a", "b", "a", "a"])
        #expect(object["a"] == .number("1"))
        #expect(object["b"] == .number("2"))
        #expect(object["c"] == nil)
        #expect(object.members.map(\.value) == [.number("1"), .number("2"), .number("3"), .array([.number("4")])])
        #expect(value == obj(["a": .number("1"), "b": .number("2"), "a": .number("3"), "a": .array([.number("4")])]))
    }

    @Test("numbers keep their literal text", arguments: [
        "0", "-0", "1", "-1", "49.90", "4.990", "0.0", "-0.0", "1e3", "1E3", "1e+2", "1E+2", "1e-2", "0.5e-3",
        "-0.5E+03", "0e0", "123456789012345678901234567890", "1.000000000000000000000001", "-9223372036854775809",
        "1e999", "10", "100.001", "1e05", "1E-007",
    ])
    func numbers(_ literal: String) throws {
        #expect(try JSONParser.parse(literal) == .number(literal))
        #expect(try JSONParser.parse("[\(literal)]") == .array([.number(literal)]))
        #expect(try JSONParser.parse("{\"n\":\(literal)}") == obj(["n": .number(literal)]))
        #expect(try JSONParser.parse(" \(literal) ") == .number(literal))
    }

    @Test("numbers next to delimiters")
    func numbersInContext() throws {
        #expect(try JSONParser.parse("[49.90,-0,1e3,1E+2,0.5e-3]") == .array(["49.90", "-0", "1e3", "1E+2", "0.5e-3"].map(JSONValue.number)))
        #expect(try JSONParser.parse("[1\n,\t2\r,3 ]") == .array([.number("1"), .number("2"), .number("3")]))
        #expect(try JSONParser.parse(#"{"a":-0,"b":1e3}"#) == obj(["a": .number("-0"), "b": .number("1e3")]))
    }

    @Test("string escapes", arguments: [
        (#""\"""#, "\""),
        (#""\\""#, "\\"),
        (#""\/""#, "/"),
        (#""\b""#, "\u{08}"),
        (#""\f""#, "\u{0C}"),
        (#""\n""#, "\n"),
        (#""\r""#, "\r"),
        (#""\t""#, "\t"),
        (#""\u0000""#, "\u{00}"),
        (#""\u001f""#, "\u{1F}"),
        (#""\u0041""#, "A"),
        (#""\u00e9""#, "é"),
        (#""\u00E9""#, "é"),
        (#""\u20ac""#, "€"),
        (#""\uFFFF""#, "\u{FFFF}"),
        (#""\uE000""#, "\u{E000}"),
        (#""\ud83d\ude00""#, "😀"),
        (#""\uD83D\uDE00""#, "😀"),
        (#""\uD800\uDC00""#, "\u{10000}"),
        (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        (#""e\u0301""#, "e\u{301}"),
        (#""a\"b\\c\/d\be\ff\ng\rh\ti""#, "a\"b\\c/d\u{08}e\u{0C}f\ng\rh\ti"),
        (#""\u00e9\u00e9""#, "éé"),
        (#""x\ud83d\ude00y""#, "x😀y"),
    ])
    func escapes(_ text: String, _ expected: String) throws {
        let value = try JSONParser.parse(text)
        guard case let .string(decoded) = value else {
            Issue.record("expected a string, got \(value)")
            return
        }
        // Compare bytes: String equality is canonical equivalence, which would hide e.g. a composed é.
        #expect(Array(decoded.utf8) == Array(expected.utf8))
    }

    @Test("raw multi-byte UTF-8 and DEL pass through unchanged")
    func rawUTF8() throws {
        let samples = ["é", "日本語", "😀", "a\u{7F}b", "e\u{301}", "\u{2028}\u{2029}", "Ünïcödé ✓ 🇫🇷", "\u{10FFFF}"]
        for sample in samples {
            let value = try JSONParser.parse("\"\(sample)\"")
            guard case let .string(decoded) = value else {
                Issue.record("expected a string for \(sample), got \(value)")
                continue
            }
            #expect(Array(decoded.utf8) == Array(sample.utf8))
        }
        // Through the byte overload as well.
        let bytes: [UInt8] = [0x22, 0xF0, 0x9F, 0x98, 0x80, 0xC3, 0xA9, 0x22]
        #expect(try parseJSON(bytes: bytes) == .string("😀é"))
        // Non-ASCII keys.
        #expect(try JSONParser.parse(#"{"prix €":"49,90 €"}"#) == obj(["prix €": .string("49,90 €")]))
    }

    @Test("whitespace around the document and between tokens")
    func whitespace() throws {
        #expect(try JSONParser.parse(" \t\r\n null \n\r\t ") == .null)
        #expect(try JSONParser.parse("\n\n\"a\"\n") == .string("a"))
        #expect(try JSONParser.parse(" 7 ") == .number("7"))
        let text = " \r\n{ \"a\" \t: [ 1 , 2 ] ,\n\"b\"\r\n:\t{ } , \"c\" : [ ] }\t\n "
        #expect(try JSONParser.parse(text) == obj(["a": .array([.number("1"), .number("2")]), "b": .object(JSONObject()), "c": .array([])]))
        #expect(try JSONParser.parse("[ ]") == .array([]))
        #expect(try JSONParser.parse("{ \n }") == .object(JSONObject()))
    }

    @Test("the byte overload accepts a slice of a larger buffer")
    func byteOverload() throws {
        let bytes = Array("xx[1,{\"k\":\"v\"}]yy".utf8)
        let value = try bytes.withUnsafeBytes { buffer in
            try JSONParser.parse(UnsafeRawBufferPointer(rebasing: buffer[2..<15]))
        }
        #expect(value == .array([.number("1"), obj(["k": .string("v")])]))
    }

    @Test("an empty key and keys that need escapes")
    func unusualKeys() throws {
        let value = try JSONParser.parse(#"{"": 0, "a\"b": 1, "\u00e9": 2, "\n": 3}"#)
        guard case let .object(object) = value else {
            Issue.record("expected an object, got \(value)")
            return
        }
        #expect(object.keys == ["", "a\"b", "é", "\n"])
        #expect(object[""] == .number("0"))
        #expect(object["é"] == .number("2"))
    }
}

// MARK: - Invalid documents

@Suite("JSONParser: invalid documents")
struct JSONParserInvalidTests {
    @Test("numbers", arguments: [
        JSONInvalidDocument("leading zero", "01", 1, 2, "unexpected text after the document"),
        JSONInvalidDocument("two zeros", "00", 1, 2, "unexpected text after the document"),
        JSONInvalidDocument("negative leading zero", "-01", 1, 3, "unexpected text after the document"),
        JSONInvalidDocument("leading zero in an array", "[01]", 1, 3, "expected ',' or ']' after an array element"),
        JSONInvalidDocument("trailing dot", "1.", 1, 3, "invalid number: expected a digit after '.'"),
        JSONInvalidDocument("trailing dot in an array", "[1.]", 1, 4, "invalid number: expected a digit after '.'"),
        JSONInvalidDocument("dot then exponent", "1.e3", 1, 3, "invalid number: expected a digit after '.'"),
        JSONInvalidDocument("leading dot", ".5", 1, 1, "unexpected '.', expected a value"),
        JSONInvalidDocument("plus sign", "+1", 1, 1, "unexpected '+', expected a value"),
        JSONInvalidDocument("lone minus", "-", 1, 2, "invalid number: expected a digit"),
        JSONInvalidDocument("minus then space", "- 1", 1, 2, "invalid number: expected a digit"),
        JSONInvalidDocument("double minus", "--1", 1, 2, "invalid number: expected a digit"),
        JSONInvalidDocument("minus dot", "-.5", 1, 2, "invalid number: expected a digit"),
        JSONInvalidDocument("empty exponent", "1e", 1, 3, "invalid number: expected a digit in the exponent"),
        JSONInvalidDocument("empty upper exponent", "1E", 1, 3, "invalid number: expected a digit in the exponent"),
        JSONInvalidDocument("exponent sign only", "1e+", 1, 4, "invalid number: expected a digit in the exponent"),
        JSONInvalidDocument("exponent minus only", "1.5E-]", 1, 6, "invalid number: expected a digit in the exponent"),
        JSONInvalidDocument("hexadecimal", "0x10", 1, 2, "unexpected text after the document"),
        JSONInvalidDocument("Infinity", "Infinity", 1, 1, "unexpected 'I', expected a value"),
        JSONInvalidDocument("-Infinity", "-Infinity", 1, 2, "invalid number: expected a digit"),
        JSONInvalidDocument("NaN", "NaN", 1, 1, "unexpected 'N', expected a value"),
        JSONInvalidDocument("two dots", "1.2.3", 1, 4, "unexpected text after the document"),
    ])
    func numbers(_ document: JSONInvalidDocument) {
        check(document)
    }

    @Test("arrays", arguments: [
        JSONInvalidDocument("trailing comma", "[1,]", 1, 4, "unexpected ']', expected a value"),
        JSONInvalidDocument("trailing comma with space", "[1, ]", 1, 5, "unexpected ']', expected a value"),
        JSONInvalidDocument("leading comma", "[,1]", 1, 2, "unexpected ',', expected a value"),
        JSONInvalidDocument("double comma", "[1,,2]", 1, 4, "unexpected ',', expected a value"),
        JSONInvalidDocument("missing comma", "[1 2]", 1, 4, "expected ',' or ']' after an array element"),
        JSONInvalidDocument("wrong closer", "[1}", 1, 3, "expected ',' or ']' after an array element"),
        JSONInvalidDocument("colon in an array", "[\"a\":1]", 1, 5, "expected ',' or ']' after an array element"),
        JSONInvalidDocument("unterminated empty", "[", 1, 2, "unexpected end of the document, expected a value"),
        JSONInvalidDocument("unterminated after an element", "[1,2", 1, 5, "expected ',' or ']' after an array element"),
        JSONInvalidDocument("unterminated after a comma", "[1,", 1, 4, "unexpected end of the document, expected a value"),
        JSONInvalidDocument("unterminated nested", "[[]", 1, 4, "expected ',' or ']' after an array element"),
        JSONInvalidDocument("lone closer", "]", 1, 1, "unexpected ']', expected a value"),
        JSONInvalidDocument("extra closer", "[]]", 1, 3, "unexpected text after the document"),
    ])
    func arrays(_ document: JSONInvalidDocument) {
        check(document)
    }

    @Test("objects", arguments: [
        JSONInvalidDocument("trailing comma", #"{"a":1,}"#, 1, 8, "expected a member name in double quotes"),
        JSONInvalidDocument("only a comma", "{,}", 1, 2, "expected a member name in double quotes"),
        JSONInvalidDocument("single-quoted key", "{'a':1}", 1, 2, "expected a member name in double quotes"),
        JSONInvalidDocument("unquoted key", "{a:1}", 1, 2, "expected a member name in double quotes"),
        JSONInvalidDocument("number key", "{1:2}", 1, 2, "expected a member name in double quotes"),
        JSONInvalidDocument("missing colon", #"{"a" 1}"#, 1, 6, "expected ':' after the member name \"a\""),
        JSONInvalidDocument("missing value and colon", #"{"a"}"#, 1, 5, "expected ':' after the member name \"a\""),
        JSONInvalidDocument("equals sign", #"{"key"=1}"#, 1, 7, "expected ':' after the member name \"key\""),
        JSONInvalidDocument("missing value", #"{"a":}"#, 1, 6, "unexpected '}', expected a value"),
        JSONInvalidDocument("double colon", #"{"a"::1}"#, 1, 6, "unexpected ':', expected a value"),
        JSONInvalidDocument("missing comma", #"{"a":1 "b":2}"#, 1, 8, "expected ',' or '}' after an object member"),
        JSONInvalidDocument("wrong closer", #"{"a":1]"#, 1, 7, "expected ',' or '}' after an object member"),
        JSONInvalidDocument("unterminated empty", "{", 1, 2, "expected a member name in double quotes"),
        JSONInvalidDocument("unterminated after a member", #"{"a":1"#, 1, 7, "expected ',' or '}' after an object member"),
        JSONInvalidDocument("unterminated after a colon", #"{"a":"#, 1, 6, "unexpected end of the document, expected a value"),
        JSONInvalidDocument("unterminated after a comma", #"{"a":1,"#, 1, 8, "expected a member name in double quotes"),
        JSONInvalidDocument("unterminated key", #"{"a"#, 1, 2, "unterminated string"),
        JSONInvalidDocument("lone closer", "}", 1, 1, "unexpected '}', expected a value"),
    ])
    func objects(_ document: JSONInvalidDocument) {
        check(document)
    }

    @Test("strings", arguments: [
        JSONInvalidDocument("single quotes", "'a'", 1, 1, "unexpected \"'\" (JSON strings take double quotes), expected a value"),
        JSONInvalidDocument("single quotes in an array", "['a']", 1, 2, "unexpected \"'\" (JSON strings take double quotes), expected a value"),
        JSONInvalidDocument("unterminated", "\"abc", 1, 1, "unterminated string"),
        JSONInvalidDocument("unterminated in an array", "[\"abc", 1, 2, "unterminated string"),
        JSONInvalidDocument("only a quote", "\"", 1, 1, "unterminated string"),
        JSONInvalidDocument("escaped closing quote", #""abc\""#, 1, 1, "unterminated string"),
        JSONInvalidDocument("raw tab", "\"a\tb\"", 1, 3, "unescaped control character in a string"),
        JSONInvalidDocument("raw line feed", "\"a\nb\"", 1, 3, "unescaped control character in a string"),
        JSONInvalidDocument("raw carriage return", "[\"\r\"]", 1, 3, "unescaped control character in a string"),
        JSONInvalidDocument("raw NUL", bytes: [0x22, 0x00, 0x22], 1, 2, "unescaped control character in a string"),
        JSONInvalidDocument("raw 0x1F", bytes: [0x22, 0x61, 0x62, 0x1F, 0x22], 1, 4, "unescaped control character in a string"),
        JSONInvalidDocument("unterminated escape", "\"\\", 1, 3, "unterminated escape"),
        JSONInvalidDocument("incomplete \\u at the end", #""\u12""#, 1, 4, "incomplete \\u escape"),
        JSONInvalidDocument("\\u at the very end", #""\u"#, 1, 4, "incomplete \\u escape"),
        JSONInvalidDocument("high surrogate at the very end", #""\ud83d"#, 1, 8, "unpaired surrogate in \\u escape"),
        JSONInvalidDocument("\\u with two digits", #"["\u12"]"#, 1, 7, "invalid hexadecimal digit in a \\u escape"),
        JSONInvalidDocument("\\u with a non-hex digit", #""\u00g0""#, 1, 6, "invalid hexadecimal digit in a \\u escape"),
        JSONInvalidDocument("lone high surrogate", #""\ud800""#, 1, 8, "unpaired surrogate in \\u escape"),
        JSONInvalidDocument("high surrogate then a letter", #""\ud800x""#, 1, 8, "unpaired surrogate in \\u escape"),
        JSONInvalidDocument("high surrogate then another escape", #""\ud800\n""#, 1, 8, "unpaired surrogate in \\u escape"),
        JSONInvalidDocument("high surrogate then a non-surrogate", #""\ud800\u0041""#, 1, 14, "unpaired surrogate in \\u escape"),
        JSONInvalidDocument("two high surrogates", #""\uD83D\uD83D""#, 1, 14, "unpaired surrogate in \\u escape"),
        JSONInvalidDocument("high surrogate then an incomplete escape", #""\ud800\u12""#, 1, 10, "incomplete \\u escape"),
        JSONInvalidDocument("lone low surrogate", #""\udc00""#, 1, 8, "unpaired surrogate in \\u escape"),
        JSONInvalidDocument("lone low surrogate (upper bound)", #"["\uDFFF"]"#, 1, 9, "unpaired surrogate in \\u escape"),
        JSONInvalidDocument("reversed surrogate pair", #""\ude00\ud83d""#, 1, 8, "unpaired surrogate in \\u escape"),
    ])
    func strings(_ document: JSONInvalidDocument) {
        check(document)
    }

    @Test("invalid UTF-8 inside a string", arguments: [
        JSONInvalidDocument("0xFF", bytes: [0x22, 0xFF, 0x22], 1, 1, "invalid UTF-8 in a string"),
        JSONInvalidDocument("0xFE", bytes: [0x22, 0x61, 0xFE, 0x22], 1, 1, "invalid UTF-8 in a string"),
        JSONInvalidDocument("lone continuation byte", bytes: [0x22, 0x61, 0x80, 0x22], 1, 1, "invalid UTF-8 in a string"),
        JSONInvalidDocument("overlong slash", bytes: [0x22, 0xC0, 0xAF, 0x22], 1, 1, "invalid UTF-8 in a string"),
        JSONInvalidDocument("overlong NUL", bytes: [0x22, 0xC0, 0x80, 0x22], 1, 1, "invalid UTF-8 in a string"),
        JSONInvalidDocument("overlong three-byte", bytes: [0x22, 0xE0, 0x80, 0xAF, 0x22], 1, 1, "invalid UTF-8 in a string"),
        JSONInvalidDocument("encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], 1, 1, "invalid UTF-8 in a string"),
        JSONInvalidDocument("above U+10FFFF", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 1, 1, "invalid UTF-8 in a string"),
        JSONInvalidDocument("truncated three-byte", bytes: [0x22, 0xE2, 0x82, 0x22], 1, 1, "invalid UTF-8 in a string"),
        JSONInvalidDocument("truncated two-byte", bytes: [0x22, 0xC3, 0x22], 1, 1, "invalid UTF-8 in a string"),
        JSONInvalidDocument("in an array", bytes: Array("[1,\"".utf8) + [0xFF] + Array("\"]".utf8), 1, 4, "invalid UTF-8 in a string"),
        JSONInvalidDocument("in a key", bytes: Array("{\"".utf8) + [0xC3] + Array("\":1}".utf8), 1, 2, "invalid UTF-8 in a string"),
        JSONInvalidDocument("on the second line", bytes: Array("[\n  \"ok\",\n  \"".utf8) + [0xE9] + Array("té\"]".utf8), 3, 3, "invalid UTF-8 in a string"),
    ])
    func invalidUTF8(_ document: JSONInvalidDocument) {
        check(document)
    }

    @Test("literals", arguments: [
        JSONInvalidDocument("tru", "tru", 1, 4, "invalid literal, expected 'true'"),
        JSONInvalidDocument("nul", "nul", 1, 4, "invalid literal, expected 'null'"),
        JSONInvalidDocument("fals", "fals", 1, 5, "invalid literal, expected 'false'"),
        JSONInvalidDocument("trUe", "trUe", 1, 3, "invalid literal, expected 'true'"),
        JSONInvalidDocument("nulL in an array", "[nulL]", 1, 5, "invalid literal, expected 'null'"),
        JSONInvalidDocument("f then space", "[f alse]", 1, 3, "invalid literal, expected 'false'"),
        JSONInvalidDocument("True", "True", 1, 1, "unexpected 'T', expected a value"),
        JSONInvalidDocument("undefined", "undefined", 1, 1, "unexpected 'u', expected a value"),
        JSONInvalidDocument("truex", "truex", 1, 5, "unexpected text after the document"),
        JSONInvalidDocument("nullnull", "nullnull", 1, 5, "unexpected text after the document"),
    ])
    func literals(_ document: JSONInvalidDocument) {
        check(document)
    }

    @Test("document boundaries and stray bytes", arguments: [
        JSONInvalidDocument("empty input", "", 1, 1, "unexpected end of the document, expected a value"),
        JSONInvalidDocument("only spaces", "   ", 1, 4, "unexpected end of the document, expected a value"),
        JSONInvalidDocument("only mixed whitespace", " \n\t\r\n ", 3, 2, "unexpected end of the document, expected a value"),
        JSONInvalidDocument("two objects", "{} {}", 1, 4, "unexpected text after the document"),
        JSONInvalidDocument("two objects adjacent", "{}{}", 1, 3, "unexpected text after the document"),
        JSONInvalidDocument("two numbers", "1 2", 1, 3, "unexpected text after the document"),
        JSONInvalidDocument("comma after the document", "[1],", 1, 4, "unexpected text after the document"),
        JSONInvalidDocument("form feed is not whitespace", "\u{0C}1", 1, 1, "unexpected byte 0xc, expected a value"),
        JSONInvalidDocument("vertical tab is not whitespace", "[\u{0B}]", 1, 2, "unexpected byte 0xb, expected a value"),
        JSONInvalidDocument("NUL after the document", bytes: [0x31, 0x00], 1, 2, "unexpected text after the document"),
        JSONInvalidDocument("NBSP is not whitespace", bytes: [0xC2, 0xA0, 0x31], 1, 1, "unexpected byte 0xc2, expected a value"),
        JSONInvalidDocument("byte-order mark", bytes: [0xEF, 0xBB, 0xBF, 0x7B, 0x7D], 1, 1, "unexpected byte 0xef, expected a value"),
        JSONInvalidDocument("raw 0xFF", bytes: [0xFF], 1, 1, "unexpected byte 0xff, expected a value"),
        JSONInvalidDocument("comment", "/* c */ 1", 1, 1, "unexpected '/', expected a value"),
        JSONInvalidDocument("line comment after the document", "1 // c", 1, 3, "unexpected text after the document"),
    ])
    func boundaries(_ document: JSONInvalidDocument) {
        check(document)
    }

    @Test("positions on later lines", arguments: [
        JSONInvalidDocument("trailing comma, closer on line 4", "[\n  1,\n  2,\n]", 4, 1, "unexpected ']', expected a value"),
        JSONInvalidDocument("missing colon on line 3", "{\n  \"name\": \"Pro\",\n  \"price\" 49.90\n}", 3, 11, "expected ':' after the member name \"price\""),
        JSONInvalidDocument("trailing comma in a nested array", "{\n  \"a\": [1, 2,]\n}", 2, 14, "unexpected ']', expected a value"),
        JSONInvalidDocument("trailing comma in an object, line 3", "{\n  \"a\": 1,\n}", 3, 1, "expected a member name in double quotes"),
        JSONInvalidDocument("raw newline in a string is reported before it", "\"line1\nline2\"", 1, 7, "unescaped control character in a string"),
        JSONInvalidDocument("CRLF line endings", "[1,\r\n 2,\r\n x]", 3, 2, "unexpected 'x', expected a value"),
        JSONInvalidDocument("raw newline ending line 2 inside a string", "[\n\"abc\n", 2, 5, "unescaped control character in a string"),
        JSONInvalidDocument("unterminated string with no newline after", "[\n\"abc", 2, 1, "unterminated string"),
        JSONInvalidDocument("text after the document on line 3", "{}\n\n  {}", 3, 3, "unexpected text after the document"),
        JSONInvalidDocument("columns count UTF-8 bytes", "[\"é\", x]", 1, 8, "unexpected 'x', expected a value"),
        JSONInvalidDocument("columns count UTF-8 bytes on line 2", "[\"😀\",\n\"😀\" 1]", 2, 8, "expected ',' or ']' after an array element"),
        JSONInvalidDocument("lone surrogate on line 2", "[\n \"\\udc00\"]", 2, 9, "unpaired surrogate in \\u escape"),
        JSONInvalidDocument("tru at the end of line 2", "[true,\ntru]", 2, 4, "invalid literal, expected 'true'"),
        JSONInvalidDocument("exponent on line 2", "[\n1e]", 2, 3, "invalid number: expected a digit in the exponent"),
        JSONInvalidDocument("end of input after a newline", "[1,\n", 2, 1, "unexpected end of the document, expected a value"),
        JSONInvalidDocument("unquoted key on line 2", "{\n\tkey: 1}", 2, 2, "expected a member name in double quotes"),
    ])
    func multiline(_ document: JSONInvalidDocument) {
        check(document)
    }

    /// Invalid escapes point at the backslash. The reason wraps the escaped character in quotes twice
    /// (`describe` already quotes it), giving `invalid escape '\'x''` instead of `invalid escape '\x'`.
    @Test("invalid escapes", arguments: [
        JSONInvalidDocument("\\x", #""\x""#, 1, 2, "invalid escape '\\x'"),
        JSONInvalidDocument("\\a", #"["\a"]"#, 1, 3, "invalid escape '\\a'"),
        JSONInvalidDocument("\\'", #""\'""#, 1, 2, "invalid escape '\\''"),
        JSONInvalidDocument("\\0", #""ab\0""#, 1, 4, "invalid escape '\\0'"),
        JSONInvalidDocument("\\U is not \\u", #""\U0041""#, 1, 2, "invalid escape '\\U'"),
        JSONInvalidDocument("\\x on line 3", "[\n  \"ok\",\n  \"bad \\x41\"\n]", 3, 8, "invalid escape '\\x'"),
    ])
    func invalidEscapes(_ document: JSONInvalidDocument) {
        guard let error = syntaxError(bytes: document.bytes) else { return }
        #expect(error.line == document.line)
        #expect(error.column == document.column)
        #expect(error.reason.hasPrefix("invalid escape '\\"))
        expectConsistentPosition(error, in: document.bytes)
        #expect(error.reason == document.reason)
    }

    @Test("error offsets and description")
    func offsetAndDescription() {
        guard let error = syntaxError("{\n  \"a\": 1,\n  \"b\" 2\n}") else { return }
        // `{`0 `\n`1, `  "a": 1,` is 2...10, `\n`11, `  "b" 2` starts at 12: the `2` is at 12 + 6.
        #expect(error.offset == 18)
        #expect(error.line == 3)
        #expect(error.column == 7)
        #expect(error.reason == "expected ':' after the member name \"b\"")
        #expect(error.description == "line 3, column 7: expected ':' after the member name \"b\"")
        #expect("\(error)" == error.description)

        guard let empty = syntaxError("") else { return }
        #expect(empty.offset == 0)
        #expect(empty.description == "line 1, column 1: unexpected end of the document, expected a value")

        guard let first = syntaxError("x"), let second = syntaxError("x") else { return }
        #expect(first == second)
        #expect(first != empty)
    }

    @Test("the String and byte overloads agree")
    func overloadsAgree() throws {
        let text = #"{"a": [1, "é", {"b": null}], "c": false}"#
        #expect(try JSONParser.parse(text) == (try parseJSON(bytes: Array(text.utf8))))
        #expect(syntaxError("[1,]") == syntaxError(bytes: Array("[1,]".utf8)))
    }
}

// MARK: - Limits

@Suite("JSONParser: limits")
struct JSONParserLimitsTests {
    static func nestedArrays(_ depth: Int, innermost: String = "") -> String {
        String(repeating: "[", count: depth) + innermost + String(repeating: "]", count: depth)
    }

    @Test("default limits")
    func defaults() {
        let limits = JSONParser.Limits()
        #expect(limits.maximumDepth == 64)
        #expect(limits.maximumStringBytes == 1 << 20)
    }

    @Test("64 nested arrays parse")
    func depth64() throws {
        var value = try JSONParser.parse(Self.nestedArrays(64, innermost: "1"))
        var depth = 0
        while case let .array(elements) = value {
            depth += 1
            #expect(elements.count == 1)
            guard let first = elements.first else { break }
            value = first
        }
        #expect(depth == 64)
        #expect(value == .number("1"))
        // Empty innermost array too.
        #expect(throws: Never.self) { try JSONParser.parse(Self.nestedArrays(64)) }
    }

    @Test("65 nested arrays fail at the 65th bracket")
    func depth65() {
        guard let error = syntaxError(Self.nestedArrays(65)) else { return }
        #expect(error.reason == "nesting deeper than 64 levels")
        #expect(error.offset == 64)
        #expect(error.line == 1)
        #expect(error.column == 65)
    }

    @Test("objects count toward the depth")
    func objectDepth() throws {
        let open = #"{"a":"#
        let ok = String(repeating: open, count: 64) + "1" + String(repeating: "}", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
        let deep = String(repeating: open, count: 65) + "1" + String(repeating: "}", count: 65)
        guard let error = syntaxError(deep) else { return }
        #expect(error.reason == "nesting deeper than 64 levels")
        #expect(error.column == 64 * 5 + 1)

        // Mixed: 32 arrays holding 33 objects is 65 levels.
        let mixed = String(repeating: "[", count: 32) + String(repeating: open, count: 33) + "0"
            + String(repeating: "}", count: 33) + String(repeating: "]", count: 32)
        guard let mixedError = syntaxError(mixed) else { return }
        #expect(mixedError.reason == "nesting deeper than 64 levels")
        #expect(mixedError.column == 32 + 32 * 5 + 1)
    }

    @Test("depth is per path, not cumulative: many siblings at depth 64")
    func siblingsDoNotAccumulate() throws {
        let inner = Self.nestedArrays(63)
        let text = "[" + Array(repeating: inner, count: 50).joined(separator: ",") + "]"
        guard case let .array(elements) = try JSONParser.parse(text) else {
            Issue.record("expected an array")
            return
        }
        #expect(elements.count == 50)
    }

    @Test("a custom maximum depth")
    func customDepth() {
        var limits = JSONParser.Limits()
        limits.maximumDepth = 2
        #expect(throws: Never.self) { try JSONParser.parse("[[1],{\"a\":2}]", limits: limits) }
        guard let error = syntaxError("[[[1]]]", limits: limits) else { return }
        #expect(error.reason == "nesting deeper than 2 levels")
        #expect(error.column == 3)

        limits.maximumDepth = 0
        #expect(throws: Never.self) { try JSONParser.parse("\"scalar\"", limits: limits) }
        guard let zero = syntaxError("\n {}", limits: limits) else { return }
        #expect(zero.reason == "nesting deeper than 0 levels")
        #expect(zero.line == 2)
        #expect(zero.column == 2)
    }

    @Test("a very deep input fails cleanly without overflowing the stack")
    func veryDeep() {
        let count = 100_000
        guard let open = syntaxError(String(repeating: "[", count: count)) else { return }
        #expect(open.reason == "nesting deeper than 64 levels")
        #expect(open.column == 65)

        guard let balanced = syntaxError(Self.nestedArrays(count)) else { return }
        #expect(balanced.reason == "nesting deeper than 64 levels")
        #expect(balanced.offset == 64)

        guard let objects = syntaxError(bytes: Array(String(repeating: #"{"a":"#, count: count).utf8)) else { return }
        #expect(objects.reason == "nesting deeper than 64 levels")
        #expect(objects.column == 321)
    }

    @Test("a custom maximum string length of 10 bytes")
    func customStringLength() throws {
        var limits = JSONParser.Limits()
        limits.maximumStringBytes = 10
        #expect(try JSONParser.parse("\"abcdefghij\"", limits: limits) == .string("abcdefghij"))
        guard let error = syntaxError("\"abcdefghijk\"", limits: limits) else { return }
        #expect(error.reason == "string longer than 10 bytes")
        #expect(error.line == 1)
        #expect(error.column == 1)

        // The limit counts decoded UTF-8 bytes: five é are 10 bytes, raw or escaped.
        #expect(try JSONParser.parse("\"ééééé\"", limits: limits) == .string("ééééé"))
        #expect(try JSONParser.parse(#""\u00e9\u00e9\u00e9\u00e9\u00e9""#, limits: limits) == .string("ééééé"))
        #expect(syntaxError("\"éééééa\"", limits: limits)?.reason == "string longer than 10 bytes")
        #expect(syntaxError(#""\u00e9\u00e9\u00e9\u00e9\u00e9a""#, limits: limits)?.reason == "string longer than 10 bytes")
        // Escapes count as what they decode to: ten `\n` escapes are 10 bytes.
        #expect(try JSONParser.parse("\"" + String(repeating: "\\n", count: 10) + "\"", limits: limits) == .string(String(repeating: "\n", count: 10)))

        // Keys are bounded too; the error points at the key's opening quote.
        guard let keyError = syntaxError("{\n  \"abcdefghijk\": 1}", limits: limits) else { return }
        #expect(keyError.reason == "string longer than 10 bytes")
        #expect(keyError.line == 2)
        #expect(keyError.column == 3)
        #expect(try JSONParser.parse("{\"abcdefghij\": 1}", limits: limits) == obj(["abcdefghij": .number("1")]))

        // Numbers are not strings and are not bounded by this limit.
        #expect(try JSONParser.parse("12345678901234567890", limits: limits) == .number("12345678901234567890"))
    }

    @Test("eleven escaped bytes exceed a 10-byte limit")
    func escapedOverLimit() {
        var limits = JSONParser.Limits()
        limits.maximumStringBytes = 10
        guard let error = syntaxError("[\"" + String(repeating: "\\n", count: 11) + "\"]", limits: limits) else { return }
        #expect(error.reason == "string longer than 10 bytes")
        #expect(error.column == 2)
    }

    @Test("the default string limit is 1 MiB")
    func defaultStringLength() throws {
        let limit = 1 << 20
        let atLimit = "\"" + String(repeating: "a", count: limit) + "\""
        guard case let .string(text) = try JSONParser.parse(atLimit) else {
            Issue.record("expected a string")
            return
        }
        #expect(text.utf8.count == limit)
        let overLimit = "\"" + String(repeating: "a", count: limit + 1) + "\""
        #expect(syntaxError(overLimit)?.reason == "string longer than 1048576 bytes")
    }
}
