/// What can be told of a JSON object's body without parsing it, as its bytes stream in: its first and
/// last bytes other than JSON's whitespace are `{` and `}`. An answer that is not one (a proxy's error
/// page, a maintenance notice, a cut body) is refused at its first byte, before anything is parsed, as
/// the vendor's CLI refuses it.
struct BodyShape {
    private var started = false
    private var last: UInt8?

    /// Takes the next bytes of the body; false when its first significant byte is not `{`.
    mutating func take(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes where !Self.isWhitespace(byte) {
            if !started {
                guard byte == UInt8(ascii: "{") else { return false }
                started = true
            }
            last = byte
        }
        return true
    }

    static let startProblem = "the body is not a JSON object: it does not start with {"

    /// Why the whole body is not an object's, or nil.
    var endProblem: String? {
        guard started else { return "the body is empty" }
        return last == UInt8(ascii: "}") ? nil : "the body is not a JSON object: it does not end with } (cut short?)"
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
