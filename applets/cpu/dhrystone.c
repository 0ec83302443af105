/* dhrystone.c - Dhrystone 2.1 (Weicker 1988): runs per second, DMIPS and
 * DMIPS/MHz ("benchbox dhrystone": a reimplementation of the published
 * algorithm, not the original's code)
 *
 * SPDX-License-Identifier: MIT
 *
 * One Dhrystone is one pass of the main loop below: Proc_5, Proc_4, a
 * 30-character strcpy, Func_2 (character test plus strcmp), a while loop
 * that runs once with Proc_7, Proc_8 on the arrays, Proc_1 with its record
 * assignment, a two-pass for loop over Func_1, two multiplies, a divide
 * and two subtractions, then Proc_2. The procedures are noinline in their
 * own file (dhrystone_procs.c). All of the original's globals live in one
 * struct dhry per copy, so -P N copies run independently.
 *
 * Units: Dhrystones per second = runs / s (with -P, the sum over copies);
 * DMIPS = Dhrystones per second / 1757 (the VAX 11/780's result);
 * DMIPS/MHz = DMIPS per copy / the clock measured on the CPUs used (mhz's
 * dependent-add chain, right after the runs).
 *
 * Caveats: Dhrystone measures the compiler as much as the core. Modern
 * compilers turn its string copies into a few wide moves and keep locals in
 * registers, which is why recent cores report high DMIPS/MHz; compare only
 * numbers built with the same compiler and flags (printed in the banner).
 * The run length is calibrated by time (--min-time per sample, --reps
 * samples, the median is reported) instead of a typed-in run count. At the
 * end the published final values of every variable are checked (exit 3).
 */
#include "applet.h"
#include "dhrystone.h"
#include "mhz.h"
#include "team.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	O(PARALLEL, "parallel", OPT_INT, "copies run in parallel (threads)", .letter = 'P', \
	  .def = "1", .min = 1, .max = 1024, .key = OPTK_PARALLEL) \
	O(VALUES, "values", OPT_BOOL, "list every final value beside the published one")
OPT_TABLE(dhrystone, OPTIONS);

static const double vax_dps = 1757;	/* Dhrystones per second of the VAX 11/780 */
static const double min_measured_s = 2;	/* Dhrystone refuses shorter timings */

/* final values --------------------------------------------------------------- */

struct dhry_value {
	const char	*name;
	char		have[48], want[48];
	int		ok;
};

enum { DHRY_NVALUES = 23 };

static void val_int(struct dhry_value *v, const char *name, long long have, long long want)
{
	v->name = name;
	snprintf(v->have, sizeof(v->have), "%lld", have);
	snprintf(v->want, sizeof(v->want), "%lld", want);
	v->ok = have == want;
}

static void val_chr(struct dhry_value *v, const char *name, char have, char want)
{
	v->name = name;
	snprintf(v->have, sizeof(v->have), "%c", have >= ' ' && have < 127 ? have : '?');
	snprintf(v->want, sizeof(v->want), "%c", want);
	v->ok = have == want;
}

static void val_str(struct dhry_value *v, const char *name, const char *have, const char *want)
{
	v->name = name;
	snprintf(v->have, sizeof(v->have), "%.*s", DHRY_STR - 1, have);
	snprintf(v->want, sizeof(v->want), "%s", want);
	v->ok = memchr(have, '\0', DHRY_STR) && !strcmp(have, want);
}

/* Both links point at Next_Ptr_Glob after any run (the published table
 * calls the address implementation-dependent, the same in both). */
static void val_ptr(struct dhry_value *v, const char *name, const struct dhry_rec *have,
		    const struct dhry_rec *want)
{
	v->name = name;
	snprintf(v->have, sizeof(v->have), "%p", (const void *)have);
	snprintf(v->want, sizeof(v->want), "%p (Next_Ptr_Glob)", (const void *)want);
	v->ok = have == want;
}

/* Every variable with its value and the published one, in the order the
 * original lists them. Returns the number filled (DHRY_NVALUES). */
