/* run_summary.c - what `run quick` prints on a terminal: one line per
 * headline figure, the verdict counts, where the records went
 *
 * SPDX-License-Identifier: MIT
 *
 * A suite's full records are a few hundred lines (every sweep point,
 * every sysinfo field); over a board's serial console nobody reads them.
 * The summary keeps, from the records as they pass, the figures a
 * bring-up engineer looks at first: the measured clock per cluster
 * (sysinfo's cpu.model rows group mhz's per-CPU rows), DRAM bandwidth and
 * latency, L1 and L2 latency, Dhrystone, CoreMark-like, Linpack, AES and
 * SHA-256 at 16 KiB, the null syscall and the context switch; each with
 * the board's published value and the verdict when the run judges. Then
 * every failed test and every other FAIL, so nothing bad hides, the
 * verdict counts first, the tests' tally, and where the records went.
 */
#include "compare.h"
#include "run.h"
#include "sys.h"
#include "util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The headline figures, in the order printed. A spec matches a record by
 * its metric, or (metric NULL) by applet and test. */
static const struct hl_spec {
	const char	*label, *detail;
	const char	*metric, *applet, *test;
} hl_specs[] = {
	{ "DRAM read",      "bw_mem rd, 16 MB",     "bw_mem-rd-16mb", NULL, NULL },
	{ "DRAM write",     "bw_mem wr, 16 MB",     "bw_mem-wr-16mb", NULL, NULL },
	{ "DRAM copy",      "bw_mem cp, 16 MB",     "bw_mem-cp-16mb", NULL, NULL },
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

struct hl_val {
	int			have;
	double			value;
	char			unit[16];
	char			detail[40];	/* overrides the spec's when set */
	int			judged;
	struct result_verdict	rv;
};

enum { SUM_CLUSTERS = 8, SUM_CPUS = 256, SUM_LINES = 8 };

struct run_summary {
	struct hl_val	hl[HL_COUNT];
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
	char		bad[SUM_LINES][200];	/* failed tests, other FAILs */
	int		nbad, more_bad;
};

struct run_summary *run_summary_new(void)
{
	return xcalloc(1, sizeof(struct run_summary));
}

void run_summary_free(struct run_summary *s)
{
	free(s);
}

static void add_bad(struct run_summary *s, const char *fmt, const char *a, const char *b,
		    const char *c)
{
	if (s->nbad == SUM_LINES) {
		s->more_bad++;
		return;
	}
	snprintf(s->bad[s->nbad++], sizeof(s->bad[0]), fmt, a, b, c);
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
	const char *metric = r->metric && *r->metric ? r->metric : NULL;
	const char *applet = r->applet ? r->applet : "";
	char buf[64], v[32], sz[32];
	size_t i;

	if (r->flags & REPORT_FAILED && !strcmp(r->test, "status")) {
		const char *args = r->params && !strncmp(r->params, "args=", 5) ?
				   r->params + 5 : "";

		add_bad(s, "FAILED  %s %s: %s", applet, args, r->note ? r->note : "");
		return;
	}
	if (r->verdict && r->verdict->out.v == V_FAIL) {
		int headline = 0;

		for (i = 0; i < HL_COUNT && metric; i++)
			headline |= hl_specs[i].metric && !strcmp(hl_specs[i].metric, metric);
		if (!headline)
			add_bad(s, "FAIL    %s %s %s", metric ? metric : r->test,
				format_value(r->value, v, sizeof(v)), r->unit ? r->unit : "");
	}
	if (!strcmp(applet, "sysinfo") && !strcmp(r->test, "cpu.model") && r->text &&
	    s->ncl < SUM_CLUSTERS) {
		snprintf(s->cl[s->ncl].model, sizeof(s->cl[0].model), "%s", r->text);
		cluster_cpus(s, r->params);
		s->ncl++;
		return;
	}
	if (!strcmp(applet, "mhz") && !strcmp(r->test, "measured") && !r->text &&
	    s->nmhz < SUM_CPUS && params_value(r->params, "cpu", buf, sizeof(buf))) {
		s->mhz[s->nmhz].cpu = atoi(buf);
		s->mhz[s->nmhz++].mhz = r->value;
		return;
	}
	if (r->text || isnan(r->value))
		return;
	for (i = 0; i < HL_COUNT; i++) {
		const struct hl_spec *h = &hl_specs[i];
		struct hl_val *hv = &s->hl[i];

		if (h->metric ? !metric || strcmp(h->metric, metric)
			      : strcmp(h->applet, applet) || strcmp(h->test, r->test))
			continue;
		hv->have = 1;		/* the last one wins: the largest size of a sweep */
		hv->value = r->value;
		snprintf(hv->unit, sizeof(hv->unit), "%s", r->unit ? r->unit : "");
		if (!h->metric)
			snprintf(hv->detail, sizeof(hv->detail), "%s, %s", h->detail,
				 params_value(r->params, "size", sz, sizeof(sz)) ? sz : "");
		hv->judged = r->verdict != NULL;
		if (r->verdict)
			hv->rv = *r->verdict;
	}
}

static void line(FILE *f, int tty, const char *label, const char *detail, double value,
		 const char *unit, int judged, const struct result_verdict *rv)
{
	char m[32], p[32] = "";

	format_value(value, m, sizeof(m));
	if (judged && rv->have_ref)
		format_value(rv->mean, p, sizeof(p));
	fprintf(f, "%-15s %-22s %10s %-9s %10s  %s%s%s\n", label, detail, m, unit, p,
		judged && tty ? verdict_colour(rv->out.v) : "", judged ? verdict_name(rv->out.v) : "",
		judged && tty && *verdict_colour(rv->out.v) ? "\033[0m" : "");
}

/* A cluster's clock beside the board's published one (cpu_clock), by
 * compare's rule; shown, not counted (the counts are the records'). */
static int clock_verdict(const char *board, double mhz, struct result_verdict *rv)
{
	struct result r;
	char note[256];

	memset(&r, 0, sizeof(r));
	r.applet = "mhz";
	r.test = "measured";
	r.unit = UNIT_MHZ;
	r.better = 1;
	r.value = r.min = r.max = mhz;
	r.metric = "cpu_clock";
	if (!board)
		return 0;
	compare_board_result(board, &r, rv, note, sizeof(note));
	return 1;
}

static void clock_lines(FILE *f, int tty, const struct run_summary *s, const char *board)
{
	char detail[64];
	struct result_verdict rv;
	int c, i, judged;

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
		if (s->ncl)
			snprintf(detail, sizeof(detail), "cpu %.8s %.12s", s->cl[c].cpus,
				 s->cl[c].model);
		else
			snprintf(detail, sizeof(detail), "%d CPUs", n);
		judged = clock_verdict(board, sum / n, &rv);
		line(f, tty, "CPU clock", detail, sum / n, UNIT_MHZ, judged, &rv);
	}
}

