/* lat_ctx.c - context-switch time, lmbench's lat_ctx method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_ctx from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). N processes (this
 * one and N-1 forked children) form a ring of N pipes; a 4-byte token goes
 * round it. On every hop the receiving process sums its own private,
 * zero-filled array of -s KB kilobytes (its cache footprint) and passes
 * the token on. One iteration is one lap (N hops). First, before any child
 * exists, the same pipes are timed in this process alone: write, read and
 * array sum per hop, cycling through the pipes, i.e. everything but the
 * switch. Result per N: lap time / N - that overhead, in microseconds
 * (medians). The token's value is checked after every lap (self-check).
 */
#define _GNU_SOURCE	/* pipe2() (glibc declares it only then; musl always) */
#include "applet.h"
#include "lmbench.h"
#include "lmfile.h"
#include "mem.h"
#include "proc.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OPTIONS(O) \
	LMBENCH_OPT_P(O, 1024, "rings run at once (each in its own process)") \
	LMBENCH_OPTS_WN(O) \
	O(SIZE, "size", OPT_INT, "array per process, in KB (1024 bytes)", .letter = 's', \
	  .def = "0", .max = 1 << 20, .metavar = "KB")
OPT_TABLE(lat_ctx, OPTIONS);

enum { MAX_PROCS = 1024 };

#define USAGE "lat_ctx [-P N] [-W US] [-N N] [-s KB] N..."

struct ring {
	int		n;
	int		(*p)[2];	/* pipe i: process i reads p[i][0] */
	size_t		words;		/* array size in longs */
	long		*arr;		/* this process's array (children: their own) */
	int		idx;		/* which process we are (children) */
	pid_t		*pids;		/* the children, [1..n) */
	int		err, wrong;
	int		next;		/* overhead: the pipe used next */
	uint32_t	token;
};

/* lmbench's bread over the array: blocks of 128 longs, each added up in a
 * chain of its own (see lm_bread). */
static long ring_sum(const long *a, size_t n)
{
	return a ? lm_bread(a, n * sizeof(long)) : 0;
}

/* The array, zero-filled and backed by pages of its own: calloc's fresh
 * mapping would read the kernel's one shared zero page everywhere (a cache
 * footprint of 4 KB, not -s KB), so every page is written first, as
 * lmbench's bzero of its malloc'd array does. */
static long *ring_array(size_t words)
{
	long *a = words ? calloc(words, sizeof(long)) : NULL;

	if (a)
		mem_prefault(a, words * sizeof(long));
	return a;
}

/* Child `idx`: receive from p[idx], sum, pass to p[idx + 1]. */
static int ring_child(void *arg)
{
	struct ring *r = arg;
	long *a = ring_array(r->words);
	uint32_t tok;

	if (r->words && !a)
		return 1;
	while (!proc_readn(r->p[r->idx][0], &tok, sizeof(tok))) {
		bench_keep_u64((uint64_t)ring_sum(a, r->words));
		tok++;
		if (proc_writen(r->p[(r->idx + 1) % r->n][1], &tok, sizeof(tok)))
			return 1;
	}
	return 0;
}

/* One lap: send, wait for the token to come back, then our own hop's sum.
 * Every child adds one, so it must return n - 1 higher. */
static void ring_body(void *arg, uint64_t iters)
{
	struct ring *r = arg;
	uint32_t tok;

	while (iters-- && !r->err) {
		tok = r->token;
		if (proc_writen(r->p[1][1], &tok, sizeof(tok)) ||
		    proc_readn(r->p[0][0], &tok, sizeof(tok))) {
			r->err = 1;
			return;
		}
		bench_keep_u64((uint64_t)ring_sum(r->arr, r->words));
		if (tok != r->token + (uint32_t)(r->n - 1))
			r->wrong = 1;
		r->token = tok + 1;
	}
}

/* The overhead: one hop without a switch, through our own pipes in turn. */
static void ovr_body(void *arg, uint64_t iters)
{
	struct ring *r = arg;
	uint32_t tok = 0;

	while (iters-- && !r->err) {
		int *p = r->p[r->next];

		if (proc_writen(p[1], &tok, sizeof(tok)) || proc_readn(p[0], &tok, sizeof(tok))) {
			r->err = 1;
			return;
		}
		bench_keep_u64((uint64_t)ring_sum(r->arr, r->words));
		if (++r->next == r->n)
			r->next = 0;
	}
}

