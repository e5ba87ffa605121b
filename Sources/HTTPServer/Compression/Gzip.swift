import CZlib
import Glibc

/// The gzip encoding (RFC 1952) of a body, by zlib, which is opened when the first answer is gzipped.
package enum Gzip {
    /// zlib's default level: most of the gain (a bundle shrinks to about a third) at a fraction of the
    /// time of level 9.
    private static let level: Int32 = 6

    /// `segments` encoded in one pass; nil when zlib cannot be loaded or fails (the answer then goes
    /// unencoded).
    package static func encoded(_ segments: [UnsafeRawBufferPointer]) -> [UInt8]? {
        guard czlib_load() == nil else { return nil }
        var vectors = segments.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
        var output: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard czlib_gzip(&vectors, Int32(vectors.count), level, &output, &size) == 0, let output else { return nil }
        defer { free(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
