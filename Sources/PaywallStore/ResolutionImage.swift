import Glibc
import PaywallModel

/// The current snapshots of a store as `<store>/resolution.image` holds them (see
/// `ResolutionImageLayout`), mapped read-only: a cold `resolve` answers from it with no SQLite at all.
/// Whoever changes what resolution reads removes the file before the change commits and writes it
/// anew after (`PaywallStore.changingResolution`), so a file that exists describes the store's
/// current state; without one, resolution reads SQLite.
public final class ResolutionImage {
    private typealias Layout = ResolutionImageLayout
    public let path: String
    /// In answer order.
    public let snapshots: [SnapshotInfo]
    private let bytes: UnsafeRawBufferPointer
    private let tableOffset: Int
    private let bucketCount: Int

    /// The image of the store in `directory`; nil when there is none, or when it is not one this
    /// version can read in full (another format or schema, a cut or damaged header): the store answers then.
    public static func open(inStore directory: String) -> ResolutionImage? {
        let path = (directory.hasSuffix("/") ? directory : directory + "/") + Layout.fileName
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size >= Layout.headerSize,
              let address = mmap(nil, Int(status.st_size), PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        let bytes = UnsafeRawBufferPointer(start: address, count: Int(status.st_size))
        guard let image = ResolutionImage(path: path, bytes: bytes) else {
            munmap(address, bytes.count)
            return nil
        }
        return image
    }

    private init?(path: String, bytes: UnsafeRawBufferPointer) {
        guard bytes.starts(with: Layout.magic) else { return nil }
        let field = { (index: Int) in Self.uint64(bytes, at: Layout.magic.count + 8 * index) }
        let (fileLength, listOffset, listLength, tableOffset, bucketCount) = (field(0), field(1), field(2), field(3), field(4))
        // An image written beside another schema (a newer paywalls) is not read: the store says what is wrong.
        guard field(5) == UInt64(Schema.latestVersion), fileLength == UInt64(bytes.count),
              listOffset >= UInt64(Layout.headerSize), listOffset <= fileLength, listLength <= fileLength - listOffset,
              bucketCount > 0, bucketCount & (bucketCount - 1) == 0, bucketCount <= fileLength / 8,
              tableOffset >= UInt64(Layout.headerSize), tableOffset <= fileLength, fileLength - tableOffset == bucketCount * 8,
              let list = try? JSONValue.stored(UnsafeRawBufferPointer(rebasing: bytes[Int(listOffset)..<Int(listOffset + listLength)])),
              let snapshots = try? list.storedElements().map(SnapshotInfo.init(stored:)) else { return nil }
        self.path = path
        self.bytes = bytes
        self.snapshots = snapshots
        self.tableOffset = Int(tableOffset)
        self.bucketCount = Int(bucketCount)
    }

    /// The file's size.
    public var byteCount: Int { bytes.count }

    deinit {
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// The value of the entry with `key`, valid while the image lives; nil when there is none. An entry
    /// that points outside the file is damage.
    func value(_ key: [UInt8]) throws(StoreError) -> UnsafeRawBufferPointer? {
        var bucket = Int(truncatingIfNeeded: Layout.hash(key)) & (bucketCount - 1)
        // Every bucket probed at most once, whatever the table holds.
        for _ in 0..<bucketCount {
            let offset = Self.uint64(bytes, at: tableOffset + 8 * bucket)
            guard offset != 0 else { return nil }
            let entry = try entry(at: offset)
            if entry.key.elementsEqual(key) { return entry.value }
            bucket = (bucket + 1) & (bucketCount - 1)
        }
        return nil
    }

    private func entry(at offset: UInt64) throws(StoreError) -> (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        let key = try lengthPrefixed(at: offset)
        let value = try lengthPrefixed(at: offset + 4 + UInt64(key.count))
        return (key, value)
    }

    private func lengthPrefixed(at offset: UInt64) throws(StoreError) -> UnsafeRawBufferPointer {
        let end = UInt64(tableOffset)
        guard offset >= UInt64(Layout.headerSize), offset <= end - 4 else { throw damage("an entry at byte \(offset) lies outside the entries") }
        let start = Int(offset) + 4
        let length = bytes.loadUnaligned(fromByteOffset: Int(offset), as: UInt32.self).littleEndian
        guard UInt64(length) <= end - UInt64(start) else { throw damage("an entry at byte \(offset) runs past the entries") }
        return UnsafeRawBufferPointer(rebasing: bytes[start..<start + Int(length)])
    }

    func damage(_ what: String) -> StoreError {
        StoreError(kind: .corrupt, message: "the resolution image \(path) is damaged: \(what) (\(Self.repairAdvice))")
    }

    static let repairAdvice = "delete it: resolution reads the store without it, and the next import or sync writes it again"

    private static func uint64(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> UInt64 {
        bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self).littleEndian
    }
}
