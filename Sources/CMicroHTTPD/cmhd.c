#include "CMicroHTTPD.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

// The libmicrohttpd functions paywalls uses, resolved from libmicrohttpd.so.12 (Debian's libmicrohttpd12).
static struct {
    struct MHD_Daemon *(*start_daemon)(unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc, void *apc_cls,
                                       MHD_AccessHandlerCallback dh, void *dh_cls, ...);
    MHD_socket (*quiesce_daemon)(struct MHD_Daemon *daemon);
    void (*stop_daemon)(struct MHD_Daemon *daemon);
    int (*get_connection_values_n)(struct MHD_Connection *connection, enum MHD_ValueKind kind,
                                   MHD_KeyValueIteratorN iterator, void *iterator_cls);
    const union MHD_ConnectionInfo *(*get_connection_info)(struct MHD_Connection *connection,
                                                           enum MHD_ConnectionInfoType info_type, ...);
    struct MHD_Response *(*create_response_from_buffer)(size_t size, void *buffer, enum MHD_ResponseMemoryMode mode);
    enum MHD_Result (*add_response_header)(struct MHD_Response *response, const char *header, const char *content);
    enum MHD_Result (*queue_response)(struct MHD_Connection *connection, unsigned int status_code,
                                      struct MHD_Response *response);
    void (*destroy_response)(struct MHD_Response *response);
} mhd;

static const char *load_error;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static int resolve(void *library, const char *name, void **function) {
    *function = dlsym(library, name);
    return *function != NULL;
}

static void load(void) {
    void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        load_error = dlerror();
        return;
    }
    int found = resolve(library, "MHD_start_daemon", (void **)&mhd.start_daemon)
        && resolve(library, "MHD_quiesce_daemon", (void **)&mhd.quiesce_daemon)
        && resolve(library, "MHD_stop_daemon", (void **)&mhd.stop_daemon)
        && resolve(library, "MHD_get_connection_values_n", (void **)&mhd.get_connection_values_n)
        && resolve(library, "MHD_get_connection_info", (void **)&mhd.get_connection_info)
        && resolve(library, "MHD_create_response_from_buffer", (void **)&mhd.create_response_from_buffer)
        && resolve(library, "MHD_add_response_header", (void **)&mhd.add_response_header)
        && resolve(library, "MHD_queue_response", (void **)&mhd.queue_response)
        && resolve(library, "MHD_destroy_response", (void **)&mhd.destroy_response);
    if (!found) load_error = "libmicrohttpd.so.12 lacks a function paywalls needs";
}

const char *cmhd_load(void) {
    pthread_once(&load_once, load);
    return load_error;
}

// The default unescaper percent-decodes the path in place; keeping it raw lets the application tell
// `%2F` from `/` and reject invalid escapes itself.
static size_t keep_raw(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    return strlen(text);
}

struct MHD_Daemon *cmhd_start_daemon(unsigned int flags, const struct cmhd_daemon_settings *settings) {
    struct MHD_OptionItem options[] = {
        {MHD_OPTION_LISTEN_SOCKET, settings->listen_fd, NULL},
        {MHD_OPTION_THREAD_POOL_SIZE, settings->threads, NULL},
        {MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit, NULL},
        {MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout_seconds, NULL},
        {MHD_OPTION_CONNECTION_MEMORY_LIMIT, (intptr_t)settings->connection_memory_limit, NULL},
        {MHD_OPTION_URI_LOG_CALLBACK, (intptr_t)settings->started, settings->server},
        {MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)settings->completed, settings->server},
        {MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)keep_raw, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    return mhd.start_daemon(flags, 0, NULL, NULL, settings->handle, settings->server, MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

int cmhd_quiesce_daemon(struct MHD_Daemon *daemon) { return mhd.quiesce_daemon(daemon); }
void cmhd_stop_daemon(struct MHD_Daemon *daemon) { mhd.stop_daemon(daemon); }

int cmhd_request_headers(struct MHD_Connection *connection, MHD_KeyValueIteratorN iterator, void *context) {
    return mhd.get_connection_values_n(connection, MHD_HEADER_KIND, iterator, context);
}

int cmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = mhd.get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

struct MHD_Response *cmhd_create_response(size_t size, const void *body) {
    // MUST_COPY: the daemon keeps its own copy, so the caller's buffer may go at once.
    return mhd.create_response_from_buffer(size, (void *)body, MHD_RESPMEM_MUST_COPY);
}
struct MHD_Response *cmhd_create_response_taking(size_t size, void *body) {
    // MUST_FREE: the daemon sends these bytes as they are and frees them when the response goes.
    return mhd.create_response_from_buffer(size, body, MHD_RESPMEM_MUST_FREE);
}
enum MHD_Result cmhd_add_response_header(struct MHD_Response *response, const char *name, const char *value) {
    return mhd.add_response_header(response, name, value);
}
enum MHD_Result cmhd_queue_response(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response) {
    return mhd.queue_response(connection, status, response);
}
void cmhd_destroy_response(struct MHD_Response *response) { mhd.destroy_response(response); }

int cmhd_listen(const char *host, unsigned short port, int backlog, unsigned short *bound_port) {
    struct sockaddr_storage address;
    memset(&address, 0, sizeof address);
    socklen_t length;
    struct sockaddr_in *v4 = (struct sockaddr_in *)&address;
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)&address;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        length = sizeof *v4;
    } else if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        length = sizeof *v6;
    } else {
        return -EINVAL;
    }
    int fd = socket(address.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -errno;
    int on = 1;
    // A restarted server can bind its port again while old connections are in TIME_WAIT.
    if (setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 || bind(fd, (struct sockaddr *)&address, length) != 0
        || listen(fd, backlog) != 0 || getsockname(fd, (struct sockaddr *)&address, &length) != 0) {
        int error = errno;
        close(fd);
        return -error;
    }
    *bound_port = ntohs(address.ss_family == AF_INET ? v4->sin_port : v6->sin6_port);
    return fd;
}
