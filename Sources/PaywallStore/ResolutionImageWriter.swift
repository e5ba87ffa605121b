import Basics
import Glibc

/// Writes a `ResolutionImage` file as it goes (the entries never all sit in memory: an image holds
/// every body of the current snapshots), then its snapshot list, table and header. The file is made
/// durable before `finish` returns; putting it in place is the caller's (a rename).
struct ResolutionImageWriter {
    private typealias Layout = ResolutionImageLayout
    let path: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the buffer starts in the file.
    private var flushedLength = UInt64(Layout.headerSize)
    /// Where each key's entry starts; a key already written keeps its first value.
    private var offsets: [[UInt8]: UInt64] = [:]

    /// Creates the file at `path`, which must not exist.
    init(path: String) throws(StoreError) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.error("cannot create", path) }
        self.path = path
        buffer.reserveCapacity(Self.flushThreshold)
    }

    private static let flushThreshold = 1 << 20

    /// Adds an entry unless `key` has one already: the first written wins, as the store's lookups find
    /// the first row in export order.
    mutating func add<Value: Collection<UInt8>>(_ key: [UInt8], _ value: Value) throws(StoreError) {
        guard offsets[key] == nil else { return }
        // Lengths are UInt32 in the file; no export body comes near (exports are refused far below).
        guard key.count <= UInt32.max, value.count <= UInt32.max else {
            throw StoreError(kind: .io, message: "cannot write the resolution image \(path): an entry of \(value.count) bytes is too large")
        }
        offsets[key] = flushedLength + UInt64(buffer.count)
        appendUInt32(key.count)
        buffer += key
        appendUInt32(value.count)
        buffer.append(contentsOf: value)
        if buffer.count >= Self.flushThreshold { try flush() }
    }

    /// Writes the snapshot list (in answer order), the table and the header, and syncs the file.
    mutating func finish(snapshots: [SnapshotInfo]) throws(StoreError) {
        let listOffset = flushedLength + UInt64(buffer.count)
        let list = BinaryBody.encoded(.array(snapshots.map(\.stored)))
        buffer += list
        let tableOffset = flushedLength + UInt64(buffer.count)
        let bucketCount = Layout.bucketCount(for: offsets.count)
        var table = [UInt64](repeating: 0, count: bucketCount)
        for (key, offset) in offsets {
            var bucket = Int(truncatingIfNeeded: Layout.hash(key)) & (bucketCount - 1)
            while table[bucket] != 0 { bucket = (bucket + 1) & (bucketCount - 1) }
            table[bucket] = offset
        }
        for offset in table { appendUInt64(offset) }
        let fileLength = flushedLength + UInt64(buffer.count)
        try flush()

        buffer = Layout.magic
        for field in [fileLength, listOffset, UInt64(list.count), tableOffset, UInt64(bucketCount), UInt64(Schema.latestVersion)] {
            appendUInt64(field)
        }
        try write(at: 0)
        guard fsync(descriptor) == 0 else { throw Self.error("cannot write", path) }
    }

    /// Closes the file; call it once, whether or not `finish` succeeded.
    func close() {
        _ = Glibc.close(descriptor)
    }

    private mutating func flush() throws(StoreError) {
        try write(at: flushedLength)
        flushedLength += UInt64(buffer.count)
        buffer.removeAll(keepingCapacity: true)
    }

    private func write(at offset: UInt64) throws(StoreError) {
        do {
            try writeAll(buffer, to: descriptor, at: Int64(offset))
        } catch {
            throw StoreError(kind: .io, message: "cannot write the resolution image \(path): \(error)")
        }
    }

    private mutating func appendUInt32(_ value: Int) {
        withUnsafeBytes(of: UInt32(value).littleEndian) { buffer += $0 }
    }

    private mutating func appendUInt64(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { buffer += $0 }
    }

    private static func error(_ what: String, _ path: String) -> StoreError {
        StoreError(kind: .io, message: "\(what) the resolution image \(path): \(String(cString: strerror(errno)))")
    }
}
