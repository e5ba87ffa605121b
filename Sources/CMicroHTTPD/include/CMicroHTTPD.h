// libmicrohttpd (Debian libmicrohttpd-dev 0.9.75), loaded on first use: only `paywalls serve` needs
// it, so it is opened with dlopen when a daemon first starts and every other command starts as before.
// Its header still gives the types and constants. MHD_start_daemon, MHD_get_connection_info and
// MHD_get_daemon_info are variadic, which Swift cannot call: the wrappers below give each a fixed shape
// (the daemon's options go through one MHD_OPTION_ARRAY built here).
#ifndef CMICROHTTPD_H
#define CMICROHTTPD_H

#include <microhttpd.h>

/// Loads libmicrohttpd.so.12, once per process (thread-safe). Returns NULL when it is ready, else why it
/// could not be loaded. Every other function needs it to have returned NULL.
const char *cmhd_load(void);

/// Called when a request line has been read, before anything else of the request, with the request
/// target exactly as sent (NULL when the line had none). What it returns is the request's context, given
/// to the access handler and to `completed`.
typedef void *(*cmhd_request_started)(void *server, const char *target, struct MHD_Connection *connection);

/// What a daemon is started with. `server` is passed to every callback.
struct cmhd_daemon_settings {
    /// A socket already bound and listening; the daemon accepts on it.
    int listen_fd;
    unsigned int threads;
    unsigned int connection_limit;
    unsigned int connection_timeout_seconds;
    size_t connection_memory_limit;
    void *server;
    cmhd_request_started started;
    MHD_AccessHandlerCallback handle;
    MHD_RequestCompletedCallback completed;
};

/// MHD_start_daemon with `flags` and the settings as an option array. The request target reaches the
/// handler undecoded: percent-decoding is left to the application. NULL when the daemon did not start.
struct MHD_Daemon *cmhd_start_daemon(unsigned int flags, const struct cmhd_daemon_settings *settings);
/// Stops accepting; returns the listen socket, which the caller closes (-1 when it could not).
int cmhd_quiesce_daemon(struct MHD_Daemon *daemon);
void cmhd_stop_daemon(struct MHD_Daemon *daemon);

/// Calls `iterator` for each request header, in the order received; returns how many there are.
int cmhd_request_headers(struct MHD_Connection *connection, MHD_KeyValueIteratorN iterator, void *context);
/// The connection's socket (-1 if unknown).
int cmhd_connection_fd(struct MHD_Connection *connection);

/// A response whose body is a copy of `size` bytes at `body`.
struct MHD_Response *cmhd_create_response(size_t size, const void *body);
/// A response whose body is the `size` bytes at `body`, allocated with malloc: the response takes them
/// and frees them (not when it returns NULL).
struct MHD_Response *cmhd_create_response_taking(size_t size, void *body);
enum MHD_Result cmhd_add_response_header(struct MHD_Response *response, const char *name, const char *value);
enum MHD_Result cmhd_queue_response(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);
void cmhd_destroy_response(struct MHD_Response *response);

/// A TCP socket bound to `host` (an IPv4 or IPv6 literal) and `port`, listening with `backlog`; its
/// close-on-exec flag set. Returns the socket, or -errno (EINVAL for a host that is no address literal).
/// `bound_port` receives the port bound (the one picked when `port` is 0).
int cmhd_listen(const char *host, unsigned short port, int backlog, unsigned short *bound_port);

#endif
