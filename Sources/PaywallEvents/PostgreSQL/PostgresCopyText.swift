/// Rows in the text form of PostgreSQL's `COPY ... FROM STDIN`: a tab between values, a line feed after each row,
/// `\N` for NULL, and a backslash escape for a backslash, tab, line feed or carriage return inside a value.
struct PostgresCopyText {
    private(set) var bytes: [UInt8] = []
    private var rowIsEmpty = true

    enum Value {
        case text(String?)
        case integer(Int64?)
    }

    /// The next value of the row being written.
    mutating func append(_ value: Value) {
        if !rowIsEmpty { bytes.append(0x09) }
        rowIsEmpty = false
        switch value {
        case .text(nil), .integer(nil): bytes += [0x5C, 0x4E]
        case let .integer(number?): bytes += String(number).utf8
        case let .text(text?): appendEscaped(text)
        }
    }

    mutating func endRow() {
        bytes.append(0x0A)
        rowIsEmpty = true
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == 0x5C || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private mutating func appendEscaped(_ text: String) {
        // Most values hold nothing to escape: copied whole.
        guard text.utf8.contains(where: Self.needsEscape) else { return bytes += text.utf8 }
        for byte in text.utf8 {
            if Self.needsEscape(byte) { bytes.append(0x5C) }
            switch byte {
            case 0x09: bytes.append(0x74)
            case 0x0A: bytes.append(0x6E)
            case 0x0D: bytes.append(0x72)
            default: bytes.append(byte)
            }
        }
    }
}
