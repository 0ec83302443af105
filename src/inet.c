/* inet.c - TCP and UDP endpoints for the network applets
 *
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include "inet.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

static void describe(struct inet_addr *a)
{
	char host[INET6_ADDRSTRLEN] = "?";

	if (a->ss.ss_family == AF_INET6) {
		const struct sockaddr_in6 *s = (const void *)&a->ss;

		inet_ntop(AF_INET6, &s->sin6_addr, host, sizeof(host));
		snprintf(a->host, sizeof(a->host), "%s", host);
		snprintf(a->text, sizeof(a->text), "[%s]:%d", host, ntohs(s->sin6_port));
	} else {
		const struct sockaddr_in *s = (const void *)&a->ss;

		inet_ntop(AF_INET, &s->sin_addr, host, sizeof(host));
		snprintf(a->host, sizeof(a->host), "%s", host);
		snprintf(a->text, sizeof(a->text), "%s:%d", host, ntohs(s->sin_port));
	}
}

int inet_resolve(const char *host, int port, int socktype, struct inet_addr *out,
		 char *err, size_t errlen)
{
	struct addrinfo hints, *res = NULL, *ai;
	char svc[16];
	int rc;

	memset(out, 0, sizeof(*out));
	if (port < 0 || port > 65535) {
		snprintf(err, errlen, "port %d is not in 0..65535", port);
		return -1;
	}
	if (!host || !*host) {
		snprintf(err, errlen, "empty host name");
		return -1;
	}
	memset(&hints, 0, sizeof(hints));
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = socktype;
	hints.ai_flags = AI_NUMERICSERV;
	snprintf(svc, sizeof(svc), "%d", port);
	rc = getaddrinfo(host, svc, &hints, &res);
	if (rc) {
		snprintf(err, errlen, "cannot resolve '%s': %s", host, gai_strerror(rc));
		return -1;
	}
	/* IPv4 first: "localhost" may list ::1 first while a server listens
	 * on 127.0.0.1, its default */
	for (ai = res; ai; ai = ai->ai_next)
		if (ai->ai_family == AF_INET && ai->ai_addrlen <= sizeof(out->ss))
			break;
	for (ai = ai ? ai : res; ai; ai = ai->ai_next)
		if ((ai->ai_family == AF_INET || ai->ai_family == AF_INET6) &&
		    ai->ai_addrlen <= sizeof(out->ss))
			break;
	if (!ai) {
		freeaddrinfo(res);
		snprintf(err, errlen, "'%s' has no IPv4 or IPv6 address", host);
		return -1;
	}
	memcpy(&out->ss, ai->ai_addr, ai->ai_addrlen);
	out->len = ai->ai_addrlen;
	freeaddrinfo(res);
	describe(out);
	return 0;
}

int inet_port(const struct inet_addr *a)
{
	if (a->ss.ss_family == AF_INET6)
		return ntohs(((const struct sockaddr_in6 *)(const void *)&a->ss)->sin6_port);
	return ntohs(((const struct sockaddr_in *)(const void *)&a->ss)->sin_port);
}

void inet_set_port(struct inet_addr *a, int port)
{
	if (a->ss.ss_family == AF_INET6)
		((struct sockaddr_in6 *)(void *)&a->ss)->sin6_port = htons((unsigned short)port);
	else
		((struct sockaddr_in *)(void *)&a->ss)->sin_port = htons((unsigned short)port);
	describe(a);
}

int inet_listen(struct inet_addr *a, int socktype, int backlog)
{
	int fd = socket(a->ss.ss_family, socktype | SOCK_CLOEXEC, 0), one = 1, e;
	socklen_t len = sizeof(a->ss);

	if (fd < 0)
		return -1;
	/* a TCP port in TIME_WAIT may be bound again; a UDP one must not be
	 * shared (on Linux SO_REUSEADDR would let two servers bind it) */
	if (socktype == SOCK_STREAM)
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	if (a->ss.ss_family == AF_INET6 &&
	    !memcmp(&((const struct sockaddr_in6 *)(const void *)&a->ss)->sin6_addr,
		    &in6addr_any, sizeof(in6addr_any))) {
		int zero = 0;	/* [::] takes IPv4 too, whatever bindv6only says */

		setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof(zero));
	}
	if (bind(fd, (const struct sockaddr *)&a->ss, a->len) ||
	    (socktype == SOCK_STREAM && listen(fd, backlog)) ||
	    getsockname(fd, (struct sockaddr *)&a->ss, &len)) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	a->len = len;
	describe(a);
	return fd;
}

int inet_listen_any(struct inet_addr *a, int port, int socktype, int backlog)
{
	char err[128];
	int fd;

	if (inet_resolve("::", port, socktype, a, err, sizeof(err)) == 0) {
		fd = inet_listen(a, socktype, backlog);
		if (fd >= 0 || (errno != EAFNOSUPPORT && errno != EPROTONOSUPPORT &&
				errno != EADDRNOTAVAIL))
			return fd;
	}
	/* a kernel without IPv6 */
	if (inet_resolve("0.0.0.0", port, socktype, a, err, sizeof(err))) {
		errno = EINVAL;
		return -1;
	}
	return inet_listen(a, socktype, backlog);
}

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* ms left until deadline (0 = none: -1, forever), at least 0 */
static int left_ms(int64_t deadline)
{
	int64_t t;

	if (!deadline)
		return -1;
	t = deadline - now_ms();
	return t < 0 ? 0 : t > INT32_MAX ? INT32_MAX : (int)t;
}

