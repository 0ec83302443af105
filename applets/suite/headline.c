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
#include "compare.h"
#include "headline.h"
#include "sys.h"
#include "util.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The headline figures, in the order printed. A spec matches a record by
 * its metric, or (metric NULL) by applet and test; a SoC spec (all) only a
 * record of several copies or threads (P=N or threads=N, N > 1), the
 * others only one of one. */
static const struct hl_spec {
	const char	*label, *detail;
	const char	*metric, *applet, *test;
	const char	*each;		/* a SoC spec's detail ends "N each": how
					   many CPUs, threads or copies (its first
					   word's plural 's' dropped for 1) */
} hl_specs[] = {
	{ "DRAM read",      "bw_mem rd, 16 MiB",    "bw_mem-rd-16mb", NULL, NULL, NULL },
	{ "DRAM write",     "bw_mem wr, 16 MiB",    "bw_mem-wr-16mb", NULL, NULL, NULL },
	{ "DRAM copy",      "bw_mem cp, 16 MiB",    "bw_mem-cp-16mb", NULL, NULL, NULL },
	{ "STREAM triad",   "a = b + 3c",           "triad", NULL, NULL, NULL },
	{ "DRAM latency",   "random pages",         NULL, "lat_mem_rd", "rd_random", NULL },
	{ "L1 latency",     "512 B, stride 128",    "lat_mem_rd-stride128-sz50", NULL, NULL, NULL },
	{ "L2 latency",     "256 KiB, stride 128",  "lat_mem_rd-stride128-sz250k", NULL, NULL, NULL },
	{ "Dhrystone",      "per MHz",              "dhrystone_per_mhz", NULL, NULL, NULL },
	{ "CoreMark-like",  "1 thread",             "coremark_like", NULL, NULL, NULL },
	{ "Linpack",        "n=100, double",        "linpack", NULL, NULL, NULL },
	{ "AES-128-CBC",    "16 KiB blocks",        "aes-128-cbc-16384", NULL, NULL, NULL },
	{ "SHA-256",        "16 KiB blocks",        "sha256-16384", NULL, NULL, NULL },
	{ "null syscall",   "lat_syscall null",     "lat_syscall-null", NULL, NULL, NULL },
	{ "context switch", "2 procs, 128 KiB",     "lat_ctx-2-128k", NULL, NULL, NULL },
	{ "SoC DRAM read",  "membw rd, ",           NULL, "membw", "rd", " CPUs" },
	{ "SoC DRAM copy",  "membw copy, ",         NULL, "membw", "copy", " CPUs" },
	{ "SoC STREAM",     "triad, ",              NULL, "stream", "triad", " threads" },
	{ "SoC loaded lat", "random, ",             NULL, "lat_mem_rd", "rd_random", " readers" },
	{ "SoC Dhrystone",  "",                     NULL, "dhrystone", "dmips", " copies, one per CPU" },
	{ "SoC CoreMark",   "",                     NULL, "coremark", "coremark", " copies, one per CPU" },
};
enum { HL_COUNT = ARRAY_LEN(hl_specs), HL_SUSPECTS = 16, HL_CPUS = 256 };

struct hl_list {
	struct hl_row	*row;
	size_t		n, cap;
};

struct headline {
	char		board[64];
	struct hl_row	table[HL_COUNT * HL_CLUSTERS];	/* the rows seen, in hl_specs'
							   order, a cluster's after another's */
	signed char	spec[HL_COUNT * HL_CLUSTERS];	/* each one's index there */
	signed char	tcl[HL_COUNT * HL_CLUSTERS];	/* and its cluster, -1 none */
	size_t		ntable;
	struct hl_list	issues, by[V_COUNT];	/* FAST, PASS, NO-REF */
	char		wire[HL_SUSPECTS][120];	/* wiring's problems: "NAME: SEEN" */
	unsigned	nunmet;		/* of them, --expect pins that did not hold */
	unsigned	nlead;		/* those among the kept, first */
	unsigned	nwire;			/* all of them (a few kept) */
	char		sus[HL_SUSPECTS][160];	/* a few kinds, before and after */
	char		suskey[HL_SUSPECTS][64];
	const char	*susp[HL_SUSPECTS];
	size_t		nsus;
	unsigned	counts[V_COUNT];
	struct {			/* sysinfo's cluster rows, else its cpu.model rows */
		char		model[48];
		char		cpus[48];	/* "0-3" as sysinfo gives it */
		unsigned char	in[SYS_MAX_CPUS / 8];	/* those CPUs, a bit each */
	} cl[HL_CLUSTERS];
	int		ncl;
	int		by_cluster;	/* cl[] is sysinfo's clusters, cl[K] cluster K */
	struct {			/* mhz's measured rows */
		int	cpu;
		double	mhz;
	} mhz[HL_CPUS];
	int		nmhz;
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
	snprintf(h->board, sizeof(h->board), "%s", board ? board : "");
}

