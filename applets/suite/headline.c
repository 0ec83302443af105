/* headline.c - the answer a person reads: the headline figures, the board
 * verdict in words, a reason for every verdict that is not a PASS
 *
 * SPDX-License-Identifier: MIT
 *
 * One pass over the records keeps three lists: the headline table (a
 * fixed list of figures a bring-up engineer looks at first), the issues
 * (every judged WARN, FAIL or INVALID, and every value that cannot be
 * right, judged or not) and the FAST rows. A value that cannot be right
 * (a failed test, a throttled one, one too fast for the timer, a time at
 * or below zero) counts as INVALID whatever its verdict, so that the
 * counts are exactly what the lists show.
 */
#include "bench.h"
#include "headline.h"
#include "refdata.h"
#include "util.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The headline figures, in the order printed. A spec matches a record by
 * its metric, or (metric NULL) by applet and test. */
static const struct hl_spec {
	const char	*label, *detail;
	const char	*metric, *applet, *test;
} hl_specs[] = {
	{ "DRAM read",      "bw_mem rd, 16 MiB",    "bw_mem-rd-16mb", NULL, NULL },
	{ "DRAM write",     "bw_mem wr, 16 MiB",    "bw_mem-wr-16mb", NULL, NULL },
	{ "DRAM copy",      "bw_mem cp, 16 MiB",    "bw_mem-cp-16mb", NULL, NULL },
	{ "STREAM triad",   "a = b + 3c",           "triad", NULL, NULL },
	{ "DRAM latency",   "random pages",         NULL, "lat_mem_rd", "rd_random" },
	{ "L1 latency",     "512 B, stride 128",    "lat_mem_rd-stride128-sz50", NULL, NULL },
	{ "L2 latency",     "256 KiB, stride 128",  "lat_mem_rd-stride128-sz250k", NULL, NULL },
	{ "Dhrystone",      "per MHz",              "dhrystone_per_mhz", NULL, NULL },
	{ "CoreMark-like",  "1 thread",             "coremark_like", NULL, NULL },
	{ "Linpack",        "n=100, double",        "linpack", NULL, NULL },
	{ "AES-128-CBC",    "16 KiB blocks",        "aes-128-cbc-16384", NULL, NULL },
	{ "SHA-256",        "16 KiB blocks",        "sha256-16384", NULL, NULL },
	{ "null syscall",   "lat_syscall null",     "lat_syscall-null", NULL, NULL },
	{ "context switch", "2 procs, 128 KiB",     "lat_ctx-2-128k", NULL, NULL },
};
enum { HL_COUNT = ARRAY_LEN(hl_specs) };

struct hl_list {
	struct hl_row	*row;
	size_t		n, cap;
};

struct headline {
	char		board[64];
	struct hl_row	hl[HL_COUNT];
	int		have[HL_COUNT];
	struct hl_row	table[HL_COUNT];	/* the rows seen, in order */
	size_t		ntable;
	struct hl_list	issues, fast;
	char		**sus;
	size_t		nsus;
	unsigned	counts[V_COUNT];
};

static const char suspect_words[] = "; measured under suspect conditions";

struct headline *headline_new(const char *board)
{
	struct headline *h = xcalloc(1, sizeof(*h));

	headline_set_board(h, board);
	return h;
}

void headline_set_board(struct headline *h, const char *board)
{
	const struct ref_board *b = board ? ref_board(board) : NULL;

	/* the alias a person types ("am62x"), not the guide's id */
	snprintf(h->board, sizeof(h->board), "%s", b ? b->alias : board ? board : "");
}

void headline_free(struct headline *h)
{
	size_t i;

	if (!h)
		return;
	for (i = 0; i < h->nsus; i++)
		free(h->sus[i]);
	free(h->sus);
	free(h->issues.row);
	free(h->fast.row);
	free(h);
}

