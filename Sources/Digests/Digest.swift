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
    public static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self)
    }
}
