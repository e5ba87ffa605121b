import Basics

/// One `name: value` line of a header or trailer section (RFC 9112 §5, RFC 9110 §5.5), checked with the same rules
/// in both sections.
enum FieldLine {
    /// Where a field line is, for messages: `header field 3`, `trailer field 1`.
    enum Section: String, Sendable {
        case header, trailer
    }

    /// The name and the value (without the whitespace around it) of `line` (without its line end), the `number`th
    /// field line of its `section`, counted from 1.
    static func parse(_ line: UnsafeRawBufferPointer, number: Int,
                      in section: Section) throws(HTTPError) -> (name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        // Spelled only for a refusal: every field line of every request passes here.
        var field: String { "\(section.rawValue) field \(number)" }
        // RFC 9112 §5.2: obs-fold (and §2.2: whitespace before the first field) is refused, not unfolded.
        guard line.first?.isWhitespace != true else {
            throw .badRequest("\(field) starts with whitespace (a folded line, which HTTP/1.1 no longer allows)")
        }
        guard let colon = line.firstIndex(ofByte: UInt8(ascii: ":")) else {
            throw .badRequest("\(field) (\(ClientText.quoted(line))) has no colon")
        }
        let name = UnsafeRawBufferPointer(rebasing: line[..<colon])
        guard !name.isEmpty else { throw .badRequest("\(field) has an empty name") }
        // RFC 9112 §5.1: whitespace before the colon has been used to smuggle fields past one parser and not another.
        guard name.last?.isWhitespace != true else {
            throw .badRequest("\(field) (\(ClientText.quoted(name))) has whitespace before its colon")
        }
        guard name.allSatisfy(\.isTokenCharacter) else {
            throw .badRequest("\(field) (\(ClientText.quoted(name))) has a name that is not a token")
        }
        let value = UnsafeRawBufferPointer(rebasing: line[(colon + 1)...]).trimmingWhitespace()
        // obs-text (0x80 and up) may stay; control bytes other than HTAB may not (RFC 9110 §5.5).
        if let control = value.first(where: \.isControlOtherThanTab) {
            throw .badRequest("\(field) (\(ClientText.quoted(name))) has the control byte \(ClientText.escaped(control)) in its value")
        }
        return (name, value)
    }
}
