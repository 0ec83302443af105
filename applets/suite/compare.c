/* compare.c - results beside a board's published numbers, or beside an
 * earlier run: what changed, and a verdict per metric
 *
 * SPDX-License-Identifier: MIT
 *
 *   compare --board BOARD [--expect FILE] RESULTS.json
 *   compare [--expect FILE] RESULTS.json	(the board its run named)
 *   compare [--expect FILE] OLD.json NEW.json
 *
 * With a board, every result that carries a guide metric is looked up in
 * the embedded reference data (src/refdata.h; "aes-128-cbc-16384" is also
 * tried as metric "aes-128-cbc" at size "16384") and judged by
 * src/verdict.h's rule; exit status 1 when anything FAILs. With two files
 * the question is what an update changed: first the system's facts that
 * differ (the context's version and kernel, sysinfo's texts and key
 * numbers, mhz's measured clocks), then each measurement of NEW beside the
 * same applet, test, kernel and params in OLD, REGRESSED or IMPROVED when
 * it moved by more than either run's own spread and 5%, regressions
 * first; exit status 1 when anything REGRESSED, so a boot test or CI job
 * can gate on it. The table's columns are sized from the rows, so they are
 * collected before it is printed. A file that cannot be read or is
 * malformed is a usage error (2), read by src/results.c as report reads
 * it.
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

#define OPTIONS(O) \
	O(BOARD, "board", OPT_STR, "judge against BOARD's published numbers", .letter = 'b', \
	  .metavar = "BOARD") \
	O(EXPECT, "expect", OPT_STR, "'METRIC MIN MAX' lines: those metrics' bands", \
	  .letter = 'e', .metavar = "FILE") \
	O(SUMMARY, "summary", OPT_BOOL, "print run's summary of RESULTS.json")
OPT_TABLE(compare, OPTIONS);

/* How NEW stands beside OLD; the table lists them in this order. */
enum change { C_REGRESSED, C_IMPROVED, C_SAME, C_OLD, C_NEW, C_INVALID, C_COUNT };

static const char *const change_word[C_COUNT] = {
	"REGRESSED", "IMPROVED", "SAME", "OLD-ONLY", "NEW-ONLY", "INVALID",
};

enum { NCOL = 6 };		/* the table's columns before the verdict */

struct cmp_row {
	struct verdict_out	vo;
	double			ref_mean, ref_min, ref_max;
	int			have_ref;
	const char		*why;		/* source / confidence remark */
	/* its line of the table: the cells, the verdict word and colour */
	char			cell[NCOL][96];
	const char		*word;
	int			colour;		/* the verdict whose colour it has, or -1 */
	int			cls;		/* enum change, with two files */
	const struct results_rec *rec;		/* the record judged; NULL: only in OLD */
};

struct cmp {
	struct cmp_row	*rows;
	size_t		n;
	int		pair;		/* OLD against NEW, not against a board */
	const struct results_file *oldf, *newf;	/* pair: the two files */
	unsigned	counts[C_COUNT];	/* pair: the rows of each kind */
};

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

/* The table is printed by print_tables() once every row is in, so that
 * its columns fit their content; the emitter only names the format. */
static const struct emitter emit_verdict = { .name = "verdict" };

static const char *const head[2][NCOL] = {
	{ "metric", "value", "unit", "reference (min..max)", "delta", "" },
	{ "metric", "params", "old", "new", "unit", "delta" },
};
static const char right[2][NCOL + 1] = { "01001", "001101" };	/* numbers */

static void print_row(FILE *f, const struct cmp_row *row, const size_t *w, int pair)
{
	int tty = row->colour >= 0 && verdict_colour_ok(f) && *verdict_colour(row->colour);
	int j;

	for (j = 0; j < NCOL - !pair; j++)
		fprintf(f, right[pair][j] == '1' ? "%*s " : "%-*s ", (int)w[j], row->cell[j]);
	fprintf(f, " %s%s%s%s%s\n", tty ? verdict_colour(row->colour) : "", row->word,
		tty ? "\033[0m" : "", *row->why ? "  " : "", row->why);
}

