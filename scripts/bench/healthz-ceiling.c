/*
 * The ceiling scripts/bench-serve holds serve's own HTTP engine against: libmicrohttpd (Debian's
 * libmicrohttpd-dev) answering every request on 127.0.0.1 with one persistent response, the bytes and
 * fields serve's /healthz sends, from its own epoll threads. What serve does on top of that is its engine.
 *
 * Usage: healthz-ceiling PORT THREADS. Prints "ready" once listening; runs until SIGTERM.
 */
#include <arpa/inet.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct MHD_Response *healthy;

static enum MHD_Result respond(void *context, struct MHD_Connection *connection, const char *url, const char *method,
                               const char *version, const char *upload, size_t *upload_size, void **request) {
    (void)context; (void)url; (void)method; (void)version; (void)upload;
    /* The first call only announces the request; answering there makes libmicrohttpd close the connection. */
    static int announced;
    if (*request == NULL) {
        *request = &announced;
        return MHD_YES;
    }
    if (*upload_size != 0) {
        *upload_size = 0;
        return MHD_YES;
    }
    return MHD_queue_response(connection, MHD_HTTP_OK, healthy);
}

int main(int argc, char **argv) {
    if (argc != 3 || atoi(argv[1]) <= 0 || atoi(argv[2]) <= 0) {
        fprintf(stderr, "usage: %s PORT THREADS\n", argv[0]);
        return 64;
    }
    static const char body[] = "{\"status\":\"ok\"}";
    healthy = MHD_create_response_from_buffer(sizeof body - 1, (void *)body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(healthy, "Content-Type", "application/json; charset=utf-8");
    MHD_add_response_header(healthy, "Vary", "Accept-Encoding");
    MHD_add_response_header(healthy, "Cache-Control", "no-store");

    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons((uint16_t)atoi(argv[1]));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL, 0, NULL, NULL, &respond, NULL,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)atoi(argv[2]),
        MHD_OPTION_CONNECTION_LIMIT, 1000u,
        MHD_OPTION_END);
    if (daemon == NULL) {
        fprintf(stderr, "healthz-ceiling: cannot listen on 127.0.0.1:%s\n", argv[1]);
        return 1;
    }
    printf("ready\n");
    fflush(stdout);
    pause();
    return 0;
}
