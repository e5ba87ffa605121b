/// The ids of the names looked up last, in a few slots chosen by a string's length and end bytes, each holding the
/// last name seen there: most events repeat their neighbours' names (a placement, a locale, a snapshot), and comparing
/// two strings costs a fraction of hashing one. A slot shared by two names only sends one of them on to `NameCache`.
/// The slots are buffers of its own: a look-up, made for every name of every event, then neither retains an array nor
/// has its access checked for exclusivity (the names table it serves is used by one thread at a time).
final class RecentNames {
    private static let slotCount = 128
    /// A slot without a name holds the empty string, which no name is, and no id.
    private let texts = UnsafeMutableBufferPointer<String>.allocate(capacity: slotCount)
    private let ids = UnsafeMutableBufferPointer<Int64>.allocate(capacity: slotCount)

    init() {
        texts.initialize(repeating: "")
        ids.initialize(repeating: 0)
    }

    deinit {
        _ = texts.deinitialize()
        texts.deallocate()
        ids.deallocate()
    }

    subscript(text: String) -> Int64? {
        let slot = Self.slot(of: text)
        return !text.isEmpty && texts[slot] == text ? ids[slot] : nil
    }

    func keep(_ id: Int64, for text: String) {
        let slot = Self.slot(of: text)
        texts[slot] = text
        ids[slot] = id
    }

    func removeAll() {
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
