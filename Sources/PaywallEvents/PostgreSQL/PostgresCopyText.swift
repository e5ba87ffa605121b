/// Rows in the text form of PostgreSQL's `COPY ... FROM STDIN`: a tab between values, a line feed after each row,
/// `\N` for NULL, and a backslash escape for a backslash, tab, line feed or carriage return inside a value.
struct PostgresCopyText {
    private(set) var bytes: [UInt8] = []

    enum Value {
        case text(String?)
        case integer(Int64?)
    }

    mutating func appendRow(_ values: some Sequence<Value>) {
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(0x09) }
            switch value {
            case .text(nil), .integer(nil): bytes += [0x5C, 0x4E]
            case let .integer(number?): bytes += String(number).utf8
            case let .text(text?): appendEscaped(text)
            }
        }
        bytes.append(0x0A)
    }

    private mutating func appendEscaped(_ text: String) {
        for byte in text.utf8 {
            switch byte {
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x09: bytes += [0x5C, 0x74]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            default: bytes.append(byte)
            }
        }
    }
}
