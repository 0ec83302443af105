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
 * (net.ipv4.tcp_tw_reuse). The server takes every connection at once and
 * reads each once it is readable: a byte is the exit request (-S sends
 * "0", as lmbench's),
 * the end of the stream (the client's close) is one connection served. The
 * wire is lmbench's: either end may be lmbench's. lmbench's lat_connect
 * takes no -P (its notes: parallel connections fill the ports with
 * TIME_WAIT), nor do we. Plumbing: lmnet.c.
 */
#include "applet.h"
#include "lmbench.h"
#include "lmnet.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#define OPTIONS(O) \
	LMBENCH_OPT_N(O) \
	LMNET_PORT_OPT(O, "TCP port [31237; local: a free one]") \
	LMNET_SERVER_OPTS(O) \
	LMNET_SESSIONS_OPT(O)
OPT_TABLE(lat_connect, OPTIONS);

/* A byte is the exit request; the client's close is one connection
 * served. Called once fd is readable (the server closes a connection
 * silent for --timeout itself). */
static enum lmnet_end conn_greet(int fd, long *arg)
{
	char c;
	ssize_t k;

	(void)arg;
	while ((k = read(fd, &c, 1)) < 0 && errno == EINTR)
		;
	return k > 0 ? LMNET_EXIT : LMNET_DONE;
}

static int conn_quit(const struct inet_addr *a, int timeout_ms)
{
	return lmnet_quit_stream(a, "0", 1, timeout_ms);
}

struct conn {
	const struct lmnet	*n;
	const struct inet_addr	*addr;
	struct timeval		timeout;	/* SO_SNDTIMEO: bounds connect() */
	int			err;	/* errno of the first failure, 0 = none */
};

/* One setsockopt beside lmbench's socket + connect + close: a peer that
 * drops SYNs (its backlog full, gone) costs --timeout, not the kernel's
 * two minutes; connect() then fails with EINPROGRESS. */
static void conn_work(void *arg, unsigned idx, uint64_t iters)
{
	struct conn *c = arg;
	const struct inet_addr *a = c->addr;

	(void)idx;
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

/* Before timing: a server is there (one connection, refused ones retried
 * for a second: a server that is still starting). */
static int conn_setup(void *arg, unsigned idx)
{
	struct conn *c = arg;
	int fd = lmnet_dial(c->n, SOCK_STREAM, 0);

	(void)idx;
	if (fd < 0) {
		c->err = errno;
		return EXIT_FAIL;
	}
	close(fd);
	return EXIT_OK;
}

static int conn_client(struct run_ctx *ctx, const struct lmnet *n)
{
	struct conn c = { n, &n->addr, { n->timeout_ms / 1000, n->timeout_ms % 1000 * 1000 }, 0 };
	struct result r = { 0 };
	struct lmnet_text text;
	struct bench_stats st;
	int rc = lmnet_measure(ctx, n, conn_setup, conn_work, &c, &st);

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
	.greet    = conn_greet,
	.quit     = conn_quit,
};

static int lat_connect_run(struct run_ctx *ctx)
{
	return lmnet_main(ctx, &conn_proto, conn_client);
}

TEXT(lat_connect_summary, "TCP connection cost (lmbench's lat_connect)");
TEXT(lat_connect_usage,
	"usage: lat_connect [-N N] [-p PORT] [HOST]\n"
	"       lat_connect -s [--foreground] [--bind ADDR] [-p PORT]\n"
	"       lat_connect -S HOST [-p PORT]\n"
	"\n"
	"Time of socket() + connect() + close() of a TCP connection to a server\n"
	"that accepts and closes, in microseconds, lmbench's way. Each connection\n"
	"leaves a port in TIME_WAIT for a minute, so long runs in a row may run\n"
	"out of ports. With HOST the server is one started there with -s (port\n"
	"31237 unless -p); without, one forked on 127.0.0.1. Prints \"TCP/IP\n"
	"connection cost to HOST: T microseconds\" on stderr; --format gives the\n"
	"common record.\n"
	LMNET_SERVER_HELP("lat_connect"));

TEXT(lat_connect_exits, LMNET_EXITS);

const struct applet applet_lat_connect = {
	.name    = "lat_connect",
	.summary = TEXT_PTR(lat_connect_summary),
	.usage   = TEXT_PTR(lat_connect_usage),
	.exits   = TEXT_PTR(lat_connect_exits),
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.min_time = 0.02,
	.run     = lat_connect_run,
};
