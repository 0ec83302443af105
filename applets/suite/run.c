/* run.c - the suite runner: run quick, run guide, run all, run APPLET,...
 *
 * SPDX-License-Identifier: MIT
 *
 * A suite is a list of other applets' command lines (run_suites.c), of
 * measuring applets only (suite_check(): `run init` would start itself for
 * ever); `run APPLET,... -- ARGS` passes ARGS to each as the same words. Each
 * test runs in a forked child with --format=csv on a pipe (run_child.c);
 * its records are parsed back (run_rows.c) and printed through this run's
 * own emit sink, so --format and -o apply to the whole suite. A test that
 * crashes, is killed by a signal, overruns its budget or exits non-zero
 * adds a failed "status" row with the reason; one that cannot run here
 * (exit 77) a skipped row with the applet's reason. Around each test every
 * cpufreq policy's clock and the hottest thermal zone are read: a clock
 * that fell by more than 5%, or a temperature at or past the zone's lowest
 * passive/hot trip point, marks all the test's records "throttled". A test's
 * records are printed when it ends, so they carry that verdict. Before the
 * first test and after the last, the conditions that make results suspect
 * are records too (conditions.h), and so is a clock mhz measured under 90%
 * of its policy's maximum.
 * SIGINT, SIGTERM and SIGHUP kill the running test, keep the records so
 * far (and the -o file, with an "interrupted" row), and end the run with
 * the signal (status 128 + N).
 * --board and --expect judge each record that carries a guide metric as
 * compare does (src/verdict.h): the verdict leads the record's note and is
 * attached to it (struct result_verdict) for the emitters that show it,
 * such as ktap. An --expect line sets its metric's accepted band, over the
 * board's; without --board the expect lines alone judge, their midpoint
 * standing for the reference.
 */
#include "run.h"
#include "applet.h"
#include "boardid.h"
#include "compare.h"
#include "conditions.h"
#include "mhz.h"
#include "refdata.h"
#include "sys.h"
#include "topo.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define OPTIONS(O) \
	O(BOARD, "board", OPT_STR, "judge against BOARD's numbers (or auto, none)", \
	  .letter = 'b', .metavar = "BOARD") \
	O(EXPECT, "expect", OPT_STR, "'METRIC MIN MAX' lines: those metrics' bands", \
	  .letter = 'e', .metavar = "FILE") \
	O(LIST, "list", OPT_BOOL, "print the command lines the suite runs, and exit", \
	  .letter = 'l') \
	O(VERBOSE, "verbose", OPT_BOOL, "a suite's full records on stdout, not the summary", \
	  .letter = 'v') \
	O(BUDGET, "budget", OPT_DOUBLE, \
	  "a test's time limit before it is killed (quick 60, guide 300, else 900)", \
	  .min = 0.01, .max = 86400, .metavar = "SECONDS")
OPT_TABLE(run, OPTIONS);

/* The signal that interrupted the suite, 0 = none. A handler can reach
 * nothing else, hence the one mutable file-scope variable. */
static volatile sig_atomic_t run_stop;

static void on_stop(int sig)
{
	run_stop = sig;
}

static const int stop_sigs[] = { SIGINT, SIGTERM, SIGHUP };

struct test {
	char		**argv;		/* argv[0] = the applet */
	int		argc;
	char		*cmd;		/* the command line as shown */
	double		budget;
	const char	*skip;		/* not run, for this reason */
	int		cluster, cpu;	/* a per-cluster test's, else -1 */
	char		*skipwhy;	/* skip, when this test owns it */
};

struct plan {
	struct test	*t;
	size_t		n, cap;
	int		quick;		/* pass --quick to every test */
	const char	*kernel, *dir;	/* pass --kernel, --dir when set */
	double		budget;		/* the suite's default */
	int		cluster, cpu;	/* the tests added now: pinned, labelled */
	int		ncpus;		/* and their %cpus, -1: every usable CPU */
	char		cpus[128];	/* and their --cpu list when cpu < 0, or "" */
	char		**skips;	/* the skipped clusters' reasons (owned) */
	size_t		nskips;
};

struct tally {
	unsigned	run, passed, failed, skipped, throttled;
	int		wrong;		/* a self-check failed (exit 3) */
	unsigned	unmet;		/* wiring's findings an --expect pin said otherwise */
	const char	*board;		/* --board: results get verdicts */
	const char	*expect;	/* --expect FILE: so do its metrics */
	struct verdict_expect *ex;	/* its lines */
	int		nex;
	unsigned	verdicts[V_COUNT];
	struct run_summary *sum;	/* a suite on stdout: its summary, else NULL */
	char		board_why[512];	/* how the devicetree named the board, or
					   why it named none; "" = not looked */
	int		progress_tty;	/* progress rewrites one stderr line */
};

static int has_opt(const struct test *t, const char *name)
{
	size_t n = strlen(name);
	int i;

	for (i = 1; i < t->argc; i++)
		if (!strncmp(t->argv[i], name, n) && (!t->argv[i][n] || t->argv[i][n] == '='))
			return 1;
	return 0;
}

static void add_word(struct test *t, const char *w)
{
	t->argv = realloc(t->argv, ((size_t)t->argc + 2) * sizeof(*t->argv));
	if (!t->argv) {
		errorf("out of memory");
		abort();
	}
	t->argv[t->argc++] = xstrdup(w);
	t->argv[t->argc] = NULL;
}

