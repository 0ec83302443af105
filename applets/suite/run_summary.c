/* run_summary.c - what `run quick` prints on a terminal, and `compare
 * --summary` from a saved run: the verdict in words, the headline table,
 * every figure that is off with its reason, the counts, where the records
 * went
 *
 * SPDX-License-Identifier: MIT
 *
 * A suite's full records are a few hundred lines (every sweep point,
 * every sysinfo field); over a board's serial console nobody reads them.
 * The figures, the verdicts and their reasons are headline.c's; this file
 * adds the measured clock per cluster (sysinfo's cpu.model rows group
 * mhz's per-CPU rows) and lays it all out: every column as wide as its
 * contents, the headline table within 80 columns, colour only on a
 * terminal and not under NO_COLOR.
 */
#include "applet.h"
#include "compare.h"
#include "headline.h"
#include "refdata.h"
#include "results.h"
#include "run.h"
#include "sys.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { SUM_CLUSTERS = 8, SUM_CPUS = 256 };

struct run_summary {
	struct headline	*h;
	struct {
		char	model[48];
		char	cpus[48];	/* "0-3" as sysinfo gives it */
		unsigned char in[SYS_MAX_CPUS / 8];	/* those CPUs, a bit each */
	} cl[SUM_CLUSTERS];
	int		ncl;
	struct {
		int	cpu;
		double	mhz;
	} mhz[SUM_CPUS];
	int		nmhz;
};

struct run_summary *run_summary_new(void)
{
	struct run_summary *s = xcalloc(1, sizeof(*s));

	s->h = headline_new(NULL);
	return s;
}

void run_summary_free(struct run_summary *s)
{
	if (s)
		headline_free(s->h);
	free(s);
}

/* The cluster's CPU list (sysinfo's cpus= parameter, the last one: it
 * keeps its commas), as a bitmap; a list that does not parse leaves it
 * empty, so no CPU counts there. */
static void cluster_cpus(struct run_summary *s, const char *params)
{
	int *cpus = xcalloc(SYS_MAX_CPUS, sizeof(*cpus)), n, i;
	const char *list = params && !strncmp(params, "cpus=", 5) ? params + 5 : "";

	snprintf(s->cl[s->ncl].cpus, sizeof(s->cl[0].cpus), "%s", list);
	n = sys_parse_cpulist(list, cpus, SYS_MAX_CPUS);
	for (i = 0; i < n; i++)
		s->cl[s->ncl].in[cpus[i] / 8] |= (unsigned char)(1u << (cpus[i] % 8));
	free(cpus);
}

static int cpu_in(const struct run_summary *s, int c, int cpu)
{
	return cpu >= 0 && cpu < SYS_MAX_CPUS && (s->cl[c].in[cpu / 8] >> (cpu % 8) & 1);
}

void run_summary_see(struct run_summary *s, const struct result *r)
{
	const char *applet = r->applet ? r->applet : "";
	char buf[64];

	headline_see(s->h, r);
	if (!strcmp(applet, "sysinfo") && !strcmp(r->test, "cpu.model") && r->text &&
	    s->ncl < SUM_CLUSTERS) {
		snprintf(s->cl[s->ncl].model, sizeof(s->cl[0].model), "%s", r->text);
		cluster_cpus(s, r->params);
		s->ncl++;
	} else if (!strcmp(applet, "mhz") && !strcmp(r->test, "measured") && !r->text &&
		   s->nmhz < SUM_CPUS && params_value(r->params, "cpu", buf, sizeof(buf))) {
		s->mhz[s->nmhz].cpu = atoi(buf);
		s->mhz[s->nmhz++].mhz = r->value;
	}
}

/* A table: cells computed first, then every column as wide as its widest
 * cell (the third, the measured value, aligned right), so nothing is
 * cut and no line ends in blanks. */
enum { TAB_COLS = 6, TAB_CELL = 260 };

struct tab {
	char		(*c)[TAB_COLS][TAB_CELL];
	const char	**colour;	/* of the verdict column, per row */
	int		first, n, vcol;	/* rows [first, n) not printed yet */
};

static char *cell(struct tab *t, int row, int col)
{
	return t->c[row][col];
}

static void put(struct tab *t, int row, int col, const char *text)
{
	snprintf(t->c[row][col], TAB_CELL, "%s", text);
}

/* A new empty row: the table was made large enough for every row. */
static int tab_row(struct tab *t)
{
	t->colour[t->n] = "";
	return t->n++;
}

/* Print the rows not printed yet; a detail column (shrink >= 0) is cut so that
 * a line fits in 80 columns. */