/* lmbench's layout: a header with the overhead, then "N time" lines; as
 * lmbench, no line for a time at or below zero (the overhead subtracted
 * exceeded the measurement: noise, which a parser would take as a time).
 * The records keep the value, and run judges it INVALID. */
static void classic_record(struct emit_out *o, const struct result *r)
{
	if (!strcmp(r->test, "overhead"))
		fprintf(o->f, "\n\"size=%dk ovr=%.2f\n", (int)r->x, r->value);
	else if (r->value > 0)
		fprintf(o->f, "%d %.2f\n", (int)r->x, r->value);
}

static const struct emitter emit_lat_ctx = {
	"lmbench", 1, NULL, classic_record, NULL,
};

static void ring_close(struct ring *r)
{
	int i;

	for (i = 0; i < r->n; i++) {
		if (r->p[i][0] >= 0)
			close(r->p[i][0]);
		if (r->p[i][1] >= 0)
			close(r->p[i][1]);
		r->p[i][0] = r->p[i][1] = -1;
	}
}

/* The n pipes, fresh state. EXIT_OK or EXIT_FAIL, said. */
static int ring_open(struct ring *r)
{
	int i;

	r->err = r->wrong = 0;
	r->next = 0;
	r->token = 0;
	r->p = xmalloc((size_t)r->n * sizeof(*r->p));
	r->pids = xcalloc((size_t)r->n, sizeof(*r->pids));
	for (i = 0; i < r->n; i++)
		r->p[i][0] = r->p[i][1] = -1;
	for (i = 0; i < r->n; i++)
		if (pipe2(r->p[i], O_CLOEXEC)) {
			errorf("pipe: %s", strerror(errno));
			return EXIT_FAIL;
		}
	return EXIT_OK;
}

/* Close the pipes (children then see EOF or die of SIGPIPE), reap them. */
static void ring_free(struct ring *r)
{
	int i;

	if (!r->p)
		return;
	ring_close(r);
	for (i = 1; i < r->n; i++)
		proc_reap(r->pids[i]);
	free(r->pids);
	free(r->p);
	r->p = NULL;
	r->pids = NULL;
}

/* In each copy (lm_measure): its own pipes and n - 1 children. */
static int ring_setup(void *arg, unsigned idx)
{
	struct ring *r = arg;
	int i, rc = ring_open(r);

	(void)idx;
	for (i = 1; i < r->n && !rc; i++) {
		r->idx = i;
		r->pids[i] = proc_fork(ring_child, r);
		if (r->pids[i] < 0) {
			errorf("fork: %s", strerror(errno));
			rc = EXIT_FAIL;
		}
	}
	return rc;
}

static int ring_done(void *arg, unsigned idx)
{
	struct ring *r = arg;
	int rc = lm_copy_status(r->err ? -1 : 0, r->wrong, "the ring of %d processes broke", r->n);

	(void)idx;
	ring_free(r);
	return rc;
}

/* lmbench measures the overhead with one copy, whatever -P says. */
static int ovr_run(struct run_ctx *ctx, struct ring *r, int kb, double *ovr_us)
{
	struct result res = { 0 };
	struct bench_stats st;
	char params[48];
	int rc = ring_open(r);

	if (!rc && (bench_measure(&ctx->bench, ovr_body, r, &st) || r->err)) {
		errorf("timing the overhead failed");
		rc = EXIT_FAIL;
	}
	ring_free(r);
	if (rc)
		return rc;
	*ovr_us = st.median_ns / 1e3;
	snprintf(params, sizeof(params), "size=%dk", kb);
	res.test = "overhead";
	res.params = params;
	res.unit = UNIT_US;
	res.better = -1;
	res.x = kb;
	res.note = "one hop without a switch (subtracted below)";
	result_from_time(&res, &st, 1e-3);
	if (ctx->quick)
		res.flags |= RESULT_SHORT;
	emit_result(ctx, &res);
	return EXIT_OK;
}