/* 4 x the last-level cache in MiB, a power of two, at least 8 (64 unknown). */
static unsigned dram_mib(void)
{
	uint64_t llc = sys_llc_size();
	unsigned mib = 8;

	if (!llc)
		return 64;
	while ((uint64_t)mib << 20 < 4 * llc)
		mib *= 2;
	return mib;
}

static void add_opt_word(struct test *t, const char *name, const char *value)
{
	char *w = xmalloc(strlen(name) + strlen(value) + 2);

	sprintf(w, "%s=%s", name, value);
	add_word(t, w);
	free(w);
}

static void add_passed_on(struct plan *p, struct test *t)
{
	if (p->quick && !has_opt(t, "--quick"))
		add_word(t, "--quick");
	if (*p->kernel && !has_opt(t, "--kernel"))
		add_opt_word(t, "--kernel", p->kernel);
	if (*p->dir && !has_opt(t, "--dir"))
		add_opt_word(t, "--dir", p->dir);
	if ((p->cpu >= 0 || *p->cpus) && !has_opt(t, "--cpu")) {
		char n[16];

		snprintf(n, sizeof(n), "%d", p->cpu);
		add_opt_word(t, "--cpu", p->cpu >= 0 ? n : p->cpus);
	}
}

/* A word as a shell would need it: as it is, or in single quotes. */
static size_t shell_word(char *out, const char *w)
{
	size_t n = 0;

	if (*w && !w[strspn(w, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
			     "0123456789_./=,:%+@-")]) {
		if (out)
			memcpy(out, w, strlen(w));
		return strlen(w);
	}
	if (out)
		out[n] = '\'';
	n++;
	for (; *w; w++) {
		if (*w == '\'') {
			if (out)
				memcpy(out + n, "'\\''", 4);
			n += 4;
		} else {
			if (out)
				out[n] = *w;
			n++;
		}
	}
	if (out)
		out[n] = '\'';
	return n + 1;
}

/* The command line shown of t's words (-l, progress, status rows), quoted
 * where a word needs it */
static void test_cmd(struct test *t)
{
	size_t len = 1;
	int i;

	for (i = 0; i < t->argc; i++)
		len += shell_word(NULL, t->argv[i]) + 1;
	free(t->cmd);
	t->cmd = xcalloc(len, 1);
	for (i = 0, len = 0; i < t->argc; i++) {
		if (i)
			t->cmd[len++] = ' ';
		len += shell_word(t->cmd + len, t->argv[i]);
	}
}

/* The test's words, the global options passed on, into the plan; the
 * command line shown (-l, progress, status rows) quotes what needs it. */
static void plan_add_words(struct plan *p, char **words, int nwords, double budget,
			   const char *skip)
{
	struct test *t;
	int i;

	if (p->n == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 32;
		p->t = realloc(p->t, p->cap * sizeof(*p->t));
		if (!p->t) {
			errorf("out of memory");
			abort();
		}
	}
	t = &p->t[p->n++];
	memset(t, 0, sizeof(*t));
	for (i = 0; i < nwords; i++)
		add_word(t, words[i]);
	if (!skip)
		add_passed_on(p, t);
	test_cmd(t);
	t->budget = budget > 0 ? budget : p->budget;
	t->skip = skip;
	t->cluster = skip ? -1 : p->cluster;
	t->cpu = skip ? -1 : p->cpu;
}

/* A suite's command line: split into words on spaces, %dram replaced
 * (in a word too: --sizes=%dramm). */
