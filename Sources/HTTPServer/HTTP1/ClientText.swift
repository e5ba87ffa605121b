/// Bytes a client sent, as an error message shows them: quoted, at most `shownBytes` of them, printable ASCII as sent
/// and any other byte as `\xHH` (`"` and `\` escaped too), so a message stays short and valid UTF-8 whatever arrived.
enum ClientText {
    static let shownBytes = 64

    /// `"GET /a\x00b"`, with `…` after the quote when the bytes go on past `shownBytes`.
    static func quoted(_ bytes: UnsafeRawBufferPointer) -> String {
        var text = "\""
        for byte in bytes.prefix(shownBytes) { text += escaped(byte) }
        return text + (bytes.count > shownBytes ? "\"…" : "\"")
    }

    /// One byte as `quoted` shows it.
    static func escaped(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): "\\" + String(UnicodeScalar(byte))
        case 0x20...0x7E: String(UnicodeScalar(byte))
        default: "\\x" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
        }
    }
}
