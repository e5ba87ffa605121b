import COpenSSL

/// Message digests from the system's libcrypto (EVP): never a hand-written hash.
public enum Digest {
    public enum Algorithm: Sendable {
        case md5, sha256
    }

    public static func bytes(of data: UnsafeRawBufferPointer, using algorithm: Algorithm) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let method = algorithm == .md5 ? EVP_md5() : EVP_sha256()
        let succeeded = output.withUnsafeMutableBufferPointer { buffer in
            EVP_Digest(data.baseAddress, data.count, buffer.baseAddress, &length, method, nil) == 1
        }
        // EVP_Digest fails only without memory or with a disabled algorithm, neither a data error.
        precondition(succeeded, "libcrypto could not compute a digest")
        return Array(output.prefix(Int(length)))
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