static void plan_add(struct plan *p, const char *cmd, double budget, const char *skip)
{
	char *copy = xstrdup(cmd), *w, *save = NULL, num[80], *pct;
	char **words = xcalloc(strlen(cmd) / 2 + 2, sizeof(*words));
	char **nums = xcalloc(strlen(cmd) / 2 + 2, sizeof(*nums));
	int n = 0, i;

	for (w = strtok_r(copy, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
		if ((pct = strstr(w, "%dram")) != NULL && strlen(w) < 64) {
			snprintf(num, sizeof(num), "%.*s%u%s", (int)(pct - w), w, dram_mib(),
				 pct + 5);
			w = nums[n] = xstrdup(num);
		} else if ((pct = strstr(w, "%cpus")) != NULL && strlen(w) < 64) {
			snprintf(num, sizeof(num), "%.*s%d%s", (int)(pct - w), w,
				 p->ncpus >= 0 ? p->ncpus : topo_get()->nusable, pct + 5);
			w = nums[n] = xstrdup(num);
		}
		words[n++] = w;
	}
	plan_add_words(p, words, n, budget, skip);
	for (i = 0; i < n; i++)
		free(nums[i]);
	free(nums);
	free(words);
	free(copy);
}

/* cmd with its first {a,b,...} replaced by each choice in turn, recursively. */
static void plan_expand(struct plan *p, const char *cmd, double budget)
{
	const char *open = strchr(cmd, '{'), *close = open ? strchr(open, '}') : NULL;
	const char *alt;
	size_t pre, n;
	char *buf;

	if (!open || !close) {
		plan_add(p, cmd, budget, NULL);
		return;
	}
	pre = (size_t)(open - cmd);
	buf = xmalloc(strlen(cmd) + 1);
	for (alt = open + 1; alt < close; alt += n + 1) {
		n = strcspn(alt, ",}");
		if (alt + n > close)
			n = (size_t)(close - alt);
		sprintf(buf, "%.*s%.*s%s", (int)pre, cmd, (int)n, alt, close + 1);
		plan_expand(p, buf, budget);
	}
	free(buf);
}

/* The clusters a per-cluster test runs on: the first usable cluster of
 * each kind, into reps (their count). A kind no usable CPU can run gets a
 * skipped entry in the plan, once, with its reason. One kind: none (the
 * test runs as it is, wherever the scheduler puts it). */
static int plan_clusters(struct plan *p, int *reps)
{
	const struct topo *tp = topo_get();
	int i, j, n = 0, kinds = 0;
	char name[200], *why;

	for (i = 0; i < tp->n; i++)
		kinds += tp->c[i].kind == i;
	if (kinds < 2)
		return 0;
	for (i = 0; i < tp->n; i++) {
		if (tp->c[i].kind != i)
			continue;
		for (j = i; j < tp->n && !(tp->c[j].kind == i && tp->c[j].nusable); j++)
			;
		if (j < tp->n) {
			reps[n++] = j;
			continue;
		}
		topo_name(tp, i, name, sizeof(name));
		why = xmalloc(strlen(name) + 96);
		sprintf(why, "%s: no usable CPU (offline, or outside this process's CPU set)", name);
		plan_add(p, "cluster", 0, why);
		p->skips = realloc(p->skips, (p->nskips + 1) * sizeof(char *));
		if (!p->skips) {
			errorf("out of memory");
			abort();
		}
		p->skips[p->nskips++] = why;
	}
	return n;
}

/* A cluster-wide test, once for each cluster with two or more usable
 * CPUs, pinned to those CPUs; none for a cluster whose CPUs are all the
 * usable ones (the SoC-wide test is it). A cluster's one usable CPU is
 * what its per-cluster tests measure already. */
static void plan_each_cluster(struct plan *p, const struct suite_test *st)
{
	const struct topo *tp = topo_get();
	int *ok = xcalloc(TOPO_CPUS, sizeof(*ok)), n = sys_allowed_cpus(ok, TOPO_CPUS);
	int *in = xcalloc(TOPO_CPUS, sizeof(*in)), k, i, m;

	for (k = 0; k < tp->n; k++) {
		for (i = m = 0; i < n; i++)
			if (ok[i] >= 0 && ok[i] < TOPO_CPUS && tp->of[ok[i]] == k)
				in[m++] = ok[i];
		if (m < 2 || m == tp->nusable)
			continue;	/* none: a per-cluster test's skipped line says why */
		topo_cpulist(in, m, p->cpus, sizeof(p->cpus));
		p->cluster = k;
		p->ncpus = m;
		plan_expand(p, st->cmd, st->budget);
	}
	p->cluster = p->ncpus = -1;
	p->cpus[0] = 0;
	free(in);
	free(ok);
}

static void plan_suite(struct plan *p, const struct suite *s)
{
	int reps[TOPO_CLUSTERS], nreps = -1, k;
	size_t i;
	char cmd[256];

	p->budget = s->budget;
	if (s->tests) {
		for (i = 0; i < s->ntests; i++) {
			if ((s->tests[i].flags & (SUITE_ALL_CPUS | SUITE_EACH_CLUSTER)) &&
			    topo_get()->nusable < 2)
				continue;	/* one CPU: the single-core rows say it all */
			if (s->tests[i].flags & SUITE_EACH_CLUSTER) {
				plan_each_cluster(p, &s->tests[i]);
				continue;
			}
			if (!(s->tests[i].flags & SUITE_PER_CLUSTER) ||
			    !(nreps = nreps < 0 ? plan_clusters(p, reps) : nreps)) {
				plan_expand(p, s->tests[i].cmd, s->tests[i].budget);
				continue;
			}
			for (k = 0; k < nreps; k++) {
				p->cluster = reps[k];
				p->cpu = topo_get()->c[reps[k]].first_usable;
				plan_expand(p, s->tests[i].cmd, s->tests[i].budget);
			}
			p->cluster = p->cpu = -1;
		}
		return;
	}
	for (i = 0; i < applet_count; i++) {	/* all: the registry */
		const struct applet *a = applet_table[i];

		if (a->flags & APPLET_PENDING)
			continue;
		snprintf(cmd, sizeof(cmd), "%s %s", a->name, suite_default_args(a->name));
		plan_add(p, cmd, 0, suite_all_skip(a->name));
	}
}

/* The options that apply to the whole run, as the applet's own parser
 * (src/opt.c) would read ARGS; -1 after a message when ARGS hold one. ARGS
 * the parser refuses are left to the test, which fails with its message. */
static int per_test_args(const struct applet *a, int argc, char **argv)
{
	static const unsigned char whole_run[] = { GO_OUTPUT, GO_FORMAT, GO_HELP, GO_VERSION };
	const struct opt_spec *tabs[2] = { global_opts, a->opts };
	struct opt_val *vals[2];
	char err[256], **pos;
	size_t i;
	int rc = 0;

	vals[0] = xcalloc(GO_COUNT, sizeof(*vals[0]));
	vals[1] = xcalloc(opt_count(a->opts) + 1, sizeof(*vals[1]));
	pos = xcalloc((size_t)argc + 1, sizeof(*pos));
	if (opt_parse(2, tabs, vals, argc, argv, pos, err, sizeof(err)) < 0)
		goto out;
	for (i = 0; i < ARRAY_LEN(whole_run) && !rc; i++)
		if (vals[0][whole_run[i]].set) {
			errorf("-- ARGS: --%s is the whole run's: give it before --",
			       global_opts[whole_run[i]].name);
			rc = -1;
		}
	/* a server outlives its test, out of the run's budget and signals,
	 * and leaves no record: never a test */
	for (i = 0; a->opts && a->opts[i].name && !rc; i++)
		if ((a->opts[i].flags & OPT_SERVER) && vals[1][i].set) {
			errorf("-- ARGS: %s --%s is a server's option: run it on its own",
			       a->name, a->opts[i].name);
			rc = -1;
		}
out:
	free(pos);
	free(vals[1]);
	free(vals[0]);
	return rc;
}

/* "a,b,c" with ARGS, each word as it is (or each applet's default arguments). */
static int plan_list(struct plan *p, const char *list, int argc, char **argv)
{
	char *copy, *name, *save = NULL, err[400];
	char **words = xcalloc((size_t)argc + 2, sizeof(*words));

	p->budget = 900;
	if (suite_check(list, err, sizeof(err))) {
		errorf("%s", err);
		free(words);
		return -1;
	}
	copy = xstrdup(list);
	for (name = strtok_r(copy, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		const struct applet *a = applet_find(name);

		if (argc && per_test_args(a, argc, argv))
			break;
		if (!argc) {
			char *cmd = xmalloc(strlen(name) + strlen(suite_default_args(name)) + 2);

			sprintf(cmd, "%s %s", name, suite_default_args(name));
			plan_add(p, cmd, 0, NULL);
			free(cmd);
			continue;
		}
		words[0] = name;
		memcpy(words + 1, argv, (size_t)argc * sizeof(*words));
		plan_add_words(p, words, argc + 1, 0, NULL);
	}
	free(copy);
	free(words);
	return name ? -1 : 0;
}

static void plan_free(struct plan *p)
{
	size_t i;
	int j;

	for (i = 0; i < p->n; i++) {
		for (j = 0; j < p->t[i].argc; j++)
			free(p->t[i].argv[j]);
		free(p->t[i].argv);
		free(p->t[i].cmd);
		free(p->t[i].skipwhy);
	}
	free(p->t);
	for (i = 0; i < p->nskips; i++)
		free(p->skips[i]);
	free(p->skips);
}

/* Throttling ------------------------------------------------------------ */

/* What changed between two readings that says the test was throttled;
 * returns the note's length (0 = not throttled). */
static size_t throttle_note(const struct sys_clocks *b, const struct sys_clocks *a,
			    char *buf, size_t len)
{
	size_t n = 0;
	int i, j;

	buf[0] = '\0';
	for (i = 0; i < a->npol; i++)
		for (j = 0; j < b->npol; j++) {
			if (strcmp(a->pol[i].name, b->pol[j].name) ||
			    a->pol[i].cur_khz * 100 >= b->pol[j].cur_khz * 95)
				continue;
			n += (size_t)snprintf(buf + n, n < len ? len - n : 0,
					      "%s%s %llu->%llu MHz", n ? ", " : "", a->pol[i].name,
					      (unsigned long long)b->pol[j].cur_khz / 1000,
					      (unsigned long long)a->pol[i].cur_khz / 1000);
		}
	if (a->zone[0] && a->trip_mc && a->temp_mc >= a->trip_mc)
		n += (size_t)snprintf(buf + n, n < len ? len - n : 0,
				      "%s%s %.1f->%.1f C, trip %.1f C", n ? ", " : "", a->zone,
				      (double)(strcmp(a->zone, b->zone) ? a->temp_mc : b->temp_mc) / 1000,
				      (double)a->temp_mc / 1000, (double)a->trip_mc / 1000);
	return n < len ? n : len - 1;
}

/* Verdicts -------------------------------------------------------------- */

/* An --expect line's band over whatever the board said; the note as
 * compare writes it. */
static void expect_verdict(const struct result *r, const struct verdict_expect *e,
			   int board_invalid, struct result_verdict *rv, char *note, size_t len)
{
	struct verdict_in in = { r->value, r->better, board_invalid || r->text ||
				 (r->flags & (RESULT_FAILED | RESULT_SKIPPED | RESULT_THROTTLED)) };
	struct verdict_ref ref = { 0 };

	ref.have = ref.expect = 1;
	ref.lo = e->lo;
	ref.hi = e->hi;
	ref.mean = rv->have_ref ? rv->mean : (e->lo + e->hi) / 2;
	ref.min = ref.max = NAN;
	verdict_judge(&in, &ref, &rv->out);
	rv->out.why = "--expect";
	rv->low_confidence = 0;	/* the user's band replaces the row */
	rv->have_ref = 1;
	rv->mean = ref.mean;
	snprintf(note, len, "%s: ref %g (%g..%g), %+.1f%%; --expect", verdict_name(rv->out.v),
		 ref.mean, e->lo, e->hi, 100 * rv->out.delta);
}

/* Judge r by --board and --expect: fills rv and the verdict's note, and
 * returns 0 when there is nothing to judge it by. */
static int judge(const struct tally *tl, const struct result *r, struct result_verdict *rv,
		 char *note, size_t len)
{
	const struct verdict_expect *e;

	if (!r->metric || !*r->metric)
		return 0;
	e = verdict_expect_find(tl->ex, tl->nex, r->metric);
	if (!tl->board && !e)
		return 0;
	memset(rv, 0, sizeof(*rv));
	rv->mean = rv->min = rv->max = NAN;
	rv->out.why = "";
	if (tl->board) {
		compare_board_result(tl->board, r, rv, note, len);
	}
	if (e)
		expect_verdict(r, e, tl->board && rv->out.v == V_INVALID, rv, note, len);
	return 1;
}

/* Records --------------------------------------------------------------- */

/* What the plan's tests may allocate at once: the largest size named on
 * a command line ("64m", "--sizes=16m"; a bare number as bytes, which
 * undercounts lat_mem_rd's megabytes), twice (a copy's two buffers). */
static uint64_t plan_need(const struct plan *p)
{
	uint64_t max = 0, v;
	const char *w;
	size_t i;
	int k;

	for (i = 0; i < p->n; i++)
		for (k = 1; k < p->t[i].argc; k++) {
			w = strchr(p->t[i].argv[k], '=');
			w = w ? w + 1 : p->t[i].argv[k];
			if (!parse_size(w, &v) && v > max)
				max = v;
		}
	return 2 * max;
}

/* The child's records, marked throttled if so; *count is how many. Returns
 * whether one of them is already a skipped row. */
static int emit_rows(struct run_ctx *ctx, const struct test *t, char *rows,
		     const char *throttled, struct tally *tl, unsigned *count)
{
	char *p = rows, *f[16], note[512], verdict[256], both[800], params[600], v[16];
	struct result_verdict rv;
	struct result r;
	int n, skipped = 0;
	uint64_t seen = 0;

	while (p && (n = csv_next(&p, f, 16)) > 0) {
		if (csv_result(f, n, &r))
			continue;
		mhz_env_see(&r);	/* the tests after mhz use its clocks */
		if (t->cluster >= 0) {	/* a per-cluster test: which cluster, which CPU */
			size_t k = (size_t)snprintf(params, sizeof(params), "%s", r.params ? r.params : "");

			if (!params_value(r.params, "cluster", v, sizeof(v)) && k < sizeof(params))
				k += (size_t)snprintf(params + k, sizeof(params) - k, "%scluster=%d",
						      k ? "," : "", t->cluster);
			if (t->cpu >= 0 && !params_value(r.params, "cpu", v, sizeof(v)) &&
			    k < sizeof(params))
				snprintf(params + k, sizeof(params) - k, "%scpu=%d", k ? "," : "",
					 t->cpu);
			r.params = params;
		}
		if (*throttled) {
			r.flags |= RESULT_THROTTLED;
			snprintf(note, sizeof(note), "%s%s%s", r.note, *r.note ? "; " : "",
				 throttled);
			r.note = note;
		}
		if (judge(tl, &r, &rv, verdict, sizeof(verdict))) {
			tl->verdicts[rv.out.v]++;
			snprintf(both, sizeof(both), "%s%s%s", verdict, *r.note ? "; " : "", r.note);
			r.note = both;
			r.verdict = &rv;
		}
		skipped |= !!(r.flags & RESULT_SKIPPED);
		tl->unmet += params_value(r.params, "expect", v, sizeof(v)) && !strcmp(v, "unmet");
		++*count;
		if (tl->sum)
			run_summary_see(tl->sum, &r);
		emit_result(ctx, &r);
		conditions_clock(ctx, &r, &seen, tl->sum);
	}
	return skipped;
}

static void status_row(struct run_ctx *ctx, const struct tally *tl, const struct test *t,
		       unsigned flags, const char *note)
{
	const char *args = t->cmd + strlen(t->argv[0]) + (t->argc > 1);
	char *params = xmalloc(strlen(args) + 6);
	struct result r;

	memset(&r, 0, sizeof(r));
	r.applet = t->argv[0];
	r.test = "status";
	sprintf(params, "args=%s", args);
	r.params = t->argc > 1 ? params : "";
	r.unit = "";
	r.value = r.min = r.max = NAN;
	r.flags = flags;
	r.note = note;
	if (tl->sum)
		run_summary_see(tl->sum, &r);
	emit_result(ctx, &r);
	free(params);
}

/* The test's outcome as a status row (none when it passed). Returns the
 * tally bucket: 0 passed, 1 failed, 2 skipped. A test that exits 0 with no
 * record measured nothing: it failed. */
static int outcome(struct run_ctx *ctx, const struct test *t, const struct child_out *o,
		   int had_skip_row, unsigned nrows, struct tally *tl)
{
	const struct applet *a;
	char note[400], sig[32];
	int st = o->status;

	if (o->stopped) {
		snprintf(note, sizeof(note), "interrupted by %s after %.1f s",
			 signal_name(run_stop, sig, sizeof(sig)), o->wall_s);
	} else if (o->timed_out) {
		snprintf(note, sizeof(note), "timed out after %g s", t->budget);
	} else if (WIFSIGNALED(st)) {
		snprintf(note, sizeof(note), "killed by %s",
			 signal_name(WTERMSIG(st), sig, sizeof(sig)));
	} else if ((WEXITSTATUS(st) == EXIT_OK ||
		    (WEXITSTATUS(st) == EXIT_FAIL && (a = applet_find(t->argv[0])) &&
		     (a->flags & APPLET_FINDINGS))) && nrows) {
		return 0;	/* a problem that wiring found is its records' grade */
	} else if (WEXITSTATUS(st) == EXIT_OK) {
		snprintf(note, sizeof(note), "exit 0 without a record%s%s",
			 o->last_err[0] ? ": " : "", o->last_err);
	} else if (WEXITSTATUS(st) == EXIT_SKIP) {
		if (!had_skip_row)
			status_row(ctx, tl, t, RESULT_SKIPPED, o->skip_why[0] ? o->skip_why :
				   o->last_err);
		return 2;
	} else {
		tl->wrong |= WEXITSTATUS(st) == EXIT_WRONG;
		snprintf(note, sizeof(note), "exit %d: %s", WEXITSTATUS(st), o->last_err);
	}
	status_row(ctx, tl, t, RESULT_FAILED, note);
	return 1;
}

/* Whether cpu can run a test now: online (sysfs, through the sysroot)
 * and in this process's CPU set. */
static int cpu_usable_now(int cpu)
{
	int *ok = xcalloc(TOPO_CPUS, sizeof(*ok)), n = sys_allowed_cpus(ok, TOPO_CPUS), i;
	char path[96], on[8];

	for (i = 0; i < n && ok[i] != cpu; i++)
		;
	free(ok);
	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	return i < n && !(read_text(path, on, sizeof(on)) > 0 && !strcmp(on, "0"));
}

/* A per-cluster test whose CPU went offline (or left the CPU set) since
 * the plan: another CPU of its cluster that is usable now, its --cpu and
 * label changed; none: the test is skipped, with the reason. t. */
static struct test *repin(struct test *t)
{
	const struct topo *tp = topo_get();
	char *w, name[200];
	int c, i;

	if (t->cpu < 0 || t->skip || cpu_usable_now(t->cpu))
		return t;
	for (c = 0; c < TOPO_CPUS; c++)
		if (tp->of[c] == t->cluster && cpu_usable_now(c))
			break;
	if (c == TOPO_CPUS) {
		topo_name(tp, t->cluster, name, sizeof(name));
		w = xmalloc(strlen(name) + 64);
		sprintf(w, "%s: no usable CPU now (cpu%d is offline or left the CPU set)", name,
			t->cpu);
		free(t->skipwhy);
		t->skip = t->skipwhy = w;
		return t;
	}
	for (i = 1; i < t->argc; i++)
		if (!strncmp(t->argv[i], "--cpu=", 6)) {
			free(t->argv[i]);
			t->argv[i] = xmalloc(24);
			sprintf(t->argv[i], "--cpu=%d", c);
		}
	t->cpu = c;
	return t;
}

static void run_one(struct run_ctx *ctx, const struct test *t, struct tally *tl,
		    size_t i, size_t n)
{
	static const char *const words[] = { "ok", "FAILED", "skipped" };
	struct sys_clocks before, after;
	struct child_out o;
	char throttled[400];
	unsigned nrows = 0;
	int k, skip_row;

	memset(&o, 0, sizeof(o));
	if (t->skip) {
		status_row(ctx, tl, t, RESULT_SKIPPED, t->skip);
		tl->skipped++;
		fprintf(stderr, "%srun: [%zu/%zu] %s: skipped (%s)\n",
			tl->progress_tty ? "\r\033[K" : "", i + 1, n, t->argv[0], t->skip);
		return;
	}
	if (tl->progress_tty) {		/* what is running now, on one short line */
		fprintf(stderr, "\r\033[Krun: [%zu/%zu] %.56s%s", i + 1, n, t->cmd,
			strlen(t->cmd) > 56 ? "..." : "");
		fflush(stderr);
	}
	sys_clocks_read(&before);
	if (run_child(t->argv, t->argc, t->budget, &run_stop, &o))
		o.status = EXIT_FAIL << 8;	/* last_err says what failed */
	sys_clocks_read(&after);
	throttle_note(&before, &after, throttled, sizeof(throttled));
	skip_row = emit_rows(ctx, t, o.rows, throttled, tl, &nrows);
	k = outcome(ctx, t, &o, skip_row, nrows, tl);
	tl->run++;
	tl->passed += k == 0;
	tl->failed += k == 1;
	tl->skipped += k == 2;
	tl->throttled += !!*throttled;
	/* on a terminal only what went wrong stays */
	if (!tl->progress_tty || k || *throttled)
		fprintf(stderr, "%srun: [%zu/%zu] %s: %s%s (%.2f s)\n",
			tl->progress_tty ? "\r\033[K" : "", i + 1, n, t->cmd, words[k],
			*throttled ? ", throttled" : "", o.wall_s);
	child_out_free(&o);
}

static void summary_row(struct run_ctx *ctx, const char *test, double v, const char *unit)
{
	struct result r;

	memset(&r, 0, sizeof(r));
	r.test = test;
	r.unit = unit;
	r.value = r.min = r.max = v;
	emit_result(ctx, &r);
}

static void summary(struct run_ctx *ctx, const struct tally *tl, double wall)
{
	char against[512];
	int stdout_off = ctx->rep->out[0].off;	/* put back after the rows */

	snprintf(against, sizeof(against), "%s%s%s", tl->board ? tl->board : "",
		 tl->board && tl->expect ? " and " : "", tl->expect ? tl->expect : "");
	if (tl->progress_tty)
		fputs("\r\033[K", stderr);
	if (tl->sum) {			/* stdout has the summary instead of the records */
		struct run_totals t = {
			tl->run, tl->passed, tl->failed, tl->skipped, tl->throttled,
			{ 0 }, tl->board || tl->expect, against, wall, ctx->rep->path,
			tl->board_why, tl->board,
		};

		memcpy(t.verdicts, tl->verdicts, sizeof(t.verdicts));
		fflush(stderr);
		run_summary_print(stdout, tl->sum, &t);
	} else {
		/* the verdicts lead: they are what a run against a board is for */
		if (tl->board || tl->expect)
			fprintf(stderr, "run: %u PASS, %u WARN, %u FAIL, %u FAST, %u NO-REF, "
				"%u INVALID against %s\n", tl->verdicts[V_PASS],
				tl->verdicts[V_WARN], tl->verdicts[V_FAIL], tl->verdicts[V_FAST],
				tl->verdicts[V_NOREF], tl->verdicts[V_INVALID], against);
		fprintf(stderr, "run: %u tests run: %u passed, %u failed, %u skipped, "
			"%u throttled; %.1f s\n", tl->run, tl->passed, tl->failed, tl->skipped,
			tl->throttled, wall);
	}
	/* a table has no room for them; ktap's plan and test lines are its
	 * summary; a list's -o file of JSON under a table gets them alone */
	if (ctx->rep->em == &emit_table || ctx->rep->em == &emit_ktap) {
		if (ctx->rep->nout < 2 || !ctx->rep->out[1].em)
			return;
		ctx->rep->out[0].off = 1;
	}
	if (tl->board) {		/* report charts the board's numbers from it */
		struct result r;

		memset(&r, 0, sizeof(r));
		r.test = "board";
		r.unit = "";
		r.text = ref_board(tl->board)->id;
		r.note = "the board the verdicts are against";
		emit_result(ctx, &r);
	}
	summary_row(ctx, "tests", tl->run, "");
	summary_row(ctx, "passed", tl->passed, "");
	summary_row(ctx, "failed", tl->failed, "");
	summary_row(ctx, "skipped", tl->skipped, "");
	summary_row(ctx, "throttled", tl->throttled, "");
	summary_row(ctx, "wall", wall, "s");
	ctx->rep->out[0].off = stdout_off;
}

/* Signals --------------------------------------------------------------- */

static void catch_stops(struct sigaction *old)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < ARRAY_LEN(stop_sigs); i++)
		if (sigaction(stop_sigs[i], NULL, &old[i]) == 0 && old[i].sa_handler != SIG_IGN)
			sigaction(stop_sigs[i], &sa, NULL);
}

