/* bw_tcp.c - TCP bandwidth, lmbench's bw_tcp method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's bw_tcp from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). The client asks
 * for SO_RCVBUF and SO_SNDBUF of 1 MiB (halved until the kernel takes it)
 * before it connects, then sends the message size -m (default 64 KiB) as
 * decimal ASCII and a newline; the server, with the same buffer request,
 * writes -m byte messages for as long as the connection stands. The
 * client reads -M bytes per iteration (default: one message, lmbench's
 * default) in reads of at most -m bytes. MB/s = bytes / time / 10^6 (the
 * median sample); the byte count is the self-check: every read must bring
 * data until -M bytes have come. lmbench streams for 7.5 s before timing;
 * we stream for 0.2 s (0.02 s with --quick), then the harness calibrates
 * and warms up as for every applet. The client closing the connection
 * ends the session; a size of 0 asks the server to exit (-S).
 * Plumbing: lmnet.c.
 */
#include "applet.h"
#include "lmnet.h"
#include "util.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { BUFSIZE = 1 << 20, MSG_MAX = 1 << 26, LINE = 24 };

/* lmbench's bw_tcp line: "%.6f %.2f MB/sec" = message size in 10^6
 * bytes (the record's x), then the rate. */
static void bw_begin(struct emit_out *o, const struct run_info *info)
{
	(void)o;
	(void)info;
}

static void bw_line(struct emit_out *o, const struct result *r)
{
	fprintf(o->f, "%.6f %.2f MB/sec\n", r->x / 1e6, r->value);
}

static void bw_end(struct emit_out *o)
{
	(void)o;
}

static const struct emitter emit_bw_tcp = { "lmbench", 1, bw_begin, bw_line, bw_end };

/* The size line: digits and '\n'; the value, or -1 if it is not one. */
static int64_t read_size(int fd)
{
	char line[LINE];
	size_t i;
	int64_t v;

	for (i = 0; i < sizeof(line) - 1; i++) {
		if (lmnet_readn(fd, &line[i], 1))
			return -1;
		if (line[i] == '\n')
			break;
	}
	line[i] = '\0';
	if (i == 0 || i == sizeof(line) - 1 || line[0] < '0' || line[0] > '9' ||
	    parse_int(line, &v))
		return -1;
	return v;
}

/* One session: the size, then messages until the client goes away (or
 * takes nothing for idle_ms). */
static enum lmnet_end bw_serve(int lfd, int idle_ms)
{
	int fd = inet_accept(lfd);
	enum lmnet_end end = LMNET_DONE;
	char *buf = NULL;
	int64_t size;

	if (fd < 0)
		return LMNET_ERROR;
	inet_timeouts(fd, idle_ms);
	size = read_size(fd);
	if (size == 0) {
		end = LMNET_EXIT;
	} else if (size > 0 && size <= MSG_MAX && (buf = malloc((size_t)size))) {
		memset(buf, 'b', (size_t)size);
		inet_bufsize(fd, SO_SNDBUF, BUFSIZE);
		inet_bufsize(fd, SO_RCVBUF, BUFSIZE);
		while (!lmnet_writen(fd, buf, (size_t)size))
			;
	}
	free(buf);
	close(fd);
	return end;
}

static int bw_quit(const struct inet_addr *a, int timeout_ms)
{
	return lmnet_quit_stream(a, "0\n", 2, 0, timeout_ms);
}

struct bw {
	int		fd;
	size_t		msg;
	uint64_t	total;
	int		err;		/* errno of the first failure, 0 = none */
	char		*buf;
};

/* Read `bytes` in reads of at most msg; sets b->err on a failure. */
static void bw_read(struct bw *b, uint64_t bytes)
{
	while (bytes && !b->err) {
		ssize_t k = read(b->fd, b->buf, bytes < b->msg ? (size_t)bytes : b->msg);

		if (k > 0)
			bytes -= (uint64_t)k;
		else if (k == 0)
			b->err = ECONNRESET;
		else if (errno != EINTR)
			b->err = errno;
	}
}

static void bw_body(void *arg, uint64_t iters)
{
	struct bw *b = arg;

	while (iters-- && !b->err)
		bw_read(b, b->total);
}

/* Untimed streaming for `s` seconds (lmbench: 7.5 s). */
static void bw_warm(struct bw *b, double s)
{
	uint64_t end = bench_clock_ns() + (uint64_t)(s * 1e9);

	while (!b->err && bench_clock_ns() < end)
		bw_read(b, b->msg);
}

