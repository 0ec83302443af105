/* applet.c - running one applet: global options, context, output
 *
 * SPDX-License-Identifier: MIT
 *
 * applet_main() is the only place that parses a command line for an
 * applet: the global options below and the applet's own opts[] together.
 */
#define _GNU_SOURCE
#include "applet.h"
#include "cpu.h"
#include "progress.h"
#include "sys.h"
#include "topo.h"
#include "util.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

/* The same for every applet; no applet option may reuse a name or letter. */
OPT_DECLARE(global, GLOBAL_OPTIONS);	/* OI_X == GO_X */
const struct opt_spec global_opts[] = OPT_ROWS(global, GLOBAL_OPTIONS);

#define OPT_KEY_NAME_(id, n, t) [OPTK_##id] = (n),
#define OPT_KEY_TYPE_(id, n, t) [OPTK_##id] = (t),
const char *const opt_key_name[OPTK_COUNT] = { OPT_KEYS(OPT_KEY_NAME_) };
const unsigned char opt_key_type[OPTK_COUNT] = { OPT_KEYS(OPT_KEY_TYPE_) };

const char *opt_val_str(const struct opt_val *v)
{
	return v->has ? v->s : NULL;
}

unsigned opt_val_list(const struct opt_val *v, const char *const **list)
{
	*list = v->list;
	return v->count;
}

const struct opt_val *opt_keyed(const struct run_ctx *ctx, enum opt_key key)
{
	if (ctx->key[key] < 0) {
		errorf("internal error: %s has no option with key %d", ctx->applet->name, (int)key);
		abort();
	}
	return &ctx->vals[ctx->key[key]];
}

void emit_result(struct run_ctx *ctx, const struct result *r)
{
	struct result copy = *r;

	if (!copy.applet)
		copy.applet = ctx->applet->name;
	progress_hold(ctx->bench.progress, PROGRESS_HOLD);
	emit_record(ctx->rep, &copy);
	progress_hold(ctx->bench.progress, PROGRESS_RECORD);
}

void result_from_time(struct result *r, const struct bench_stats *st, double scale)
{
	r->value = st->median_ns * scale;
	r->min = st->min_ns * scale;
	r->max = st->max_ns * scale;
	r->iters = st->iters;
	r->samples = st->n;
	r->flags |= st->flags;
}

void emit_rate(struct run_ctx *ctx, struct result r, const struct bench_stats *st,
	       double work_per_iter)
{
	double w = work_per_iter * 1e9;		/* per ns -> per s */

	r.value = st->median_ns > 0 ? w / st->median_ns : 0;
	r.min = st->max_ns > 0 ? w / st->max_ns : 0;	/* slowest sample */
	r.max = st->min_ns > 0 ? w / st->min_ns : 0;	/* fastest sample */
	r.iters = st->iters;
	r.samples = st->n;
	r.flags |= st->flags;
	if (!r.better)
		r.better = 1;
	emit_result(ctx, &r);
}

void run_info_fill(struct run_info *info, const char *applet)
{
	static struct utsname un;	/* the strings must outlive this call */
	static char feats[256];
	const struct clock_info *ci = bench_clock_info();
	time_t now = time(NULL);
	struct tm tm;

	memset(info, 0, sizeof(*info));
	info->version = bb_version;
	info->cc = bb_cc;
	info->cflags = bb_cflags;
	info->libc = bb_musl;
	info->zlib = bb_zlib;
	info->mbedtls = bb_mbedtls;
	info->arch = cpu_arch();
	info->kernel = uname(&un) == 0 ? un.release : "unknown";
	info->cpu_features = cpu_feature_names(cpu_features(), feats, sizeof(feats));
	info->clock = ci->name;
	info->clock_res_ns = ci->res_ns;
	info->clock_overhead_ns = ci->overhead_ns;
	/* ISO 8601 in UTC by hand: strftime() would link the time-zone code */
	if (gmtime_r(&now, &tm))
		snprintf(info->date, sizeof(info->date), "%04d-%02d-%02dT%02d:%02d:%02dZ",
			 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
			 tm.tm_sec);
	info->applet = applet;
}