static void tab_print(FILE *f, struct tab *t, int shrink)
{
	int w[TAB_COLS] = { 0 }, r, c, total = 0;

	for (r = t->first; r < t->n; r++)
		for (c = 0; c < TAB_COLS; c++)
			if ((int)strlen(t->c[r][c]) > w[c])
				w[c] = (int)strlen(t->c[r][c]);
	for (c = 0; c < TAB_COLS; c++)
		total += w[c] + (w[c] && c ? 1 + (c == t->vcol) : 0);
	if (shrink >= 0 && total > 80 && w[shrink] > total - 80)
		w[shrink] -= total - 80;
	for (r = t->first; r < t->n; r++) {
		int last = TAB_COLS - 1, any = 0;

		while (last && !*t->c[r][last])
			last--;		/* no blanks after the last cell */
		for (c = 0; c <= last; c++) {
			const char *k = c == t->vcol ? t->colour[r] : "";
			int pad = c == last ? 0 : w[c];

			if (w[c])
				fprintf(f, "%s%s%*.*s%s", !any++ ? "" : c == t->vcol ? "  " : " ", k,
					c == 2 ? pad : -pad, w[c], t->c[r][c], *k ? "\033[0m" : "");
		}
		fputc('\n', f);
	}
	t->first = t->n;
}

static const char *colour(int tty, enum verdict v)
{
	return tty ? verdict_colour(v) : "";
}

static void row_cells(struct tab *t, int tty, const struct hl_row *w)
{
	int r = tab_row(t);

	put(t, r, 0, w->label);
	put(t, r, 1, w->detail);
	format_value(w->value, cell(t, r, 2), TAB_CELL);
	put(t, r, 3, w->unit);
	put(t, r, 4, w->published);
	if (w->judged || w->bad_value) {
		put(t, r, 5, verdict_name(w->rv.out.v));
		t->colour[r] = colour(tty, w->rv.out.v);
	}
}

/* Each cluster's clock beside the board's published one (cpu_clock), by
 * compare's rule; shown, not counted (the counts are the records'). */
static void clock_cells(struct tab *t, int tty, const struct run_summary *s, const char *board)
{
	struct result_verdict rv;
	struct result r;
	struct hl_row w;
	char note[256];
	int c, i;

	memset(&r, 0, sizeof(r));
	r.applet = "mhz";
	r.test = "measured";
	r.unit = UNIT_MHZ;
	r.better = 1;
	r.metric = "cpu_clock";
	for (c = 0; c < (s->ncl ? s->ncl : 1); c++) {
		double sum = 0;
		int n = 0;

		for (i = 0; i < s->nmhz; i++) {
			if (s->ncl && !cpu_in(s, c, s->mhz[i].cpu))
				continue;
			sum += s->mhz[i].mhz;
			n++;
		}
		if (!n)
			continue;
		r.value = r.min = r.max = sum / n;
		if (board)
			compare_board_result(board, &r, &rv, note, sizeof(note));
		r.verdict = board ? &rv : NULL;
		headline_row(&w, &r);
		snprintf(w.label, sizeof(w.label), "CPU clock");
		if (s->ncl)
			snprintf(w.detail, sizeof(w.detail), "cpu %.8s %.12s", s->cl[c].cpus,
				 s->cl[c].model);
		else
			snprintf(w.detail, sizeof(w.detail), "%d CPUs", n);
		row_cells(t, tty, &w);
	}
}

static void headline_table(FILE *f, struct tab *t, int tty, const struct run_summary *s,
			   const struct run_totals *tot)
{
	const struct hl_row *rows;
	size_t n = headline_rows(s->h, &rows), i;
	int r;

	if (!n && !s->nmhz)
		return;
	r = tab_row(t);
	put(t, r, 2, "measured");
	if (tot->judged) {
		put(t, r, 4, "published");
		put(t, r, 5, "verdict");
	}
	clock_cells(t, tty, s, tot->board);
	for (i = 0; i < n; i++)
		row_cells(t, tty, &rows[i]);
	tab_print(f, t, 1);
}

/* Every issue with what it is beside and why; the FAST ones as names. */
static void issue_lines(FILE *f, struct tab *t, int tty, const struct run_summary *s)
{
	const struct hl_row *rows;
	size_t n = headline_issues(s->h, &rows), i;
	char v[32];
	int r;

	for (i = 0; i < n; i++) {
		const struct hl_row *w = &rows[i];
		enum verdict vd = w->rv.out.v;

		r = tab_row(t);
		put(t, r, 0, verdict_name(vd));
		t->colour[r] = colour(tty, vd);
		put(t, r, 1, w->label);
		if (!isnan(w->value))
			snprintf(cell(t, r, 2), TAB_CELL, "%s %s",
				 format_value(w->value, v, sizeof(v)), w->unit);
		if (*w->published)
			snprintf(cell(t, r, 3), TAB_CELL, "published %s", w->published);
		if (*w->published && w->rv.mean && !w->bad_value)
			snprintf(cell(t, r, 4), TAB_CELL, "%.2fx", w->value / w->rv.mean);
		put(t, r, 5, w->reason);
	}
	t->vcol = 0;
	tab_print(f, t, -1);
	t->vcol = 5;
	n = headline_fast(s->h, &rows);
	for (i = 0; i < n; i++)
		fprintf(f, "%s%s%s", i ? ", " : "FAST (better than published by more than the "
			"tolerance: usually a measurement problem): ", rows[i].label,
			i + 1 == n ? "\n" : "");
}

