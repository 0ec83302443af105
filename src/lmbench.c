/* lmbench.c - lmbench's result lines (see lmbench.h)
 *
 * SPDX-License-Identifier: MIT
 */
#include "lmbench.h"
#include "util.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void micro(struct emit_out *o, const struct result *r)
{
	fprintf(o->f, "%s: %.4f microseconds\n", r->group ? r->group : r->test, r->value);
}

static void nano(struct emit_out *o, const struct result *r)
{
	fprintf(o->f, "%s: %.2f nanoseconds\n", r->group ? r->group : r->test, r->value);
}

static void mb(struct emit_out *o, const struct result *r)
{
	if (r->group)
		fprintf(o->f, "%s: %.2f MB/sec\n", r->group, r->value);
	else
		fprintf(o->f, "%.2f MB/sec\n", r->value);
}

/* lmbench's numbers here: %.2f, or %.6f below 1 */
static void bw(struct emit_out *o, const struct result *r)
{
	double size = r->x / 1e6;

	fprintf(o->f, size < 1 ? "%.6f " : "%.2f ", size);
	fprintf(o->f, r->value < 1 ? "%.6f\n" : "%.2f\n", r->value);
}

const struct emitter emit_lmbench_micro = { "lmbench", 1, NULL, micro, NULL };
const struct emitter emit_lmbench_nano = { "lmbench", 1, NULL, nano, NULL };
const struct emitter emit_lmbench_mb = { "lmbench", 1, NULL, mb, NULL };
const struct emitter emit_lmbench_bw = { "lmbench", 1, NULL, bw, NULL };

void lmbench_enough(struct run_ctx *ctx)
{
	const char *e = getenv("ENOUGH");
	int64_t us;

	if (!e || ctx->min_time_given)
		return;
	if (parse_int(e, &us) || us < 1 || us > 1000000000) {
		warnf("ENOUGH='%.40s' is not microseconds from 1 to 1000000000: ignored", e);
		return;
	}
	ctx->bench.min_sample_s = (double)us / 1e6;
}

void lmbench_wn(struct run_ctx *ctx)
{
	lmbench_enough(ctx);
	if (optk_given(ctx, TRIES))
		ctx->bench.samples = (unsigned)optk_int(ctx, TRIES);
	if (optk_given(ctx, WARMUP_US))
		ctx->bench.warmup = 1 + (unsigned)ceil((double)optk_int(ctx, WARMUP_US) / 1e6 /
						       ctx->bench.min_sample_s);
}

unsigned lmbench_opts(struct run_ctx *ctx)
{
	lmbench_wn(ctx);
	return (unsigned)optk_int(ctx, PARALLEL);
}

int lm_copy_status(int err, int wrong, const char *fmt, ...)
{
	char what[4200];
	va_list ap;

	if (!err)
		return wrong ? EXIT_WRONG : EXIT_OK;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	errorf("%s%s%s", what, err > 0 ? ": " : "", err > 0 ? strerror(err) : "");
	return EXIT_FAIL;
}

static int copy_setup(void *arg, unsigned idx)
{
	const struct lm_copies *c = arg;

	return c->setup ? c->setup(c->arg, idx) : 0;
}

static void copy_work(void *arg, unsigned idx, uint64_t iters)
{
	const struct lm_copies *c = arg;

	(void)idx;
	c->body(c->arg, iters);
}

static int copy_done(void *arg, unsigned idx)
{
	const struct lm_copies *c = arg;

	return c->done ? c->done(c->arg, idx) : 0;
}

int lm_measure(struct run_ctx *ctx, unsigned P, const struct lm_copies *c,
	       struct bench_stats *st)
{
	struct team *t;
	int rc, rc2;

	if (P > 1) {
		t = team_start_procs(P, ctx->cpus, ctx->cpus_given ? ctx->ncpus : 0, copy_setup,
				     copy_work, copy_done, (void *)c, &rc);
		if (!t)
			return rc;
		rc = bench_measure(&ctx->bench, team_body, t, st) ? EXIT_FAIL : EXIT_OK;
		rc2 = team_stop(t);
		return rc ? rc : rc2;
	}
	rc = copy_setup((void *)c, 0);
	if (!rc && bench_measure(&ctx->bench, c->body, c->arg, st))
		rc = EXIT_FAIL;
	rc2 = copy_done((void *)c, 0);
	return rc ? rc : rc2;
}
