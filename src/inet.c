/* inet.c - TCP and UDP endpoints for the network applets
 *
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include "inet.h"

#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void describe(struct inet_addr *a)
{
	char host[INET6_ADDRSTRLEN] = "?";

	if (a->ss.ss_family == AF_INET6) {
		const struct sockaddr_in6 *s = (const void *)&a->ss;

		inet_ntop(AF_INET6, &s->sin6_addr, host, sizeof(host));
		snprintf(a->text, sizeof(a->text), "[%s]:%d", host, ntohs(s->sin6_port));
	} else {
		const struct sockaddr_in *s = (const void *)&a->ss;

		inet_ntop(AF_INET, &s->sin_addr, host, sizeof(host));
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
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
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

int inet_connect(const struct inet_addr *a, int socktype, int wait_ms)
{
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	int waited = 0;

	for (;;) {
		int fd = socket(a->ss.ss_family, socktype | SOCK_CLOEXEC, 0), e;

		if (fd < 0)
			return -1;
		if (connect(fd, (const struct sockaddr *)&a->ss, a->len) == 0)
			return fd;
		e = errno;
		close(fd);
		errno = e;
		if (e == EINTR)
			continue;
		if (e != ECONNREFUSED || waited >= wait_ms)
			return -1;
		nanosleep(&pause, NULL);
		waited += 10;
	}
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