/* A packed build's fields are NULL: its texts are keyed APPLET_summary,
 * APPLET_usage and APPLET_exits in the blob. */
static const char *applet_text(const struct applet *a, const char *which, const char *field)
{
	char key[64];

	if (!TEXT_PACKED)
		return field;
	snprintf(key, sizeof(key), "%s_%s", a->name, which);
	return text_get(key);
}

const char *applet_summary_text(const struct applet *a)
{
	const char *s = applet_text(a, "summary", a->summary);

	return s ? s : "";
}

const char *applet_usage_text(const struct applet *a)
{
	return applet_text(a, "usage", a->usage);
}

const char *applet_exits_text(const struct applet *a)
{
	return applet_text(a, "exits", a->exits);
}

void applet_usage(const struct applet *a, FILE *f)
{
	const char *usage = applet_usage_text(a), *exits = applet_exits_text(a);

	fputs(usage ? usage : "", f);
	if (a->opts && a->opts[0].name) {
		fputs("\nOptions:\n", f);
		opt_usage(f, a->opts);
	}
	{	/* the global options with this applet's own defaults shown */
		struct opt_spec g[GO_COUNT + 1];
		char reps[16], mt[32], fmt[80];

		memcpy(g, global_opts, sizeof(g));
		g[GO_FORMAT].def = "table";
		if (a->classic) {	/* the classic's own format, the default */
			char line[64];

			snprintf(fmt, sizeof(fmt), "%s, or %s",
				 opt_help(global_opts, GO_FORMAT, line, sizeof(line)),
				 a->classic->name);
			g[GO_FORMAT].help = fmt;
			g[GO_FORMAT].def = a->classic->name;
		}
		if (a->reps) {
			snprintf(reps, sizeof(reps), "%u", a->reps);
			g[GO_REPS].def = reps;
		}
		if (a->min_time) {
			snprintf(mt, sizeof(mt), "%g", a->min_time);
			g[GO_MINTIME].def = mt;
		}
		fputs("\nGlobal options:\n", f);
		opt_usage(f, g);
	}
	fputc('\n', f);
	fputs(exits ? exits :
	      "Exit status: 0 ok, 1 failure, 2 usage error, 3 wrong answer, 77 skipped.\n", f);
}

static int pin_cpus(const char *list, const int *cpus, int n)
{
	cpu_set_t set;
	int i;

	CPU_ZERO(&set);
	for (i = 0; i < n; i++)
		CPU_SET(cpus[i], &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		errorf("--cpu=%s: cannot run on those CPUs: %s", list, strerror(errno));
		return -1;
	}
	return 0;
}

/* The CPUs of --cpu this process may run on, kept in cpus (*n of them);
 * those it may not (offline, outside its cgroup cpuset or affinity) are
 * named in one warning and the applet runs on the rest. None left: a bad
 * option value, with the usable CPUs, and -1. */
static int cpus_usable(const char *list, int *cpus, int *n)
{
	int *ok = xcalloc(CPU_SETSIZE, sizeof(*ok)), nok = sys_allowed_cpus(ok, CPU_SETSIZE);
	int *off = xcalloc((size_t)*n, sizeof(*off)), i, k = 0, kept = 0, noff = 0;
	char usable[256], dropped[256];

	for (i = 0; i < *n; i++) {
		while (k < nok && ok[k] < cpus[i])	/* both lists ascend */
			k++;
		if (k < nok && ok[k] == cpus[i])
			cpus[kept++] = cpus[i];
		else
			off[noff++] = cpus[i];
	}
	topo_cpulist(ok, nok, usable, sizeof(usable));
	topo_cpulist(off, noff, dropped, sizeof(dropped));
	if (!kept)
		errorf("--cpu=%s: not usable here (usable: %s)", list, usable);
	else if (noff)
		warnf("--cpu=%s: CPU %s not usable here (offline, or outside this process's "
		      "CPU set): running on %s", list, dropped, topo_cpulist(cpus, kept, usable,
									  sizeof(usable)));
	*n = kept;
	free(off);
	free(ok);
	return kept ? 0 : -1;
}

