/// Why a string is not a usable language tag. The description is meant for people.
public enum LanguageTagError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    /// Not well-formed BCP-47: parsing stopped at `offset` (UTF-8 bytes from the start).
    case malformed(input: String, offset: Int)
    case tooLong(input: String)
    /// Well-formed, but its language subtag names no language (`english`, `abcdefgh`).
    case notALanguage(input: String)
    /// Parsed, but with no language at all (`und`, `x-private`): cannot be matched.
    case noLanguage(input: String)
    case icuFailure(input: String)

    public var description: String {
        switch self {
        case .empty:
            return "empty language tag"
        case let .malformed(input, offset):
            return "'\(Self.printable(input))' is not a valid language tag (\(Self.problem(in: input, at: offset)))"
        case let .tooLong(input):
            return "language tag of \(input.utf8.count) characters is too long (at most \(LanguageTag.maximumLength))"
        case let .notALanguage(input):
            return "'\(Self.printable(input))' is not a language: a language subtag has 2 or 3 letters (as in 'en', 'pt-BR')"
        case let .noLanguage(input):
            return "'\(Self.printable(input))' names no language"
        case let .icuFailure(input):
            return "ICU could not process '\(Self.printable(input))'"
        }
    }

    private static func problem(in input: String, at offset: Int) -> String {
        let bytes = Array(input.utf8)
        func isSeparator(_ byte: UInt8) -> Bool { byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") }
        guard offset < bytes.count else { return "incomplete at the end" }
        var offset = offset
        // ICU stops before the separator of a bad subtag: speak of the subtag itself.
        if isSeparator(bytes[offset]) {
            guard offset + 1 < bytes.count else { return "it ends with a separator" }
            if isSeparator(bytes[offset + 1]) { return "empty subtag at offset \(offset + 1)" }
            offset += 1
        }
        let byte = bytes[offset]
        if let at = bytes.firstIndex(of: UInt8(ascii: "@")), offset > at, byte >= 0x20, byte < 0x7F {
            let item = String(decoding: bytes[offset...].prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
            return "invalid keyword '\(item)' at offset \(offset); keywords are key=value, as in @calendar=gregorian"
        }
        if byte < 0x20 || byte >= 0x7F { return "unexpected byte 0x\(String(byte, radix: 16)) at offset \(offset)" }
        let scalar = Unicode.Scalar(byte)
        guard Character(scalar).isLetter || Character(scalar).isNumber else {
            return "unexpected '\(Character(scalar))' at offset \(offset)"
        }
        let subtag = String(decoding: bytes[offset...].prefix { !isSeparator($0) }, as: UTF8.self)
        return "'\(subtag)' at offset \(offset) is not a valid subtag there"
    }

    /// The input shortened and with control characters escaped, safe to print on one line.
    static func printable(_ input: String) -> String {
        let limit = 40
        var shown = ""
        for scalar in input.unicodeScalars.prefix(limit) {
            shown += scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return input.unicodeScalars.count > limit ? shown + "…" : shown
    }
}