static void restore_stops(const struct sigaction *old)
{
	size_t i;

	for (i = 0; i < ARRAY_LEN(stop_sigs); i++)
		sigaction(stop_sigs[i], &old[i], NULL);
}

/* The records so far are out; finish the outputs (the -o file too) and end
 * with the signal, as an interrupted program does. */
static void die_interrupted(struct run_ctx *ctx, size_t done, size_t n)
{
	int sig = run_stop;
	char sname[32], note[64];
	struct result r;
	sigset_t set;

	memset(&r, 0, sizeof(r));
	r.test = "interrupted";
	r.text = signal_name(sig, sname, sizeof(sname));
	r.unit = "";
	r.flags = RESULT_FAILED;
	snprintf(note, sizeof(note), "in test %zu of %zu", done, n);
	r.note = note;
	emit_result(ctx, &r);
	emit_close(ctx->rep, 1);
	fflush(NULL);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	_exit(128 + sig);
}

static void list_plan(const struct plan *p)
{
	size_t i;

	for (i = 0; i < p->n; i++) {
		if (p->t[i].skip)
			printf("# %s: not run: %s\n", p->t[i].argv[0], p->t[i].skip);
		else
			printf("benchbox %s\n", p->t[i].cmd);
	}
}

/* Run by init (applets/boot/init.c), the suite's first record is the time from
 * kernel start to init, which only init could measure: it is passed in
 * BENCHBOX_BOOT_TO_INIT_S. */
