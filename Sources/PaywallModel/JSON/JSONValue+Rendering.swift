extension JSONValue {
    /// The value as JSON text: compact, or pretty-printed with two-space indentation. Keys keep their
    /// order and numbers their literal text, so a parsed document renders back to the same value.
    public func rendered(pretty: Bool = false) -> String {
        // Bytes, not String appends: rendering runs on every resolve and every stored row.
        var output: [UInt8] = []
        render(into: &output, pretty: pretty)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the value as JSON text to `output`, as `rendered(pretty:)` spells it: for HTTP bodies and
    /// documents assembled from rendered pieces, which need no `String` in between.
    public func render(into output: inout [UInt8], pretty: Bool = false) {
        render(into: &output, pretty: pretty, depth: 0)
    }

    private func render(into output: inout [UInt8], pretty: Bool, depth: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case let .bool(flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case let .number(literal): output.append(contentsOf: literal.utf8)
        case let .string(text): Self.quote(text, into: &output)
        case let .array(elements):
            Self.renderContainer(elements, open: "[", close: "]", into: &output, pretty: pretty, depth: depth) { element, output in
                element.render(into: &output, pretty: pretty, depth: depth + 1)
            }
        case let .object(object):
            Self.renderContainer(object.members, open: "{", close: "}", into: &output, pretty: pretty, depth: depth) { member, output in
                Self.quote(member.key, into: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                member.value.render(into: &output, pretty: pretty, depth: depth + 1)
            }
        }
    }

    private static func renderContainer<Element>(_ elements: [Element], open: Unicode.Scalar, close: Unicode.Scalar,
                                                  into output: inout [UInt8], pretty: Bool, depth: Int,
                                                  _ renderElement: (Element, inout [UInt8]) -> Void) {
        output.append(UInt8(ascii: open))
        guard !elements.isEmpty else {
            output.append(UInt8(ascii: close))
            return
        }
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if pretty { newline(into: &output, depth: depth + 1) }
            renderElement(element, &output)
        }
        if pretty { newline(into: &output, depth: depth) }
        output.append(UInt8(ascii: close))
    }

    private static func newline(into output: inout [UInt8], depth: Int) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
    }

    fileprivate static func quote(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in quote(bytes, into: &output) }
    }

    private static func quote(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most texts need no escape: copy them whole, or in runs between the bytes that need one.
        var copied = 0
        for (index, byte) in bytes.enumerated() where needsEscape(byte) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
            escape(byte, into: &output)
            copied = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        output.append(UInt8(ascii: "\""))
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
    }

    private static func escape(_ byte: UInt8, into output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
        case UInt8(ascii: "\n"): output.append(contentsOf: #"\n"#.utf8)
        case UInt8(ascii: "\r"): output.append(contentsOf: #"\r"#.utf8)
        case UInt8(ascii: "\t"): output.append(contentsOf: #"\t"#.utf8)
        default:
            let digits = Array("0123456789abcdef".utf8)
            output.append(contentsOf: #"\u00"#.utf8)
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0x0F)])
        }
    }
}

extension JSONObject {
    /// Appends the members as compact JSON without the braces (`"a":1,"b":2`): a piece of an object,
    /// which a renderer joins to others with commas and encloses in braces, as `render` would the whole.
    public func renderMembers(into output: inout [UInt8]) {
        for (index, member) in members.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            JSONValue.quote(member.key, into: &output)
            output.append(UInt8(ascii: ":"))
            member.value.render(into: &output)
        }
    }
}

extension JSONValue {
    /// `.string`, or `.null` for nil.
    public static func optional(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    public static func strings(_ texts: [String]) -> JSONValue {
        .array(texts.map(JSONValue.string))
    }

    public static func integer(_ number: Int) -> JSONValue {
        .number(String(number))
    }
}
