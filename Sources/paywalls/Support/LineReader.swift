import Basics
import Glibc
import LocaleKit

/// Streams lines from a file descriptor in large reads, with constant memory: a line longer than
/// `maximumLineLength` is reported as overlong instead of being gathered.
struct LineReader {
    enum Line {
        /// The line's bytes without its `\n` (and without a `\r` before it), valid during the call.
        case text(UnsafeRawBufferPointer)
        case overlong
    }

    let fileDescriptor: Int32
    /// What the descriptor reads, for errors ("standard input").
    let sourceName: String
    let maximumLineLength: Int

    /// Calls `body` for every line in order, until it throws. Throws the system's reason when reading fails.
    func forEachLine(_ body: (Line) throws(CommandFailure) -> Void) throws(CommandFailure) {
        var pending: [UInt8] = []
        var discardingOverlong = false
        func emit(_ bytes: UnsafeRawBufferPointer) throws(CommandFailure) {
            let trimmed = bytes.last == UInt8(ascii: "\r") ? UnsafeRawBufferPointer(rebasing: bytes.dropLast()) : bytes
            try body(.text(trimmed))
        }
        // `withUnsafeBytes` would widen the error to `any Error`.
        func emitPending() throws(CommandFailure) {
            try pending.withUnsafeBytes { bytes in Result { () throws(CommandFailure) in try emit(bytes) } }.get()
        }
        try forEachChunk(of: fileDescriptor, named: sourceName) { buffer throws(CommandFailure) in
            var start = 0
            while start < buffer.count {
                guard let newline = buffer.firstIndex(ofByte: UInt8(ascii: "\n"), from: start) else {
                    if !discardingOverlong { pending.append(contentsOf: buffer[start...]) }
                    if pending.count > maximumLineLength {
                        pending.removeAll(keepingCapacity: true)
                        discardingOverlong = true
                    }
                    return
                }
                if discardingOverlong {
                    discardingOverlong = false
                    try body(.overlong)
                } else if pending.isEmpty {
                    try emit(UnsafeRawBufferPointer(rebasing: buffer[start..<newline]))
                } else {
                    pending.append(contentsOf: buffer[start..<newline])
                    defer { pending.removeAll(keepingCapacity: true) }
                    if pending.count > maximumLineLength { try body(.overlong) } else { try emitPending() }
                }
                start = newline + 1
            }
        }
        if discardingOverlong { try body(.overlong) } else if !pending.isEmpty { try emitPending() }
    }
}
