/* coremark.c - a coremark-like CPU benchmark: list, matrix and state
 * machine on a 2000-byte block, in iterations per second
 *
 * SPDX-License-Identifier: MIT
 *
 * Written from the published description of CoreMark 1.0 (EEMBC), not
 * from its code, and NOT EEMBC CoreMark: its seed CRC reproduces EEMBC's
 * published values, but the data layout and the workloads' details are
 * this implementation's own, so its list, matrix and state CRCs (pinned
 * below, the same on every target) differ from EEMBC's and its scores are
 * not CoreMark scores. What it keeps: a 2000-byte block split in three
 * (666 bytes each), a linked list with find, reverse, remove/undo and two
 * merge sorts whose comparator lazily runs the other two workloads
 * (a 9x9 int16 matrix times a constant, a vector and a matrix with bit
 * fields folded into a CRC-16; a Moore machine over number-like tokens
 * with corruption and restore), CRC-16/ARC, the seeds as run-time values
 * (0,0,0x66 performance; 0x3415,0x3415,0x66 validation), the classic's
 * iteration calibration (x10 from 1 until a run lasts 1 s, then
 * x(1 + 10/secs): a timed run of 11-20 s after 1-11 s of calibration)
 * and its score: iterations x copies / seconds. --quick calibrates to about
 * 1 s and marks the result short. -P N runs N copies pinned round robin,
 * each with its own block, and reports the aggregate.
 */
#include "applet.h"
#include "coremark.h"
#include "mhz.h"
#include "team.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	O(PARALLEL, "parallel", OPT_INT, "copies run in parallel (threads)", .letter = 'P', \
	  .def = "1", .min = 1, .max = 1024, .key = OPTK_PARALLEL)
OPT_TABLE(coremark, OPTIONS);

static const char banner[] = "benchbox coremark-like (not EEMBC CoreMark: CRCs differ)";

/* The seed CRCs are EEMBC's published values; the others are this
 * implementation's first-iteration CRCs (tests/unit/test_coremark.c
 * recomputes them and checks the workloads against naive versions). */
static const struct {
	struct cm_seeds	seeds;
	struct cm_crcs	crcs;
	const char	*name;
} known[] = {
	{ { 0, 0, 0x66 },	    { 0xe9f5, 0x28a6, 0x1924, 0x1572 }, "performance" },
	{ { 0x3415, 0x3415, 0x66 }, { 0x18f2, 0x08d7, 0x315c, 0x4832 }, "validation" },
};

uint16_t cm_seedcrc(const struct cm_seeds *s, uint16_t size)
{
	uint16_t crc = cm_crc16(s->s1, 0);

	crc = cm_crc16(s->s2, crc);
	crc = cm_crc16(s->s3, crc);
	return cm_crc16(size, crc);
}

static int known_index(const struct cm_seeds *s)
{
	size_t i;

	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (known[i].seeds.s1 == s->s1 && known[i].seeds.s2 == s->s2 &&
		    known[i].seeds.s3 == s->s3)
			return (int)i;
	return -1;
}

int cm_expected(const struct cm_seeds *s, struct cm_crcs *e)
{
	int i = known_index(s);

	if (i < 0)
		return -1;
	*e = known[i].crcs;
	return 0;
}

unsigned cm_check(const struct cm_crcs *want, const struct cm_crcs *got)
{
	return (want->seed != got->seed) | (want->list != got->list) << 1 |
	       (want->matrix != got->matrix) << 2 | (want->state != got->state) << 3;
}

/* copies ----------------------------------------------------------------- */

/* One copy: its block and its state in one allocation of its own, so
 * copies share no cache line. */
struct cm_copy {
	struct cm_core	core;
	_Alignas(64) uint8_t block[CM_TOTAL_SIZE];
};

struct cm_team {
	struct cm_seeds	seeds;
	struct cm_copy	**copies;
	int		init;		/* 1: rebuild the blocks; 0: iterate */
};

static int cm_setup(void *arg, unsigned idx)
{
	struct cm_team *tm = arg;
	struct cm_copy *cp = aligned_alloc(128, (sizeof(*cp) + 127) / 128 * 128);

	if (!cp) {
		errorf("cannot allocate a block: %s", strerror(errno));
		return EXIT_FAIL;
	}
	cm_core_init(&cp->core, cp->block, &tm->seeds);
	tm->copies[idx] = cp;
	return EXIT_OK;
}

static void cm_work(void *arg, unsigned idx, uint64_t iters)
{
	struct cm_team *tm = arg;
	struct cm_core *c = &tm->copies[idx]->core;

	if (tm->init)
		cm_core_init(c, tm->copies[idx]->block, &tm->seeds);
	else
		cm_iterate(c, iters);
	bench_keep_u64(c->crcfinal);
}