static void boot_row(struct run_ctx *ctx)
{
	const char *env = getenv("BENCHBOX_BOOT_TO_INIT_S");
	struct result r = { 0 };
	double s;

	if (!env || parse_double(env, &s) || s < 0)
		return;
	r.applet = "init";
	r.test = "boot_to_init_s";
	r.unit = "s";
	r.better = -1;
	r.value = r.min = r.max = s;
	r.samples = 1;
	r.note = "kernel start to /init (CLOCK_BOOTTIME)";
	emit_result(ctx, &r);
}

/* tl holds the verdict settings; the counts are added to it. */
static int run_plan(struct run_ctx *ctx, struct plan *p, struct tally *tl)
{
	struct sigaction old[ARRAY_LEN(stop_sigs)];
	struct timespec t0, t1;
	size_t i;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	boot_row(ctx);
	catch_stops(old);
	conditions_report(ctx, "before", plan_need(p), tl->sum);
	for (i = 0; i < p->n && !run_stop; i++)
		run_one(ctx, repin(&p->t[i]), tl, i, p->n);
	if (!run_stop)
		conditions_report(ctx, "after", plan_need(p), tl->sum);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	summary(ctx, tl, (double)(t1.tv_sec - t0.tv_sec) +
		(double)(t1.tv_nsec - t0.tv_nsec) * 1e-9);
	if (run_stop)	/* in a test, or before the first: i were started */
		die_interrupted(ctx, i, p->n);
	restore_stops(old);
	ctx->rep->complete = 1;	/* failed tests and FAIL verdicts are results too */
	if (tl->wrong)
		return EXIT_WRONG;
	return tl->failed || tl->verdicts[V_FAIL] || tl->unmet ? EXIT_FAIL : EXIT_OK;
}

