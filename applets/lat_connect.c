/* lat_connect.c - TCP connection cost, lmbench's lat_connect method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_connect from its published method
 * (not lmbench's code; its numbers are not "lmbench results"). One
 * iteration is socket() + connect() + close() of a TCP connection to a
 * server that accepts and closes; reported in microseconds (the median
 * sample). The client closes first, so each connection leaves its local
 * port in TIME_WAIT for a minute: on loopback a long run can use up the
 * ephemeral ports (EADDRNOTAVAIL, said plainly), which is why the default
 * run is short (samples of 0.02 s) unless the kernel reuses such ports
 * (net.ipv4.tcp_tw_reuse). A session is framed by a control connection:
 * the client opens it first and sends 'C', and closes it at the end; the
 * server accepts and closes every other connection until then. 'X' on a
 * control connection asks the server to exit (-S); the server answers 'X'
 * (during a session the request is only closed, and -S says the server
 * was busy). Plumbing: lmnet.c.
 */
#include "applet.h"
#include "lmbench.h"
#include "lmnet.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

enum {
	CTL_SESSION	= 'C',
	CTL_QUIT	= 'X',
	CTL_WAIT_MS	= 5000,		/* for the control byte */
};

/* Accept and close every connection waiting on the non-blocking lfd. */
static int drain(int lfd)
{
	int fd;

	while ((fd = inet_accept(lfd)) >= 0)
		close(fd);
	return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1;
}

/* Wait for the session's control connection (connections left from an
 * earlier session say nothing and are closed); its fd, or -1 on an exit
 * request (*end set) or a failure of lfd. */
static int wait_control(int lfd, enum lmnet_end *end)
{
	struct pollfd p = { lfd, POLLIN, 0 };

	for (;;) {
		int fd = inet_accept(lfd);
		char c = 0;

		if (fd < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
			if (poll(&p, 1, -1) < 0 && errno != EINTR)
				break;
			continue;
		}
		if (fd < 0)
			break;
		lmnet_timeout(fd, CTL_WAIT_MS);
		if (!lmnet_readn(fd, &c, 1) && c == CTL_SESSION)
			return fd;
		if (c == CTL_QUIT) {	/* taken: say so, as -S waits for it */
			lmnet_writen(fd, &c, 1);
			close(fd);
			*end = LMNET_EXIT;
			return -1;
		}
		close(fd);
	}
	*end = LMNET_ERROR;
	return -1;
}

/* A session ends when the client closes its control connection, or when
 * nothing at all has come for idle_ms (the client is gone). */
static enum lmnet_end conn_serve(int lfd, int idle_ms)
{
	enum lmnet_end end = LMNET_DONE;
	struct pollfd p[2];
	int ctl;

	fcntl(lfd, F_SETFL, fcntl(lfd, F_GETFL) | O_NONBLOCK);
	ctl = wait_control(lfd, &end);
	if (ctl < 0)
		return end;
	p[0] = (struct pollfd){ lfd, POLLIN, 0 };
	p[1] = (struct pollfd){ ctl, POLLIN, 0 };
	while (end == LMNET_DONE) {
		int n = poll(p, 2, idle_ms > 0 ? idle_ms : -1);

		if (n == 0)
			break;
		if (n < 0) {
			if (errno != EINTR)
				end = LMNET_ERROR;
			continue;
		}
		if (p[0].revents && drain(lfd))
			end = LMNET_ERROR;
		if (p[1].revents)	/* the client is done (or gone) */
			break;
	}
	close(ctl);
	return end;
}

static int conn_quit(const struct inet_addr *a, int timeout_ms)
{
	static const char quit = CTL_QUIT;

	return lmnet_quit_stream(a, &quit, 1, CTL_QUIT, timeout_ms);
}

struct conn {
	const struct inet_addr	*addr;
	struct timeval		timeout;	/* SO_SNDTIMEO: bounds connect() */
	int			err;	/* errno of the first failure, 0 = none */
};

/* One setsockopt beside lmbench's socket + connect + close: a peer that
 * drops SYNs (its backlog full, gone) costs --timeout, not the kernel's
 * two minutes; connect() then fails with EINPROGRESS. */
