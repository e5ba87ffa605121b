// libcrypto's EVP digests through a system library target (MD5 for the vendor's A/B bucketing,
// SHA-256 for snapshot content hashes).
#ifndef COPENSSL_SHIM_H
#define COPENSSL_SHIM_H

#include <openssl/evp.h>

#endif