/* --board and --expect; -1 after a message. --board auto, and no --board
 * when detect is set (the quick suite), take the board from the
 * devicetree (src/boardid.c) and say which and why on stderr; none found
 * is said only for auto. --board none judges against no board. */
static int verdict_opts(struct run_ctx *ctx, struct tally *tl, int detect)
{
	const struct ref_board *b;
	const char *board = opt_str(ctx, BOARD);
	char *why = tl->board_why;

	memset(tl, 0, sizeof(*tl));
	if (board ? !strcasecmp(board, "auto") : detect) {
		if ((b = boardid_detect(why, sizeof(tl->board_why)))) {
			tl->board = b->alias;
			fprintf(stderr, "run: board: %s (%s)\n", b->alias, why);
		} else if (board)
			fprintf(stderr, "run: board: none recognised (%s): no verdicts\n", why);
	} else if (board && strcasecmp(board, "none")) {
		if (!ref_board(board)) {
			board_unknown("--board: ", board);
			return -1;
		}
		tl->board = board;
	}
	if (!(tl->expect = opt_str(ctx, EXPECT)))
		return 0;
	tl->nex = verdict_expect_load(tl->expect, &tl->ex);
	return tl->nex < 0 ? -1 : 0;
}

/* An --expect file with pins (NAME.ATTR VALUE) goes to each wiring test
 * too: its findings are judged there, the bands here */