static int dhry_values(const struct dhry *g, struct dhry_value *v)
{
	const struct dhry_rec *p = g->ptr_glob, *q = g->next_ptr_glob;
	int n = 0;

	val_int(&v[n++], "Int_Glob", g->int_glob, 5);
	val_int(&v[n++], "Bool_Glob", g->bool_glob, 1);
	val_chr(&v[n++], "Ch_1_Glob", g->ch_1_glob, 'A');
	val_chr(&v[n++], "Ch_2_Glob", g->ch_2_glob, 'B');
	val_int(&v[n++], "Arr_1_Glob[8]", g->arr_1_glob[8], 7);
	val_int(&v[n], "Arr_2_Glob[8][7]", g->arr_2_glob[8][7], (long long)g->since + 10);
	snprintf(v[n].want, sizeof(v[n].want), "%lld (Number_Of_Runs + 10)",
		 (long long)g->since + 10);
	v[n++].ok &= !g->lost && g->total > 0;
	val_ptr(&v[n++], "Ptr_Glob->Ptr_Comp", p->ptr_comp, q);
	val_int(&v[n++], "Ptr_Glob->Discr", p->discr, IDENT_1);
	val_int(&v[n++], "Ptr_Glob->Enum_Comp", p->variant.var_1.enum_comp, IDENT_3);
	val_int(&v[n++], "Ptr_Glob->Int_Comp", p->variant.var_1.int_comp, 17);
	val_str(&v[n++], "Ptr_Glob->Str_Comp", p->variant.var_1.str_comp, dhry_some_string);
	val_ptr(&v[n++], "Next_Ptr_Glob->Ptr_Comp", q->ptr_comp, q);
	val_int(&v[n++], "Next_Ptr_Glob->Discr", q->discr, IDENT_1);
	val_int(&v[n++], "Next_Ptr_Glob->Enum_Comp", q->variant.var_1.enum_comp, IDENT_2);
	val_int(&v[n++], "Next_Ptr_Glob->Int_Comp", q->variant.var_1.int_comp, 18);
	val_str(&v[n++], "Next_Ptr_Glob->Str_Comp", q->variant.var_1.str_comp, dhry_some_string);
	val_int(&v[n++], "Int_1_Loc", g->last.int_1, 5);
	val_int(&v[n++], "Int_2_Loc", g->last.int_2, 13);
	val_int(&v[n++], "Int_3_Loc", g->last.int_3, 7);
	val_int(&v[n++], "Enum_Loc", g->last.enum_loc, IDENT_2);
	val_str(&v[n++], "Str_1_Loc", g->last.str_1, dhry_1st_string);
	val_str(&v[n++], "Str_2_Loc", g->last.str_2, dhry_2nd_string);
	val_int(&v[n++], "runs", g->total > 0, 1);	/* nothing to check before a run */
	return n;
}

int dhry_check(const struct dhry *g, char *why, size_t len)
{
	struct dhry_value v[DHRY_NVALUES];
	int n = dhry_values(g, v), i;

	for (i = 0; i < n; i++)
		if (!v[i].ok) {
			if (!strcmp(v[i].name, "runs"))
				snprintf(why, len, "no run was made");
			else if (v[i].name[0] == 'A' && g->lost)
				snprintf(why, len, "%s lost count of the runs", v[i].name);
			else
				snprintf(why, len, "%s is %s, should be %s", v[i].name,
					 v[i].have, v[i].want);
			return -1;
		}
	if (len)
		*why = '\0';
	return 0;
}

/* classic output --------------------------------------------------------------- */

/* What the classic emitter prints beside the records. */
struct dhry_out {
	unsigned		copies;
	uint64_t		runs;		/* per copy, one sample */
	unsigned		samples;
	double			sample_s;	/* the median sample */
	double			measured_s;	/* all kept samples together */
	int			short_run;
	int			ok;
	char			why[128];
	int			show_values;
	struct dhry_value	values[DHRY_NVALUES];
};

static void classic_values(FILE *f, const struct dhry_out *d)
{
	int i;

	fputs("Final values of the variables used in the benchmark (copy 1):\n\n", f);
	for (i = 0; i < DHRY_NVALUES - 1; i++)
		fprintf(f, "%-25s %s\n%-25s %s\n", d->values[i].name, d->values[i].have,
			"        should be:", d->values[i].want);
	fputc('\n', f);
}

