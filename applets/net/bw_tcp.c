/* bw_tcp.c - TCP bandwidth, lmbench's bw_tcp method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's bw_tcp from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). The client asks
 * for SO_RCVBUF and SO_SNDBUF of 1 MiB (halved until the kernel takes it)
 * before it connects, then sends the message size -m (default 64 KiB) in
 * decimal and a NUL; the server, with the same buffer request, writes
 * -m byte messages for as long as the connection stands, in a process of
 * its own per client (a message over 1 MiB in 1 MiB writes from one
 * buffer: the same stream, and a session that holds 1 MiB at most). The
 * client reads -M bytes per iteration (default: one message, lmbench's
 * default; -M alone sets -m too; -M is rounded up to a multiple of -m, as
 * lmbench's) in reads of at most -m bytes. MB/s =
 * bytes / time / 10^6 (the median sample); -P N clients read at once, each
 * on its connection in a thread of its own, and the rate is their sum
 * (lmbench's). The byte count is the self-check: every read must bring
 * data until -M bytes have come. Before timing each client streams for
 * -W microseconds, lmbench's LONGER warm-up of 7.5 s by default (0.02 s
 * with --quick unless -W is given), then the harness calibrates and warms
 * up as for every applet. The client closing the connection ends the
 * session; a size of 0 asks the server to exit (-S). The wire is
 * lmbench's: either end may be lmbench's. Plumbing: lmnet.c.
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

enum {
	BUFSIZE		= 1 << 20,	/* socket buffers asked for */
	SESSION_BUF	= 1 << 20,	/* the most a server's session allocates */
	MSG_MAX		= 1 << 26,
	LINE		= 24,
	WARMUP_US	= 7500000,
};

#define OPTIONS(O) \
	O(MSG, "msg", OPT_SIZE, "bytes per message (write and read)", .letter = 'm', \
	  .def = "64k", .min = 1, .max = MSG_MAX, .metavar = "BYTES", .key = OPTK_MSG) \
	O(TOTAL, "total", OPT_SIZE, "bytes read per iteration [MSGSIZE]", .letter = 'M', \
	  .min = 1, .max = 1e12, .metavar = "BYTES") \
	LMNET_PARALLEL_OPT(O) \
	O(WARMUP_US, "warmup-us", OPT_INT, "stream this many microseconds first", \
	  .letter = 'W', .def = "7500000", .max = 1e9, .metavar = "US", .key = OPTK_WARMUP_US) \
	LMBENCH_OPT_N(O) \
	LMNET_PORT_OPT(O, "TCP port [31236; local: a free one]") \
	LMNET_SERVER_OPTS(O) \
	LMNET_SESSIONS_OPT(O)
OPT_TABLE(bw_tcp, OPTIONS);

/* lmbench's bw_tcp line: "%.6f %.2f MB/sec" = message size in 10^6
 * bytes (the record's x), then the rate. */
static void bw_line(struct emit_out *o, const struct result *r)
{
	fprintf(o->f, "%.6f %.2f MB/sec\n", r->x / 1e6, r->value);
}

static const struct emitter emit_bw_tcp = { "lmbench", 1, NULL, bw_line, NULL };

/* The size: digits ended by a NUL (lmbench's client), a newline or the
 * end of the stream (lmbench's -S writes "0" and closes); the value, -1 if
 * it is not one, -2 for a connection that brought nothing. */
static int64_t read_size(int fd)
{
	char line[LINE];
	size_t i;
	int64_t v;

	for (i = 0; i < sizeof(line) - 1; i++) {
		int err = lmnet_readn(fd, &line[i], 1);

		if (err == ECONNRESET && i == 0)
			return -2;
		if (err == ECONNRESET)
			break;
		if (err)
			return -1;
		if (line[i] == '\0' || line[i] == '\n')
			break;
	}
	line[i] = '\0';
	if (i == 0 || i == sizeof(line) - 1 || line[0] < '0' || line[0] > '9' ||
	    parse_int(line, &v))
		return -1;
	return v;
}

static enum lmnet_end bw_greet(int fd, long *arg)
{
	int64_t size = read_size(fd);

	if (size == 0)
		return LMNET_EXIT;
	if (size < 0 || size > MSG_MAX)
		return LMNET_DONE;
	*arg = (long)size;
	return LMNET_SERVE;
}

/* Messages until the client goes away (or takes nothing for --timeout).
 * A message over SESSION_BUF is written in pieces of SESSION_BUF from one
 * buffer: the same bytes on the wire, a session holds SESSION_BUF at most. */
static void bw_session(int fd, long size)
{
	size_t piece = (size_t)size < SESSION_BUF ? (size_t)size : SESSION_BUF;
	char *buf = malloc(piece);

	if (buf) {
		memset(buf, 'b', piece);
		inet_bufsize(fd, SO_SNDBUF, BUFSIZE);
		inet_bufsize(fd, SO_RCVBUF, BUFSIZE);
		while (!lmnet_writen(fd, buf, piece))
			;
	}
	free(buf);
	close(fd);
}

static int bw_quit(const struct inet_addr *a, int timeout_ms)
{
	return lmnet_quit_stream(a, "0", 1, timeout_ms);
}

/* One client (-P: one per thread). */
struct bw_worker {
	int		fd;
	int		err;		/* errno of the first failure, 0 = none */
	const char	*what;		/* what failed */
	char		*buf;
};

struct bw {
	const struct lmnet	*n;
	size_t			msg;
	uint64_t		total;
	double			warm_s;	/* -W */
	struct bw_worker	*w;
};

