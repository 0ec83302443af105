/* nbench.c - BYTEmark's ten tests by its method, with its indexes and layout
 * ("benchbox nbench (BYTEmark method)": a reimplementation, not NBench results)
 *
 * SPDX-License-Identifier: MIT
 *
 * The ten tests (nbench_int.c, nbench_fp.c) are written from the published
 * descriptions of BYTEmark 2 / nbench; the data come from our own seeded
 * generator, so the work per iteration is of the same kind as BYTEmark's
 * but not the same bytes, and the scores compare in kind, not exactly.
 *
 * Method, as BYTEmark's: each test first grows its work per pass (arrays or
 * loops) until one timed pass lasts a minimum (BYTEmark: 60 ticks; here
 * min(20 ms, score time / 10)), and keeps that size. A score is the work
 * credited over passes accumulated until they last the score time (BYTEmark:
 * 5 s; here --min-time, 0.25 s by default, 0.04 s with --quick), in
 * iterations per second; setting up a pass's data is not timed. Scores are
 * taken (at least --reps, BYTEmark 5) until the 95 % Student-t confidence
 * half-width is within 5 % of their mean, or up to min(2 x reps, reps + 3)
 * of them (BYTEmark: 30). The record is the MEAN score (min and max over the
 * scores); "noisy" marks a test that never reached the 5 % target, "short"
 * a run below BYTEmark's 5 s x 5 scores. Indexes are ratios to BYTEmark's
 * Pentium 90 (original indexes) and AMD K6/233 (Linux indexes) baselines,
 * combined by geometric mean. -P N runs N copies at once (threads, pinned)
 * and scores the aggregate. The last pass of every score is verified (exit
 * 3 on a wrong answer).
 */
#include "applet.h"
#include "cpu.h"
#include "nbench.h"
#include "team.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	O(TESTS, "tests", OPT_STR, "tests to run, comma-separated, or all", .def = "all", \
	  .metavar = "TEST[,TEST...]") \
	O(PARALLEL, "parallel", OPT_INT, "copies run in parallel (threads)", .letter = 'P', \
	  .def = "1", .min = 1, .max = 1024, .key = OPTK_PARALLEL)
OPT_TABLE(nbench, OPTIONS);

#define UNIT_INDEX	"index"

static const struct nb_test *const nb_tests[] = {	/* BYTEmark's order, 1..10 */
	&nb_numeric_sort, &nb_string_sort, &nb_bitfield, &nb_fp_emulation, &nb_fourier,
	&nb_assignment, &nb_idea, &nb_huffman, &nb_neural_net, &nb_lu,
};
enum { NB_NTESTS = ARRAY_LEN(nb_tests), NB_MAX_SCORES = 30 };

static const double classic_min_s = 5.0;	/* BYTEmark's MINIMUM_SECONDS */
static const unsigned classic_min_scores = 5;
static const double confidence_frac = 0.05;

struct nb_index {
	const char	*test, *metric, *label;
	unsigned	group;			/* enum nb_group */
	int		is_linux;		/* K6/233 baseline; else Pentium 90 */
};

static const struct nb_index nb_indexes[] = {
	{ "orig_int_index", "nbench_orig_int_index", "INTEGER INDEX       ", NB_ORIG_INT, 0 },
	{ "orig_fp_index",  "nbench_orig_fp_index",  "FLOATING-POINT INDEX", NB_ORIG_FP, 0 },
	{ "mem_index",      "nbench_mem_index",      "MEMORY INDEX        ", NB_LINUX_MEM, 1 },
	{ "int_index",      "nbench_int_index",      "INTEGER INDEX       ", NB_LINUX_INT, 1 },
	{ "fp_index",       "nbench_fp_index",       "FLOATING-POINT INDEX", NB_LINUX_FP, 1 },
};

/* statistics -------------------------------------------------------------------- */

double nb_student_t95(unsigned df)
{
	static const double t[] = {
		12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
	};

	if (!df)
		return INFINITY;
	return df <= ARRAY_LEN(t) ? t[df - 1] : 1.960;
}

int nb_confident(const double *s, unsigned k, double frac, double *half)
{
	double mean = 0, var = 0;
	unsigned i;

	*half = INFINITY;
	if (k < 2)
		return 0;
	for (i = 0; i < k; i++)
		mean += s[i];
	mean /= k;
	for (i = 0; i < k; i++)
		var += (s[i] - mean) * (s[i] - mean);
	var /= k - 1;
	*half = nb_student_t95(k - 1) * sqrt(var / k);
	return *half <= frac * mean;
}

