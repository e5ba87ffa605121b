/// The ids of the names looked up last, in a few slots chosen by a string's length and end bytes, each holding the
/// last name seen there: most events repeat their neighbours' names (a placement, a locale, a snapshot), and comparing
/// two strings costs a fraction of hashing one. A slot shared by two names only sends one of them on to `NameCache`.
struct RecentNames {
    private static let slotCount = 128
    /// A slot without a name holds the empty string, which no name is, and no id.
    private var texts = [String](repeating: "", count: slotCount)
    private var ids = [Int64](repeating: 0, count: slotCount)

    subscript(text: String) -> Int64? {
        let slot = Self.slot(of: text)
        return !text.isEmpty && texts[slot] == text ? ids[slot] : nil
    }

    mutating func keep(_ id: Int64, for text: String) {
        let slot = Self.slot(of: text)
        texts[slot] = text
        ids[slot] = id
    }

    mutating func removeAll() {
        for slot in texts.indices { texts[slot] = "" }
    }

    private static func slot(of text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            let first = Int(bytes.first ?? 0), last = Int(bytes.last ?? 0)
            return (bytes.count &+ first &* 7 &+ last &* 31) & (slotCount - 1)
        }
    }
}
