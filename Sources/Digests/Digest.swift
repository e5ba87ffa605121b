import COpenSSL

/// Message digests from the system's libcrypto: never a hand-written hash.
public enum Digest {
    public enum Algorithm: Sendable {
        case md5, sha256

        public var length: Int {
            switch self {
            case .md5: return Int(MD5_DIGEST_LENGTH)
            case .sha256: return Int(SHA256_DIGEST_LENGTH)
            }
        }
    }

    /// One buffer's digest, by libcrypto's one-shot functions: no provider is set up and no algorithm
    /// fetched, so that a cold `resolve` and a hot bucketing loop do not pay for EVP.
    public static func bytes(of data: UnsafeRawBufferPointer, using algorithm: Algorithm) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: algorithm.length) { digest, count in
            write(of: data, using: algorithm, into: digest)
            count = algorithm.length
        }
    }

    /// Writes the digest into `digest`, which has room for it: for callers that keep it off the heap.
    public static func write(of data: UnsafeRawBufferPointer, using algorithm: Algorithm, into digest: UnsafeMutableBufferPointer<UInt8>) {
        precondition(digest.count >= algorithm.length, "no room for the digest")
        let succeeded = switch algorithm {
        case .md5: copenssl_md5(data.baseAddress, data.count, digest.baseAddress)
        case .sha256: copenssl_sha256(data.baseAddress, data.count, digest.baseAddress)
        }
        // These fail only on a null context, never because of the data.
        precondition(succeeded == 1, "libcrypto could not compute a digest")
    }

    public static func bytes(of text: String, using algorithm: Algorithm) -> [UInt8] {
        var text = text
        return text.withUTF8 { bytes(of: UnsafeRawBufferPointer($0), using: algorithm) }
    }

    /// Lower-case hexadecimal, as `sha256sum` prints it.
    /// `digest` (or its first `count` bytes) in lower-case hex.
    public static func hex(_ digest: [UInt8], count: Int? = nil) -> String {
        let count = min(count ?? digest.count, digest.count)
        // Written in place: every answer `serve` renders gets an entity tag.
        return String(unsafeUninitializedCapacity: 2 * count) { text in
            for position in 0..<count {
                text[2 * position] = hexDigit(digest[position] >> 4)
                text[2 * position + 1] = hexDigit(digest[position] & 0x0F)
            }
            return 2 * count
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