/* Read `bytes` in reads of at most msg; sets w->err on a failure. */
static void bw_read(const struct bw *b, struct bw_worker *w, uint64_t bytes)
{
	while (bytes && !w->err) {
		ssize_t k = read(w->fd, w->buf, bytes < b->msg ? (size_t)bytes : b->msg);

		if (k > 0)
			bytes -= (uint64_t)k;
		else if (k == 0)
			w->err = ECONNRESET;
		else if (errno != EINTR)
			w->err = errno;
	}
}

/* Connect, send the size, stream untimed for b->warm_s (lmbench: 7.5 s);
 * the -P clients do this at once. */
static int bw_setup(void *arg, unsigned idx)
{
	struct bw *b = arg;
	struct bw_worker *w = &b->w[idx];
	char line[LINE];
	uint64_t end;

	w->what = "connect";
	w->buf = malloc(b->msg);
	w->fd = lmnet_dial(b->n, SOCK_STREAM, BUFSIZE);
	if (w->fd < 0 || !w->buf) {
		w->err = w->fd < 0 ? errno : ENOMEM;
		return EXIT_FAIL;
	}
	w->what = "read";
	snprintf(line, sizeof(line), "%zu", b->msg);
	w->err = lmnet_writen(w->fd, line, strlen(line) + 1);
	end = bench_clock_ns() + (uint64_t)(b->warm_s * 1e9);
	while (!w->err && bench_clock_ns() < end)
		bw_read(b, w, b->msg);
	return w->err ? EXIT_FAIL : EXIT_OK;
}

static void bw_work(void *arg, unsigned idx, uint64_t iters)
{
	struct bw *b = arg;
	struct bw_worker *w = &b->w[idx];

	while (iters-- && !w->err)
		bw_read(b, w, b->total);
}

static int bw_client(struct run_ctx *ctx, const struct lmnet *n)
{
	struct bw b = { n, (size_t)opt_size(ctx, MSG), opt_size(ctx, TOTAL), 0, NULL };
	struct result r = { .unit = UNIT_MB_S, .better = 1 };
	struct lmnet_text text;
	struct bench_stats st;
	struct bw_worker *bad = NULL;
	char own[64], m[24], tot[24];
	int rc;
	unsigned i;

	/* lmbench: either size alone sets both; the total is whole messages */
	if (!opt_given(ctx, MSG) && opt_given(ctx, TOTAL) && b.total <= MSG_MAX)
		b.msg = (size_t)b.total;
	if (!opt_given(ctx, TOTAL))
		b.total = b.msg;
	if (b.total % b.msg)
		b.total += b.msg - b.total % b.msg;
	b.warm_s = ctx->quick && !opt_given(ctx, WARMUP_US) ? 0.02
		   : (double)opt_int(ctx, WARMUP_US) / 1e6;
	b.w = xcalloc(n->parallel, sizeof(*b.w));
	for (i = 0; i < n->parallel; i++)
		b.w[i].fd = -1;
	rc = lmnet_measure(ctx, n, bw_setup, bw_work, &b, &st);
	for (i = 0; i < n->parallel; i++) {
		if (b.w[i].fd >= 0)
			close(b.w[i].fd);
		free(b.w[i].buf);
		if (b.w[i].err && !bad)
			bad = &b.w[i];
	}
	if (bad)
		lmnet_fail(n, bad->what, bad->err);
	free(b.w);
	if (bad || rc)
		return bad ? EXIT_FAIL : rc;
	format_size(b.msg, m, sizeof(m));
	format_size(b.total, tot, sizeof(tot));
	snprintf(own, sizeof(own), "msg=%s,total=%s", m, tot);
	lmnet_result(ctx, n, &r, "read", own, "TCP bandwidth using",
		     b.msg == 65536 && b.total == b.msg, &text);
	r.x = (double)b.msg;
	emit_rate(ctx, r, &st, (double)b.total * n->parallel / 1e6);
	return EXIT_OK;
}

static const struct lmnet_proto bw_proto = {
	.name     = "bw_tcp",
	.socktype = SOCK_STREAM,
	.port     = LMNET_PORT_TCP_DATA,
	.own_warmup = 1,
	.greet    = bw_greet,
	.session  = bw_session,
	.quit     = bw_quit,
};

static int bw_tcp_run(struct run_ctx *ctx)
{
	return lmnet_main(ctx, &bw_proto, bw_client);
}

TEXT(bw_tcp_summary, "TCP bandwidth (lmbench's bw_tcp)");
TEXT(bw_tcp_usage,
	"usage: bw_tcp [-m MSGSIZE] [-M TOTAL] [-P N] [-W US] [-N N] [-p PORT] [HOST]\n"
	"       bw_tcp -s [--foreground] [--bind ADDR] [-p PORT]\n"
	"       bw_tcp -S HOST [-p PORT]\n"
	"\n"
	"A server writes MSGSIZE-byte messages into a TCP connection and this\n"
	"process reads TOTAL bytes per iteration (k = 1024, m = 1048576),\n"
	"lmbench's way, after streaming for -W microseconds (lmbench's 7.5 s;\n"
	"--quick: 0.02 s); the bandwidths of -P clients add up. With HOST the\n"
	"server is one started there with -s (port 31236 unless -p); without, one\n"
	"forked on 127.0.0.1. Prints \"MSG_MB MB/sec\" on stderr (MB = 10^6 bytes);\n"
	"--format gives the common record.\n"
	LMNET_SERVER_HELP("bw_tcp"));

TEXT(bw_tcp_exits, LMNET_EXITS);

const struct applet applet_bw_tcp = {
	.name    = "bw_tcp",
	.summary = TEXT_PTR(bw_tcp_summary),
	.usage   = TEXT_PTR(bw_tcp_usage),
	.exits   = TEXT_PTR(bw_tcp_exits),
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.classic = &emit_bw_tcp,
	.reps    = 11,
	.run     = bw_tcp_run,
};