void headline_free(struct headline *h)
{
	int i;

	if (!h)
		return;
	free(h->issues.row);
	for (i = 0; i < V_COUNT; i++)
		free(h->by[i].row);
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
	return &l->row[at];	/* the caller fills it */
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

/* Whether the value cannot be right, and why into buf: a board changes
 * nothing here. */
static int bad_why(const struct result *r, char *buf, size_t len)
{
	const char *text, *why;
	unsigned flags = all_flags(r, &text);

	if (flags & RESULT_FAILED) {
		snprintf(buf, len, "the test failed: %s", *text ? text : "no reason given");
		return 1;
	}
	why = flags & RESULT_THROTTLED ? "throttled during the test" :
	      r->better < 0 && !r->text && r->value <= 0 ?
	      "value <= 0: the overhead subtraction failed" : flags & BENCH_TOO_FAST ?
	      "too fast to time: the iteration cap came before the shortest sample" : NULL;
	if (why)
		snprintf(buf, len, "%s", why);
	return why != NULL;
}

/* How many copies or threads a record is of (P=N or threads=N), or for
 * lat_mem_rd --loaded how many CPUs were reading (load=N); 0 for none */
static int64_t copies(const struct result *r)
{
	char v[16];
	int64_t n;

	if (!params_value(r->params, "load", v, sizeof(v)) &&
	    !params_value(r->params, "P", v, sizeof(v)) &&
	    !params_value(r->params, "threads", v, sizeof(v)))
		return 0;
	return parse_int(v, &n) || n < 0 ? 0 : n;
}

/* Whether a record is of several copies or threads (N > 1), or of
 * lat_mem_rd --loaded (load=N, any N: its last, the most loaded, is the
 * row) */
static int of_all(const struct result *r)
{
	char v[16];

	return params_value(r->params, "load", v, sizeof(v)) || copies(r) > 1;
}

static int spec_of(const struct result *r)
{
	const char *metric = r->metric && *r->metric ? r->metric : NULL;
	const char *applet = r->applet ? r->applet : "";
	int i, all = of_all(r);

	for (i = 0; i < HL_COUNT; i++) {
		const struct hl_spec *s = &hl_specs[i];

		if (s->metric ? metric && !strcmp(s->metric, metric)
			      : !strcmp(s->applet, applet) && !strcmp(s->test, r->test) &&
				!!s->each == all)
			return i;
	}
	return -1;
}

/* "64m" (lmbench's sizes are binary) as "64 MiB" */
static void size_words(const char *params, char *buf, size_t len)
{
	char sz[32];
	uint64_t n = 0;
	int sh = 20;

	*buf = 0;
	if (!params_value(params, "size", sz, sizeof(sz)) || parse_size(sz, &n))
		return;
	while (sh && n % (1ull << sh))
		sh -= 10;
	snprintf(buf, len, ", %llu %s", (unsigned long long)(n >> sh),
		 sh ? sh > 10 ? "MiB" : "KiB" : "B");
}

/* The reason; the published figures stand beside it in every output */
static void reason(struct hl_row *w, const struct result *r)
{
	const struct result_verdict *rv = &w->rv;
	double d = (w->value - rv->mean) / rv->mean;

	if ((w->bad_value = bad_why(r, w->reason, sizeof(w->reason))) || !w->judged ||
	    rv->out.v == V_PASS)
		return;
	if (rv->out.v == V_NOREF || rv->out.v == V_INVALID || !rv->have_ref)
		snprintf(w->reason, sizeof(w->reason), "%s", rv->out.v == V_INVALID &&
			 *rv->out.why ? rv->out.why : "no published value");
	else
		snprintf(w->reason, sizeof(w->reason), rv->low_confidence ? "%.0f%% %s the published "
			 "mean%s: reference row is low-confidence (%s)" : "%.0f%% %s the published "
			 "mean%s", fabs(d) * 100, d < 0 ? "below" : "above", rv->out.v == V_WARN &&
			 !rv->low_confidence ? ", outside its range, within tolerance" :
			 ", beyond tolerance", rv->out.why);
}

static void fill(struct hl_row *w, const struct result *r, int spec)
{
	const char *unit, *p = r->params ? r->params : "";
	double k = unit_shown(r->unit, &unit);
	char sz[32], a[32], b[32];

	memset(w, 0, sizeof(*w));
	if (spec >= 0) {
		const struct hl_spec *s = &hl_specs[spec];

		if (s->each) {
			int64_t n = copies(r);
			size_t w1 = strcspn(s->each + 1, ",") + 1;

			snprintf(sz, sizeof(sz), "%lld%.*s%s", (long long)n,
				 (int)w1 - (n == 1 && s->each[w1 - 1] == 's'), s->each, s->each + w1);
		} else
			size_words(s->metric ? "" : p, sz, sizeof(sz));
		snprintf(w->label, sizeof(w->label), "%s", s->label);
		snprintf(w->detail, sizeof(w->detail), "%s%s", s->detail, sz);
	} else if (r->metric && *r->metric) {
		snprintf(w->label, sizeof(w->label), "%s", r->metric);
	} else {	/* a test's status row: its command line */
		p = !strcmp(r->test, "status") ? strncmp(p, "args=", 5) ? "" : p + 5 : r->test;
		snprintf(w->label, sizeof(w->label), "%s%s%s", r->applet ? r->applet : "",
			 *p ? " " : "", p);
	}
	snprintf(w->metric, sizeof(w->metric), "%s", r->metric ? r->metric : "");
	w->value = r->value * k;
	snprintf(w->unit, sizeof(w->unit), "%s", unit);
	if ((w->judged = r->verdict != NULL)) {
		w->rv = *r->verdict;
		w->rv.mean *= k;	/* in the unit shown, as value is */
		w->rv.min *= k;
		w->rv.max *= k;
		if (w->rv.have_ref)
			format_value(w->rv.mean, w->published, sizeof(w->published));
		if (w->rv.have_ref && w->rv.min < w->rv.max)	/* false for NaN */
			snprintf(w->published, sizeof(w->published), "%s-%s",
				 format_value(w->rv.min, a, sizeof(a)),
				 format_value(w->rv.max, b, sizeof(b)));
	}
	reason(w, r);
	if (w->bad_value)
		w->rv.out.v = V_INVALID;	/* whatever the band said, board or not */
}

void headline_reason(const struct result *r, const struct result_verdict *rv, char *buf,
		     size_t len)
{
	struct result x = *r;
	struct hl_row w;

	x.verdict = rv;
	fill(&w, &x, -1);
	snprintf(buf, len, "%s", w.reason);
}

static void mark_suspect(struct hl_row *w)
{
	size_t n = strlen(w->reason);

	w->suspect = 1;
	snprintf(w->reason + n, sizeof(w->reason) - n, "%s", *w->reason ? suspect_words
						      : suspect_words + 2);
}

/* One condition is said once, as first seen: run's check before the
 * tests, sysinfo's and run's after them say it again, in other numbers
 * ("cpu1 100% busy", then 97%). The same one: the same kind (what=) and
 * the same first word (cpu1, thermal_zone0, cpu0-3, load). */
static void see_suspect(struct headline *h, const struct result *r)
{
	char key[64], what[24] = "";
	size_t i;

	params_value(r->params, "what", what, sizeof(what));
	snprintf(key, sizeof(key), "%s %.*s", what, (int)strcspn(r->text, " "), r->text);
	for (i = 0; i < h->nsus; i++)
		if (!strcmp(h->suskey[i], key))
			return;
	if (!h->nsus)		/* the issues so far were measured under it too */
		for (i = 0; i < h->issues.n; i++)
			mark_suspect(&h->issues.row[i]);
	if (h->nsus == HL_SUSPECTS)
		return;
	snprintf(h->sus[h->nsus], sizeof(h->sus[0]), "%s", r->text);
	snprintf(h->suskey[h->nsus], sizeof(h->suskey[0]), "%s", key);
	h->susp[h->nsus] = h->sus[h->nsus];
	h->nsus++;
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

/* A cluster's CPU list as a bitmap; a list that does not parse leaves it
 * empty, so no CPU counts there. */
static void add_cluster(struct headline *h, const char *model, const char *list)
{
	int *cpus = xcalloc(SYS_MAX_CPUS, sizeof(*cpus)), n, i;

	memset(&h->cl[h->ncl], 0, sizeof(h->cl[0]));
	snprintf(h->cl[h->ncl].model, sizeof(h->cl[0].model), "%s", model);
	snprintf(h->cl[h->ncl].cpus, sizeof(h->cl[0].cpus), "%s", list);
	n = sys_parse_cpulist(list, cpus, SYS_MAX_CPUS);
	for (i = 0; i < n; i++)
		h->cl[h->ncl].in[cpus[i] / 8] |= (unsigned char)(1u << (cpus[i] % 8));
	free(cpus);
	h->ncl++;
}

/* sysinfo's cpu.model row: its cpus= parameter, the last one (it keeps
 * its commas). Its cluster rows replace these: cluster=K,cpus=LIST and
 * "4x Cortex-A76, cpu4-7, max 2400 MHz", the model between "x " and ",". */
static void see_cluster(struct headline *h, const struct result *r)
{
	const char *p = r->params ? r->params : "", *m;
	char list[48] = "", k[16], model[48];

	if (!strcmp(r->test, "cluster")) {
		if (!params_value(p, "cluster", k, sizeof(k)) || atoi(k) != h->ncl * h->by_cluster ||
		    !params_value(p, "cpus", list, sizeof(list)))
			return;		/* cluster K is cl[K], or none is kept */
		if (!h->by_cluster)
			h->ncl = 0;
		h->by_cluster = 1;
		m = strstr(r->text, "x ");
		snprintf(model, sizeof(model), "%.*s", m ? (int)strcspn(m + 2, ",") : 0,
			 m ? m + 2 : "");
		/* the list is cut at its first comma by params_value: "0,2" */
		list[0] = '\0';
		m = strstr(p, "cpus=");
		snprintf(list, sizeof(list), "%.*s", (int)(strstr(m, ",usable=") ?
			 strstr(m, ",usable=") - m - 5 : (ptrdiff_t)strlen(m + 5)), m + 5);
		add_cluster(h, model, list);
	} else if (!h->by_cluster) {
		add_cluster(h, r->text, !strncmp(p, "cpus=", 5) ? p + 5 : "");
	}
}

/* The clocks are kept aside; their records are judged as any other. */
static void see_clock(struct headline *h, const struct result *r)
{
	const char *applet = r->applet ? r->applet : "";
	char buf[16];

	if (!strcmp(applet, "sysinfo") && (!strcmp(r->test, "cpu.model") ||
					   !strcmp(r->test, "cluster")) && r->text &&
	    (h->ncl < HL_CLUSTERS || (!h->by_cluster && !strcmp(r->test, "cluster"))))
		see_cluster(h, r);
	else if (!strcmp(applet, "mhz") && !strcmp(r->test, "measured") && !r->text &&
		 h->nmhz < HL_CPUS && params_value(r->params, "cpu", buf, sizeof(buf))) {
		h->mhz[h->nmhz].cpu = atoi(buf);
		h->mhz[h->nmhz++].mhz = r->value;
	}
}

static int cpu_in(const struct headline *h, int c, int cpu)
{
	return cpu >= 0 && cpu < SYS_MAX_CPUS && (h->cl[c].in[cpu / 8] >> (cpu % 8) & 1);
}

size_t headline_clocks(const struct headline *h, const char *board, struct hl_row *rows,
		       size_t max)
{
	struct result_verdict rv;
	struct result r;
	char note[256];
	size_t got = 0;
	int c, i;

	memset(&r, 0, sizeof(r));
	r.applet = "mhz";
	r.test = "measured";
	r.unit = UNIT_MHZ;
	r.better = 1;
	r.metric = "cpu_clock";
	for (c = 0; c < (h->ncl ? h->ncl : 1); c++) {
		double sum = 0;
		int n = 0;

		for (i = 0; i < h->nmhz; i++)
			if (!h->ncl || cpu_in(h, c, h->mhz[i].cpu)) {
				sum += h->mhz[i].mhz;
				n++;
			}
		if (!n)
			continue;
		if (got++ >= max)
			continue;
		r.value = r.min = r.max = sum / n;
		if (board)
			compare_board_result(board, &r, &rv, note, sizeof(note));
		r.verdict = board ? &rv : NULL;
		fill(&rows[got - 1], &r, -1);
		snprintf(rows[got - 1].label, sizeof(rows[0].label), "CPU clock");
		if (h->by_cluster && h->ncl > 1)
			snprintf(rows[got - 1].detail, sizeof(rows[0].detail), "cluster %d, cpu%.8s %.16s",
				 c, h->cl[c].cpus, h->cl[c].model);
		else if (h->ncl)
			snprintf(rows[got - 1].detail, sizeof(rows[0].detail), "cpu %.8s %.12s",
				 h->cl[c].cpus, h->cl[c].model);
		else
			snprintf(rows[got - 1].detail, sizeof(rows[0].detail), "%d CPUs", n);
	}
	return got;
}

/* A per-cluster row's detail: the spec's and the cluster, whose name the
 * CPU clock rows above give */
static void cluster_detail(int cl, struct hl_row *w)
{
	size_t n = strlen(w->detail);

	snprintf(w->detail + n, sizeof(w->detail) - n, ", cluster %d", cl);
}

void headline_see(struct headline *h, const struct result *r)
{
	int spec = spec_of(r), cl;
	char buf[16];
	size_t i;
	enum verdict v;
	struct hl_row w;

	see_clock(h, r);
	if (r->applet && !strcmp(r->applet, "wiring")) {	/* its findings, not figures */
		int unmet = params_value(r->params, "expect", buf, sizeof(buf)) &&
			    !strcmp(buf, "unmet");
		unsigned kept = h->nwire < HL_SUSPECTS ? h->nwire : HL_SUSPECTS, at;

		h->nunmet += unmet;
		if (!r->text || !params_value(r->params, "grade", buf, sizeof(buf)) ||
		    strcmp(buf, "problem"))
			return;
		/* what a pin said first (the board's maintainer named it), in
		 * their order, then the rest as the checks made them */
		at = unmet ? h->nlead++ : kept;
		if (at < HL_SUSPECTS) {
			memmove(h->wire[at + 1], h->wire[at],
				((kept < HL_SUSPECTS ? kept : HL_SUSPECTS - 1) - at) * sizeof(h->wire[0]));
			snprintf(h->wire[at], sizeof(h->wire[0]), "%.40s: %.64s", r->test, r->text);
		}
		h->nwire++;
		return;
	}
	if (!strcmp(r->test, "suspect")) {
		if (r->text && *r->text)
			see_suspect(h, r);
		return;
	}
	if (r->text && !(r->flags & RESULT_FAILED))
		return;
	fill(&w, r, spec);
	cl = params_value(r->params, "cluster", buf, sizeof(buf)) ? atoi(buf) : -1;
	if (cl < -1 || cl >= HL_CLUSTERS)
		cl = -1;
	if (spec >= 0 && !r->text && !isnan(r->value)) {
		for (i = 0; i < h->ntable && (h->spec[i] < spec ||
					     (h->spec[i] == spec && h->tcl[i] < cl)); i++)
			;
		if (i == h->ntable || h->spec[i] != spec || h->tcl[i] != cl) {
			memmove(&h->table[i + 1], &h->table[i], (h->ntable - i) * sizeof(w));
			memmove(&h->spec[i + 1], &h->spec[i], h->ntable - i);
			memmove(&h->tcl[i + 1], &h->tcl[i], h->ntable++ - i);
		}
		if (cl >= 0)
			cluster_detail(cl, &w);
		h->table[i] = w;	/* the last one wins: the largest size of a sweep */
		h->spec[i] = (signed char)spec;
		h->tcl[i] = (signed char)cl;
	}
	v = w.bad_value ? V_INVALID : w.rv.out.v;
	if (w.judged || w.bad_value)	/* a failed test is counted as it is listed */
		h->counts[v]++;
	if (w.bad_value || (w.judged && (v == V_WARN || v == V_FAIL || v == V_INVALID)))
		see_issue(h, &w);
	else if (w.judged)		/* FAST, PASS, NO-REF */
		*list_insert(&h->by[v], h->by[v].n) = w;
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

size_t headline_named(const struct headline *h, enum verdict v, const struct hl_row **rows)
{
	*rows = h->by[v].row;
	return h->by[v].n;
}

size_t headline_suspects(const struct headline *h, const char *const **texts)
{
	*texts = h->susp;
	return h->nsus;
}

void headline_counts(const struct headline *h, unsigned counts[V_COUNT])
{
	memcpy(counts, h->counts, sizeof(h->counts));
}

/* "; N what: a, b" for the issues of rank want, as far as buf goes */
static void names(const struct headline *h, int want, const char *sep, char *buf, size_t len)
{
	static const char *const what[] = {
		"below published", "invalid", "off the published range",
	};
	static const enum verdict v[] = { V_FAIL, V_INVALID, V_WARN };
	size_t i, at = strlen(buf);

	if (!h->counts[v[want]])
		return;
	at += (size_t)snprintf(buf + at, len - at, "%s%u %s", sep, h->counts[v[want]], what[want]);
	for (i = 0, sep = ": "; i < h->issues.n && at < len; i++) {
		if (rank(&h->issues.row[i]) != want)
			continue;
		at += (size_t)snprintf(buf + at, len - at, "%s%s", sep, h->issues.row[i].label);
		sep = ", ";
	}
}

/* "; 2 wiring problems: cpus: 2 of 4 present online (0-1); ...", the
 * first four named */
static void wiring_words(const struct headline *h, char *buf, size_t len)
{
	size_t at = strlen(buf);
	unsigned i;

	if (!h->nwire || at >= len)
		return;
	at += (size_t)snprintf(buf + at, len - at, "; %u wiring problem%s", h->nwire,
			       h->nwire > 1 ? "s" : "");
	if (h->nunmet && at < len)	/* FAIL: what the board's maintainer pinned */
		at += (size_t)snprintf(buf + at, len - at, " (%u against --expect)", h->nunmet);
	for (i = 0; i < h->nwire && i < 4 && at < len; i++)	/* the rest: `wiring` */
		at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? "; " : ": ", h->wire[i]);
	if (h->nwire > 4 && at < len)
		snprintf(buf + at, len - at, "; %u more", h->nwire - 4);
}

void headline_verdict_line(const struct headline *h, const char *board_why, char *buf,
			   size_t len)
{
	const unsigned *c = h->counts;
	int worst = c[V_FAIL] ? 0 : c[V_INVALID] ? 1 : c[V_WARN] ? 2 : 3, i;

	if (!board_why)
		board_why = "";
	if (!*h->board) {
		snprintf(buf, len, *board_why ? "no verdict: no known board (%s; --board BOARD"
			 " names one)" : "no verdict: no board named (--board BOARD; 'benchbox"
			 " boards' lists them)%s", board_why);
		names(h, 1, "; ", buf, len);	/* what cannot be right needs no board */
		wiring_words(h, buf, len);
		return;
	}
	/* a board whose wiring is wrong passes nothing: WARN at least */
	snprintf(buf, len, "%s%s%s%s: %s", h->board, *board_why ? " (" : "", board_why,
		 *board_why ? ")" : "", worst == 0 || h->nunmet ? "FAIL" :
		 worst < 3 || h->nwire ? "WARN" :
		 "PASS - nothing off the published range");
	for (i = worst; i < 3; i++)
		names(h, i, i == worst ? " - " : "; ", buf, len);
	wiring_words(h, buf, len);
	if (h->nsus && strlen(buf) < len)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s", suspect_words);
}