static void pass_pins(struct plan *p, const struct tally *tl)
{
	char *w;
	size_t i;
	int k;

	for (k = 0; k < tl->nex && !tl->ex[k].value[0]; k++)
		;
	if (k == tl->nex)
		return;
	w = xmalloc(strlen(tl->expect) + sizeof("--expect="));
	sprintf(w, "--expect=%s", tl->expect);
	for (i = 0; i < p->n; i++)
		if (!p->t[i].skip && !strcmp(p->t[i].argv[0], "wiring") &&
		    !has_opt(&p->t[i], "--expect")) {
			add_word(&p->t[i], w);
			test_cmd(&p->t[i]);
		}
	free(w);
}

static int run_run(struct run_ctx *ctx)
{
	const struct suite *s;
	struct tally tl;
	struct plan p;
	int rc;

	if (ctx->argc < 1) {
		errorf("usage: run quick|guide|all|APPLET[,APPLET...] [-- ARGS]");
		return EXIT_USAGE;
	}
	memset(&p, 0, sizeof(p));
	p.cluster = p.cpu = p.ncpus = -1;
	p.quick = ctx->quick;
	p.kernel = ctx->kernel;
	p.dir = ctx->dir;
	s = suite_find(ctx->argv[0]);
	if (s && ctx->argc > 1) {
		errorf("the %s suite takes no arguments", s->name);
		return EXIT_USAGE;
	}
	if (s)
		plan_suite(&p, s);
	else if (plan_list(&p, ctx->argv[0], ctx->argc - 1, ctx->argv + 1)) {
		plan_free(&p);
		return EXIT_USAGE;
	}
	if (verdict_opts(ctx, &tl, s && !strcmp(s->name, "quick"))) {
		free(tl.ex);
		plan_free(&p);
		return EXIT_USAGE;
	}
	pass_pins(&p, &tl);
	if (opt_given(ctx, BUDGET)) {
		for (size_t i = 0; i < p.n; i++)
			p.t[i].budget = opt_double(ctx, BUDGET);
	}
	/* a suite on a terminal or a pipe, no --format, no --verbose: a summary
	 * a person reads in seconds; the records go to -o only */
	if (s && !ctx->format_given && !opt_int(ctx, VERBOSE) && !opt_int(ctx, LIST)) {
		tl.sum = run_summary_new();
		ctx->rep->out[0].off = 1;
		/* nothing is written yet (begin waits for the first record): the -o
		 * file gets JSON, what compare and report read */
		ctx->rep->em = &emit_json;
		tl.progress_tty = isatty(STDERR_FILENO);
	} else if (!s && !ctx->format_given && ctx->rep->nout > 1) {
		/* a list keeps its table on stdout; the -o file gets JSON, as a
		 * suite's does: what compare and report read */
		ctx->rep->out[1].em = &emit_json;
	}
	rc = EXIT_OK;
	if (opt_int(ctx, LIST)) {
		list_plan(&p);
		ctx->rep->silent = 1;	/* the list is the output: no empty document */
	} else
		rc = run_plan(ctx, &p, &tl);
	if (tl.expect && !opt_int(ctx, LIST))
		verdict_expect_warn_unused(tl.expect, tl.ex, tl.nex);
	run_summary_free(tl.sum);
	free(tl.ex);
	plan_free(&p);
	return rc;
}

