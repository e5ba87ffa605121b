import Glibc

/// Why `writeAll` stopped short: the errno of the failed call, or `EIO` for a call that wrote nothing
/// (it will not write more by being asked again).
public struct WriteFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public let code: Int32

    public init(code: Int32) {
        self.code = code
    }

    public var description: String { String(cString: strerror(code)) }
}

/// Writes all of `bytes` through `write` (`Glibc.write` to `descriptor` by default), across partial
/// writes and interruptions: the one loop every file, log and socket write of the project goes through,
/// so none of them can spin on a call that writes nothing.
/// - Parameter write: writes from a buffer at a byte offset into `bytes`, as `write(2)` does; tests give
///   their own.
public func writeAll(_ bytes: UnsafeRawBufferPointer,
                     _ write: (UnsafeRawBufferPointer, _ offset: Int) -> Int) throws(WriteFailure) {
    var offset = 0
    while offset < bytes.count {
        let written = write(UnsafeRawBufferPointer(rebasing: bytes[offset...]), offset)
        if written < 0 {
            if errno == EINTR { continue }
            throw WriteFailure(code: errno)
        }
        guard written > 0 else { throw WriteFailure(code: EIO) }
        offset += written
    }
}

/// `writeAll` to a file descriptor: at its position, or at `position` in the file (`pwrite`).
public func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, at position: Int64? = nil) throws(WriteFailure) {
    try writeAll(bytes) { remaining, offset in
        guard let base = remaining.baseAddress else { return 0 }
        if let position { return pwrite(descriptor, base, remaining.count, off_t(position) + off_t(offset)) }
        return Glibc.write(descriptor, base, remaining.count)
    }
}

/// `writeAll` of `bytes`.
public func writeAll(_ bytes: [UInt8], to descriptor: Int32, at position: Int64? = nil) throws(WriteFailure) {
    let outcome = bytes.withUnsafeBytes { buffer in Result { () throws(WriteFailure) in try writeAll(buffer, to: descriptor, at: position) } }
    try outcome.get()
}
