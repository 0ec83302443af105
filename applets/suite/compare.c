/* compare.c - results beside a board's published numbers, or beside an
 * earlier run: a verdict per metric
 *
 * SPDX-License-Identifier: MIT
 *
 *   compare --board BOARD [--expect FILE] RESULTS.json
 *   compare [--expect FILE] OLD.json NEW.json
 *
 * With --board, every result that carries a guide metric is looked up in
 * the embedded reference data (src/refdata.h; "aes-128-cbc-16384" is also
 * tried as metric "aes-128-cbc" at size "16384"). With two files, each
 * result of NEW is matched with the same applet, test, kernel and params
 * in OLD, whose value and min/max play the reference. The verdict rule is
 * src/verdict.h's. The exit status is 1 when anything FAILs, so a boot
 * test or CI job can gate on it; a file that cannot be read or is
 * malformed is a usage error (2), read by src/results.c as report reads it.
 */
#include "applet.h"
#include "compare.h"
#include "refdata.h"
#include "results.h"
#include "run.h"
#include "util.h"
#include "verdict.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct cmp_row {
	struct verdict_out	vo;
	double			ref_mean, ref_min, ref_max;
	int			have_ref;
	const char		*why;		/* source / confidence remark */
};

struct cmp {
	struct cmp_row	*rows;
	size_t		n;
};

/* A flag word in a note ("noisy,throttled: ...") */
/* What a reference value in unit `from` is multiplied by to be in `to`;
 * 0 when they do not convert (openssl's tables are in 1000s of bytes/s). */
static double unit_factor(const char *from, const char *to)
{
	if (!strcmp(from, to))
		return 1;
	if (!strcmp(from, "kB/s") && !strcmp(to, UNIT_MB_S))
		return 1e-3;
	return 0;
}

static const struct ref_row *board_ref(const char *board, const char *metric)
{
	const struct ref_row *r = ref_find(board, metric, "");
	const char *dash = strrchr(metric, '-');
	char base[128];

	if (r || !dash || !dash[1] || strspn(dash + 1, "0123456789") != strlen(dash + 1) ||
	    (size_t)(dash - metric) >= sizeof(base))
		return r;
	memcpy(base, metric, (size_t)(dash - metric));
	base[dash - metric] = 0;
	return ref_find(board, base, dash + 1);
}

/* The same measurement in the old run: applet, test, kernel and params. */
static const struct results_rec *old_match(const struct results_file *old,
					   const struct results_rec *r)
{
	size_t i;

	for (i = 0; i < old->n; i++) {
		const struct results_rec *o = &old->recs[i];

		if (!strcmp(o->applet, r->applet) && !strcmp(o->test, r->test) &&
		    !strcmp(o->kernel, r->kernel) && !strcmp(o->params, r->params))
			return o;
	}
	return NULL;
}

static void verdict_line(struct emit_out *o, const struct result *r);

/* The header comes with the first row, so a file refused before any row
 * leaves nothing on stdout but the error on stderr. */
static void vbegin(struct emit_out *o, const struct run_info *info)
{
	(void)o;
	(void)info;
}

static void vend(struct emit_out *o)
{
	(void)o;
}

static const struct emitter emit_verdict = { "verdict", 0, vbegin, verdict_line, vend };

static void verdict_line(struct emit_out *o, const struct result *r)
{
	const struct cmp *c = o->arg;
	const struct cmp_row *row = &c->rows[o->count];
	char v[32], m[32], lo[32], hi[32], ref[64] = "-", name[96], delta[16] = "";
	int tty = isatty(fileno(o->f)) && *verdict_colour(row->vo.v);

	if (!o->count)
		fprintf(o->f, "%-34s %12s %-7s %-30s %8s  %s\n", "metric", "value", "unit",
			"reference (min..max)", "delta", "verdict");
	snprintf(name, sizeof(name), "%s%s%s", r->metric ? r->metric : r->test,
		 r->params && *r->params ? " " : "", r->params ? r->params : "");
	if (row->have_ref) {
		format_value(row->ref_mean, m, sizeof(m));
		if (isnan(row->ref_min))
			snprintf(ref, sizeof(ref), "%s", m);
		else
			snprintf(ref, sizeof(ref), "%s (%s..%s)", m,
				 format_value(row->ref_min, lo, sizeof(lo)),
				 format_value(row->ref_max, hi, sizeof(hi)));
		snprintf(delta, sizeof(delta), "%+.1f%%", 100 * row->vo.delta);
	}
	fprintf(o->f, "%-34s %12s %-7s %-30s %8s  %s%s%s%s%s\n", name,
		format_value(r->value, v, sizeof(v)), r->unit ? r->unit : "", ref, delta,
		tty ? verdict_colour(row->vo.v) : "", verdict_name(row->vo.v), tty ? "\033[0m" : "",
		*row->why ? "  " : "", row->why);
}