static struct hl_row *list_insert(struct hl_list *l, size_t at)
{
	if (l->n == l->cap) {
		struct hl_row *n = xcalloc(l->cap = l->cap * 2 + 16, sizeof(*n));

		if (l->n)
			memcpy(n, l->row, l->n * sizeof(*n));
		free(l->row);
		l->row = n;
	}
	memmove(&l->row[at + 1], &l->row[at], (l->n - at) * sizeof(*l->row));
	l->n++;
	memset(&l->row[at], 0, sizeof(*l->row));
	return &l->row[at];
}

/* The unit a person reads, and what the value is multiplied by for it:
 * Linpack's KFLOPS are shown as MFLOPS beside the other scores. */
static double unit_shown(const char *unit, const char **shown)
{
	*shown = unit ? unit : "";
	if (strcmp(*shown, UNIT_KFLOPS))
		return 1;
	*shown = "MFLOPS";
	return 1e-3;
}

static unsigned all_flags(const struct result *r, const char **text)
{
	unsigned flags = r->flags;

	*text = note_flags(r->note ? r->note : "", &flags);
	return flags;
}

/* Why the value cannot be right, or NULL: a board changes nothing here. */
static const char *bad_why(const struct result *r, char *buf, size_t len)
{
	const char *text;
	unsigned flags = all_flags(r, &text);

	if (flags & REPORT_FAILED) {
		snprintf(buf, len, "the test failed: %s", *text ? text : "no reason given");
		return buf;
	}
	if (flags & REPORT_THROTTLED)
		return "throttled during the test";
	if (r->better < 0 && !r->text && r->value <= 0)
		return "value <= 0: the overhead subtraction failed";
	if (flags & BENCH_TOO_FAST)
		return "too fast to time: the iteration cap came before the shortest sample";
	return NULL;
}

static void published(const struct result_verdict *rv, double k, char *buf, size_t len)
{
	char a[32], b[32];

	*buf = 0;
	if (!rv || !rv->have_ref)
		return;
	if (isnan(rv->min) || isnan(rv->max) || rv->min == rv->max)
		snprintf(buf, len, "%s", format_value(rv->mean * k, a, sizeof(a)));
	else
		snprintf(buf, len, "%s-%s", format_value(rv->min * k, a, sizeof(a)),
			 format_value(rv->max * k, b, sizeof(b)));
}

void headline_reason(const struct result *r, const struct result_verdict *rv, char *buf,
		     size_t len)
{
	const char *why = bad_why(r, buf, len), *unit;
	double k = unit_shown(r->unit, &unit);
	char pub[48];

	if (why) {
		if (why != buf)
			snprintf(buf, len, "%s", why);
		return;
	}
	*buf = 0;
	if (!rv || rv->out.v == V_PASS)
		return;
	if (rv->out.v == V_NOREF || !rv->have_ref) {
		snprintf(buf, len, "no published value");
		return;
	}
	if (rv->out.v == V_INVALID) {
		snprintf(buf, len, "%s", *rv->out.why ? rv->out.why : "not comparable");
		return;
	}
	published(rv, k, pub, sizeof(pub));
	snprintf(buf, len, "%.0f%% %s the published %s %s%s%s%s", fabs(rv->out.delta) * 100,
		 rv->out.delta < 0 ? "below" : "above", pub, unit,
		 rv->low_confidence ? ": reference row is low-confidence (" : "",
		 rv->low_confidence ? rv->out.why : "", rv->low_confidence ? ")" : "");
}

static int spec_of(const struct result *r)
{
	const char *metric = r->metric && *r->metric ? r->metric : NULL;
	const char *applet = r->applet ? r->applet : "";
	int i;

	for (i = 0; i < HL_COUNT; i++) {
		const struct hl_spec *s = &hl_specs[i];

		if (s->metric ? metric && !strcmp(s->metric, metric)
			      : !strcmp(s->applet, applet) && !strcmp(s->test, r->test))
			return i;
	}
	return -1;
}

