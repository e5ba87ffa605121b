/// Text for people, made safe to show on a terminal: strings from an export, a sync server or a client reach the
/// human-readable output (errors, `resolve --explain`, `diff`, logs), and a terminal acts on some characters rather
/// than showing them. Each such character is written out as `\u{1B}`: the C0 controls, DEL, the C1 controls, and the
/// bidirectional controls that reorder what follows (U+202E shows `fdp.exe` as `exe.pdf`). So no string can clear
/// the screen, ring the bell, move the cursor, retitle the window or make a line read otherwise than it is.
public enum TerminalText {
    /// `text` with every character a terminal acts on written out, but line feeds and tabs: the lines and columns of a
    /// command's own output, and of its messages (a list of an export's problems), which are for people too.
    public static func safe(_ text: String) -> String {
        // Every character written out is a control below U+0020, DEL, a C1 control (two UTF-8 bytes starting 0xC2)
        // or a bidirectional control (0xD8 0x9C, or three bytes starting 0xE2): text without those bytes is kept whole.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xD8 || $0 == 0xE2 }) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isActedOn(scalar) {
                shown.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                shown.append(scalar)
            }
        }
        return String(shown)
    }

    private static func isActedOn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00..<0x20, 0x7F...0x9F: true
        // ARABIC LETTER MARK, the marks and embeddings/overrides, and the isolates.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