static int bw_client(struct run_ctx *ctx, const struct lmnet *n)
{
	struct bw b = { .msg = (size_t)opt_size(ctx, "msg") };
	struct result r = { .unit = UNIT_MB_S, .better = 1 };
	struct lmnet_text text;
	struct bench_stats st;
	char line[LINE], own[64], m[24], tot[24];
	int rc = EXIT_FAIL;

	b.total = opt_given(ctx, "total") ? opt_size(ctx, "total") : b.msg;
	b.fd = lmnet_connect(n, SOCK_STREAM, BUFSIZE);
	if (b.fd < 0)
		return EXIT_FAIL;
	b.buf = xmalloc(b.msg);
	snprintf(line, sizeof(line), "%zu\n", b.msg);
	b.err = lmnet_writen(b.fd, line, strlen(line));
	bw_warm(&b, ctx->quick ? 0.02 : 0.2);
	if (!b.err && !bench_measure(&ctx->bench, bw_body, &b, &st))
		rc = EXIT_OK;
	close(b.fd);
	free(b.buf);
	if (b.err) {
		lmnet_fail(n, "read", b.err);
		return EXIT_FAIL;
	}
	if (rc)
		return rc;
	format_size(b.msg, m, sizeof(m));
	format_size(b.total, tot, sizeof(tot));
	snprintf(own, sizeof(own), "msg=%s,total=%s", m, tot);
	lmnet_result(ctx, n, &r, "read", own, "TCP bandwidth using",
		     b.msg == 65536 && b.total == b.msg, &text);
	r.x = (double)b.msg;
	report_rate(ctx, r, &st, (double)b.total / 1e6);
	return EXIT_OK;
}

static const struct lmnet_proto bw_proto = {
	.name     = "bw_tcp",
	.socktype = SOCK_STREAM,
	.port     = LMNET_PORT_TCP_DATA,
	.serve    = bw_serve,
	.quit     = bw_quit,
};

static int bw_tcp_run(struct run_ctx *ctx)
{
	return lmnet_main(ctx, &bw_proto, bw_client);
}

static const struct opt_spec opts[] = {
	{ "msg", 'm', OPT_SIZE, "64k", 1, MSG_MAX, NULL, "bytes per message (write and read)" },
	{ "total", 'M', OPT_SIZE, NULL, 1, 1e12, NULL,
	  "bytes read per iteration (default: one message)" },
	{ "port", 'p', OPT_INT, NULL, 0, 65535, NULL,
	  "TCP port (31236 with -s, -S or HOST; a free one locally)" },
	LMNET_SERVER_OPTS,
	{ 0 }
};

const struct applet applet_bw_tcp = {
	.name    = "bw_tcp",
	.summary = "TCP bandwidth (lmbench's bw_tcp)",
	.usage   = "usage: bw_tcp [-m MSGSIZE] [-M TOTAL] [-p PORT] [HOST]\n"
		   "       bw_tcp -s [--bind ADDR] [-p PORT] [--stay]\n"
		   "       bw_tcp -S HOST [-p PORT]\n"
		   "\n"
		   "A server writes MSGSIZE-byte messages (default 64k) into one TCP\n"
		   "connection and this process reads TOTAL bytes (default MSGSIZE) per\n"
		   "iteration, in reads of at most MSGSIZE; both ends ask for 1 MiB socket\n"
		   "buffers. lmbench's method, but its 7.5 s of untimed streaming before\n"
		   "the measurement is 0.2 s here (0.02 s with --quick). k/m are powers of\n"
		   "1024, MB = 10^6 bytes; the median sample.\n"
		   "\n"
		   "Without HOST a server child is forked on 127.0.0.1 (a free port) and\n"
		   "measured; it is killed and reaped on every exit. With HOST the client\n"
		   "connects to a server started there with -s (port 31236 unless -p).\n"
		   "-s serves in the foreground: it listens on --bind (127.0.0.1 unless\n"
		   "given; 0.0.0.0 for every address), says \"bw_tcp: listening on\n"
		   "ADDR:PORT\" on stderr, serves one client run and exits 0; with --stay\n"
		   "it serves runs one after another until 'bw_tcp -S HOST' or a signal.\n"
		   "\n"
		   LMNET_TIMEOUT_HELP
		   "\n"
		   "Default output, like lmbench's, is one line on stderr: \"S B MB/sec\",\n"
		   "S the message size in 10^6 bytes (\"0.065536 1234.56 MB/sec\").\n"
		   "--format=table|csv|json prints the common record (metric bw_tcp at the\n"
		   "defaults, to a loopback address).\n",
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.classic = &emit_bw_tcp,
	.reps    = 11,
	.run     = bw_tcp_run,
};