void run_summary_print(FILE *f, const struct run_summary *s, const struct run_totals *t)
{
	int tty = isatty(fileno(f)), i, any = 0;
	const unsigned *vc = t->verdicts;

	for (i = 0; i < HL_COUNT; i++)
		any |= s->hl[i].have;
	if (t->board_why && *t->board_why && t->judged)
		fprintf(f, "board: %s, found by its %s\n", t->against, t->board_why);
	if (any || s->nmhz) {
		fprintf(f, "%-15s %-22s %10s %-9s %10s  %s\n", "", "", "measured", "",
			t->judged ? "published" : "", t->judged ? "verdict" : "");
		clock_lines(f, tty, s, t->board);
	}
	for (i = 0; i < HL_COUNT; i++) {
		const struct hl_val *hv = &s->hl[i];

		if (hv->have)
			line(f, tty, hl_specs[i].label, *hv->detail ? hv->detail : hl_specs[i].detail,
			     hv->value, hv->unit, hv->judged, &hv->rv);
	}
	for (i = 0; i < s->nbad; i++)
		fprintf(f, "%s\n", s->bad[i]);
	if (s->more_bad)
		fprintf(f, "... and %d more failures (see the records)\n", s->more_bad);
	if (t->judged)
		fprintf(f, "%u PASS, %u WARN, %u FAIL, %u FAST, %u NO-REF, %u INVALID against %s\n",
			vc[V_PASS], vc[V_WARN], vc[V_FAIL], vc[V_FAST], vc[V_NOREF], vc[V_INVALID],
			t->against);
	else if (t->board_why && *t->board_why)
		fprintf(f, "no verdicts: no known board (%s; --board BOARD names one)\n",
			t->board_why);
	else
		fprintf(f, "no verdicts: no board (--board BOARD; 'benchbox boards' lists them)\n");
	fprintf(f, "%u tests: %u passed, %u failed, %u skipped, %u throttled; %.1f s\n",
		t->run, t->passed, t->failed, t->skipped, t->throttled, t->wall);
	if (t->output)
		fprintf(f, "full records: %s\n", t->output);
	else
		fprintf(f, "full records: not kept (-o FILE keeps them, --verbose prints them)\n");
}