/* "64m" (lmbench's sizes are binary) as "64 MiB" */
static void size_words(const char *params, char *buf, size_t len)
{
	char sz[32];
	uint64_t n = 0;

	*buf = 0;
	if (!params_value(params, "size", sz, sizeof(sz)) || parse_size(sz, &n) || !n)
		return;
	if (!(n % (1u << 20)))
		snprintf(buf, len, ", %llu MiB", (unsigned long long)(n >> 20));
	else if (!(n % 1024))
		snprintf(buf, len, ", %llu KiB", (unsigned long long)(n >> 10));
	else
		snprintf(buf, len, ", %llu B", (unsigned long long)n);
}

static void fill(struct hl_row *w, const struct result *r, int spec)
{
	const char *unit;
	double k = unit_shown(r->unit, &unit);
	char sz[32];

	if (spec >= 0) {
		size_words(hl_specs[spec].metric ? "" : r->params, sz, sizeof(sz));
		snprintf(w->label, sizeof(w->label), "%s", hl_specs[spec].label);
		snprintf(w->detail, sizeof(w->detail), "%s%s", hl_specs[spec].detail, sz);
	} else if (r->metric && *r->metric) {
		snprintf(w->label, sizeof(w->label), "%s", r->metric);
	} else {
		snprintf(w->label, sizeof(w->label), "%s %s", r->applet ? r->applet : "", r->test);
		snprintf(w->detail, sizeof(w->detail), "%s", r->params ? r->params : "");
	}
	snprintf(w->metric, sizeof(w->metric), "%s", r->metric ? r->metric : "");
	w->value = r->value * k;
	snprintf(w->unit, sizeof(w->unit), "%s", unit);
	w->judged = r->verdict != NULL;
	if (w->judged)
		w->rv = *r->verdict;
	published(r->verdict, k, w->published, sizeof(w->published));
	headline_reason(r, r->verdict, w->reason, sizeof(w->reason));
	w->bad_value = bad_why(r, sz, sizeof(sz)) != NULL;
	if (w->bad_value && w->judged)
		w->rv.out.v = V_INVALID;	/* whatever the band said */
}

static void mark_suspect(struct hl_row *w)
{
	size_t n = strlen(w->reason);

	w->suspect = 1;
	snprintf(w->reason + n, sizeof(w->reason) - n, "%s", *w->reason ? suspect_words
						      : suspect_words + 2);
}

static void see_suspect(struct headline *h, const char *text)
{
	char **n;
	size_t i;

	for (i = 0; i < h->nsus; i++)
		if (!strcmp(h->sus[i], text))
			return;
	if (!h->nsus)		/* the issues so far were measured under it too */
		for (i = 0; i < h->issues.n; i++)
			mark_suspect(&h->issues.row[i]);
	n = xcalloc(h->nsus + 1, sizeof(*n));
	if (h->nsus)
		memcpy(n, h->sus, h->nsus * sizeof(*n));
	free(h->sus);
	h->sus = n;
	h->sus[h->nsus++] = xstrdup(text);
}

/* FAIL first, then what cannot be right, then WARN */
static int rank(const struct hl_row *w)
{
	return w->rv.out.v == V_FAIL && !w->bad_value ? 0 : w->bad_value ||
	       w->rv.out.v == V_INVALID ? 1 : 2;
}

static void see_issue(struct headline *h, const struct hl_row *w)
{
	size_t at = h->issues.n;
	struct hl_row *n;

	while (at && rank(&h->issues.row[at - 1]) > rank(w))
		at--;
	n = list_insert(&h->issues, at);
	*n = *w;
	if (h->nsus)
		mark_suspect(n);
}