static void compare_facts(FILE *f, const struct results_file *o,
			  const struct results_file *n);

static void print_table(FILE *f, const struct cmp *c)
{
	struct cmp_row h = { .word = "verdict", .why = "", .colour = -1 };
	const unsigned *n = c->counts;
	size_t w[NCOL], i, j;
	int cls;

	for (j = 0; j < NCOL; j++) {
		snprintf(h.cell[j], sizeof(h.cell[j]), "%s", head[c->pair][j]);
		w[j] = strlen(h.cell[j]);
		for (i = 0; i < c->n; i++)
			if (strlen(c->rows[i].cell[j]) > w[j])
				w[j] = strlen(c->rows[i].cell[j]);
	}
	if (c->pair)
		compare_facts(f, c->oldf, c->newf);
	if (c->n)
		print_row(f, &h, w, c->pair);
	for (cls = 0; cls < C_COUNT; cls++)	/* REGRESSED first (a board's: all 0) */
		for (i = 0; i < c->n; i++)
			if (c->rows[i].cls == cls)
				print_row(f, &c->rows[i], w, c->pair);
	if (!c->pair)
		return;
	fprintf(f, "%u regressed, %u improved, %u same, %u only in OLD, %u only in NEW",
		n[C_REGRESSED], n[C_IMPROVED], n[C_SAME], n[C_OLD], n[C_NEW]);
	if (n[C_INVALID])
		fprintf(f, ", %u not comparable", n[C_INVALID]);
	fputc('\n', f);
}

/* To every output that has the table (stdout, -o FILE); 0 when none has. */
static int print_tables(struct emit_sink *rep, const struct cmp *c)
{
	int i, k = 0;

	for (i = 0; i < rep->nout; i++) {
		struct emit_out *o = &rep->out[i];

		if ((o->em ? o->em : rep->em) == &emit_verdict && !o->off && !o->err) {
			print_table(o->f, c);
			k++;
		}
	}
	return k;
}

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
	in->invalid |= !!(flags & (RESULT_FAILED | RESULT_SKIPPED | RESULT_THROTTLED));
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

/* Judge one result against the board; fills row and the record's note. */
static int judge_one(const struct results_rec *jr, const char *board,
		     struct verdict_expect *ex, int nex,
		     struct cmp_row *row, char *note, size_t notelen)
{
	struct verdict_in in = { jr->value, jr->better, jr->text != NULL };
	struct verdict_ref ref = { 0 };
	const struct verdict_expect *e = verdict_expect_find(ex, nex, jr->metric);

	ref.min = ref.max = NAN;
	row->why = "";
	board_verdict_ref(board, jr->metric, jr->unit, &ref, &row->why, &in.invalid);
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

/* The judged record as compare's own, for csv, json and ktap. */
static void report_row(struct run_ctx *ctx, const struct cmp_row *row, const char *note)
{
	struct result_verdict rv;
	struct result r;

	results_rec_result(row->rec, &r);
	r.applet = "compare";
	r.text = NULL;		/* judged as a number, or not at all */
	r.note = note;
	rv.out = row->vo;
	rv.out.why = row->why;
	rv.have_ref = row->have_ref;
	rv.mean = row->ref_mean;
	rv.min = row->ref_min;
	rv.max = row->ref_max;
	r.verdict = &rv;	/* ktap: a FAIL is "not ok" */
	emit_result(ctx, &r);
}

static void board_cells(struct cmp_row *row, const struct results_rec *jr)
{
	char m[32], lo[32], hi[32];

	snprintf(row->cell[0], sizeof(row->cell[0]), "%s%s%s", *jr->metric ? jr->metric : jr->test,
		 *jr->params ? " " : "", jr->params);
	format_value(jr->text ? NAN : jr->value, row->cell[1], sizeof(row->cell[1]));
	snprintf(row->cell[2], sizeof(row->cell[2]), "%s", jr->unit);
	strcpy(row->cell[3], "-");
	if (row->have_ref) {
		format_value(row->ref_mean, m, sizeof(m));
		if (isnan(row->ref_min))
			snprintf(row->cell[3], sizeof(row->cell[3]), "%s", m);
		else
			snprintf(row->cell[3], sizeof(row->cell[3]), "%s (%s..%s)", m,
				 format_value(row->ref_min, lo, sizeof(lo)),
				 format_value(row->ref_max, hi, sizeof(hi)));
		snprintf(row->cell[4], sizeof(row->cell[4]), "%+.1f%%", 100 * row->vo.delta);
	}
	row->word = verdict_name(row->vo.v);
	row->colour = row->vo.v;
}

static int compare_board(struct run_ctx *ctx, struct cmp *c, const char *board,
			 const char *from, const struct results_file *newf,
			 struct verdict_expect *ex, int nex)
{
	unsigned counts[V_COUNT] = { 0 };
	char note[256];
	size_t i;

