/* lat_tcp.c - TCP round-trip latency, lmbench's lat_tcp method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_tcp from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). The client
 * connects once, sends the message size as 4 bytes in network order, then
 * ping-pongs -m bytes (default 1) over the connection with TCP_NODELAY on
 * both ends: write the message, read the echo. One exchange is one round
 * trip, reported in microseconds (the median sample). The first and last
 * byte of every echo are compared with what was sent (self-check, exit 3).
 * The server echoes each session until the client closes it (or is silent
 * for --timeout), in a process of its own, so -P clients are served at
 * once; a connection closed before its size came is the exit request
 * (-S), as lmbench's. The wire is lmbench's: either end may be lmbench's.
 * -P N runs N clients at once, each on its connection in a thread of its
 * own; the time is per round trip of one client (lmbench's too). lmbench
 * floors each interval at 2 s; we take --reps samples of --min-time
 * instead. Plumbing: lmnet.c.
 */
#include "applet.h"
#include "lmbench.h"
#include "lmnet.h"
#include "util.h"

#include <arpa/inet.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

enum { MSG_MAX = 1 << 20 };

#define OPTIONS(O) \
	O(MSG, "msg", OPT_SIZE, "bytes per message", .letter = 'm', .def = "1", .min = 1, \
	  .max = MSG_MAX, .metavar = "BYTES", .key = OPTK_MSG) \
	LMNET_PARALLEL_OPT(O) \
	LMBENCH_OPTS_WN(O) \
	LMNET_PORT_OPT(O, "TCP port [31234; local: a free one]") \
	LMNET_SERVER_OPTS(O) \
	LMNET_SESSIONS_OPT(O)
OPT_TABLE(lat_tcp, OPTIONS);

/* The opening: the size; a connection that ends before it is the exit
 * request (lmbench's -S connects and closes). */
static enum lmnet_end tcp_greet(int fd, long *arg)
{
	uint32_t size;
	int err = lmnet_readn(fd, &size, sizeof(size));

	if (err == ECONNRESET)
		return LMNET_EXIT;
	size = ntohl(size);
	if (err || size == 0 || size > MSG_MAX)
		return LMNET_DONE;
	*arg = (long)size;
	return LMNET_SERVE;
}

/* Echo until the client closes (or is silent for --timeout). */
static void tcp_session(int fd, long size)
{
	char *buf = malloc((size_t)size);

	inet_nodelay(fd);
	if (buf)
		while (!lmnet_readn(fd, buf, (size_t)size) && !lmnet_writen(fd, buf, (size_t)size))
			;
	free(buf);
	close(fd);
}

static int tcp_quit(const struct inet_addr *a, int timeout_ms)
{
	return lmnet_quit_stream(a, NULL, 0, timeout_ms);
}

/* One client (-P: one per thread). */
struct tcp_worker {
	int		fd;
	unsigned char	seq;
	int		err;		/* errno of the first failure, 0 = none */
	const char	*what;		/* what failed */
	int		wrong;		/* an echo differed from the message */
	unsigned char	*out, *in;
};

struct tcp_lat {
	const struct lmnet	*n;
	size_t			msg;
	struct tcp_worker	*w;
};

static int tcp_setup(void *arg, unsigned idx)
{
	struct tcp_lat *t = arg;
	struct tcp_worker *w = &t->w[idx];
	uint32_t size = htonl((uint32_t)t->msg);

	w->out = calloc(1, t->msg);
	w->in = calloc(1, t->msg);
	w->what = "connect";
	w->fd = lmnet_dial(t->n, SOCK_STREAM, 0);
	if (w->fd < 0 || !w->out || !w->in) {
		w->err = w->fd < 0 ? errno : ENOMEM;
		return EXIT_FAIL;
	}
	inet_nodelay(w->fd);
	w->what = "round trip";
	w->err = lmnet_writen(w->fd, &size, sizeof(size));
	return w->err ? EXIT_FAIL : EXIT_OK;
}

