import Basics

/// Percent-decoding of a request target's parts (RFC 3986), strict: an escape is `%` and two hex digits,
/// and the decoded bytes must be UTF-8. A target arrives as sent, so every route decodes what it reads.
/// On bytes: every bundle request decodes its placement id and each query field.
enum PercentDecoding {
    /// `text` decoded; `plusIsSpace` for query strings, whose forms write a space as `+`.
    static func decode(_ text: Substring, plusIsSpace: Bool) throws(APIError) -> String {
        var text = text
        return try text.withUTF8 { utf8 in
            Result { () throws(APIError) in try decode(UnsafeRawBufferPointer(utf8), plusIsSpace: plusIsSpace) }
        }.get()
    }

    /// The text `bytes` spell, decoded: bytes of a string (valid UTF-8), cut at ASCII bytes.
    static func decode(_ bytes: UnsafeRawBufferPointer, plusIsSpace: Bool) throws(APIError) -> String {
        let escaped = bytes.contains { $0 == UInt8(ascii: "%") || ($0 == UInt8(ascii: "+") && plusIsSpace) }
        // Most parts have nothing to decode: they are read as they are, and are UTF-8 already.
        guard escaped else { return String(decoding: bytes, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "%"):
                guard index + 2 < bytes.count, let high = bytes[index + 1].hexDigitValue, let low = bytes[index + 2].hexDigitValue else {
                    throw .badRequest("invalid percent-encoding in \(shown(bytes)): % must be followed by two hexadecimal digits")
                }
                decoded.append(UInt8(high << 4 | low))
                index += 3
                continue
            case UInt8(ascii: "+") where plusIsSpace:
                decoded.append(UInt8(ascii: " "))
            case let byte:
                decoded.append(byte)
            }
            index += 1
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            throw .badRequest("\(shown(bytes)) does not decode to UTF-8 text")
        }
        return text
    }

    /// The raw text in a message, cut short: it comes from the client.
    private static func shown(_ bytes: UnsafeRawBufferPointer) -> String {
        "'\(String(decoding: bytes.prefix(64), as: UTF8.self))\(bytes.count > 64 ? "…" : "")'"
    }
}