/* Measure one ring of n in each of P copies; the first ring also measures
 * the overhead. */
static int ring_run(struct run_ctx *ctx, struct ring *r, unsigned P, int n, int kb, int first,
		    double *ovr_us)
{
	struct lm_copies c = { ring_setup, ring_body, ring_done, r };
	struct result res = { 0 };
	struct bench_stats st;
	char params[64], metric[48];
	size_t len;
	int rc;

	r->n = n;
	if (first && (rc = ovr_run(ctx, r, kb, ovr_us)) != 0)
		return rc;
	rc = lm_measure(ctx, P, &c, &st);
	if (rc && rc != EXIT_WRONG)
		return rc;
	len = (size_t)snprintf(params, sizeof(params), "procs=%d,size=%dk", n, kb);
	if (P > 1)
		snprintf(params + len, sizeof(params) - len, ",P=%u", P);
	snprintf(metric, sizeof(metric), "lat_ctx-%d-%dk", n, kb);
	res.test = "switch";
	res.params = params;
	res.unit = UNIT_US;
	res.better = -1;
	res.x = n;
	res.metric = P == 1 ? metric : NULL;
	res.note = "lap / N - overhead";
	result_from_time(&res, &st, 1e-3 / n);
	res.value -= *ovr_us;
	res.min -= *ovr_us;
	res.max -= *ovr_us;
	if (ctx->quick)
		res.flags |= RESULT_SHORT;
	if (rc == EXIT_WRONG) {
		res.flags |= RESULT_FAILED;
		res.note = "the token came back with a wrong value";
	}
	result_unresolved(&res);
	emit_result(ctx, &res);
	if (rc == EXIT_WRONG)
		errorf("self-check failed: the token came back with a wrong value");
	return rc;
}

static int lat_ctx_run(struct run_ctx *ctx)
{
	struct ring r = { 0 };
	int kb = (int)opt_int(ctx, SIZE), i, rc = EXIT_OK;
	unsigned P = lmbench_opts(ctx);
	void (*oldpipe)(int);
	double ovr = 0;
	int64_t n;

	if (!ctx->argc) {
		errorf("usage: " USAGE " (try 'lat_ctx --help')");
		return EXIT_USAGE;
	}
	for (i = 0; i < ctx->argc; i++)
		if (parse_int(ctx->argv[i], &n) || n < 2 || n > MAX_PROCS) {
			errorf("N: '%s' is not a process count from 2 to %d", ctx->argv[i],
			       MAX_PROCS);
			return EXIT_USAGE;
		}
	r.words = (size_t)kb * 1024 / sizeof(long);
	r.arr = ring_array(r.words);
	if (r.words && !r.arr) {
		errorf("cannot allocate %d KB: %s", kb, strerror(errno));
		return EXIT_FAIL;
	}
	oldpipe = signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < ctx->argc && rc != EXIT_FAIL; i++) {
		int one;

		parse_int(ctx->argv[i], &n);
		one = ring_run(ctx, &r, P, (int)n, kb, i == 0, &ovr);
		if (one)
			rc = one;
	}
	signal(SIGPIPE, oldpipe);
	free(r.arr);
	return rc;
}

TEXT(lat_ctx_summary, "context switch in a ring of processes (lmbench's lat_ctx)");
TEXT(lat_ctx_usage,
	"usage: " USAGE "\n"
	"\n"
	"N processes (2 to 1024) pass a token round a ring of pipes, and each\n"
	"sums its own KB-kilobyte array (its cache footprint) before passing it\n"
	"on, lmbench's way. The cost of a hop without a switch is measured first\n"
	"and SUBTRACTED: microseconds per switch, near zero or negative when\n"
	"switching is cheap. Prints \"size=KBk ovr=O\" and a line \"N T\" per N on\n"
	"stderr; --format gives the common records (lat_ctx-N-KBk).\n");

const struct applet applet_lat_ctx = {
	.name    = "lat_ctx",
	.summary = TEXT_PTR(lat_ctx_summary),
	.usage   = TEXT_PTR(lat_ctx_usage),
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lat_ctx,
	.reps    = 11,
	.run     = lat_ctx_run,
};
