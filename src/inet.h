/* inet.h - TCP and UDP endpoints for the network applets
 *
 * SPDX-License-Identifier: MIT
 *
 * Addresses are resolved with getaddrinfo (numeric IPv4/IPv6 or a name
 * from /etc/hosts or DNS); the first IPv4 result is taken, else the first
 * IPv6 one. Servers bind
 * exactly the address they are given: INET_LOOPBACK unless the user names
 * another, never the wildcard address unless the user types it.
 */
#ifndef BENCHBOX_INET_H
#define BENCHBOX_INET_H

#include <stddef.h>
#include <sys/socket.h>

#define INET_LOOPBACK "127.0.0.1"

struct inet_addr {
	struct sockaddr_storage	ss;
	socklen_t		len;
	char			text[80];	/* "127.0.0.1:31234", "[::1]:31234" */
};

/* Resolve host and port (0..65535) for socktype (SOCK_STREAM/SOCK_DGRAM).
 * 0, or -1 with a message in err. */
int  inet_resolve(const char *host, int port, int socktype, struct inet_addr *out,
		  char *err, size_t errlen);
int  inet_port(const struct inet_addr *a);
void inet_set_port(struct inet_addr *a, int port);	/* also updates text */

/* A socket bound to *a (SO_REUSEADDR, CLOEXEC), listening when SOCK_STREAM.
 * Port 0 picks a free one; *a is updated to the address really bound.
 * Returns the fd, or -1 with errno set. */
int  inet_listen(struct inet_addr *a, int socktype, int backlog);
/* A socket connected to *a (for SOCK_DGRAM: connect() fixes the peer).
 * ECONNREFUSED is retried every 10 ms for up to wait_ms (a server that is
 * still starting). Returns the fd, or -1 with errno set. */
int  inet_connect(const struct inet_addr *a, int socktype, int wait_ms);
/* accept() retried on EINTR/ECONNABORTED; CLOEXEC. fd or -1 + errno. */
int  inet_accept(int lfd);

/* Ask for a SO_SNDBUF/SO_RCVBUF of `bytes`, halving until the kernel takes
 * it (lmbench asks for 1 MiB). Returns the size the kernel reports. */
int  inet_bufsize(int fd, int opt, int bytes);
void inet_nodelay(int fd);

#endif