double nb_geomean(const double *v, unsigned n)
{
	double s = 0;
	unsigned i;

	if (!n)
		return NAN;
	for (i = 0; i < n; i++)
		s += log(v[i]);
	return exp(s / n);
}

/* classic output -------------------------------------------------------------- */

struct nb_classic {
	const struct run_info	*info;
	double			score_s;
	unsigned		min_scores, max_scores, P;
	int			is_short;
	char			cpu[128];
};

static const char line_orig[] =
	"==========================ORIGINAL BYTEMARK RESULTS==========================\n";
static const char line_linux[] =
	"==============================LINUX DATA BELOW===============================\n";
static const char base_msdos[] =
	"Baseline (MSDOS*)   : Pentium* 90, 256 KB L2-cache, Watcom* compiler 10.0\n";
static const char base_linux[] =
	"Baseline (LINUX)    : AMD K6/233*, 512 KB L2-cache, gcc 2.7.2.3, libc-5.4.38\n";

static const struct nb_test *find_test(const char *key)
{
	size_t i;

	for (i = 0; i < NB_NTESTS; i++)
		if (key && !strcmp(nb_tests[i]->key, key))
			return nb_tests[i];
	return NULL;
}

static void classic_banner(FILE *f, const struct nb_classic *c)
{
	fputs("benchbox nbench (BYTEmark method): a reimplementation with its own data;\n"
	      "scores compare with BYTEmark/nbench ones in kind, not exactly.\n", f);
	fprintf(f, "Each score: %.3g s of passes (BYTEmark: 5 s), %u to %u scores per test "
		"(BYTEmark: 5 to 30)", c->score_s, c->min_scores, c->max_scores);
	if (c->P > 1)
		fprintf(f, ", %u copies at once (aggregate)", c->P);
	fputs(".\n", f);
	if (c->is_short)
		fputs("SHORT: below BYTEmark's minimum run; expect more spread.\n", f);
	fputs("\n"
	      "TEST                : Iterations/sec.  : Old Index   : New Index\n"
	      "                    :                  : Pentium 90* : AMD K6/233*\n"
	      "--------------------:------------------:-------------:------------\n", f);
}

static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct nb_classic *c = o->arg;
	const struct nb_test *t = find_test(r->test);
	size_t i;

	if (!o->count && c)
		classic_banner(o->f, c);
	if (t) {
		fprintf(o->f, "%-16s    :", t->name);
		fprintf(o->f, " %15.5g  :  %9.2f  :  %9.2f\n", r->value, r->value / t->base_old,
			r->value / t->base_new);
		return;
	}
	for (i = 0; i < ARRAY_LEN(nb_indexes) && strcmp(nb_indexes[i].test, r->test); i++)
		;
	if (i == ARRAY_LEN(nb_indexes))
		return;
	if (!nb_indexes[i].is_linux && strcmp(o->group, "orig")) {
		fputs(line_orig, o->f);
		snprintf(o->group, sizeof(o->group), "orig");
	}
	if (nb_indexes[i].is_linux && strcmp(o->group, "linux")) {
		if (!strcmp(o->group, "orig"))
			fputs(base_msdos, o->f);
		fputs(line_linux, o->f);
		if (c) {
			fprintf(o->f, "CPU                 : %s\n", c->cpu);
			if (c->info)
				fprintf(o->f, "OS                  : Linux %s (%s)\n"
					"C compiler          : %s\n"
					"libc                : %s\n",
					c->info->kernel, c->info->arch, c->info->cc, c->info->libc);
		}
		snprintf(o->group, sizeof(o->group), "linux");
	}
	fprintf(o->f, "%s: %.3f\n", nb_indexes[i].label, r->value);
}

static void classic_end(struct emit_out *o)
{
	if (!strcmp(o->group, "orig"))
		fputs(base_msdos, o->f);
	else if (!strcmp(o->group, "linux"))
		fputs(base_linux, o->f);
}

static const struct emitter emit_nbench = {
	"nbench", 0, NULL, classic_record, classic_end,
};

/* the run ----------------------------------------------------------------------- */

enum nb_phase { PH_PREPARE, PH_RUN, PH_CHECK };