/* The command line against both tables, --help and --version answered,
 * --format and --output checked: -1 to go on (*npos positional words in
 * pos, *em the emitter), else the exit status. */
static int parse_line(const struct applet *a, int argc, char **argv, struct opt_val *gv,
		      struct opt_val *av, char **pos, int *npos, const struct emitter **em)
{
	const struct opt_spec *tabs[2] = { global_opts, a->opts };
	struct opt_val *vals[2] = { gv, av };
	char err[256];

	*npos = opt_parse(2, tabs, vals, argc - 1, argv + 1, pos, err, sizeof(err));
	if (*npos < 0) {
		errorf("%s (try '%s --help')", err, a->name);
		return EXIT_USAGE;
	}
	if (gv[GO_HELP].i) {
		applet_usage(a, stdout);
		return EXIT_OK;
	}
	if (gv[GO_VERSION].i) {
		print_version(stdout);
		return EXIT_OK;
	}
	*em = a->classic ? a->classic : &emit_table;
	if (gv[GO_FORMAT].has) {
		const char *f = gv[GO_FORMAT].s;

		if (a->classic && !strcmp(f, a->classic->name))
			*em = a->classic;
		else if (!(*em = emitter_find(f))) {
			errorf("--format: '%s' is not one of table, csv, json, markdown, guide, ktap%s%s", f,
			       a->classic ? ", " : "", a->classic ? a->classic->name : "");
			return EXIT_USAGE;
		}
	}
	if (gv[GO_OUTPUT].has && !*gv[GO_OUTPUT].s) {
		errorf("--output: empty file name");
		return EXIT_USAGE;
	}
	return -1;
}

/* The samples: --reps, --min-time and --warmup where given, else the
 * applet's own defaults or the harness's, else --quick's. */
static void bench_setup(struct bench_opts *b, const struct applet *a, const struct opt_val *gv,
			int quick)
{
	bench_opts_default(b);
	b->samples = gv[GO_REPS].set || !a->reps ? (unsigned)gv[GO_REPS].i : a->reps;
	b->min_sample_s = gv[GO_MINTIME].set || !a->min_time ? gv[GO_MINTIME].d : a->min_time;
	b->warmup = (unsigned)gv[GO_WARMUP].i;
	if (quick) {
		if (!gv[GO_REPS].set)
			b->samples = BENCH_QUICK_SAMPLES;
		if (!gv[GO_MINTIME].set)
			b->min_sample_s = BENCH_QUICK_MIN_SAMPLE_S;
		if (!gv[GO_WARMUP].set)
			b->warmup = BENCH_QUICK_WARMUP;
		b->budget_s = BENCH_QUICK_BUDGET_S;
	}
}

/* What run() gets, from the parsed line: 0 or EXIT_USAGE (--cpu). */
static int ctx_setup(struct run_ctx *ctx, const struct applet *a, const struct opt_val *gv,
		     struct opt_val *av, char **pos, int npos)
{
	size_t i;

