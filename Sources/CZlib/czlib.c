#include "CZlib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdlib.h>
#include <zlib.h>

// The zlib functions paywalls uses, resolved from libz.so.1 (the soname of zlib1g).
static struct {
    int (*deflate_init2)(z_streamp stream, int level, int method, int window_bits, int memory_level, int strategy,
                         const char *version, int stream_size);
    int (*deflate)(z_streamp stream, int flush);
    int (*deflate_end)(z_streamp stream);
    uLong (*deflate_bound)(z_streamp stream, uLong source_length);
} zlib;

static const char *load_error;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_error = dlerror();
        return;
    }
    *(void **)&zlib.deflate_init2 = dlsym(library, "deflateInit2_");
    *(void **)&zlib.deflate = dlsym(library, "deflate");
    *(void **)&zlib.deflate_end = dlsym(library, "deflateEnd");
    *(void **)&zlib.deflate_bound = dlsym(library, "deflateBound");
    if (!zlib.deflate_init2 || !zlib.deflate || !zlib.deflate_end || !zlib.deflate_bound) load_error = "libz.so.1 lacks a function paywalls needs";
}

const char *czlib_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

int czlib_gzip(const struct iovec *segments, int count, int level, unsigned char **output, size_t *output_size) {
    z_stream stream = {0};
    // 15 bits of window, plus 16: a gzip header and trailer rather than zlib's.
    int status = zlib.deflate_init2(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, (int)sizeof stream);
    if (status != Z_OK) return status;
    size_t total = 0;
    for (int index = 0; index < count; index++) total += segments[index].iov_len;
    // One pass: the bound holds the whole encoding, so deflate never runs out of room.
    uLong capacity = zlib.deflate_bound(&stream, (uLong)total);
    unsigned char *buffer = malloc(capacity);
    if (buffer == NULL) {
        zlib.deflate_end(&stream);
        return Z_MEM_ERROR;
    }
    stream.next_out = buffer;
    stream.avail_out = (uInt)capacity;
    for (int index = 0; index < count && status == Z_OK; index++) {
        stream.next_in = segments[index].iov_base;
        stream.avail_in = (uInt)segments[index].iov_len;
        status = zlib.deflate(&stream, index == count - 1 ? Z_FINISH : Z_NO_FLUSH);
    }
    if (count == 0) status = zlib.deflate(&stream, Z_FINISH);
    zlib.deflate_end(&stream);
    if (status != Z_STREAM_END) {
        free(buffer);
        return status == Z_OK ? Z_BUF_ERROR : status;
    }
    *output = buffer;
    *output_size = stream.total_out;
    return 0;
}