/* One non-blocking connect, waited for until deadline; fd or -1 + errno */
static int dial_once(const struct inet_addr *a, int socktype, int bufsize, int64_t deadline)
{
	int fd = socket(a->ss.ss_family, socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, 0), e = 0;
	struct pollfd p;
	socklen_t len = sizeof(e);

	if (fd < 0)
		return -1;
	if (bufsize > 0) {
		inet_bufsize(fd, SO_RCVBUF, bufsize);
		inet_bufsize(fd, SO_SNDBUF, bufsize);
	}
	if (connect(fd, (const struct sockaddr *)&a->ss, a->len) == 0)
		goto done;
	/* EINTR: the connection goes on in the background, as EINPROGRESS */
	if (errno != EINPROGRESS && errno != EINTR)
		goto fail;
	p = (struct pollfd){ fd, POLLOUT, 0 };
	for (;;) {
		int ms = left_ms(deadline), n;

		if (ms == 0) {
			errno = ETIMEDOUT;
			goto fail;
		}
		n = poll(&p, 1, ms);
		if (n > 0)
			break;
		if (n < 0 && errno != EINTR)
			goto fail;
	}
	if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &len))
		goto fail;
	if (e) {
		errno = e;
		goto fail;
	}
done:
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == 0)
		return fd;
fail:
	e = errno;
	close(fd);
	errno = e;
	return -1;
}

int inet_dial(const struct inet_addr *a, int socktype, int bufsize, int wait_ms,
	      int timeout_ms)
{
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	int64_t start = now_ms(), deadline = timeout_ms > 0 ? start + timeout_ms : 0;

	for (;;) {
		int fd = dial_once(a, socktype, bufsize, deadline);

		if (fd >= 0)
			return fd;
		if (errno != ECONNREFUSED || now_ms() - start >= wait_ms ||
		    (deadline && now_ms() >= deadline))
			return -1;
		nanosleep(&pause, NULL);
	}
}

int inet_connect(const struct inet_addr *a, int socktype, int wait_ms)
{
	return inet_dial(a, socktype, 0, wait_ms, INET_TIMEOUT_MS);
}

int inet_wait(int fd, int ms)
{
	int64_t deadline = ms >= 0 ? now_ms() + ms : 0;
	struct pollfd p = { fd, POLLIN, 0 };

	for (;;) {
		int n = poll(&p, 1, ms >= 0 ? left_ms(deadline) : -1);

		if (n >= 0)
			return n > 0;
		if (errno != EINTR)
			return -1;
	}
}

void inet_timeouts(int fd, int ms)
{
	struct timeval tv = { ms / 1000, (ms % 1000) * 1000 };

	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
}

int inet_accept(int lfd)
{
	for (;;) {
		int fd = accept4(lfd, NULL, NULL, SOCK_CLOEXEC);

		if (fd >= 0 || (errno != EINTR && errno != ECONNABORTED))
			return fd;
	}
}

int inet_bufsize(int fd, int opt, int bytes)
{
	socklen_t len = sizeof(int);
	int got = 0;

	while (bytes >= 4096 && setsockopt(fd, SOL_SOCKET, opt, &bytes, sizeof(bytes)))
		bytes /= 2;
	getsockopt(fd, SOL_SOCKET, opt, &got, &len);
	return got;
}

void inet_nodelay(int fd)
{
	int one = 1;

	setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
}

void inet_pktinfo(int fd)
{
	int one = 1;

	setsockopt(fd, IPPROTO_IP, IP_PKTINFO, &one, sizeof(one));
	setsockopt(fd, IPPROTO_IPV6, IPV6_RECVPKTINFO, &one, sizeof(one));
}

ssize_t inet_recv_peer(int fd, void *buf, size_t len, int flags, struct inet_peer *p)
{
	struct iovec iov = { buf, len };
	struct msghdr m;
	struct cmsghdr *c;
	ssize_t k;

	memset(&m, 0, sizeof(m));
	m.msg_name = &p->ss;
	m.msg_namelen = sizeof(p->ss);
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = p->ctl.buf;
	m.msg_controllen = sizeof(p->ctl.buf);
	k = recvmsg(fd, &m, flags);
	p->len = m.msg_namelen;
	p->ctllen = 0;
	if (k < 0 || (m.msg_flags & MSG_CTRUNC))
		return k;
	/* IP_PKTINFO answers from ipi_spec_dst; IPV6_PKTINFO from ipi6_addr */
	for (c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
		if (c->cmsg_level == IPPROTO_IP && c->cmsg_type == IP_PKTINFO) {
			struct in_pktinfo pi;

			memcpy(&pi, CMSG_DATA(c), sizeof(pi));
			pi.ipi_spec_dst = pi.ipi_addr;
			pi.ipi_ifindex = 0;
			memcpy(CMSG_DATA(c), &pi, sizeof(pi));
		} else if (c->cmsg_level != IPPROTO_IPV6 || c->cmsg_type != IPV6_PKTINFO) {
			return k;	/* something else: answer from any address */
		}
	}
	p->ctllen = m.msg_controllen;
	return k;
}

ssize_t inet_reply(int fd, const void *buf, size_t len, const struct inet_peer *p)
{
	struct iovec iov = { (void *)buf, len };
	struct msghdr m;
	ssize_t k;

	memset(&m, 0, sizeof(m));
	m.msg_name = (void *)&p->ss;
	m.msg_namelen = p->len;
	m.msg_iov = &iov;
	m.msg_iovlen = 1;
	m.msg_control = p->ctllen ? (void *)p->ctl.buf : NULL;
	m.msg_controllen = p->ctllen;
	k = sendmsg(fd, &m, 0);
	if (k < 0 && p->ctllen && errno != EINTR) {
		m.msg_control = NULL;	/* a kernel (or emulator) that refuses it */
		m.msg_controllen = 0;
		k = sendmsg(fd, &m, 0);
	}
	return k;
}
