/* lat_pipe.c - pipe round-trip latency, lmbench's lat_pipe method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_pipe from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). The parent and a
 * forked echo child are joined by two pipes; the parent writes one byte,
 * the child reads it and writes it back, the parent reads it. One exchange
 * is one round trip (two pipe transfers and two wake-ups, usually two
 * context switches when both share a CPU), reported in microseconds, the
 * median of the samples. Each echoed byte is compared with the one sent
 * (self-check). Nothing is pinned unless --cpu is given; lmbench floors
 * each interval at 1 s, we take --reps samples of --min-time instead.
 * Also the engine of lat_unix (see lat_pipe.h).
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
	LMBENCH_OPT_P(O, 256, "parent/child pairs run at once") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_pipe, OPTIONS);

int ipc_echo_child(void *arg)
{
	struct ipc_echo *e = arg;
	char buf[4096], *p = e->msg <= sizeof(buf) ? buf : malloc(e->msg);

	if (!p)
		return 1;
	proc_close_parent(&e->c);	/* so that the parent's close is our EOF */
	while (!proc_readn(e->c.crd, p, e->msg))
		if (proc_writen(e->c.cwr, p, e->msg))
			return 1;
	return 0;	/* EOF: the parent is done */
}

/* One worker (-P): its channel, its echo child, its message buffers. */
struct lat_worker {
	struct ipc_echo	echo;
	pid_t		pid;
	int		err;		/* I/O failed */
	int		wrong;		/* an echo differed from what was sent */
	unsigned char	seq;
	char		*out, *in;
};

struct lat {
	enum proc_kind		kind;
	size_t			msg;
	struct lat_worker	*w;
};

static int lat_setup(void *arg, unsigned idx)
{
	struct lat *l = arg;
	struct lat_worker *w = &l->w[idx];

	w->out = xcalloc(1, l->msg);
	w->in = xcalloc(1, l->msg);
	w->echo.msg = l->msg;
	if (proc_open(l->kind, &w->echo.c)) {
		errorf("cannot create a %s: %s", l->kind == PROC_PIPE ? "pipe" : "socketpair",
		       strerror(errno));
		return EXIT_FAIL;
	}
	w->pid = proc_fork(ipc_echo_child, &w->echo);
	if (w->pid < 0) {
		errorf("fork: %s", strerror(errno));
		return EXIT_FAIL;
	}
	proc_close_child(&w->echo.c);	/* a dead child is then EOF, not a hang */
	return EXIT_OK;
}

static void lat_work(void *arg, unsigned idx, uint64_t iters)
{
	struct lat *l = arg;
	struct lat_worker *w = &l->w[idx];

	while (iters-- && !w->err) {
		w->out[0] = (char)++w->seq;
		if (proc_writen(w->echo.c.pwr, w->out, l->msg) ||
		    proc_readn(w->echo.c.prd, w->in, l->msg)) {
			w->err = 1;
			break;
		}
		if (w->in[0] != w->out[0])
			w->wrong = 1;
	}
}

static const char *const lat_label[] = { "Pipe latency", "AF_UNIX sock stream latency" };
static const char *const lat_name[] = { "lat_pipe", "lat_unix" };

int ipc_lat_run(struct run_ctx *ctx, enum proc_kind kind)
{
	struct lat l = { 0 };
	struct result r = { 0 };
	struct bench_stats st;
	struct team *t;
	void (*oldpipe)(int);
	unsigned P = lmbench_opts(ctx), i;
	char params[64];
	int rc, err = 0, wrong = 0;

	if (ctx->argc) {
		errorf("unexpected argument '%s' (try '%s --help')", ctx->argv[0], lat_name[kind]);
		return EXIT_USAGE;
	}
	l.kind = kind;
	l.msg = kind == PROC_UNIX ? (size_t)optk_size(ctx, MSG) : 1;
	l.w = xcalloc(P, sizeof(*l.w));
	oldpipe = signal(SIGPIPE, SIG_IGN);	/* a dead child is an error, not our death */
	/* not pinned (ncpus 0): the process mask (--cpu) is inherited by all */
	t = team_start(P, ctx->cpus, 0, lat_setup, lat_work, &l, &rc);
	if (t) {
		rc = bench_measure(&ctx->bench, team_body, t, &st) ? EXIT_FAIL : EXIT_OK;
		team_stop(t);
	}
	for (i = 0; i < P; i++) {
		proc_close(&l.w[i].echo.c);
		proc_reap(l.w[i].pid);
		err |= l.w[i].err;
		wrong |= l.w[i].wrong;
		free(l.w[i].out);
		free(l.w[i].in);
	}
	free(l.w);
	signal(SIGPIPE, oldpipe);
	if (rc)
		return rc;
	if (err) {
		errorf("the echo child stopped answering");
		return EXIT_FAIL;
	}
	snprintf(params, sizeof(params), "msg=%zu", l.msg);
	if (P > 1)
		snprintf(params + strlen(params), sizeof(params) - strlen(params), ",P=%u", P);
	r.test = "roundtrip";
	r.params = params;
	r.unit = UNIT_US;
	r.better = -1;
	r.group = lat_label[kind];
	r.metric = P == 1 && l.msg == 1 ? lat_name[kind] : NULL;
	result_from_time(&r, &st, 1e-3);
	if (ctx->quick)
		r.flags |= RESULT_SHORT;
	if (wrong) {
		r.flags |= RESULT_FAILED;
		r.note = "an echoed message differed from the one sent";
	}
	emit_result(ctx, &r);
	if (wrong) {
		errorf("self-check failed: an echoed message differed from the one sent");
		return EXIT_WRONG;
	}
	return EXIT_OK;
}

static int lat_pipe_run(struct run_ctx *ctx)
{
	return ipc_lat_run(ctx, PROC_PIPE);
}

TEXT(lat_pipe_summary, "pipe round-trip latency (lmbench's lat_pipe)");
TEXT(lat_pipe_usage,
	"usage: lat_pipe [-P N] [-W US] [-N N]\n"
	"\n"
	"Round-trip time of one byte between this process and a forked echo child\n"
	"over two pipes, in microseconds, lmbench's way; -P runs that many pairs\n"
	"at once. Prints \"Pipe latency: T microseconds\" on stderr; --format gives\n"
	"the common record.\n");

const struct applet applet_lat_pipe = {
	.name    = "lat_pipe",
	.summary = TEXT_PTR(lat_pipe_summary),
	.usage   = TEXT_PTR(lat_pipe_usage),
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_pipe_run,
};