static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct dhry_out *d = o->arg;
	FILE *f = o->f;

	if (!strcmp(r->test, "dhrystones")) {
		fputs("\nDhrystone Benchmark, Version 2.1 (Language: C)\n", f);
		fputs("benchbox dhrystone: a reimplementation of the published algorithm\n\n", f);
		fputs("Program compiled without 'register' attribute\n", f);
		fprintf(f, "Compiler flags: %s\n\n", bb_cflags);
		fprintf(f, "Execution: %u sample%s of %llu runs through Dhrystone, %u cop%s"
			" in parallel, %.3f s per sample (median reported)\n\n",
			d->samples, d->samples == 1 ? "" : "s", (unsigned long long)d->runs,
			d->copies, d->copies == 1 ? "y" : "ies", d->sample_s);
		if (d->show_values)
			classic_values(f, d);
		if (d->ok)
			fputs("final values: ok\n", f);
		else
			fprintf(f, "final values: WRONG (%s)\n", d->why);
		if (d->short_run)
			fprintf(f, "Measured time too small to obtain meaningful results "
				"(%.2f s in all, Dhrystone wants at least %.0f s)\n",
				d->measured_s, min_measured_s);
		fputc('\n', f);
		fputs("Microseconds for one run through Dhrystone: ", f);
		fprintf(f, "%6.1f \n", r->value > 0 ? 1e6 * d->copies / r->value : 0);
		fputs("Dhrystones per Second:                      ", f);
		fprintf(f, "%6.1f \n", r->value);
	} else if (!strcmp(r->test, "dmips")) {
		fprintf(f, "DMIPS:                                      %6.1f \n", r->value);
	} else if (!strcmp(r->test, "cpu_clock")) {
		fputs("CPU clock (MHz):                            ", f);
		if (r->flags & RESULT_SKIPPED)
			fputs("unknown\n", f);
		else
			fprintf(f, "%6.1f \n", r->value);
	} else if (!strcmp(r->test, "dmips_per_mhz")) {
		fputs("DMIPS/MHz:                                  ", f);
		if (r->flags & RESULT_SKIPPED)
			fputs("unknown\n", f);
		else
			fprintf(f, "%6.2f \n", r->value);
	}
}

static const struct emitter emit_dhrystone = {
	"dhrystone", 0, NULL, classic_record, NULL,
};

/* run ------------------------------------------------------------------------- */

struct dhry_team {
	struct dhry	**copies;
};

/* On the worker's own CPU: its copy, cache-line aligned so copies never share. */
static int dhry_setup(void *arg, unsigned idx)
{
	struct dhry_team *t = arg;
	size_t size = (sizeof(struct dhry) + 255) / 256 * 256;
	struct dhry *g = aligned_alloc(256, size);

	if (!g) {
		errorf("cannot allocate %zu bytes", size);
		return EXIT_FAIL;
	}
	memset(g, 0, size);
	dhry_init(g);
	t->copies[idx] = g;
	return EXIT_OK;
}

static void dhry_work(void *arg, unsigned idx, uint64_t iters)
{
	struct dhry_team *t = arg;

	dhry_run(t->copies[idx], iters);
}

