// epoll, eventfd and accept4 for serve's event loops: Linux headers that Glibc's Swift module does not
// bring. accept4 is declared under _GNU_SOURCE only, which the module's own <sys/socket.h> was not
// built with; so its prototype (glibc's, since 2.10) is written here.
#ifndef CLINUXEVENTS_SHIM_H
#define CLINUXEVENTS_SHIM_H

#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

#endif