static void conn_body(void *arg, uint64_t iters)
{
	struct conn *c = arg;
	const struct inet_addr *a = c->addr;

	while (iters-- && !c->err) {
		int fd = socket(a->ss.ss_family, SOCK_STREAM, 0);

		if (fd < 0) {
			c->err = errno;
		} else {
			setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &c->timeout, sizeof(c->timeout));
			if (connect(fd, (const struct sockaddr *)&a->ss, a->len))
				c->err = errno == EINPROGRESS ? ETIMEDOUT : errno;
			close(fd);
		}
	}
}

static int conn_client(struct run_ctx *ctx, const struct lmnet *n)
{
	static const char start = CTL_SESSION;
	struct conn c = { &n->addr, { n->timeout_ms / 1000, n->timeout_ms % 1000 * 1000 }, 0 };
	struct result r = { 0 };
	struct lmnet_text text;
	struct bench_stats st;
	int ctl, rc = EXIT_FAIL;

	ctl = lmnet_connect(n, SOCK_STREAM, 0);
	if (ctl < 0)
		return EXIT_FAIL;
	c.err = lmnet_writen(ctl, &start, 1);
	if (!c.err && !bench_measure(&ctx->bench, conn_body, &c, &st))
		rc = EXIT_OK;
	close(ctl);
	if (c.err) {
		lmnet_fail(n, "connect", c.err);
		return EXIT_FAIL;
	}
	if (rc)
		return rc;
	lmnet_result(ctx, n, &r, "connect", "", "TCP/IP connection cost to", 1, &text);
	result_from_time(&r, &st, 1e-3);
	return lmnet_report(ctx, &r, NULL);
}

static const struct lmnet_proto conn_proto = {
	.name     = "lat_connect",
	.socktype = SOCK_STREAM,
	.port     = LMNET_PORT_TCP_CONNECT,
	.serve    = conn_serve,
	.quit     = conn_quit,
};

static int lat_connect_run(struct run_ctx *ctx)
{
	return lmnet_main(ctx, &conn_proto, conn_client);
}

static const struct opt_spec opts[] = {
	{ "port", 'p', OPT_INT, NULL, 0, 65535, NULL,
	  "TCP port (31237 with -s, -S or HOST; a free one locally)" },
	LMNET_SERVER_OPTS,
	{ 0 }
};

const struct applet applet_lat_connect = {
	.name    = "lat_connect",
	.summary = "TCP connection cost (lmbench's lat_connect)",
	.usage   = "usage: lat_connect [-p PORT] [HOST]\n"
		   "       lat_connect -s [--bind ADDR] [-p PORT] [--stay]\n"
		   "       lat_connect -S HOST [-p PORT]\n"
		   "\n"
		   "Time of one iteration = socket() + connect() + close() of a TCP\n"
		   "connection to a server that accepts and closes, in microseconds (the\n"
		   "median sample), lmbench's method. Each connection leaves a local port\n"
		   "in TIME_WAIT for a minute, so many long runs in a row may run out of\n"
		   "ports (said plainly); the default samples are short (0.02 s). Each\n"
		   "socket also gets an SO_SNDTIMEO of --timeout, so that a connect() to\n"
		   "a peer that drops SYNs is cut short (one setsockopt per iteration).\n"
		   "\n"
		   "Without HOST a server child is forked on 127.0.0.1 (a free port) and\n"
		   "measured; it is killed and reaped on every exit. With HOST the client\n"
		   "connects to a server started there with -s (port 31237 unless -p).\n"
		   "-s serves in the foreground: it listens on --bind (127.0.0.1 unless\n"
		   "given; 0.0.0.0 for every address), says \"lat_connect: listening on\n"
		   "ADDR:PORT\" on stderr, serves one client run and exits 0; with --stay\n"
		   "it serves runs one after another until 'lat_connect -S HOST' or a\n"
		   "signal.\n"
		   "\n"
		   LMNET_TIMEOUT_HELP
		   "\n"
		   "Default output, like lmbench's, is one line on stderr: \"TCP/IP\n"
		   "connection cost to localhost: T microseconds\" (HOST when given).\n"
		   "--format=table|csv|json prints the common record (metric lat_connect\n"
		   "to a loopback address).\n",
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lmbench_micro,
	.min_time = 0.02,
	.run     = lat_connect_run,
};