static int dhrystone_run(struct run_ctx *ctx)
{
	struct dhry_team dt = { 0 };
	struct dhry_out *d = xcalloc(1, sizeof(*d));
	struct bench_stats st;
	struct result r = { 0 };
	struct team *t;
	unsigned P = (unsigned)opt_int(ctx, PARALLEL), i, used, nmhz = 0, ngiven = 0;
	double mhz = 0, mhz_min = INFINITY, mhz_max = 0, per_mhz;
	char params[32], metric[40], clock[64], note[sizeof(d->why) + sizeof(clock) + 2];
	int rc;

	if (ctx->argc) {
		errorf("unexpected argument '%s' (try 'dhrystone --help')", ctx->argv[0]);
		free(d);
		return EXIT_USAGE;
	}
	dt.copies = xcalloc(P, sizeof(*dt.copies));
	t = team_start(P, ctx->cpus, ctx->ncpus, dhry_setup, dhry_work, &dt, &rc);
	if (!t)
		goto out;
	rc = bench_measure(&ctx->bench, team_body, t, &st) ? EXIT_FAIL : EXIT_OK;
	/* the clock right after the runs, on the CPUs they used (workers wait) */
	used = ctx->ncpus > 0 && (unsigned)ctx->ncpus < P ? (unsigned)ctx->ncpus : P;
	for (i = 0; i < used && rc == EXIT_OK; i++) {
		int cpu = ctx->ncpus > 0 ? ctx->cpus[i] : -1;
		double m = mhz_measure_cpu(cpu);

		ngiven += !isnan(mhz_given(cpu));
		if (isfinite(m) && m > 0) {
			mhz += m;
			mhz_min = fmin(mhz_min, m);
			mhz_max = fmax(mhz_max, m);
			nmhz++;
		}
	}
	team_stop(t);
	if (rc)
		goto out;

	d->ok = 1;
	for (i = 0; i < P && d->ok; i++)
		if (dhry_check(dt.copies[i], d->why, sizeof(d->why))) {
			d->ok = 0;
			if (P > 1) {
				char tmp[sizeof(d->why)];

				snprintf(tmp, sizeof(tmp), "copy %u: %s", i + 1, d->why);
				memcpy(d->why, tmp, sizeof(tmp));
			}
		}
	dhry_values(dt.copies[0], d->values);
	d->show_values = (int)opt_int(ctx, VALUES);
	d->copies = P;
	d->runs = st.iters;
	d->samples = st.n;
	d->sample_s = st.median_ns * (double)st.iters / 1e9;
	d->measured_s = st.mean_ns * (double)st.iters * st.n / 1e9;
	d->short_run = d->measured_s < min_measured_s;
	emit_set_arg(ctx->rep, d);

	snprintf(params, sizeof(params), "P=%u", P);
	r.params = params;
	r.better = 1;
	r.flags = (d->short_run ? RESULT_SHORT : 0) | (d->ok ? 0 : RESULT_FAILED);
	r.note = d->ok ? NULL : d->why;

	/* the guides' rows are one copy's: P copies are rows of their own */
	snprintf(metric, sizeof(metric), P > 1 ? "dhrystone_per_second-P%u" :
		 "dhrystone_per_second", P);
	r.test = "dhrystones";
	r.unit = "dhrystones/s";	/* the reference rows' unit (Dhrystones per second) */
	r.metric = metric;
	emit_rate(ctx, r, &st, (double)P);

	r.test = "dmips";
	r.unit = UNIT_DMIPS;
	r.metric = NULL;
	emit_rate(ctx, r, &st, P / vax_dps);

	mhz = nmhz ? mhz / nmhz : 0;
	r.test = "cpu_clock";
	r.unit = UNIT_MHZ;
	r.metric = "cpu_clock";
	r.value = mhz;
	r.min = nmhz ? mhz_min : 0;
	r.max = mhz_max;
	r.iters = 0;
	r.samples = nmhz;
	r.flags &= RESULT_FAILED;	/* not the runs' timing flags */
	if (!nmhz) {
		r.flags |= RESULT_SKIPPED;
		r.note = "the clock could not be measured";
	} else {	/* which clock the figures per MHz stand on */
		mhz_note(mhz, ngiven, nmhz, clock, sizeof(clock));
		snprintf(note, sizeof(note), "%s%s%s", d->ok ? "" : d->why, d->ok ? "" : "; ",
			 clock);
		r.note = note;
	}
	emit_result(ctx, &r);

	/* per MHz of silicon used: DMIPS over the clocks of the CPUs that ran */
	per_mhz = nmhz ? mhz * used : 0;
	r.flags |= d->short_run ? RESULT_SHORT : 0;
	r.test = "dmips_per_mhz";
	r.unit = "DMIPS/MHz";
	snprintf(metric, sizeof(metric), P > 1 ? "dhrystone_per_mhz-P%u" : "dhrystone_per_mhz", P);
	r.metric = metric;
	emit_rate(ctx, r, &st, per_mhz > 0 ? P / vax_dps / per_mhz : 0);

	if (!d->ok) {
		errorf("final values wrong: %s", d->why);
		rc = EXIT_WRONG;
	}
out:
	for (i = 0; i < P; i++)
		free(dt.copies[i]);
	free(dt.copies);
	emit_set_arg(ctx->rep, NULL);
	free(d);
	return rc;
}

TEXT(dhrystone_summary, "integer speed in DMIPS, DMIPS/MHz (Weicker's Dhrystone 2.1)");
TEXT(dhrystone_usage,
	"usage: dhrystone [-P N] [--values]\n"
	"\n"
	"Dhrystone 2.1's integer workload (records, arrays, string copies and\n"
	"compares, procedure calls never inlined), written from the published\n"
	"algorithm. Each sample lasts --min-time seconds; the median of --reps\n"
	"samples gives Dhrystones/s, DMIPS (Dhrystones/s / 1757, the VAX 11/780)\n"
	"and DMIPS/MHz (over the clock measured as mhz does, or BENCHBOX_MHZ).\n"
	"A total under 2 s is flagged short. The final values of every variable\n"
	"are checked after the run. -P N runs N copies at once, pinned round\n"
	"robin, and reports the sum. The compiler and its flags (in the banner)\n"
	"count as much as the core. Output: the classic's lines; --format gives\n"
	"the records dhrystone_per_second, dhrystone_per_mhz and cpu_clock.\n");

const struct applet applet_dhrystone = {
	.name    = "dhrystone",
	.summary = TEXT_PTR(dhrystone_summary),
	.usage   = TEXT_PTR(dhrystone_usage),
	.opts    = opts,
	.unit    = UNIT_DMIPS,
	.classic = &emit_dhrystone,
	.min_time = 1.0,
	.reps    = 5,
	.run     = dhrystone_run,
};
