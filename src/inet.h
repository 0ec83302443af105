/* inet.h - TCP and UDP endpoints for the network applets
 *
 * SPDX-License-Identifier: MIT
 *
 * Addresses are resolved with getaddrinfo (numeric IPv4/IPv6 or a name
 * from /etc/hosts or DNS); the first IPv4 result is taken, else the first
 * IPv6 one. A server binds the address it is given, or with
 * inet_listen_any() every address (lmbench's servers bind INADDR_ANY).
 */
#ifndef BENCHBOX_INET_H
#define BENCHBOX_INET_H

#include <stddef.h>
#include <sys/socket.h>

#define INET_LOOPBACK "127.0.0.1"
#define INET_TIMEOUT_MS 5000	/* --timeout's default */

/* The option every network client declares alike (lat_tcp, lat_udp,
 * lat_connect, bw_tcp, net): one name, one meaning, no short letter. */
#define INET_TIMEOUT_OPT(O) \
	O(TIMEOUT, "timeout", OPT_DOUBLE, \
	  "how long to wait for the peer: a connection, each answer; with -s for a client", \
	  .def = "5", .min = 0.01, .max = 86400, .metavar = "SECONDS", .key = OPTK_TIMEOUT)

struct inet_addr {
	struct sockaddr_storage	ss;
	socklen_t		len;
	char			text[80];	/* "127.0.0.1:31234", "[::1]:31234" */
	char			host[48];	/* "127.0.0.1", "::1" */
};

/* Resolve host and port (0..65535) for socktype (SOCK_STREAM/SOCK_DGRAM).
 * 0, or -1 with a message in err. */
int  inet_resolve(const char *host, int port, int socktype, struct inet_addr *out,
		  char *err, size_t errlen);
int  inet_port(const struct inet_addr *a);
void inet_set_port(struct inet_addr *a, int port);	/* also updates text */

/* A socket bound to *a (CLOEXEC), listening when SOCK_STREAM (with
 * SO_REUSEADDR: a port left in TIME_WAIT is taken; a UDP port never is
 * shared). [::] also takes IPv4 (IPV6_V6ONLY off).
 * Port 0 picks a free one; *a is updated to the address really bound.
 * Returns the fd, or -1 with errno set. */
int  inet_listen(struct inet_addr *a, int socktype, int backlog);
/* inet_listen on every address: [::] taking IPv4 as well (IPV6_V6ONLY
 * off), or 0.0.0.0 where the kernel has no IPv6. *a is set to the address
 * tried even when it fails (its text names it). */
int  inet_listen_any(struct inet_addr *a, int port, int socktype, int backlog);
/* A socket connected to *a (for SOCK_DGRAM: connect() fixes the peer).
 * ECONNREFUSED is retried every 10 ms for up to wait_ms (a server that is
 * still starting). A connection that neither completes nor fails within
 * timeout_ms in all (a peer that drops SYNs) fails with ETIMEDOUT;
 * timeout_ms <= 0 waits as long as the kernel does. bufsize > 0 first asks
 * for SO_RCVBUF and SO_SNDBUF of that size (inet_bufsize). The socket is
 * blocking. Returns the fd, or -1 with errno set. */
int  inet_dial(const struct inet_addr *a, int socktype, int bufsize, int wait_ms,
	       int timeout_ms);
/* inet_dial with no buffer sizes and INET_TIMEOUT_MS. */
int  inet_connect(const struct inet_addr *a, int socktype, int wait_ms);
/* Wait up to ms (< 0: forever) for fd to become readable (a connection to
 * accept, a datagram); 1 ready, 0 timed out, -1 with errno set. */
int  inet_wait(int fd, int ms);
/* Set SO_RCVTIMEO and SO_SNDTIMEO of fd (0: none). */
void inet_timeouts(int fd, int ms);
/* accept() retried on EINTR/ECONNABORTED; CLOEXEC. fd or -1 + errno. */
int  inet_accept(int lfd);

/* A datagram's sender and the local address it came to, so that the
 * answer leaves from that address: a server on every address of a host
 * with several would otherwise answer from the one the route picks, and
 * a connected client drops that answer. */
struct inet_peer {
	struct sockaddr_storage	ss;
	socklen_t		len;
	size_t			ctllen;		/* 0: answer from any address */
	union {
		struct cmsghdr	align;
		unsigned char	buf[128];	/* IP_PKTINFO / IPV6_PKTINFO */
	} ctl;
};
/* Have the destination address of each datagram on fd reported. */
void inet_pktinfo(int fd);
/* recvfrom() that also keeps where the datagram came to (inet_pktinfo). */
ssize_t inet_recv_peer(int fd, void *buf, size_t len, int flags, struct inet_peer *p);
/* sendto() p from the address p's datagram came to (else from any). */
ssize_t inet_reply(int fd, const void *buf, size_t len, const struct inet_peer *p);

/* Ask for a SO_SNDBUF/SO_RCVBUF of `bytes`, halving until the kernel takes
 * it (lmbench asks for 1 MiB). Returns the size the kernel reports. */
int  inet_bufsize(int fd, int opt, int bytes);
void inet_nodelay(int fd);

#endif
