// zlib (Debian zlib1g; headers from zlib1g-dev), loaded on first use: only `serve` compresses, so it is
// opened with dlopen when the first answer is gzipped and every other command starts as before.
#ifndef CZLIB_H
#define CZLIB_H

#include <stddef.h>
#include <sys/uio.h>

/// Loads libz.so.1, once per process (thread-safe). Returns NULL when it is ready, else why it could
/// not be loaded. `czlib_gzip` needs it to have returned NULL.
const char *czlib_load(void);

/// The gzip encoding (RFC 1952) of the bytes of `segments`, in order, at compression `level` (1-9), in
/// a buffer allocated with malloc that the caller frees: `*output` and `*output_size`. Returns 0, or
/// zlib's error code (nothing allocated).
int czlib_gzip(const struct iovec *segments, int count, int level, unsigned char **output, size_t *output_size);

#endif
