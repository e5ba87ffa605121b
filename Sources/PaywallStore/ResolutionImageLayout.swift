/// The layout of `<store>/resolution.image`, the file a cold `resolve` reads instead of SQLite: what the
/// current snapshots hold for resolution, keyed, hashed and laid out so that one `mmap` and a few probes
/// answer (see `ResolutionImage` for reading, `ResolutionImageWriter` for writing).
///
/// All integers are little-endian. The file is: a header of `headerSize` bytes (`magic`, then as UInt64
/// the file's length, the offset and length of the snapshot list, the offset of the table, its bucket
/// count, and the store's schema version that wrote it); the entries (each a UInt32 key length, the key, a UInt32 value length, the value); the snapshot
/// list (a `BinaryBody` array of objects, in answer order); the table (per bucket the UInt64 offset of an
/// entry, 0 for none; linear probing from the FNV-1a hash of the key).
enum ResolutionImageLayout {
    /// Names the format and its version: a reader that does not know it uses SQLite.
    static let magic: [UInt8] = Array("PWIMAGE1".utf8)
    static let headerSize = 56
    static let fileName = "resolution.image"
    /// Taken by whoever changes what resolution reads, for the whole change and the image's rewrite.
    static let lockFileName = "resolution.lock"

    /// What an entry holds of a snapshot.
    enum Kind: UInt8 {
        case placement = 0x70       // p: a placement's body, by placement id
        case segments = 0x73        // s: the segments its audiences reference, by placement id
        case placementIDs = 0x69    // i: the snapshot's placement ids in export order (no key components)
        case paywall = 0x77         // w: by paywall id
        case localization = 0x6C    // l: by paywall id and locale as spelled in the export
        case product = 0x72         // r: by product id
        case onboarding = 0x6F      // o: by onboarding id
        case flow = 0x66            // f: by flow id
        case formattedText = 0x74   // t: UTF-8 text, by canonical locale and key
        case localeFacts = 0x78     // x: UTF-8 text (no key components)
    }

    /// The key of an entry: the snapshot's place in the list, the kind, then each component with its
    /// length up front (so that ids holding any bytes never run into each other).
    static func key(snapshot: Int, _ kind: Kind, _ components: [String] = []) -> [UInt8] {
        var key: [UInt8] = []
        BinaryBody.appendLength(snapshot, to: &key)
        key.append(kind.rawValue)
        for component in components {
            BinaryBody.appendLength(component.utf8.count, to: &key)
            key.append(contentsOf: component.utf8)
        }
        return key
    }

    /// 64-bit FNV-1a.
    static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// A power of two at least twice `count`, so that probes stay short.
    static func bucketCount(for count: Int) -> Int {
        var buckets = 16
        while buckets < count * 2 { buckets <<= 1 }
        return buckets
    }
}