	for (i = 0; i < newf->n; i++) {
		const struct results_rec *jr = &newf->recs[i];
		struct cmp_row *row = &c->rows[c->n];

		if (!*jr->metric)
			continue;	/* nothing to look up */
		counts[judge_one(jr, board, ex, nex, row, note, sizeof(note))]++;
		board_cells(row, jr);
		row->rec = jr;
		c->n++;
		report_row(ctx, row, note);
	}
	print_tables(ctx->rep, c);
	fprintf(stderr, "compare: %zu compared: %u PASS, %u WARN, %u FAIL, %u FAST, %u NO-REF, "
		"%u INVALID%s%s\n", c->n, counts[V_PASS], counts[V_WARN], counts[V_FAIL],
		counts[V_FAST], counts[V_NOREF], counts[V_INVALID], from ? " against " : "",
		from ? from : "");
	return counts[V_FAIL] ? EXIT_FAIL : EXIT_OK;
}

/* two files ---------------------------------------------------------------- */

/* Half a record's spread relative to its value: how far its own samples
 * already disagree. */
static double spread(const struct results_rec *x)
{
	double s = (x->max - x->min) / 2 / x->value;

	return isnan(s) ? 0 : fabs(s);
}

static int flagged(const struct results_rec *x)
{
	unsigned f = 0;

	note_flags(x->note, &f);	/* only the leading flags: the rest is prose */
	return !!(f & (RESULT_FAILED | RESULT_SKIPPED | RESULT_THROTTLED));
}

/* NEW beside OLD by the rule of the help: worse by more than the larger of
 * both runs' relative spreads and 5% is REGRESSED, better by as much
 * IMPROVED; an --expect band for the metric replaces that rule. */
static enum change change_of(const struct results_rec *o, const struct results_rec *n,
			     const struct verdict_expect *e, double *delta)
{
	int up;

	*delta = (n->value - o->value) / o->value;
	if (flagged(o) || flagged(n) || !(o->value > 0) || isnan(n->value) ||
	    o->better != n->better || !n->better)
		return C_INVALID;
	if (e) {
		if (n->value >= e->lo && n->value <= e->hi)
			return C_SAME;
		up = n->value > e->hi;
	} else {
		if (fabs(*delta) <= fmax(fmax(spread(o), spread(n)), 0.05))
			return C_SAME;
		up = *delta > 0;
	}
	return up == (n->better > 0) ? C_IMPROVED : C_REGRESSED;
}

/* A measurement to judge: sysinfo's records describe the system (the
 * changed: block) and run's are its tally; texts and constants are no
 * measurements either. */
static int is_metric(const struct results_rec *x)
{
	return strcmp(x->applet, "sysinfo") && strcmp(x->applet, "run") && !x->text && x->better;
}

/* Whether two params lists are the same but for the CPU a per-cluster
 * test was pinned to (cpu=N): the same cluster's figure on a board whose
 * first usable CPU of it was another. */
static int same_but_cpu(const char *a, const char *b)
{
	size_t n, m;

	for (;;) {
		if (!strncmp(a, "cpu=", 4))
			a += strcspn(a, ",");
		if (!strncmp(b, "cpu=", 4))
			b += strcspn(b, ",");
		a += *a == ',';
		b += *b == ',';
		if (!*a || !*b)
			return !*a && !*b;
		n = strcspn(a, ",");
		m = strcspn(b, ",");
		if (n != m || memcmp(a, b, n))
			return 0;
		a += n;
		b += m;
	}
}

/* Whether both records are of the same cluster, or of none */
static int same_cluster(const struct results_rec *x, const struct results_rec *y)
{
	char a[16], b[16];
	int ha = params_value(x->params, "cluster", a, sizeof(a)) != NULL;
	int hb = params_value(y->params, "cluster", b, sizeof(b)) != NULL;

	return ha == hb && (!ha || !strcmp(a, b));
}

/* x's measurement in f: the same applet, test, kernel and params; else
 * the same params but the CPU of the cluster (cpu=N); else, for a record
 * with a metric, the same applet, test, kernel, metric and cluster: a
 * count calibrated to the machine (whetstone's passes=190, then 173)
 * makes no other measurement, and one cluster's figure is never another's. */
static const struct results_rec *same(const struct results_file *f, const struct results_rec *x)
{
	const struct results_rec *y = results_find(f, x->applet, x->test, x->kernel, x->params);
	const struct results_rec *r;
	size_t i;
	int pass;

	for (pass = 0; pass < 2; pass++)
		for (i = 0; !y && i < f->n; i++) {
			r = &f->recs[i];
			if (results_find(f, x->applet, x->test, x->kernel, r->params) != r)
				continue;	/* another test's, or not the first */
			if (!pass ? same_but_cpu(x->params, r->params)
				  : *x->metric && !strcmp(r->metric, x->metric) && same_cluster(x, r))
				y = r;
		}
	return y;
}

/* The system facts named when unchanged: the context's first two, then
 * sysinfo's tests and mhz's measured clocks. sysinfo's other texts are
 * compared too but named only when they change; its other numbers
 * (mem.available, clock.overhead) move from run to run and are no facts. */
static const char *const keys[] = {
	"benchbox version", "kernel", "kernel.version", "kernel.cmdline", "cpu.model",
	"board", "mem.total", "cpus.usable", "cpufreq.governor", "cpufreq.max",
	"cpufreq.hw_max", "mhz",
};
enum { K_KERNEL = 1, K_CMDLINE = 3 };	/* their places in keys[] */

struct facts {
	FILE		*m;
	unsigned	n;			/* changes written */
	unsigned char	seen[ARRAY_LEN(keys)], changed[ARRAY_LEN(keys)];
};

static int key_of(const char *name)
{
	size_t k;

	for (k = 0; k < ARRAY_LEN(keys); k++)
		if (!strcmp(keys[k], name))
			return (int)k;
	return -1;
}

/* The words of a that b lacks, each written to f (unless NULL) with sign
 * before it; how many. */
static int words(FILE *f, const char *a, const char *b, int sign)
{
	const char *p, *q;
	size_t la, lb;
	int n = 0;

	for (p = a; *(p += strspn(p, " ")); p += la) {
		la = strcspn(p, " ");
		for (q = b; *(q += strspn(q, " ")); q += lb)
			if ((lb = strcspn(q, " ")) == la && !strncmp(p, q, la))
				break;
		if (!*q && ++n && f)
			fprintf(f, " %c%.*s", sign, (int)la, p);
	}
	return n;
}

/* One line per change; of two command lines (a few hundred characters
 * each) only the words that went and came: "-quiet +mitigations=off". */
static void fact(struct facts *s, int k, const char *name, const char *params,
		 const char *a, const char *b, int differ)
{
	if (k >= 0) {
		s->seen[k] = 1;
		s->changed[k] |= !!differ;
	}
	if (!differ)
		return;
	fprintf(s->m, "%s  %s%s%s:", s->n++ ? "" : "changed:\n", name, *params ? " " : "",
		params);
	if (k == K_CMDLINE && strcmp(a, "-") && strcmp(b, "-") &&
	    words(NULL, a, b, 0) + words(NULL, b, a, 0)) {
		words(s->m, a, b, '-');
		words(s->m, b, a, '+');
	} else {
		fprintf(s->m, " %s -> %s", a, b);
	}
	fputc('\n', s->m);
}

/* A record that describes the system rather than measures its speed, its
 * index in keys[] through *k; mhz's measured clock is both. */
static int is_fact(const struct results_rec *x, int *k)
{
	int sys = !strcmp(x->applet, "sysinfo");

	*k = key_of(sys ? x->test : x->applet);
	return sys ? x->text || *k >= 0 : *k >= 0 && !strcmp(x->test, "measured");
}

/* One fact of OLD (o) and NEW (n), either NULL when the other has it only. */
static void fact_rec(struct facts *s, const struct results_rec *o, const struct results_rec *n,
		     int k)
{
	const struct results_rec *x = n ? n : o;
	char v[2][600], num[32];
	double d;
	int differ, j;

	for (j = 0; j < 2; j++) {	/* a text, or a number and its unit */
		const struct results_rec *y = j ? n : o;

		strcpy(v[j], "-");
		if (y)
			snprintf(v[j], sizeof(v[j]), "%s%s%s",
				 y->text ? y->text : format_value(y->value, num, sizeof(num)),
				 !y->text && *y->unit ? " " : "", y->text ? "" : y->unit);
	}
	differ = strcmp(v[0], v[1]);
	if (differ && o && n && x->better)	/* a measured clock: by the metrics' rule */
		differ = change_of(o, n, NULL, &d) < C_SAME;
	fact(s, k, strcmp(x->applet, "sysinfo") ? x->applet : x->test, x->params, v[0], v[1],
	     differ);
}

static const char *ctx_str(const struct results_file *f, const char *key)
{
	const char *v = f->context ? json_get_str(f->context, key) : NULL;

	return v ? v : "-";
}

/* The changed: block (one line per difference) and the unchanged: line,
 * from the files' context objects and their facts. */
static void compare_facts(FILE *f, const struct results_file *o, const struct results_file *n)
{
	static const char *const ctxkey[2] = { "benchbox", "kernel" };
	struct facts s = { 0 };
	const char *sep = "unchanged: ";
	size_t i;
	int k, ctxkern, pass, want;

	s.m = f;
	for (k = 0; k < 2; k++) {
		const char *a = ctx_str(o, ctxkey[k]), *b = ctx_str(n, ctxkey[k]);

		if (strcmp(a, "-") || strcmp(b, "-"))
			fact(&s, k, keys[k], "", a, b, strcmp(a, b));
	}
	/* sysinfo's "Linux 6.6.3" says what the context's "6.6.3" does */
	ctxkern = s.seen[K_KERNEL];
	/* in keys[]' order, whatever the files' (sysinfo's changes with
	 * versions), the other texts last; NEW's facts, then those only OLD has */
	for (want = 0; want <= (int)ARRAY_LEN(keys); want++)
		for (pass = 0; pass < 2; pass++)
			for (i = 0; i < (pass ? o : n)->n; i++) {
				const struct results_rec *x = &(pass ? o : n)->recs[i];
				const struct results_rec *y = same(pass ? n : o, x);

				if (is_fact(x, &k) && (k < 0 ? (int)ARRAY_LEN(keys) : k) == want &&
				    !(k == K_KERNEL && ctxkern) && !(pass && y))
					fact_rec(&s, pass ? x : y, pass ? NULL : x, k);
			}
	for (k = 0; k < (int)ARRAY_LEN(keys); k++)
		if (s.seen[k] && !s.changed[k]) {
			fprintf(s.m, "%s%s", sep, keys[k]);
			sep = ", ";
		}
	fputs(*sep == ',' ? "\n\n" : s.n ? "\n" : "", s.m);
}

/* One row: NEW's record n beside OLD's o (either may be NULL). */
static void add_pair(struct cmp *c, const struct results_rec *o, const struct results_rec *n,
		     struct verdict_expect *ex, int nex)
{
	static const enum verdict as_verdict[C_COUNT] = {	/* for ktap */
		V_FAIL, V_FAST, V_PASS, V_NOREF, V_NOREF, V_INVALID,
	};
	const struct results_rec *x = n ? n : o;
	const struct verdict_expect *e = n ? verdict_expect_find(ex, nex, n->metric) : NULL;
	struct cmp_row *row = &c->rows[c->n];

