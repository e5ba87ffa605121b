/// PostgreSQL's text form of a one-dimensional array (`{"a","b\"c",NULL}`), for sending a column of many rows
/// as one parameter.
enum PostgresArrayLiteral {
    static func texts(_ values: [String?]) -> String {
        var literal = "{"
        for (index, value) in values.enumerated() {
            if index > 0 { literal += "," }
            guard let value else { literal += "NULL"; continue }
            literal += "\""
            literal += escaped(value)
            literal += "\""
        }
        return literal + "}"
    }

    static func integers(_ values: [Int64?]) -> String {
        "{" + values.map { $0.map(String.init) ?? "NULL" }.joined(separator: ",") + "}"
    }

    /// Backslash before each `"` and `\`.
    private static func escaped(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 0x22 || $0 == 0x5C }) else { return value }
        var escaped = ""
        for character in value.unicodeScalars {
            if character == "\"" || character == "\\" { escaped += "\\" }
            escaped.unicodeScalars.append(character)
        }
        return escaped
    }
}
