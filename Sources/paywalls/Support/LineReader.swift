import Glibc

/// Streams lines from a file descriptor in large reads, with constant memory: a line longer than
/// `maximumLineLength` is reported as overlong instead of being gathered.
struct LineReader {
    enum Line {
        /// The line's bytes without its `\n` (and without a `\r` before it), valid during the call.
        case text(UnsafeRawBufferPointer)
        case overlong
    }

    let fileDescriptor: Int32
    let maximumLineLength: Int

    /// Calls `body` for every line in order. Throws the system's reason when reading fails.
    func forEachLine(_ body: (Line) -> Void) throws(CommandFailure) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        var discardingOverlong = false
        func emit(_ bytes: UnsafeRawBufferPointer) {
            let trimmed = bytes.last == UInt8(ascii: "\r") ? UnsafeRawBufferPointer(rebasing: bytes.dropLast()) : bytes
            body(.text(trimmed))
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw CommandFailure(exitCode: .ioError, message: "cannot read standard input: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            chunk.withUnsafeBytes { buffer in
                var start = 0
                let end = count
                while start < end {
                    guard let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) else {
                        if !discardingOverlong { pending.append(contentsOf: buffer[start..<end]) }
                        if pending.count > maximumLineLength {
                            pending.removeAll(keepingCapacity: true)
                            discardingOverlong = true
                        }
                        return
                    }
                    if discardingOverlong {
                        body(.overlong)
                        discardingOverlong = false
                    } else if pending.isEmpty {
                        emit(UnsafeRawBufferPointer(rebasing: buffer[start..<newline]))
                    } else {
                        pending.append(contentsOf: buffer[start..<newline])
                        if pending.count > maximumLineLength { body(.overlong) } else { pending.withUnsafeBytes(emit) }
                        pending.removeAll(keepingCapacity: true)
                    }
                    start = newline + 1
                }
            }
        }
        if discardingOverlong { body(.overlong) } else if !pending.isEmpty { pending.withUnsafeBytes(emit) }
    }
}