/* Fresh blocks, then `iters` iterations on every copy; seconds taken. */
static double cm_timed(struct team *t, struct cm_team *tm, uint64_t iters)
{
	uint64_t t0;

	tm->init = 1;
	team_body(t, 1);
	tm->init = 0;
	t0 = bench_clock_ns();
	team_body(t, iters);
	return (double)(bench_clock_ns() - t0) / 1e9;
}

/* classic output ------------------------------------------------------------ */

struct cm_run {
	struct cm_seeds	seeds;
	int		kind;		/* index into known[], -1 for other seeds */
	unsigned	copies;
	uint64_t	iterations;
	double		secs;
	int		is_short;	/* under the classic's 10 s */
	struct cm_crcs	want;
	struct cm_crcs	*got;		/* per copy */
	uint16_t	*final;		/* per copy */
	unsigned	*bad;		/* per copy: cm_check() mask */
	int		ok;		/* every check passed */
	double		mhz;		/* sum over the copies' CPUs, NAN if unknown */
	unsigned	mhz_given;	/* copies whose clock came from BENCHBOX_MHZ */
};

static void classic_body(FILE *f, const struct cm_run *s, const struct result *r)
{
	static const char *const what[4] = { "seed", "list", "matrix", "state" };
	unsigned i, k;

	fprintf(f, "%s\n", banner);
	if (s->kind >= 0)
		fprintf(f, "2K %s run parameters for coremark.\n", known[s->kind].name);
	else
		fprintf(f, "2K run parameters for coremark (seeds 0x%x 0x%x 0x%x).\n",
			s->seeds.s1, s->seeds.s2, s->seeds.s3);
	fprintf(f, "CoreMark Size    : %d\n", CM_BLOCK);
	fprintf(f, "Total ticks      : %llu\n", (unsigned long long)llround(s->secs * 1e3));
	fprintf(f, "Total time (secs): %f\n", s->secs);
	fprintf(f, "Iterations/Sec   : %f\n", r->value);
	if (s->is_short)
		fputs("ERROR! Must execute for at least 10 secs for a valid result!\n", f);
	fprintf(f, "Iterations       : %llu\n", (unsigned long long)s->iterations * s->copies);
	fprintf(f, "Compiler version : %s\n", bb_cc);
	fprintf(f, "Compiler flags   : %s\n", bb_cflags);
	fputs("Memory location  : Heap\n", f);
	fprintf(f, "seedcrc          : 0x%04x\n", s->got[0].seed);
	for (i = 0; i < s->copies; i++) {
		fprintf(f, "[%u]crclist       : 0x%04x\n", i, s->got[i].list);
		fprintf(f, "[%u]crcmatrix     : 0x%04x\n", i, s->got[i].matrix);
		fprintf(f, "[%u]crcstate      : 0x%04x\n", i, s->got[i].state);
		fprintf(f, "[%u]crcfinal      : 0x%04x\n", i, s->final[i]);
	}
	for (i = 0; i < s->copies; i++) {
		const uint16_t got[4] = { s->got[i].seed, s->got[i].list, s->got[i].matrix,
					  s->got[i].state };
		const uint16_t want[4] = { s->want.seed, s->want.list, s->want.matrix,
					   s->want.state };

		for (k = 0; k < 4; k++)
			if (s->bad[i] & 1u << k)
				fprintf(f, "[%u]ERROR! %s crc 0x%04x - should be 0x%04x\n", i,
					what[k], got[k], want[k]);
	}
	if (!s->ok)
		fputs("Errors detected\n", f);
	else if (s->kind < 0)
		fputs("No pinned CRCs for these seeds: the copies agree, not validated.\n", f);
	else
		fputs("Correct operation validated against benchbox's own CRCs "
		      "(seedcrc is EEMBC's; list, matrix and state are not).\n", f);
	if (s->ok && s->kind == 0 && !s->is_short) {
		fprintf(f, "benchbox coremark-like : %f / %s %s / Heap", r->value, bb_cc, bb_cflags);
		if (s->copies > 1)
			fprintf(f, " / %u:pthreads", s->copies);
		fputc('\n', f);
	}
}

static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct cm_run *s = o->arg;

	if (!strcmp(r->test, "coremark"))
		classic_body(o->f, s, r);
	else
		fprintf(o->f, "Iterations/Sec/MHz: %f (at %.0f MHz summed over %u cop%s; "
			"meaningless under emulation)\n", r->value, s->mhz, s->copies,
			s->copies == 1 ? "y" : "ies");
}