static void tcp_work(void *arg, unsigned idx, uint64_t iters)
{
	struct tcp_lat *t = arg;
	struct tcp_worker *w = &t->w[idx];
	size_t last = t->msg - 1;

	while (iters-- && !w->err) {
		w->out[0] = w->out[last] = ++w->seq;
		w->err = lmnet_writen(w->fd, w->out, t->msg);
		if (!w->err)
			w->err = lmnet_readn(w->fd, w->in, t->msg);
		if (!w->err && (w->in[0] != w->out[0] || w->in[last] != w->out[last]))
			w->wrong = 1;
	}
}

static int tcp_client(struct run_ctx *ctx, const struct lmnet *n)
{
	struct tcp_lat t = { n, (size_t)opt_size(ctx, MSG), NULL };
	struct result r = { 0 };
	struct lmnet_text text;
	struct bench_stats st;
	struct tcp_worker *bad = NULL;
	char own[32];
	int rc, wrong = 0;
	unsigned i;

	t.w = xcalloc(n->parallel, sizeof(*t.w));
	for (i = 0; i < n->parallel; i++)
		t.w[i].fd = -1;
	rc = lmnet_measure(ctx, n, tcp_setup, tcp_work, &t, &st);
	for (i = 0; i < n->parallel; i++) {
		if (t.w[i].fd >= 0)
			close(t.w[i].fd);
		free(t.w[i].out);
		free(t.w[i].in);
		if (t.w[i].err && !bad)
			bad = &t.w[i];
		wrong |= t.w[i].wrong;
	}
	if (bad)
		lmnet_fail(n, bad->what, bad->err);
	free(t.w);
	if (bad || rc)
		return bad ? EXIT_FAIL : rc;
	snprintf(own, sizeof(own), "msg=%zu", t.msg);
	lmnet_result(ctx, n, &r, "roundtrip", own, "TCP latency using", t.msg == 1, &text);
	result_from_time(&r, &st, 1e-3);
	return lmnet_report(ctx, &r, wrong ? "an echo differed from the message sent" : NULL);
}

static const struct lmnet_proto tcp_proto = {
	.name     = "lat_tcp",
	.socktype = SOCK_STREAM,
	.port     = LMNET_PORT_TCP_XACT,
	.greet    = tcp_greet,
	.session  = tcp_session,
	.quit     = tcp_quit,
};

static int lat_tcp_run(struct run_ctx *ctx)
{
	return lmnet_main(ctx, &tcp_proto, tcp_client);
}

TEXT(lat_tcp_summary, "TCP round-trip latency (lmbench's lat_tcp)");
TEXT(lat_tcp_usage,
	"usage: lat_tcp [-m BYTES] [-P N] [-W US] [-N N] [-p PORT] [HOST]\n"
	"       lat_tcp -s [--foreground] [--bind ADDR] [-p PORT]\n"
	"       lat_tcp -S HOST [-p PORT]\n"
	"\n"
	"Round-trip time of a BYTES-byte message over a TCP connection\n"
	"(TCP_NODELAY) to an echo server, in microseconds, lmbench's way; each\n"
	"echo is checked, and -P runs that many clients at once. With HOST the\n"
	"server is one started there with -s (port 31234 unless -p); without, one\n"
	"forked on 127.0.0.1. Prints \"TCP latency using HOST: T microseconds\" on\n"
	"stderr; --format gives the common record.\n"
	LMNET_SERVER_HELP("lat_tcp"));

TEXT(lat_tcp_exits, LMNET_EXITS);

const struct applet applet_lat_tcp = {
	.name    = "lat_tcp",
	.summary = TEXT_PTR(lat_tcp_summary),
	.usage   = TEXT_PTR(lat_tcp_usage),
	.exits   = TEXT_PTR(lat_tcp_exits),
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_tcp_run,
};
