// libcrypto through a system library target: EVP digests for hashing in pieces (SHA-256 of snapshot
// contents), and the low-level one-shot functions for a digest of one buffer (MD5 for the vendor's
// A/B bucketing): those need no provider set-up, which costs a cold process about a millisecond, and
// no algorithm fetch per call.
#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

// The low-level digest functions are deprecated in OpenSSL 3 in favour of EVP, yet kept and exported.
#define OPENSSL_SUPPRESS_DEPRECATED
#include <openssl/evp.h>
#include <openssl/md5.h>
#include <openssl/sha.h>

static inline int copenssl_md5(const void *bytes, size_t count, unsigned char digest[MD5_DIGEST_LENGTH]) {
    MD5_CTX context;
    return MD5_Init(&context) && MD5_Update(&context, bytes, count) && MD5_Final(digest, &context);
}

static inline int copenssl_sha256(const void *bytes, size_t count, unsigned char digest[SHA256_DIGEST_LENGTH]) {
    SHA256_CTX context;
    return SHA256_Init(&context) && SHA256_Update(&context, bytes, count) && SHA256_Final(digest, &context);
}

#endif
