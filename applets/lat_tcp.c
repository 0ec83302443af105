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
 * The server echoes until the client closes (the end of the session); a
 * size of 0 is the exit request (-S). lmbench floors each interval at 2 s;
 * we take --reps samples of --min-time instead. Plumbing: lmnet.c.
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

/* One session: the size, then echo until the client closes (or is
 * silent for idle_ms). */
static enum lmnet_end tcp_serve(int lfd, int idle_ms)
{
	uint32_t size;
	char *buf = NULL;
	int fd = inet_accept(lfd);
	enum lmnet_end end = LMNET_DONE;

	if (fd < 0)
		return LMNET_ERROR;
	inet_nodelay(fd);
	inet_timeouts(fd, idle_ms);
	if (!lmnet_readn(fd, &size, sizeof(size))) {
		size = ntohl(size);
		if (size == 0)
			end = LMNET_EXIT;
		else if (size <= MSG_MAX && (buf = malloc(size)))
			while (!lmnet_readn(fd, buf, size) && !lmnet_writen(fd, buf, size))
				;
	}
	free(buf);
	close(fd);
	return end;
}

static int tcp_quit(const struct inet_addr *a, int timeout_ms)
{
	static const uint32_t zero;	/* a size of 0 */

	return lmnet_quit_stream(a, &zero, sizeof(zero), 0, timeout_ms);
}

struct tcp_lat {
	int		fd;
	size_t		msg;
	unsigned char	seq;
	int		err;		/* errno of the first failure, 0 = none */
	int		wrong;		/* an echo differed from the message */
	unsigned char	*out, *in;
};

static void tcp_body(void *arg, uint64_t iters)
{
	struct tcp_lat *t = arg;
	size_t last = t->msg - 1;

	while (iters-- && !t->err) {
		t->out[0] = t->out[last] = ++t->seq;
		t->err = lmnet_writen(t->fd, t->out, t->msg);
		if (!t->err)
			t->err = lmnet_readn(t->fd, t->in, t->msg);
		if (!t->err && (t->in[0] != t->out[0] || t->in[last] != t->out[last]))
			t->wrong = 1;
	}
}

static int tcp_client(struct run_ctx *ctx, const struct lmnet *n)
{
	struct tcp_lat t = { .msg = (size_t)opt_size(ctx, "msg") };
	struct result r = { 0 };
	struct lmnet_text text;
	struct bench_stats st;
	uint32_t size = htonl((uint32_t)t.msg);
	char own[32];
	int rc = EXIT_FAIL;

	t.fd = lmnet_connect(n, SOCK_STREAM, 0);
	if (t.fd < 0)
		return EXIT_FAIL;
	inet_nodelay(t.fd);
	t.out = xcalloc(1, t.msg);
	t.in = xcalloc(1, t.msg);
	t.err = lmnet_writen(t.fd, &size, sizeof(size));
	if (!t.err && !bench_measure(&ctx->bench, tcp_body, &t, &st))
		rc = EXIT_OK;
	close(t.fd);
	free(t.out);
	free(t.in);
	if (t.err) {
		lmnet_fail(n, "round trip", t.err);
		return EXIT_FAIL;
	}
	if (rc)
		return rc;
	snprintf(own, sizeof(own), "msg=%zu", t.msg);
	lmnet_result(ctx, n, &r, "roundtrip", own, "TCP latency using", t.msg == 1, &text);
	result_from_time(&r, &st, 1e-3);
	return lmnet_report(ctx, &r, t.wrong ? "an echo differed from the message sent" : NULL);
}

static const struct lmnet_proto tcp_proto = {
	.name     = "lat_tcp",
	.socktype = SOCK_STREAM,
	.port     = LMNET_PORT_TCP_XACT,
	.serve    = tcp_serve,
	.quit     = tcp_quit,
};

static int lat_tcp_run(struct run_ctx *ctx)
{
	return lmnet_main(ctx, &tcp_proto, tcp_client);
}

static const struct opt_spec opts[] = {
	{ "msg", 'm', OPT_SIZE, "1", 1, MSG_MAX, NULL, "bytes per message" },
	{ "port", 'p', OPT_INT, NULL, 0, 65535, NULL,
	  "TCP port (31234 with -s, -S or HOST; a free one locally)" },
	LMNET_SERVER_OPTS,
	{ 0 }
};

const struct applet applet_lat_tcp = {
	.name    = "lat_tcp",
	.summary = "TCP round-trip latency (lmbench's lat_tcp)",
	.usage   = "usage: lat_tcp [-m BYTES] [-p PORT] [HOST]\n"
		   "       lat_tcp -s [--bind ADDR] [-p PORT] [--stay]\n"
		   "       lat_tcp -S HOST [-p PORT]\n"
		   "\n"
		   "Round-trip time of a BYTES-byte message (default 1) over one TCP\n"
		   "connection with TCP_NODELAY, in microseconds (the median sample),\n"
		   "lmbench's method: the client sends the size, then writes a message\n"
		   "and reads its echo, again and again. Each echo is checked.\n"
		   "\n"
		   "Without HOST a server child is forked on 127.0.0.1 (a free port) and\n"
		   "measured; it is killed and reaped on every exit. With HOST the client\n"
		   "connects to a server started there with -s (port 31234 unless -p).\n"
		   "-s serves in the foreground: it listens on --bind (127.0.0.1 unless\n"
		   "given; 0.0.0.0 for every address), says \"lat_tcp: listening on\n"
		   "ADDR:PORT\" on stderr, serves one client run and exits 0; with --stay\n"
		   "it serves runs one after another until 'lat_tcp -S HOST' or a signal.\n"
		   "\n"
		   LMNET_TIMEOUT_HELP
		   "\n"
		   "Default output, like lmbench's, is one line on stderr: \"TCP latency\n"
		   "using localhost: T microseconds\" (HOST when given).\n"
		   "--format=table|csv|json prints the common record (metric lat_tcp for\n"
		   "1-byte messages to a loopback address).\n",
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_tcp_run,
};