static const struct opt_spec opts[] = {
	{ "board", 'b', OPT_STR, NULL, 0, 0, NULL, "compare with this board's published numbers" },
	{ "expect", 'e', OPT_STR, NULL, 0, 0, NULL, "a file of 'METRIC MIN MAX' lines that override" },
	{ "summary", 's', OPT_BOOL, NULL, 0, 0, NULL, "print run's summary of RESULTS.json" },
	{ 0 }
};

/* The board's reference for a metric, in the result's unit; when the units
 * do not convert it is kept as published, *why says so and the result is
 * marked not comparable (INVALID). */
static void board_verdict_ref(const char *board, const char *metric, const char *unit,
			      struct verdict_ref *ref, const char **why, int *invalid)
{
	const struct ref_row *rr = board_ref(board, metric);
	double k;

	if (!rr)
		return;
	k = unit_factor(rr->unit, unit);
	ref->have = 1;
	ref->mean = rr->mean * (k ? k : 1);
	ref->min = rr->min * (k ? k : 1);
	ref->max = rr->max * (k ? k : 1);
	ref->low_confidence = rr->confidence == REF_LOW;
	if (rr->confidence == REF_LOW)
		*why = rr->note;
	if (k == 0) {		/* shown as published, not judged */
		*why = "the reference is in another unit";
		*invalid = 1;
	}
}

/* Judge, fill row, write "VERDICT: ref M (MIN..MAX), +D%; why" to note. */
static enum verdict finish(struct verdict_in *in, const struct verdict_ref *ref,
			   const char *rnote, struct cmp_row *row, char *note, size_t notelen)
{
	unsigned flags = 0;

	note_flags(rnote, &flags);	/* only the leading flags: the rest is prose */
	in->invalid |= !!(flags & (REPORT_FAILED | REPORT_SKIPPED | REPORT_THROTTLED));
	verdict_judge(in, ref, &row->vo);
	if (*row->vo.why && !*row->why)
		row->why = row->vo.why;
	row->have_ref = ref->have;
	row->ref_mean = ref->mean;
	row->ref_min = ref->expect ? ref->lo : ref->min;
	row->ref_max = ref->expect ? ref->hi : ref->max;
	if (ref->have && !isnan(row->ref_min))
		snprintf(note, notelen, "%s: ref %g (%g..%g), %+.1f%%%s%s",
			 verdict_name(row->vo.v), ref->mean, row->ref_min, row->ref_max,
			 100 * row->vo.delta, *row->why ? "; " : "", row->why);
	else if (ref->have)
		snprintf(note, notelen, "%s: ref %g, %+.1f%%%s%s", verdict_name(row->vo.v),
			 ref->mean, 100 * row->vo.delta, *row->why ? "; " : "", row->why);
	else
		snprintf(note, notelen, "%s", verdict_name(row->vo.v));
	return row->vo.v;
}

enum verdict compare_board_result(const char *board, const struct result *r,
				  struct result_verdict *rv, char *note, size_t notelen)
{
	struct verdict_in in = { r->value, r->better, r->text != NULL };
	struct verdict_ref ref = { 0 };
	struct cmp_row row = { 0 };
	char flags[256];

	ref.min = ref.max = NAN;
	row.why = "";
	board_verdict_ref(board, r->metric, r->unit ? r->unit : "", &ref, &row.why, &in.invalid);
	finish(&in, &ref, result_note(r, flags, sizeof(flags)), &row, note, notelen);
	if (rv) {
		rv->out = row.vo;
		rv->out.why = row.why;
		rv->have_ref = ref.have;
		rv->mean = ref.have ? ref.mean : NAN;
		rv->min = ref.have ? ref.min : NAN;
		rv->max = ref.have ? ref.max : NAN;
		rv->low_confidence = ref.low_confidence;
	}
	return row.vo.v;
}

/* Judge one result of the new run; fills row and the record's note. */
static int judge_one(const struct results_rec *jr, const char *board,
		     const struct results_file *old, struct verdict_expect *ex, int nex,
		     struct cmp_row *row, char *note, size_t notelen)
{
	struct verdict_in in = { jr->value, jr->better, jr->text != NULL };
	struct verdict_ref ref = { 0 };
	const struct verdict_expect *e = *jr->metric ? verdict_expect_find(ex, nex, jr->metric)
						    : NULL;

	ref.min = ref.max = NAN;
	row->why = "";
	if (board) {
		board_verdict_ref(board, jr->metric, jr->unit, &ref, &row->why, &in.invalid);
	} else {
		const struct results_rec *o = old_match(old, jr);

		if (o && !o->text && !isnan(o->value)) {
			ref.have = 1;
			ref.mean = o->value;
			ref.min = o->min;
			ref.max = o->max;
		}
	}
	if (e) {
		ref.have = ref.expect = 1;
		ref.lo = e->lo;
		ref.hi = e->hi;
		if (isnan(ref.mean))
			ref.mean = (e->lo + e->hi) / 2;
		row->why = "--expect";
	}
	return finish(&in, &ref, jr->note, row, note, notelen);
}

