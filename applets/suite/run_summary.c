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

struct run_summary {
	struct headline	*h;
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

void run_summary_see(struct run_summary *s, const struct result *r)
{
	headline_see(s->h, r);
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

/* Each cluster's clock beside the board's published one */
static void clock_cells(struct tab *t, int tty, const struct run_summary *s, const char *board)
{
	struct hl_row w[HL_CLUSTERS];
	size_t n = headline_clocks(s->h, board, w, HL_CLUSTERS), i;

	for (i = 0; i < n; i++)
		row_cells(t, tty, &w[i]);
}

static void headline_table(FILE *f, struct tab *t, int tty, const struct run_summary *s,
			   const struct run_totals *tot)
{
	const struct hl_row *rows;
	size_t n = headline_rows(s->h, &rows), i;
	int r;

	if (!n && !headline_clocks(s->h, NULL, NULL, 0))
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

/* The rows of one verdict as a line of names, so that every one counted
 * is seen */
static void named(FILE *f, const struct run_summary *s, enum verdict v, const char *head)
{
	const struct hl_row *rows;
	size_t n = headline_named(s->h, v, &rows), i;

	for (i = 0; i < n; i++)
		fprintf(f, "%s%s%s", i ? ", " : head, i ? "" : ": ", rows[i].label);
	if (n)
		fputc('\n', f);
}

/* Every issue with what it is beside and why; the others as names. */
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
	named(f, s, V_FAST, "FAST (better than published beyond tolerance: often a measurement problem)");
	named(f, s, V_PASS, "PASS");
	named(f, s, V_NOREF, "NO-REF (nothing published)");
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

void run_summary_print(FILE *f, const struct run_summary *s, const struct run_totals *t)
{
	struct tab tab = { .vcol = 5 };
	const struct hl_row *rows;
	const char *const *sus;
	size_t n = headline_suspects(s->h, &sus), i;
	int tty = verdict_colour_ok(f);
	char verdict[1024];

	i = 1 + HL_CLUSTERS + headline_rows(s->h, &rows) + headline_issues(s->h, &rows);
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
		board_unknown("--board: ", board);
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