/* What the workers share for one test; each worker owns slot idx. */
struct nb_team {
	const struct nb_test	*test;
	enum nb_phase		phase;
	uint64_t		units;
	void			**st;
	double			*credit;
	double			*secs;		/* each worker times its own run */
	int			*bad;
	char			(*why)[160];
};

static int nb_setup(void *arg, unsigned idx)
{
	struct nb_team *nt = arg;

	nt->st[idx] = nt->test->create();
	if (!nt->st[idx]) {
		errorf("%s: out of memory", nt->test->key);
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

static void nb_work(void *arg, unsigned idx, uint64_t iters)
{
	struct nb_team *nt = arg;

	(void)iters;
	switch (nt->phase) {
	case PH_PREPARE:
		nt->credit[idx] = nt->test->prepare(nt->st[idx], nt->units);
		break;
	case PH_RUN: {
		uint64_t t0 = bench_clock_ns();

		nt->test->run(nt->st[idx]);
		nt->secs[idx] = (double)(bench_clock_ns() - t0) / 1e9;
		break;
	}
	case PH_CHECK:
		nt->why[idx][0] = '\0';
		nt->bad[idx] = nt->test->check(nt->st[idx], nt->why[idx], sizeof(nt->why[idx]));
		break;
	}
}

/* One pass: prepare (untimed), then the timed run. Each worker times its
 * own run, so waking the workers is not counted; the pass lasts as long as
 * its slowest copy. */
static int nb_pass(struct nb_team *nt, struct team *t, unsigned P, double *dt, double *work)
{
	unsigned i;

	nt->phase = PH_PREPARE;
	team_body(t, 1);
	*work = 0;
	for (i = 0; i < P; i++) {
		if (nt->credit[i] < 0) {
			errorf("%s: out of memory for %llu units of work", nt->test->key,
			       (unsigned long long)nt->units);
			return EXIT_FAIL;
		}
		*work += nt->credit[i];
	}
	nt->phase = PH_RUN;
	team_body(t, 1);
	*dt = 0;
	for (i = 0; i < P; i++)
		*dt = fmax(*dt, nt->secs[i]);
	return EXIT_OK;
}

struct nb_plan {
	double		score_s, pass_min_s, budget_s;
	unsigned	min_scores, max_scores, warmup, P;
};

struct nb_outcome {
	double		mean, min, max, half;
	unsigned	k, flags;
	uint64_t	units;
	int		failed;
};

static int nb_measure(struct run_ctx *ctx, const struct nb_test *test, const struct nb_plan *pl,
		      struct nb_outcome *out)
{
	struct nb_team nt = { 0 };
	double scores[NB_MAX_SCORES], dt, work;
	uint64_t start = bench_clock_ns();
	struct team *t;
	unsigned i;
	int rc;

	memset(out, 0, sizeof(*out));
	nt.test = test;
	nt.st = xcalloc(pl->P, sizeof(*nt.st));
	nt.credit = xcalloc(pl->P, sizeof(*nt.credit));
	nt.secs = xcalloc(pl->P, sizeof(*nt.secs));
	nt.bad = xcalloc(pl->P, sizeof(*nt.bad));
	nt.why = xcalloc(pl->P, sizeof(*nt.why));
	t = team_start(pl->P, ctx->cpus, ctx->ncpus, nb_setup, nb_work, &nt, &rc);
	if (!t)
		goto out;

	/* grow the work per pass until one pass lasts pass_min_s */
	nt.units = 1;
	for (;;) {
		uint64_t next;

		if ((rc = nb_pass(&nt, t, pl->P, &dt, &work)))
			goto stop;
		if (dt >= pl->pass_min_s || nt.units >= test->max_units)
			break;
		next = dt > 0 ? (uint64_t)ceil((double)nt.units * 1.2 * pl->pass_min_s / dt)
			     : nt.units * 10;
		if (next > nt.units * 10)
			next = nt.units * 10;
		if (next <= nt.units)
			next = nt.units + 1;
		nt.units = next < test->max_units ? next : test->max_units;
	}
	for (i = 0; i < pl->warmup; i++)
		if ((rc = nb_pass(&nt, t, pl->P, &dt, &work)))
			goto stop;

	/* scores until 95 % confident within 5 %, or the cap */
	while (out->k < pl->max_scores) {
		double acc = 0, done = 0;
		int over = 0;

		do {
			if ((rc = nb_pass(&nt, t, pl->P, &dt, &work)))
				goto stop;
			acc += dt;
			done += work;
			over = (double)(bench_clock_ns() - start) / 1e9 > pl->budget_s;
		} while (acc < pl->score_s && !over);
		nt.phase = PH_CHECK;
		team_body(t, 1);
		for (i = 0; i < pl->P; i++)
			if (nt.bad[i]) {
				errorf("%s: self-check failed (copy %u): %s", test->key, i,
				       nt.why[i]);
				out->failed = 1;
			}
		if (acc > 0)
			scores[out->k++] = done / acc;
		if (out->failed || !out->k)
			break;
		if (out->k >= pl->min_scores && nb_confident(scores, out->k, confidence_frac,
							    &out->half))
			break;
		if (over || (double)(bench_clock_ns() - start) / 1e9 > pl->budget_s) {
			out->flags |= BENCH_BUDGET;
			break;
		}
	}
	if (!out->k) {
		errorf("%s: the clock did not advance over a pass", test->key);
		rc = EXIT_FAIL;
		goto stop;
	}
	out->units = nt.units;
	out->min = out->max = scores[0];
	for (i = 0; i < out->k; i++) {
		out->mean += scores[i] / out->k;
		out->min = fmin(out->min, scores[i]);
		out->max = fmax(out->max, scores[i]);
	}
	if (!nb_confident(scores, out->k, confidence_frac, &out->half)) {
		out->flags |= BENCH_NOISY;
		if (!out->failed)
			warnf("%s: NOT 95 %% statistically certain (half-width %.1f %% of the mean "
			      "after %u scores)", test->name, 100 * out->half / out->mean, out->k);
	}
	if (pl->score_s < classic_min_s || out->k < classic_min_scores)
		out->flags |= RESULT_SHORT;
	if (out->failed)
		out->flags |= RESULT_FAILED;
stop:
	team_stop(t);
out:
	for (i = 0; i < pl->P; i++)
		if (nt.st[i])
			test->destroy(nt.st[i]);
	free(nt.st);
	free(nt.credit);
	free(nt.secs);
	free(nt.bad);
	free(nt.why);
	return rc;
}

/* Which tests --tests names: a bit per nb_tests[] entry; 0 with a usage error. */
static unsigned parse_tests(const char *list)
{
	char buf[256], *save = NULL, *w;
	unsigned mask = 0;
	size_t i;

	if (!list || !strcmp(list, "all"))
		return (1u << NB_NTESTS) - 1;
	if (strlen(list) >= sizeof(buf)) {
		errorf("--tests: list too long");
		return 0;
	}
	strcpy(buf, list);
	for (w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		for (i = 0; i < NB_NTESTS && strcmp(nb_tests[i]->key, w); i++)
			;
		if (i == NB_NTESTS) {
			errorf("--tests: '%s' is not a test (numeric_sort string_sort bitfield "
			       "fp_emulation fourier assignment idea huffman neural_net "
			       "lu_decomposition, or all)", w);
			return 0;
		}
		mask |= 1u << i;
	}
	if (!mask)
		errorf("--tests: no test named");
	return mask;
}

static int nbench_run(struct run_ctx *ctx)
{
	struct nb_outcome res[NB_NTESTS];
	struct nb_classic cl = { 0 };
	struct nb_plan pl = { 0 };
	unsigned mask, i, j;
	char params[32];
	int rc = EXIT_OK, ran[NB_NTESTS] = { 0 };

	if (ctx->argc) {
		errorf("unexpected argument '%s' (tests are chosen with --tests)", ctx->argv[0]);
		return EXIT_USAGE;
	}
	if (!(mask = parse_tests(opt_str(ctx, TESTS))))
		return EXIT_USAGE;
	pl.P = (unsigned)opt_int(ctx, PARALLEL);
	pl.score_s = ctx->bench.min_sample_s;
	if (ctx->quick && pl.score_s == 0.01)	/* --quick without --min-time */
		pl.score_s = 0.04;
	pl.pass_min_s = fmin(0.02, pl.score_s / 10);
	pl.min_scores = ctx->bench.samples < NB_MAX_SCORES ? ctx->bench.samples : NB_MAX_SCORES;
	pl.max_scores = pl.min_scores + (pl.min_scores < 3 ? pl.min_scores : 3);
	if (pl.max_scores > NB_MAX_SCORES)
		pl.max_scores = NB_MAX_SCORES;
	pl.warmup = ctx->bench.warmup;
	pl.budget_s = ctx->bench.budget_s;

	cl.info = ctx->rep->info;
	cl.score_s = pl.score_s;
	cl.min_scores = pl.min_scores;
	cl.max_scores = pl.max_scores;
	cl.P = pl.P;
	cl.is_short = pl.score_s < classic_min_s || pl.min_scores < classic_min_scores;
	cpu_model(ctx->ncpus > 0 ? ctx->cpus[0] : -1, cl.cpu, sizeof(cl.cpu));
	emit_set_arg(ctx->rep, &cl);
	snprintf(params, sizeof(params), "P=%u", pl.P);

	for (i = 0; i < NB_NTESTS; i++) {
		const struct nb_test *t = nb_tests[i];
		struct result r = { 0 };
		char note[48];
		int err;

		if (!(mask & 1u << i))
			continue;
		if ((err = nb_measure(ctx, t, &pl, &res[i])))
			return err;
		ran[i] = 1;
		if (res[i].failed)
			rc = EXIT_WRONG;
		snprintf(note, sizeof(note), "95%% CI +-%.1f%%", 100 * res[i].half / res[i].mean);
		r.test = t->key;
		r.metric = t->key;
		r.params = pl.P > 1 ? params : NULL;
		r.unit = UNIT_ITER_S;
		r.better = 1;
		r.value = res[i].mean;
		r.min = res[i].min;
		r.max = res[i].max;
		r.iters = res[i].units;
		r.samples = res[i].k;
		r.flags = res[i].flags;
		r.note = isfinite(res[i].half) ? note : NULL;
		emit_result(ctx, &r);
	}

	for (j = 0; j < ARRAY_LEN(nb_indexes); j++) {
		const struct nb_index *x = &nb_indexes[j];
		double v[NB_NTESTS], lo[NB_NTESTS], hi[NB_NTESTS];
		struct result r = { 0 };
		unsigned n = 0, flags = 0, complete = 1;

		for (i = 0; i < NB_NTESTS; i++) {
			double base;

			if (!(nb_tests[i]->groups & x->group))
				continue;
			if (!ran[i]) {
				complete = 0;
				break;
			}
			base = x->is_linux ? nb_tests[i]->base_new : nb_tests[i]->base_old;
			v[n] = res[i].mean / base;
			lo[n] = res[i].min / base;
			hi[n] = res[i].max / base;
			flags |= res[i].flags;
			n++;
		}
		if (!complete || !n)
			continue;
		r.test = x->test;
		r.metric = x->metric;
		r.params = pl.P > 1 ? params : NULL;
		r.unit = UNIT_INDEX;
		r.better = 1;
		r.value = nb_geomean(v, n);
		r.min = nb_geomean(lo, n);
		r.max = nb_geomean(hi, n);
		r.samples = n;
		r.flags = flags & (BENCH_NOISY | BENCH_BUDGET | RESULT_SHORT | RESULT_FAILED);
		r.note = x->is_linux ? "AMD K6/233 = 1" : "Pentium 90 = 1";
		emit_result(ctx, &r);
	}
	return rc;
}

TEXT(nbench_summary, "CPU and memory indexes of ten tests (BYTEmark's nbench)");
TEXT(nbench_usage,
	"usage: nbench [--tests=TEST[,TEST...]] [-P N]\n"
	"\n"
	"BYTEmark's ten tests by nbench's method, written from their published\n"
	"descriptions with benchbox's own seeded data (not bit-identical to\n"
	"BYTEmark's, so scores compare in kind, not exactly): numeric_sort,\n"
	"string_sort, bitfield, fp_emulation, fourier, assignment, idea, huffman,\n"
	"neural_net and lu_decomposition. Each test sizes its work, then takes\n"
	"scores of --min-time seconds (BYTEmark: 5) until their mean is known\n"
	"within 5% (95% confidence; at least --reps scores) and reports it in\n"
	"iterations/s; the last pass of each score is verified. The integer,\n"
	"floating-point and memory indexes compare with BYTEmark's Pentium 90\n"
	"and AMD K6/233, when all their tests ran. -P N runs N copies at once\n"
	"and reports the sum. Output: nbench's layout; --format gives the\n"
	"records.\n");

const struct applet applet_nbench = {
	.name    = "nbench",
	.summary = TEXT_PTR(nbench_summary),
	.usage   = TEXT_PTR(nbench_usage),
	.opts    = opts,
	.unit    = UNIT_ITER_S,
	.classic = &emit_nbench,
	.min_time = 0.25,
	.reps    = 5,
	.run     = nbench_run,
};
