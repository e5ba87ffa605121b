import Basics
// The socket flags (MSG_NOSIGNAL) are declared by <sys/socket.h>, which CLinuxEvents' header includes too: with both
// imported they are in scope whichever module the build reads the header for first.
import CLinuxEvents
import Glibc

/// The answers a connection has not yet written, in order, written with `sendmsg` straight from where
/// they lie: the connection's own bytes (heads, small bodies) from one buffer it reuses for every answer,
/// a kept answer's bytes from the object that keeps them (held by reference, never copied to be sent).
struct OutputQueue {
    enum Progress {
        /// Everything queued is written.
        case written
        /// The socket's buffer is full: write again when it is writable.
        case wouldBlock
        /// The connection is gone (the peer closed or reset it).
        case failed
    }

    private enum Piece {
        /// Bytes of `ownBytes`.
        case own(Range<Int>)
        case kept(any SegmentedBytes)

        var byteCount: Int {
            switch self {
            case let .own(range): range.count
            case let .kept(kept): kept.byteCount
            }
        }
    }

    /// Most segments handed to one `sendmsg`: a few answers' worth, far below IOV_MAX.
    private static let vectorsPerWrite = 64
    /// Written own bytes at the front of `ownBytes` are let go of past this, when a client that never
    /// takes everything keeps the queue from emptying.
    private static let writtenOwnBytesKept = 1 << 16

    /// Each answer's head and own body are appended here; emptied, keeping its room, once all is written.
    private var ownBytes: [UInt8] = []
    private var pieces: [Piece] = []
    private var first = 0
    /// Bytes of `pieces[first]` written already.
    private var writtenOfFirst = 0
    /// Bytes queued and not yet written.
    private(set) var byteCount = 0

    var isEmpty: Bool { byteCount == 0 }

    mutating func append(_ bytes: [UInt8]) {
        appendOwn { $0 += bytes }
    }

    /// Queues what `write` appends to the connection's own bytes (in place: no buffer of its own).
    mutating func appendOwn(_ write: (inout [UInt8]) -> Void) {
        dropWrittenOwnBytes()
        let start = ownBytes.count
        write(&ownBytes)
        let end = ownBytes.count
        guard end > start else { return }
        byteCount += end - start
        // Own bytes that follow own bytes (a body after its head, small pipelined answers) go as one segment.
        if let last = pieces.indices.last, last >= first, case let .own(previous) = pieces[last], previous.upperBound == start {
            pieces[last] = .own(previous.lowerBound..<end)
        } else {
            pieces.append(.own(start..<end))
        }
    }

    mutating func append(_ piece: any SegmentedBytes) {
        guard piece.byteCount > 0 else { return }
        pieces.append(.kept(piece))
        byteCount += piece.byteCount
    }

    /// Writes what the socket takes, in as few system calls as it takes it.
    mutating func write(to descriptor: Int32) -> Progress {
        while !isEmpty {
            // A socket's own calls, past the file layer's that writev takes; and no SIGPIPE for a client gone, only EPIPE.
            let written = withVectors { vectors in
                // One segment, as most answers are (a head and its own body): send, without an iovec to copy in.
                if vectors.count == 1 { return send(descriptor, vectors[0].iov_base, vectors[0].iov_len, Int32(MSG_NOSIGNAL)) }
                var message = msghdr()
                message.msg_iov = UnsafeMutablePointer(mutating: vectors.baseAddress)
                message.msg_iovlen = vectors.count
                return sendmsg(descriptor, &message, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .failed
            }
            guard written > 0 else { return .failed }
            advance(by: written)
        }
        return .written
    }

    /// The pending bytes as at most `vectorsPerWrite` iovecs, the first starting past what is written: made on the
    /// stack, a few per answer, for every write.
    private func withVectors(_ body: (UnsafeBufferPointer<iovec>) -> Int) -> Int {
        withUnsafeTemporaryAllocation(of: iovec.self, capacity: Self.vectorsPerWrite) { vectors in
            var count = 0
            var skip = writtenOfFirst
            /// Adds `segment` (past what is written of it); false once the vectors are full.
            func add(_ segment: UnsafeRawBufferPointer) -> Bool {
                guard segment.count > skip, let base = segment.baseAddress else {
                    skip -= min(skip, segment.count)
                    return true
                }
                vectors[count] = iovec(iov_base: UnsafeMutableRawPointer(mutating: base + skip), iov_len: segment.count - skip)
                count += 1
                skip = 0
                return count < Self.vectorsPerWrite
            }
            return ownBytes.withUnsafeBytes { own in
                pieces: for piece in pieces[first...] {
                    switch piece {
                    case let .own(range):
                        guard add(UnsafeRawBufferPointer(rebasing: own[range])) else { break pieces }
                    case let .kept(kept):
                        for segment in kept.segments {
                            guard add(segment) else { break pieces }
                        }
                    }
                }
                return body(UnsafeBufferPointer(rebasing: vectors[..<count]))
            }
        }
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
            ownBytes.removeAll(keepingCapacity: ownBytes.capacity <= Self.writtenOwnBytesKept)
            first = 0
        }
    }

    /// Moves the own bytes still to be written to the front once those written before them are many: a client
    /// that takes its answers while it pipelines more keeps the queue from emptying, and one own piece that grows
    /// while it is written from emptying at all.
    private mutating func dropWrittenOwnBytes() {
        // Nothing queued, as between most answers: nothing to let go of.
        guard first < pieces.count else { return }
        if writtenOfFirst > 0, case let .own(range) = pieces[first] {
            pieces[first] = .own((range.lowerBound + writtenOfFirst)..<range.upperBound)
            writtenOfFirst = 0
        }
        let written = pieces[first...].lazy.compactMap { piece -> Int? in
            guard case let .own(range) = piece else { return nil }
            return range.lowerBound
        }.first ?? ownBytes.count
        guard written >= Self.writtenOwnBytesKept else { return }
        ownBytes.removeFirst(written)
        pieces.removeFirst(first)
        first = 0
        for index in pieces.indices {
            if case let .own(range) = pieces[index] { pieces[index] = .own((range.lowerBound - written)..<(range.upperBound - written)) }
        }
    }
}
