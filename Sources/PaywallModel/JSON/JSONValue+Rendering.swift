extension JSONValue {
    /// The value as JSON text: compact, or pretty-printed with two-space indentation. Keys keep their
    /// order and numbers their literal text, so a parsed document renders back to the same value.
    public func rendered(pretty: Bool = false) -> String {
        var output = ""
        render(into: &output, pretty: pretty, indent: "")
        return output
    }

    private func render(into output: inout String, pretty: Bool, indent: String) {
        let inner = pretty ? indent + "  " : ""
        let separator = pretty ? ",\n" : ","
        switch self {
        case .null: output += "null"
        case let .bool(flag): output += flag ? "true" : "false"
        case let .number(literal): output += literal
        case let .string(text): Self.quote(text, into: &output)
        case let .array(elements):
            if elements.isEmpty { output += "[]"; return }
            output += pretty ? "[\n" : "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += separator }
                output += inner
                element.render(into: &output, pretty: pretty, indent: inner)
            }
            output += pretty ? "\n\(indent)]" : "]"
        case let .object(object):
            if object.members.isEmpty { output += "{}"; return }
            output += pretty ? "{\n" : "{"
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += separator }
                output += inner
                Self.quote(member.key, into: &output)
                output += pretty ? ": " : ":"
                member.value.render(into: &output, pretty: pretty, indent: inner)
            }
            output += pretty ? "\n\(indent)}" : "}"
        }
    }

    private static func quote(_ text: String, into output: inout String) {
        output += "\""
        // Most texts need no escape: copy them whole rather than scalar by scalar.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F }) else {
            output += text
            output += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
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