	memset(ctx, 0, sizeof(*ctx));
	ctx->applet = a;
	ctx->argc = npos;
	ctx->argv = pos;
	ctx->vals = av;
	memset(ctx->key, -1, sizeof(ctx->key));
	for (i = 0; a->opts && a->opts[i].name; i++)
		if (a->opts[i].key)
			ctx->key[a->opts[i].key] = (signed char)i;
	ctx->cpu = cpu_features();
	ctx->quick = (int)gv[GO_QUICK].i;
	ctx->cpus = xcalloc(CPU_SETSIZE, sizeof(*ctx->cpus));
	if (gv[GO_CPU].has) {
		ctx->ncpus = sys_parse_cpulist(gv[GO_CPU].s, ctx->cpus, CPU_SETSIZE);
		if (ctx->ncpus <= 0) {
			errorf("--cpu: '%s' is not a CPU list (e.g. 2, 0-3, 0,4-7)", gv[GO_CPU].s);
			return EXIT_USAGE;
		}
		if (cpus_usable(gv[GO_CPU].s, ctx->cpus, &ctx->ncpus))
			return EXIT_USAGE;
		ctx->cpus_given = 1;
	} else {
		ctx->ncpus = sys_allowed_cpus(ctx->cpus, CPU_SETSIZE);
	}
	ctx->kernel = gv[GO_KERNEL].has ? gv[GO_KERNEL].s : "";
	ctx->dir = gv[GO_DIR].has ? gv[GO_DIR].s : "";
	ctx->format_given = gv[GO_FORMAT].has;
	ctx->min_time_given = gv[GO_MINTIME].set;
	bench_setup(&ctx->bench, a, gv, ctx->quick);
	return 0;
}

/* The applet run with its emit sink open, pinned where --cpu asks, the
 * progress line on a terminal; its exit status. The sink keeps info until
 * it is closed (a run without records begins its document then). */
static int run_applet(struct run_ctx *ctx, const struct emitter *em, const struct opt_val *gv,
		      struct emit_sink *rep, struct run_info *info)
{
	const struct applet *a = ctx->applet;
	int rc;

	run_info_fill(info, a->name);
	rc = emit_open(rep, em, info, stdout, gv[GO_OUTPUT].has ? gv[GO_OUTPUT].s : NULL);
	if (rc)
		return rc == 2 ? EXIT_USAGE : EXIT_FAIL;
	ctx->rep = rep;
	/* started before --cpu pins this thread: its own is not pinned */
	if (!ctx->format_given && !(a->flags & APPLET_TOOL))
		ctx->bench.progress = progress_start(a->name);
	rc = ctx->cpus_given && pin_cpus(gv[GO_CPU].s, ctx->cpus, ctx->ncpus) ? EXIT_FAIL
									    : a->run(ctx);
	progress_stop(ctx->bench.progress);
	return rc;
}

/* The output kept or dropped by the run's status rc; the final status
 * (a write that failed fails a run that had nothing worse). */
static int close_run(struct emit_sink *rep, int rc, const struct opt_val *gv)
{
	int keep = rc == EXIT_OK || rc == EXIT_WRONG || rc == EXIT_SKIP ||
		   (rc == EXIT_FAIL && rep->complete);
	int direct = rep->nout == 2 && !rep->file.atomic;	/* -o a device or FIFO */

	if (rc == EXIT_USAGE)
		rep->silent = 1;	/* a bad command line: nothing on stdout */
	if (emit_close(rep, keep) && (rc == EXIT_OK || rc == EXIT_SKIP))
		rc = EXIT_FAIL;
	if (rc == EXIT_FAIL && !keep && gv[GO_OUTPUT].has && !direct)
		errorf("'%s' not written: the run failed", gv[GO_OUTPUT].s);
	return rc;
}

int applet_main(const struct applet *a, int argc, char **argv)
{
	struct opt_val gv[GO_COUNT], *av;
	const struct emitter *em = NULL;
	struct emit_sink rep;
	struct run_info info;
	struct run_ctx ctx;
	char **pos;
	int npos, rc;
	size_t i;

	util_set_prog(a->name);
	av = xcalloc(opt_count(a->opts) + 1, sizeof(*av));
	pos = xcalloc((size_t)argc + 1, sizeof(*pos));
	if ((rc = parse_line(a, argc, argv, gv, av, pos, &npos, &em)) >= 0)
		return rc;
	if ((rc = ctx_setup(&ctx, a, gv, av, pos, npos)))
		return rc;
	rc = run_applet(&ctx, em, gv, &rep, &info);
	if (ctx.rep)		/* the emit sink opened */
		rc = close_run(&rep, rc, gv);
	free(ctx.cpus);
	for (i = 0; a->opts && a->opts[i].name; i++)
		free(av[i].list);
	free(av);
	free(pos);
	return rc;
}
