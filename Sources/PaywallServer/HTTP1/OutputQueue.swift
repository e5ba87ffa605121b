import Basics
import Glibc

/// The answers a connection has not yet written, in order: each its head and its body, held (a kept
/// answer by reference) until the socket has taken them, and written with `writev` straight from where
/// they lie, so a kept answer is never copied to be sent.
struct OutputQueue {
    enum Progress {
        /// Everything queued is written.
        case written
        /// The socket's buffer is full: write again when it is writable.
        case wouldBlock
        /// The connection is gone (the peer closed or reset it).
        case failed
    }

    /// Most segments handed to one `writev`: a few answers' worth, far below IOV_MAX.
    private static let vectorsPerWrite = 64

    private var pieces: [any SegmentedBytes] = []
    private var first = 0
    /// Bytes of `pieces[first]` written already.
    private var writtenOfFirst = 0
    private var vectors: [iovec] = []
    /// Bytes queued and not yet written.
    private(set) var byteCount = 0

    var isEmpty: Bool { byteCount == 0 }

    mutating func append(_ bytes: [UInt8]) {
        append(OwnedBytes(bytes))
    }

    mutating func append(_ piece: any SegmentedBytes) {
        guard piece.byteCount > 0 else { return }
        pieces.append(piece)
        byteCount += piece.byteCount
    }

    /// Writes what the socket takes, in as few system calls as it takes it.
    mutating func write(to descriptor: Int32) -> Progress {
        while !isEmpty {
            let written = withVectors { writev(descriptor, $0.baseAddress, Int32($0.count)) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed
            }
            guard written > 0 else { return .failed }
            advance(by: written)
        }
        return .written
    }

    /// The pending bytes as at most `vectorsPerWrite` iovecs, the first starting past what is written.
    private mutating func withVectors(_ body: (UnsafeBufferPointer<iovec>) -> Int) -> Int {
        vectors.removeAll(keepingCapacity: true)
        var skip = writtenOfFirst
        func add(_ segment: UnsafeRawBufferPointer) {
            guard segment.count > skip, let base = segment.baseAddress else {
                skip -= min(skip, segment.count)
                return
            }
            vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base + skip), iov_len: segment.count - skip))
            skip = 0
        }
        pieces: for piece in pieces[first...] {
            for segment in piece.segments {
                add(segment)
                if vectors.count == Self.vectorsPerWrite { break pieces }
            }
        }
        return vectors.withUnsafeBufferPointer(body)
    }

    /// Lets go of what `count` more written bytes complete.
    private mutating func advance(by count: Int) {
        byteCount -= count
        var remaining = writtenOfFirst + count
        while first < pieces.count, remaining >= pieces[first].byteCount {
            remaining -= pieces[first].byteCount
            first += 1
        }
        writtenOfFirst = remaining
        if first == pieces.count {
            pieces.removeAll(keepingCapacity: true)
            first = 0
        }
    }
}

/// Bytes of an answer's own (its head, a small body) at a fixed address, so that a `writev` can point
/// at them until the socket has taken them.
private final class OwnedBytes: SegmentedBytes, @unchecked Sendable {
    let segments: [UnsafeRawBufferPointer]
    var byteCount: Int { segments[0].count }

    init(_ bytes: [UInt8]) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        segments = [UnsafeRawBufferPointer(storage)]
    }

    deinit {
        segments[0].deallocate()
    }
}