static void counts_line(FILE *f, const struct run_summary *s, const struct run_totals *t,
			const char *verdict)
{
	unsigned vc[V_COUNT];
	const char *dash = strstr(verdict, ": ");

	headline_counts(s->h, vc);
	if (!t->judged) {
		fprintf(f, "%s\n", verdict);
		return;
	}
	/* the verdict word again, then what it counts */
	fprintf(f, "%.4s - %u PASS, %u WARN, %u FAIL, %u FAST, %u NO-REF, %u INVALID against %s\n",
		dash ? dash + 2 : "", vc[V_PASS], vc[V_WARN], vc[V_FAIL], vc[V_FAST], vc[V_NOREF],
		vc[V_INVALID], t->against);
}

static int use_colour(FILE *f)
{
	const char *no = getenv("NO_COLOR");

	return isatty(fileno(f)) && (!no || !*no);
}

void run_summary_print(FILE *f, const struct run_summary *s, const struct run_totals *t)
{
	struct tab tab = { .vcol = 5 };
	const struct hl_row *rows;
	const char *const *sus;
	size_t n = headline_suspects(s->h, &sus), i;
	int tty = use_colour(f);
	char verdict[1024];

	i = 1 + SUM_CLUSTERS + headline_rows(s->h, &rows) + headline_issues(s->h, &rows);
	tab.c = xcalloc(i, sizeof(*tab.c));
	tab.colour = xcalloc(i, sizeof(*tab.colour));

	headline_set_board(s->h, t->judged ? t->against : NULL);
	headline_verdict_line(s->h, t->board_why, verdict, sizeof(verdict));
	fprintf(f, "%s\n", verdict);
	for (i = 0; i < n; i++)
		fprintf(f, "suspect: %s\n", sus[i]);
	headline_table(f, &tab, tty, s, t);
	issue_lines(f, &tab, tty, s);
	counts_line(f, s, t, verdict);
	fprintf(f, "%u tests: %u passed, %u failed, %u skipped, %u throttled; %.1f s\n",
		t->run, t->passed, t->failed, t->skipped, t->throttled, t->wall);
	if (t->output)
		fprintf(f, "full records: %s\n", t->output);
	else
		fprintf(f, "full records: not kept (-o FILE keeps them, --verbose prints them)\n");
	free(tab.c);
	free(tab.colour);
}

/* The run's tally from its "run" records (tests, passed, ..., wall). */
static void file_tally(struct run_totals *t, const struct result *r)
{
	static const char *const names[] = { "tests", "passed", "failed", "skipped",
					     "throttled" };
	unsigned *to[] = { &t->run, &t->passed, &t->failed, &t->skipped, &t->throttled };
	size_t i;

	if (strcmp(r->applet, "run") || r->text || isnan(r->value))
		return;
	for (i = 0; i < ARRAY_LEN(names); i++)
		if (!strcmp(r->test, names[i]))
			*to[i] = (unsigned)r->value;
	if (!strcmp(r->test, "wall"))
		t->wall = r->value;
}

int run_summary_file(const char *path, const char *board)
{
	const struct ref_board *b = NULL;
	struct results_file rf = { 0 };
	struct run_totals t = { 0 };
	struct run_summary *s;
	unsigned vc[V_COUNT];
	size_t i;

	if (results_load(path, &rf))
		return EXIT_USAGE;
	if (!board)
		board = results_board(&rf);
	if (board && !(b = ref_board(board))) {
		errorf("--board: unknown board '%s' (see 'benchbox boards')", board);
		results_free(&rf);
		return EXIT_USAGE;
	}
	s = run_summary_new();
	for (i = 0; i < rf.n; i++) {
		struct result_verdict rv;
		struct result r;
		char note[256];

		results_rec_result(&rf.recs[i], &r);
		file_tally(&t, &r);
		if (board && r.metric && !r.text) {
			compare_board_result(board, &r, &rv, note, sizeof(note));
			r.verdict = &rv;
		}
		run_summary_see(s, &r);
	}
	t.judged = board != NULL;
	t.against = t.board = b ? b->alias : NULL;	/* as a person types it */
	t.board_why = "";
	t.output = path;
	run_summary_print(stdout, s, &t);
	headline_counts(s->h, vc);
	run_summary_free(s);
	results_free(&rf);
	return vc[V_FAIL] ? EXIT_FAIL : EXIT_OK;
}