static int compare_run(struct run_ctx *ctx)
{
	const char *board = opt_str(ctx, "board"), *expect = opt_str(ctx, "expect");
	struct results_file newf = { 0 }, oldf = { 0 };
	struct verdict_expect *ex = NULL;
	unsigned counts[V_COUNT] = { 0 };
	struct cmp c = { 0 };
	int nex = 0, rc = EXIT_OK;
	size_t i;

	if (opt_int(ctx, "summary")) {
		ctx->rep->silent = 1;	/* the summary is the output */
		if (ctx->argc == 1)
			return run_summary_file(ctx->argv[0], board);
		errorf("usage: compare --summary [--board BOARD] RESULTS.json");
		return EXIT_USAGE;
	}
	if ((board && ctx->argc != 1) || (!board && ctx->argc != 2)) {
		errorf("usage: compare --board BOARD RESULTS.json, or compare OLD.json NEW.json");
		return EXIT_USAGE;
	}
	if (board && !ref_board(board)) {
		errorf("--board: unknown board '%s' (see 'benchbox boards')", board);
		return EXIT_USAGE;
	}
	if (expect && (nex = verdict_expect_load(expect, &ex)) < 0)
		return EXIT_USAGE;
	/* a file named on the command line that is no results file: usage */
	if ((!board && results_load(ctx->argv[0], &oldf)) ||
	    results_load(ctx->argv[ctx->argc - 1], &newf)) {
		rc = EXIT_USAGE;
		goto out;
	}
	c.rows = xcalloc(newf.n + 1, sizeof(*c.rows));
	reporter_set_arg(ctx->rep, &c);
	for (i = 0; i < newf.n; i++) {
		const struct results_rec *jr = &newf.recs[i];
		struct result_verdict rv;
		struct result r;
		char note[256];

		if (board && !*jr->metric)
			continue;	/* nothing to look up */
		counts[judge_one(jr, board, &oldf, ex, nex, &c.rows[c.n], note, sizeof(note))]++;
		results_rec_result(jr, &r);
		r.applet = "compare";
		r.text = NULL;		/* judged as a number, or not at all */
		r.note = note;
		rv.out = c.rows[c.n].vo;
		rv.out.why = c.rows[c.n].why;
		rv.have_ref = c.rows[c.n].have_ref;
		rv.mean = c.rows[c.n].ref_mean;
		rv.min = c.rows[c.n].ref_min;
		rv.max = c.rows[c.n].ref_max;
		r.verdict = &rv;	/* ktap: a FAIL is "not ok" */
		c.n++;
		report(ctx, &r);
	}
	if (expect)
		verdict_expect_warn_unused(expect, ex, nex);
	fprintf(stderr, "compare: %zu compared: %u PASS, %u WARN, %u FAIL, %u FAST, %u NO-REF, "
		"%u INVALID\n", c.n, counts[V_PASS], counts[V_WARN], counts[V_FAIL],
		counts[V_FAST], counts[V_NOREF], counts[V_INVALID]);
	ctx->rep->complete = 1;	/* a FAIL is a result: -o keeps the file */
	if (counts[V_FAIL])
		rc = EXIT_FAIL;
out:
	free(c.rows);
	free(ex);
	results_free(&newf);
	results_free(&oldf);
	return rc;
}

const struct applet applet_compare = {
	.name    = "compare",
	.summary = "results beside a board's published numbers or an earlier run",
	.flags   = APPLET_TOOL,
	.usage   = "usage: compare --board BOARD [--expect FILE] RESULTS.json\n"
		   "       compare [--expect FILE] OLD.json NEW.json\n"
		   "       compare --summary [--board BOARD] RESULTS.json\n"
		   "\n"
		   "Puts each result of a benchbox JSON file (-o run.json --format=json)\n"
		   "beside a reference and gives a verdict: with --board, the board's\n"
		   "published numbers (see 'benchbox boards', 'benchbox ref'); with two\n"
		   "files, the same measurement in OLD. Tolerance: the larger of the\n"
		   "published spread and 10%. PASS inside the published min..max, WARN\n"
		   "outside it but within tolerance (or against a low-confidence row),\n"
		   "FAIL worse than that, FAST better than that (usually a measurement\n"
		   "problem), NO-REF nothing to compare with, INVALID a result flagged\n"
		   "failed, skipped or throttled. --expect FILE: lines 'METRIC MIN MAX'\n"
		   "(# comments) that set the accepted band of those metrics; a\n"
		   "malformed line is an error naming its number, a metric that no\n"
		   "result and no reference row has a warning. Exit status 1 if\n"
		   "anything FAILs; 2 if a file cannot be read or is malformed (one\n"
		   "line naming the record and field). Default output: a verdict table\n"
		   "(verdicts in colour on a terminal); --format=csv|json: records with\n"
		   "the verdict first in the note. --summary prints what 'run quick'\n"
		   "prints, from the file: judged against --board, else against the\n"
		   "board the file records.\n",
	.opts    = opts,
	.unit    = "",
	.classic = &emit_verdict,
	.run     = compare_run,
};
