/* bw_pipe.c - pipe bandwidth, lmbench's bw_pipe method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's bw_pipe from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). A forked child
 * writes -m byte messages (default 64 KiB) into a pipe for as long as the
 * parent reads; the parent reads -M bytes (default 10 MiB) per iteration
 * in -m byte reads into a buffer 128 bytes past a page boundary. MB/s =
 * bytes read / time / 10^6, the median sample; with -P N, N pairs at once
 * and the aggregate. The self-check is the byte count: every read must
 * deliver data until -M bytes have arrived. Also the engine for bw_unix.
 */
#include "applet.h"
#include "lat_pipe.h"
#include "lmbench.h"
#include "proc.h"
#include "team.h"
#include "util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OPTIONS(O) \
	O(MSG, "msg", OPT_SIZE, "bytes per write and per read", .letter = 'm', .def = "64k", \
	  .min = 1, .max = 1 << 26, .metavar = "BYTES", .key = OPTK_MSG) \
	O(TOTAL, "total", OPT_SIZE, "bytes read per iteration", .letter = 'M', .def = "10m", \
	  .min = 1, .max = 1e12, .metavar = "BYTES") \
	LMBENCH_OPT_P(O, 256, "reader/writer pairs run at once") \
	LMBENCH_OPTS_WN(O)
OPT_DECLARE(ipc_bw, OPTIONS);
const struct opt_spec ipc_bw_opts[] = OPT_ROWS(ipc_bw, OPTIONS);

enum { READ_OFFSET = 128, PAGE = 4096 };

struct bw_worker {
	struct proc_chan	c;
	pid_t		pid;
	size_t		msg;
	int		err;
	char		*wbuf, *rbase, *rbuf;
};

struct bw {
	enum proc_kind		kind;
	size_t			msg;
	uint64_t		total;
	struct bw_worker	*w;
};

/* The child: write messages until the parent goes away. */
static int bw_writer(void *arg)
{
	struct bw_worker *w = arg;

	proc_close_parent(&w->c);
	while (!proc_writen(w->c.cwr, w->wbuf, w->msg))
		;
	return 0;
}

static int bw_setup(void *arg, unsigned idx)
{
	struct bw *b = arg;
	struct bw_worker *w = &b->w[idx];

	w->msg = b->msg;
	w->wbuf = xcalloc(1, b->msg);
	memset(w->wbuf, 'b', b->msg);
	w->rbase = xmalloc(b->msg + PAGE + READ_OFFSET);
	w->rbuf = (char *)(((uintptr_t)w->rbase + PAGE - 1) & ~(uintptr_t)(PAGE - 1)) +
		  READ_OFFSET;
	if (proc_open(b->kind, &w->c)) {
		errorf("cannot create a %s: %s", b->kind == PROC_PIPE ? "pipe" : "socketpair",
		       strerror(errno));
		return EXIT_FAIL;
	}
	w->pid = proc_fork(bw_writer, w);
	if (w->pid < 0) {
		errorf("fork: %s", strerror(errno));
		return EXIT_FAIL;
	}
	proc_close_child(&w->c);		/* a dead child is then EOF, not a hang */
	return EXIT_OK;
}

static void bw_work(void *arg, unsigned idx, uint64_t iters)
{
	struct bw *b = arg;
	struct bw_worker *w = &b->w[idx];

	while (iters-- && !w->err) {
		uint64_t left = b->total;

		while (left) {
			size_t want = left < b->msg ? (size_t)left : b->msg;
			ssize_t k = read(w->c.prd, w->rbuf, want);

			if (k < 0 && errno == EINTR)
				continue;
			if (k <= 0) {
				w->err = 1;
				return;
			}
			left -= (uint64_t)k;
		}
	}
}

static const char *const bw_name[] = { "bw_pipe", "bw_unix" };
static const char *const bw_label[] = { "Pipe bandwidth", "AF_UNIX sock stream bandwidth" };

int ipc_bw_run(struct run_ctx *ctx, enum proc_kind kind)
{
	struct bw b = { 0 };
	struct result r = { 0 };
	struct bench_stats st;
	struct team *t;
	void (*oldpipe)(int);
	unsigned P = lmbench_opts(ctx), i;
	char params[96], m[32], tot[32];
	int rc, err = 0;

	if (ctx->argc) {
		errorf("unexpected argument '%s' (try '%s --help')", ctx->argv[0], bw_name[kind]);
		return EXIT_USAGE;
	}
	b.kind = kind;
	b.msg = (size_t)opt_size(ctx, MSG);
	b.total = opt_size(ctx, TOTAL);
	b.w = xcalloc(P, sizeof(*b.w));
	oldpipe = signal(SIGPIPE, SIG_IGN);
	/* not pinned (ncpus 0): the process mask (--cpu) is inherited by all */
	t = team_start(P, ctx->cpus, 0, bw_setup, bw_work, &b, &rc);
	if (t) {
		rc = bench_measure(&ctx->bench, team_body, t, &st) ? EXIT_FAIL : EXIT_OK;
		team_stop(t);
	}
	for (i = 0; i < P; i++) {
		proc_close(&b.w[i].c);
		proc_reap(b.w[i].pid);
		err |= b.w[i].err;
		free(b.w[i].wbuf);
		free(b.w[i].rbase);
	}
	free(b.w);
	signal(SIGPIPE, oldpipe);
	if (rc)
		return rc;
	if (err) {
		errorf("the writer child stopped before %llu bytes arrived",
		       (unsigned long long)b.total);
		return EXIT_FAIL;
	}
	format_size(b.msg, m, sizeof(m));
	format_size(b.total, tot, sizeof(tot));
	snprintf(params, sizeof(params), "msg=%s,total=%s", m, tot);
	if (P > 1)
		snprintf(params + strlen(params), sizeof(params) - strlen(params), ",P=%u", P);
	r.test = "read";
	r.params = params;
	r.unit = UNIT_MB_S;
	r.group = bw_label[kind];
	r.metric = P == 1 && b.msg == 65536 && b.total == 10u << 20 ? bw_name[kind] : NULL;
	if (ctx->quick)
		r.flags |= RESULT_SHORT;
	emit_rate(ctx, r, &st, (double)b.total * P / 1e6);
	return EXIT_OK;
}

static int bw_pipe_run(struct run_ctx *ctx)
{
	return ipc_bw_run(ctx, PROC_PIPE);
}

TEXT(bw_pipe_summary, "pipe bandwidth (lmbench's bw_pipe)");
TEXT(bw_pipe_usage,
	"usage: bw_pipe [-m MSGSIZE] [-M TOTAL] [-P N] [-W US] [-N N]\n"
	"\n"
	"A forked child writes MSGSIZE-byte messages into a pipe and this process\n"
	"reads TOTAL bytes per iteration (k = 1024, m = 1048576), lmbench's way;\n"
	"the bandwidths of -P pairs add up. Prints \"Pipe bandwidth: X MB/sec\" on\n"
	"stderr (MB = 10^6 bytes); --format gives the common record.\n");

const struct applet applet_bw_pipe = {
	.name    = "bw_pipe",
	.summary = TEXT_PTR(bw_pipe_summary),
	.usage   = TEXT_PTR(bw_pipe_usage),
	.opts    = ipc_bw_opts,
	.unit    = UNIT_MB_S,
	.classic = &emit_lmbench_mb,
	.reps    = 11,
	.run     = bw_pipe_run,
};