static const struct emitter emit_coremark = {
	"coremark", 0, NULL, classic_record, NULL,
};

/* run ------------------------------------------------------------------------- */

static int parse_u(const char *what, const char *s, uint64_t max, uint64_t *out)
{
	uint64_t v;

	if (parse_uint_hex(s, &v) || v > max) {
		errorf("%s: '%s' is not a number from 0 to %llu", what, s,
		       (unsigned long long)max);
		return -1;
	}
	*out = v;
	return 0;
}

enum { MAX_ITERS = 1000000000 };

static int cm_args(const struct run_ctx *ctx, struct cm_seeds *s, uint64_t *iters)
{
	static const char *const names[3] = { "SEED1", "SEED2", "SEED3" };
	uint64_t v[3] = { 0, 0, 0 };
	int i;

	*iters = 0;
	if (ctx->argc != 0 && ctx->argc != 3 && ctx->argc != 4) {
		errorf("usage: coremark [-P N] [SEED1 SEED2 SEED3 [ITERATIONS]] "
		       "(try 'coremark --help')");
		return -1;
	}
	for (i = 0; i < ctx->argc && i < 3; i++)
		if (parse_u(names[i], ctx->argv[i], 0xffff, &v[i]))
			return -1;
	if (ctx->argc == 4 && parse_u("ITERATIONS", ctx->argv[3], MAX_ITERS, iters))
		return -1;
	if (v[0] == 0 && v[1] == 0 && v[2] == 0) {		/* performance */
		s->s1 = 0;
		s->s2 = 0;
		s->s3 = 0x66;
	} else if (v[0] == 1 && v[1] == 0 && v[2] == 0) {	/* validation */
		s->s1 = 0x3415;
		s->s2 = 0x3415;
		s->s3 = 0x66;
	} else {
		s->s1 = (uint16_t)v[0];
		s->s2 = (uint16_t)v[1];
		s->s3 = (uint16_t)v[2];
	}
	return 0;
}

static void cm_report(struct run_ctx *ctx, struct cm_run *run, double score)
{
	struct result r = { 0 };
	char params[96], note[128], metric[40];
	int n;

	n = snprintf(params, sizeof(params), "seeds=");
	if (run->kind >= 0)
		n += snprintf(params + n, sizeof(params) - (size_t)n, "%s", known[run->kind].name);
	else
		n += snprintf(params + n, sizeof(params) - (size_t)n, "0x%x/0x%x/0x%x",
			      run->seeds.s1, run->seeds.s2, run->seeds.s3);
	n += snprintf(params + n, sizeof(params) - (size_t)n, ",size=%d", CM_TOTAL_SIZE);
	if (run->copies > 1)
		snprintf(params + n, sizeof(params) - (size_t)n, ",P=%u", run->copies);

	r.test = "coremark";
	r.params = params;
	r.unit = UNIT_ITER_S;
	r.better = 1;
	r.value = r.min = r.max = score;
	r.iters = run->iterations;
	r.samples = 1;
	r.flags = (run->is_short ? RESULT_SHORT : 0) | (run->ok ? 0 : RESULT_FAILED);
	r.note = "coremark-like: not EEMBC CoreMark";
	/* not "coremark": the CRCs are not EEMBC's; P copies: a row of their own */
	snprintf(metric, sizeof(metric), run->copies > 1 ? "coremark_like-P%u" : "coremark_like",
		 run->copies);
	r.metric = metric;
	emit_result(ctx, &r);
	if (isfinite(run->mhz) && run->mhz > 0) {
		char clock[64];

		snprintf(note, sizeof(note), "%s; %s", r.note,
			 mhz_note(run->mhz / run->copies, run->mhz_given, run->copies, clock,
				  sizeof(clock)));
		r.note = note;
		r.test = "coremark_per_mhz";
		r.unit = "iter/s/MHz";
		r.value = r.min = r.max = score / run->mhz;
		snprintf(metric, sizeof(metric), run->copies > 1 ? "coremark_like_per_mhz-P%u" :
			 "coremark_like_per_mhz", run->copies);
		r.metric = metric;
		emit_result(ctx, &r);
	}
}

