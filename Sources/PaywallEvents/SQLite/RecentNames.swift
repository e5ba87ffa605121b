/// The ids of the names looked up last, in a few slots chosen by a string's length and end bytes, each holding the
/// last name seen there: most events repeat their neighbours' names (a placement, a locale, a snapshot), and comparing
/// two strings costs a fraction of hashing one. A slot shared by two names only sends one of them on to `NameCache`.
struct RecentNames {
    private static let slotCount = 128
    private var slots = [(text: String, id: Int64)?](repeating: nil, count: slotCount)

    subscript(text: String) -> Int64? {
        guard let slot = slots[Self.slot(of: text)], slot.text == text else { return nil }
        return slot.id
    }

    mutating func keep(_ id: Int64, for text: String) {
        slots[Self.slot(of: text)] = (text, id)
    }

    mutating func removeAll() {
        for index in slots.indices { slots[index] = nil }
    }

    private static func slot(of text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            let first = Int(bytes.first ?? 0), last = Int(bytes.last ?? 0)
            return (bytes.count &+ first &* 7 &+ last &* 31) & (slotCount - 1)
        }
    }
}
