/// Percent-decoding of a request target's parts (RFC 3986), strict: an escape is `%` and two hex digits,
/// and the decoded bytes must be UTF-8. A target arrives as sent, so every route decodes what it reads.
enum PercentDecoding {
    /// `text` decoded; `plusIsSpace` for query strings, whose forms write a space as `+`.
    static func decode(_ text: Substring, plusIsSpace: Bool) throws(APIError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else {
                    throw .badRequest("invalid percent-encoding in \(shown(text)): % must be followed by two hexadecimal digits")
                }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw .badRequest("\(shown(text)) does not decode to UTF-8 text")
        }
        return decoded
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The raw text in a message, cut short: it comes from the client.
    private static func shown(_ text: Substring) -> String {
        "'\(text.prefix(64))\(text.count > 64 ? "…" : "")'"
    }
}
