import COpenSSL

extension Digest {
    /// A digest of bytes fed in pieces, for what is never held whole in one buffer. `finish` hands out
    /// the digest and starts afresh, so one context serves many digests in turn.
    public final class Context {
        private let context: OpaquePointer
        /// Fetched once: `EVP_sha256()` would make every restart look the algorithm up again.
        private let method: OpaquePointer

        public init(_ algorithm: Algorithm) {
            // Like EVP_Digest, these fail only without memory, never because of the data.
            guard let method = EVP_MD_fetch(nil, algorithm == .md5 ? "MD5" : "SHA256", nil), let context = EVP_MD_CTX_new() else {
                preconditionFailure("libcrypto could not set up a digest")
            }
            self.method = method
            self.context = context
            start()
        }

        deinit {
            EVP_MD_CTX_free(context)
            EVP_MD_free(method)
        }

        public func update(_ bytes: UnsafeRawBufferPointer) {
            precondition(EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1, "libcrypto could not compute a digest")
        }

        /// Appends the digest of everything fed since the last `finish` to `output`.
        public func finish(appendingTo output: inout [UInt8]) {
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Int(EVP_MAX_MD_SIZE)) { digest in
                var length: UInt32 = 0
                precondition(EVP_DigestFinal_ex(context, digest.baseAddress, &length) == 1, "libcrypto could not compute a digest")
                output.append(contentsOf: digest[..<Int(length)])
            }
            start()
        }

        private func start() {
            precondition(EVP_DigestInit_ex(context, method, nil) == 1, "libcrypto could not compute a digest")
        }
    }
}