	c->n++;
	row->rec = n;
	row->why = e ? "--expect" : "";
	row->cls = !n ? C_OLD : !o ? C_NEW : (int)change_of(o, n, e, &row->vo.delta);
	c->counts[row->cls]++;
	row->vo.v = as_verdict[row->cls];
	row->word = change_word[row->cls];
	row->colour = row->cls == C_REGRESSED ? V_FAIL : row->cls == C_IMPROVED ? V_PASS : -1;
	row->have_ref = o != NULL;
	row->ref_mean = row->ref_min = row->ref_max = NAN;
	if (o) {
		row->ref_mean = o->value;
		row->ref_min = o->min;
		row->ref_max = o->max;
	}
	snprintf(row->cell[0], sizeof(row->cell[0]), "%s%s%s", *x->metric ? x->metric : x->applet,
		 *x->metric ? "" : " ", *x->metric ? "" : x->test);
	snprintf(row->cell[1], sizeof(row->cell[1]), "%s%s%s", x->kernel,
		 *x->kernel && *x->params ? " " : "", x->params);
	format_value(row->ref_mean, row->cell[2], sizeof(row->cell[2]));
	format_value(n ? n->value : NAN, row->cell[3], sizeof(row->cell[3]));
	snprintf(row->cell[4], sizeof(row->cell[4]), "%s", x->unit);
	if (row->cls <= C_SAME)
		snprintf(row->cell[5], sizeof(row->cell[5]), "%+.1f%%", 100 * row->vo.delta);
}

static int compare_pair(struct run_ctx *ctx, struct cmp *c, const struct results_file *oldf,
			const struct results_file *newf, struct verdict_expect *ex, int nex)
{
	char note[256], num[32];
	size_t i;
	int pass, cls;

	c->pair = 1;
	c->oldf = oldf;
	c->newf = newf;
	for (pass = 0; pass < 2; pass++)	/* NEW's records, then those only OLD has */
		for (i = 0; i < (pass ? oldf : newf)->n; i++) {
			const struct results_rec *x = &(pass ? oldf : newf)->recs[i];
			const struct results_rec *y = same(pass ? newf : oldf, x);

			if (is_metric(x) && !(pass && y))
				add_pair(c, pass ? x : y, pass ? NULL : x, ex, nex);
		}
	for (cls = 0; cls < C_COUNT; cls++) {	/* in the table's order */
		for (i = 0; i < c->n; i++) {
			const struct cmp_row *row = &c->rows[i];

			if (row->cls != cls || !row->rec)
				continue;	/* not its turn, or nothing of NEW's */
			snprintf(note, sizeof(note), "%s", row->word);
			if (row->cls <= C_SAME)
				snprintf(note, sizeof(note), "%s: old %s, %+.1f%%%s%s", row->word,
					 format_value(row->ref_mean, num, sizeof(num)),
					 100 * row->vo.delta, *row->why ? "; " : "", row->why);
			report_row(ctx, row, note);
		}
	}
	if (!print_tables(ctx->rep, c)) {	/* csv, json, ktap: the person's part */
		struct cmp none = *c;

		none.n = 0;
		print_table(stderr, &none);
	}
	return c->counts[C_REGRESSED] ? EXIT_FAIL : EXIT_OK;
}

int board_unknown(const char *what, const char *name)
{
	const struct ref_board *b;
	struct near n = { name };
	char hint[96];
	size_t i;

	for (i = 0; (b = ref_board_at(i)); i++) {
		near_see(&n, b->alias);
		near_see(&n, b->id);
	}
	if (!*near_hint(&n, hint, sizeof(hint)))
		snprintf(hint, sizeof(hint), " (see 'benchbox boards')");
	errorf("%sunknown board '%s'%s", what, name, hint);
	return near_best(&n) != NULL;
}

/* One file without --board: the board its run judged against, as report
 * takes it; NULL after a usage message when it names none we know. */
static const char *file_board(const struct results_file *f, const char *path)
{
	const char *b = results_board(f);
	char what[300];

	snprintf(what, sizeof(what), "%s: ", path);
	if (!b)
		errorf("%s names no board: give --board BOARD or a second file", path);
	else if (!ref_board(b))
		board_unknown(what, b);
	else
		return b;
	return NULL;
}

static int compare_run(struct run_ctx *ctx)
{
	const char *board = opt_str(ctx, BOARD), *expect = opt_str(ctx, EXPECT);
	const char *from = NULL;
	struct results_file newf = { 0 }, oldf = { 0 };
	struct verdict_expect *ex = NULL;
	struct cmp c = { 0 };
	int nex = 0, rc = EXIT_USAGE;

	if (opt_int(ctx, SUMMARY)) {
		ctx->rep->silent = 1;	/* the summary is the output */
		if (ctx->argc == 1)
			return run_summary_file(ctx->argv[0], board);
		errorf("usage: compare --summary [--board BOARD] RESULTS.json");
		return EXIT_USAGE;
	}
	if (ctx->argc < 1 || ctx->argc > 2 || (board && ctx->argc != 1)) {
		errorf("usage: compare [--board BOARD] RESULTS.json, or compare OLD.json NEW.json");
		return EXIT_USAGE;
	}
	if (board && !ref_board(board)) {
		board_unknown("--board: ", board);
		return EXIT_USAGE;
	}
	if (expect && (nex = verdict_expect_load(expect, &ex)) < 0)
		return EXIT_USAGE;
	/* a file named on the command line that is no results file: usage */
	if ((ctx->argc == 2 && results_load(ctx->argv[0], &oldf)) ||
	    results_load(ctx->argv[ctx->argc - 1], &newf))
		goto out;
	if (ctx->argc == 1 && !board && !(board = from = file_board(&newf, ctx->argv[0])))
		goto out;
	c.rows = xcalloc(newf.n + oldf.n + 1, sizeof(*c.rows));
	if (board)
		rc = compare_board(ctx, &c, board, from, &newf, ex, nex);
	else
		rc = compare_pair(ctx, &c, &oldf, &newf, ex, nex);
	if (expect)
		verdict_expect_warn_unused(expect, ex, nex);
	ctx->rep->complete = 1;	/* a FAIL is a result: -o keeps the file */
out:
	free(c.rows);
	free(ex);
	results_free(&newf);
	results_free(&oldf);
	return rc;
}

TEXT(compare_summary, "results beside a board's published numbers or an earlier run");
TEXT(compare_usage,
	"usage: compare [OPTIONS] RESULTS.json | OLD.json NEW.json\n"
	"\n"
	"Reads benchbox JSON results (-o FILE of any applet or of run). One file\n"
	"is judged against --board's published numbers, else the board its run\n"
	"named: PASS inside the published min..max, WARN within the larger of\n"
	"their spread and 10% (or a low-confidence row), FAIL worse, FAST better,\n"
	"NO-REF no reference, INVALID a failed, skipped or throttled result. Two\n"
	"files: what changed in the system (kernel, CPU, board, memory, clocks),\n"
	"then NEW's results beside OLD's, REGRESSED or IMPROVED by more than the\n"
	"larger of both runs' spreads and 5%, else SAME. --summary prints what\n"
	"'run quick' prints, from the file.\n");

TEXT(compare_exits,
	"Exit status: 0 ok, 1 a result FAILed or REGRESSED, 2 usage error, a bad\n"
	"file, or one file that names no board.\n");

const struct applet applet_compare = {
	.name    = "compare",
	.summary = TEXT_PTR(compare_summary),
	.flags   = APPLET_TOOL,
	.usage   = TEXT_PTR(compare_usage),
	.exits   = TEXT_PTR(compare_exits),
	.opts    = opts,
	.unit    = "",
	.classic = &emit_verdict,
	.run     = compare_run,
};