TEXT(run_summary, "run a suite of tests, each in its own process");
TEXT(run_usage,
	"usage: run [OPTIONS] quick|guide|all|APPLET[,APPLET...] [-- ARGS]\n"
	"\n"
	"Runs a suite of benchmarks, each test in its own process with a time\n"
	"budget, and prints a summary: the board's verdict, the headline figures\n"
	"beside the published ones and every failure with its reason (-v, or a\n"
	"--format, prints every record instead; -o FILE keeps them as JSON for\n"
	"compare and report). quick is a sanity check of the board in seconds;\n"
	"guide measures every metric of the vendor guides' tables; all runs every\n"
	"applet at its defaults but net and fileio; a list of applets runs those,\n"
	"each with ARGS after --. --quick, --kernel and --dir reach every test. A\n"
	"test that crashes, fails or overruns its budget is a failed record; a\n"
	"clock that fell or a thermal trip point reached marks its records\n"
	"throttled. --board judges each result against a board's published\n"
	"numbers as compare does; quick finds the board by itself.\n");

TEXT(run_exits,
	"Exit status: 0 every test passed or was skipped, 1 a test or a verdict\n"
	"failed, 2 usage error, 3 a self-check found a wrong answer, 128+N\n"
	"stopped by signal N.\n");

const struct applet applet_run = {
	.name    = "run",
	.summary = TEXT_PTR(run_summary),
	.flags   = APPLET_TOOL,
	.usage   = TEXT_PTR(run_usage),
	.exits   = TEXT_PTR(run_exits),
	.opts    = opts,
	.unit    = "",
	.run     = run_run,
};