void headline_see(struct headline *h, const struct result *r)
{
	int spec = spec_of(r), i;
	enum verdict v;
	struct hl_row w;

	if (!strcmp(r->test, "suspect")) {
		if (r->text && *r->text)
			see_suspect(h, r->text);
		return;
	}
	if (r->text && !(r->flags & REPORT_FAILED))
		return;
	memset(&w, 0, sizeof(w));
	fill(&w, r, spec);
	if (spec >= 0 && !r->text && !isnan(r->value)) {
		h->hl[spec] = w;	/* the last one wins: the largest size of a sweep */
		h->have[spec] = 1;
		for (h->ntable = 0, i = 0; i < HL_COUNT; i++)
			if (h->have[i])
				h->table[h->ntable++] = h->hl[i];
	}
	v = w.bad_value ? V_INVALID : w.rv.out.v;
	if (w.judged || w.bad_value)	/* a failed test is counted as it is listed */
		h->counts[v]++;
	if (w.bad_value || (w.judged && (v == V_WARN || v == V_FAIL || v == V_INVALID)))
		see_issue(h, &w);
	else if (w.judged && v == V_FAST)
		*list_insert(&h->fast, h->fast.n) = w;
}

size_t headline_rows(const struct headline *h, const struct hl_row **rows)
{
	*rows = h->table;
	return h->ntable;
}

size_t headline_issues(const struct headline *h, const struct hl_row **rows)
{
	*rows = h->issues.row;
	return h->issues.n;
}

size_t headline_fast(const struct headline *h, const struct hl_row **rows)
{
	*rows = h->fast.row;
	return h->fast.n;
}

size_t headline_suspects(const struct headline *h, const char *const **texts)
{
	*texts = (const char *const *)h->sus;
	return h->nsus;
}

void headline_counts(const struct headline *h, unsigned counts[V_COUNT])
{
	memcpy(counts, h->counts, sizeof(h->counts));
}

/* ", a, b" of the issues of rank want, as far as the buffer goes */
static size_t names(const struct headline *h, int want, char *buf, size_t len)
{
	size_t i, n = 0, at = strlen(buf);

	for (i = 0; i < h->issues.n; i++) {
		const struct hl_row *w = &h->issues.row[i];

		if (rank(w) != want)
			continue;
		if (at < len)
			at += (size_t)snprintf(buf + at, len - at, "%s%s", n ? ", " : ": ",
					       w->label);
		n++;
	}
	return n;
}

void headline_verdict_line(const struct headline *h, const char *board_why, char *buf,
			   size_t len)
{
	static const char *const what[] = {
		"below published", "values that cannot be right", "off the published range",
	};
	char part[3][400];
	size_t n[3];
	int i, worst = 3;

	if (!*h->board) {
		snprintf(buf, len, "no verdict: %s%s", board_why && *board_why ?
			 "no known board (" : "no board named (--board BOARD; 'benchbox boards'"
			 " lists them)", board_why && *board_why ? board_why : "");
		if (board_why && *board_why)
			snprintf(buf + strlen(buf), len - strlen(buf),
				 "; --board BOARD names one)");
		return;
	}
	for (i = 0; i < 3; i++) {
		*part[i] = 0;
		n[i] = names(h, i, part[i], sizeof(part[i]));
		if (n[i] && worst == 3)
			worst = i;
	}
	snprintf(buf, len, "%s%s%s%s: %s", h->board, board_why && *board_why ? " (" : "",
		 board_why && *board_why ? board_why : "", board_why && *board_why ? ")" : "",
		 worst == 0 ? "FAIL" : worst < 3 ? "WARN" : "PASS");
	if (worst == 3) {
		snprintf(buf + strlen(buf), len - strlen(buf), " - %s",
			 h->counts[V_PASS] ? "every judged figure inside its published range"
					   : "nothing had a published value");
		return;
	}
	for (i = worst; i < 3; i++)
		if (n[i] && strlen(buf) < len)
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%zu %s%s",
				 i == worst ? " - " : "; ", n[i], what[i], part[i]);
	if (worst == 0 && h->nsus && strlen(buf) < len)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s", suspect_words);
}