static int cm_main(struct run_ctx *ctx)
{
	struct cm_team tm = { 0 };
	struct cm_run run = { 0 };
	struct team *t;
	unsigned P = (unsigned)opt_int(ctx, PARALLEL), i;
	double threshold = ctx->quick ? 0.05 : 1.0, target = ctx->quick ? 1.0 : 10.0;

	if (ctx->quick && ctx->min_time_given)	/* --quick --min-time=S: a run of about S */
		target = ctx->bench.min_sample_s;
	uint64_t iters;
	int rc = EXIT_OK;

	if (cm_args(ctx, &tm.seeds, &iters))
		return EXIT_USAGE;
	run.seeds = tm.seeds;
	run.kind = known_index(&tm.seeds);
	run.copies = P;
	tm.copies = xcalloc(P, sizeof(*tm.copies));
	t = team_start(P, ctx->cpus, ctx->ncpus, cm_setup, cm_work, &tm, &rc);
	if (!t)
		goto out;
	if (!iters) {			/* the classic's calibration */
		double secs;

		for (iters = 1;; iters *= 10) {
			secs = cm_timed(t, &tm, iters);
			if (secs >= threshold || iters >= MAX_ITERS / 10)
				break;
		}
		iters = (uint64_t)((double)iters * (1 + target / secs));
		if (iters > MAX_ITERS)
			iters = MAX_ITERS;
	}
	run.iterations = iters;
	run.secs = cm_timed(t, &tm, iters);
	team_stop(t);
	if (run.secs <= 0)
		run.secs = 1e-9;
	run.is_short = run.secs < 10;

	run.got = xcalloc(P, sizeof(*run.got));
	run.final = xcalloc(P, sizeof(*run.final));
	run.bad = xcalloc(P, sizeof(*run.bad));
	run.ok = 1;
	if (cm_expected(&tm.seeds, &run.want))
		run.want.seed = cm_seedcrc(&tm.seeds, CM_BLOCK);
	for (i = 0; i < P; i++) {
		const struct cm_core *c = &tm.copies[i]->core;

		run.got[i].seed = cm_seedcrc(&c->seeds, CM_BLOCK);
		run.got[i].list = c->crclist;
		run.got[i].matrix = c->crcmatrix;
		run.got[i].state = c->crcstate;
		run.final[i] = c->crcfinal;
		if (run.kind < 0 && i == 0) {	/* no pinned values: copy 0 is the reference */
			run.want.list = c->crclist;
			run.want.matrix = c->crcmatrix;
			run.want.state = c->crcstate;
		}
		run.bad[i] = cm_check(&run.want, &run.got[i]);
		if (run.bad[i] || run.final[i] != run.final[0])
			run.ok = 0;
	}
	run.mhz = 0;
	for (i = 0; i < P && ctx->ncpus > 0; i++) {
		int cpu = ctx->cpus[i % (unsigned)ctx->ncpus];

		run.mhz += mhz_measure_cpu(cpu);
		run.mhz_given += !isnan(mhz_given(cpu));
	}
	if (!ctx->ncpus)
		run.mhz = NAN;
	emit_set_arg(ctx->rep, &run);
	cm_report(ctx, &run, (double)iters * P / run.secs);
	if (!run.ok) {
		errorf("self-check failed: a CRC differs from its expected value");
		rc = EXIT_WRONG;
	}
	if (run.is_short && !ctx->quick)
		warnf("ran %.2f s: under CoreMark's 10 s minimum for a valid result", run.secs);
	free(run.got);
	free(run.final);
	free(run.bad);
out:
	for (i = 0; i < P; i++)
		free(tm.copies[i]);
	free(tm.copies);
	return rc;
}

TEXT(coremark_summary, "coremark-like list/matrix/state CPU score (not EEMBC's)");
TEXT(coremark_usage,
	"usage: coremark [-P N] [SEED1 SEED2 SEED3 [ITERATIONS]]\n"
	"\n"
	"A coremark-like integer score, written from CoreMark 1.0's published\n"
	"description: NOT EEMBC CoreMark (its CRCs differ, so scores do not\n"
	"compare). Each iteration sorts, searches and reverses a linked list\n"
	"whose comparator runs a 9x9 matrix and a state machine over a\n"
	"2000-byte block; the score is iterations x copies / seconds. No seeds\n"
	"(or 0 0 0) is the performance run, 1 0 0 the validation run. Without\n"
	"ITERATIONS (or 0) the count grows until a run lasts 11-20 s (--quick:\n"
	"about 1 s, or --min-time's seconds); a run under 10 s is flagged short.\n"
	"The first iteration's CRCs are checked every run. -P N runs N copies\n"
	"on their own blocks, pinned round robin, and reports the sum. Output:\n"
	"CoreMark's report; --format gives the records coremark and\n"
	"coremark-per-mhz.\n");

const struct applet applet_coremark = {
	.name    = "coremark",
	.summary = TEXT_PTR(coremark_summary),
	.usage   = TEXT_PTR(coremark_usage),
	.opts    = opts,
	.unit    = UNIT_ITER_S,
	.classic = &emit_coremark,
	.run     = cm_main,
};
