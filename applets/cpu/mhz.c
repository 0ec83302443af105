/* mhz.c - measure each CPU's effective clock
 *
 * SPDX-License-Identifier: MIT
 *
 * Pinned to one CPU at a time, a chain of dependent integer adds runs: each
 * add needs the previous result, so on every core benchbox targets it
 * retires one add per cycle, and adds per second is the clock. The figure
 * is printed beside what cpufreq reports for that CPU (scaling_cur_freq,
 * read before and after); a difference over 5% is flagged "mismatch"
 * (throttling, a governor that did not ramp up, a firmware-held clock, or
 * a core that fuses adds differently). Applets that report per MHz
 * (Dhrystone, CoreMark) measure the same way, unless BENCHBOX_MHZ gives
 * the CPU's clock: run sets it from its mhz test's records for the tests
 * after it, so one run has one clock per CPU, not one per applet. Under
 * emulation (qemu-user) the figure means nothing.
 *
 * The default output is lmbench's mhz line on stdout, "N MHz, X nanosec
 * clock" (its result scripts read it), from one measurement that is not
 * pinned, like lmbench's: the CPU the scheduler runs it on (--cpu=LIST
 * narrows that). -c prints the clock period alone, as lmbench's -c does.
 * --format gives the per-CPU rows above.
 */
#define _GNU_SOURCE
#include "applet.h"
#include "mhz.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTIONS(O) \
	O(CLOCK, "clock", OPT_BOOL, "lmbench's line: the clock period in ns alone", \
	  .letter = 'c')
OPT_TABLE(mhz, OPTIONS);

enum { ADDS_PER_ITER = 200 };

/* ADDS_PER_ITER dependent adds per iteration. The empty asm makes x opaque
 * after each add, so the compiler can neither fold the chain into one
 * multiply nor reorder it; each add costs one cycle of latency. */
static void add_chain(void *arg, uint64_t iters)
{
	uint64_t x = (uint64_t)(uintptr_t)arg, y = 1;

	__asm__ volatile("" : "+r"(y));
	while (iters--) {
#define A1 x += y; __asm__ volatile("" : "+r"(x));
#define A10 A1 A1 A1 A1 A1 A1 A1 A1 A1 A1
#define A100 A10 A10 A10 A10 A10 A10 A10 A10 A10 A10
		A100 A100
#undef A100
#undef A10
#undef A1
	}
	bench_keep_u64(x);
}

/* cpufreq's view of cpu in MHz, or NAN. */
static double cpufreq_mhz(int cpu)
{
	char path[96];
	uint64_t khz;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_cur_freq", cpu);
	if (read_u64(path, &khz))
		return NAN;
	return (double)khz / 1000.0;
}

static int measure_cpu(struct run_ctx *ctx, int cpu)
{
	struct bench_stats st;
	struct result r = { 0 };
	char params[32], note[96] = "";
	double before, after, f;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		errorf("cannot run on CPU %d: %s", cpu, strerror(errno));
		return EXIT_FAIL;
	}
	before = cpufreq_mhz(cpu);
	if (bench_measure(&ctx->bench, add_chain, NULL, &st))
		return EXIT_FAIL;
	after = cpufreq_mhz(cpu);

	snprintf(params, sizeof(params), "cpu=%d", cpu);
	r.test = "measured";
	r.params = params;
	r.unit = UNIT_MHZ;
	r.better = 1;
	f = isnan(after) ? before : after;
	if (!isnan(f) && st.median_ns > 0) {
		double mhz = ADDS_PER_ITER / st.median_ns * 1e3;

		if (fabs(mhz - f) / f > 0.05) {
			r.flags |= RESULT_MISMATCH;
			snprintf(note, sizeof(note), "cpufreq says %.0f MHz (%+.1f%%)", f,
				 (mhz - f) / f * 100);
		}
	}
	r.note = note;
	emit_rate(ctx, r, &st, ADDS_PER_ITER / 1e6);	/* MHz = 10^6 adds/s */

	memset(&r, 0, sizeof(r));
	r.test = "cpufreq";
	r.params = params;
	r.unit = UNIT_MHZ;
	r.better = 1;
	if (isnan(before) && isnan(after)) {
		r.text = "unknown";
		r.unit = "";
		r.better = 0;
		r.note = "no cpufreq for this CPU";
	} else {
		r.value = isnan(after) ? before : after;
		r.min = isnan(before) ? r.value : fmin(before, r.value);
		r.max = isnan(before) ? r.value : fmax(before, r.value);
		r.samples = isnan(before) || isnan(after) ? 1 : 2;
		r.note = "scaling_cur_freq before and after";
	}
	emit_result(ctx, &r);
	return EXIT_OK;
}

int mhz_env_parse(const char *s, int cpu, double *mhz)
{
	double found = NAN, v;
	char entry[48], *colon;
	int64_t c;
	size_t n;
	int named = 0;

	for (;;) {
		n = strcspn(s, ",");
		if (!n || n >= sizeof(entry))
			return -1;
		memcpy(entry, s, n);
		entry[n] = '\0';
		colon = strchr(entry, ':');
		if (!colon)
			return -1;
		*colon = '\0';
		if (parse_int(entry, &c) || c < 0 || c > 4095 || parse_double(colon + 1, &v) ||
		    !(v > 0 && v < 100000))
			return -1;
		if (c == cpu) {
			found = v;
			named = 1;
		}
		s += n;
		if (!*s++)
			break;
	}
	if (named)
		*mhz = found;
	return !named;
}

double mhz_given(int cpu)
{
	static int warned;	/* one warning per process, not one per CPU */
	const char *env = getenv("BENCHBOX_MHZ");
	double mhz = NAN;
	int rc;

	if (!env || !*env || cpu < 0)
		return NAN;
	rc = mhz_env_parse(env, cpu, &mhz);
	if (rc < 0 && !warned++)
		warnf("BENCHBOX_MHZ='%s' is not CPU:MHZ,...; ignored", env);
	return rc ? NAN : mhz;
}

void mhz_env_see(const struct result *r)
{
	const char *old = getenv("BENCHBOX_MHZ");
	char cpu[16], *env;
	double dummy;
	int64_t c;
	size_t len;

	if (!r->applet || strcmp(r->applet, "mhz") || !r->test || strcmp(r->test, "measured") ||
	    (r->flags & RESULT_FAILED) || r->text || !(r->value > 0 && r->value < 100000) ||
	    !params_value(r->params, "cpu", cpu, sizeof(cpu)) || parse_int(cpu, &c) ||
	    c < 0 || c > 4095)
		return;
	if (!old || mhz_env_parse(old, 0, &dummy) < 0)
		old = "";
	len = strlen(old) + 32;
	env = xmalloc(len);
	snprintf(env, len, "%s%s%d:%.1f", old, *old ? "," : "", (int)c, r->value);
	setenv("BENCHBOX_MHZ", env, 1);
	free(env);
}

const char *mhz_note(double mhz, unsigned ngiven, unsigned n, char *buf, size_t len)
{
	snprintf(buf, len, "clock %.0f MHz measured %s", mhz,
		 !ngiven ? "here" : ngiven == n ? "by mhz" : "by mhz and here");
	return buf;
}

double mhz_measure_cpu(int cpu)
{
	struct bench_opts o;
	struct bench_stats st;
	cpu_set_t old, set;
	int pinned = 0;
	double given = mhz_given(cpu);

	if (!isnan(given))
		return given;
	bench_opts_default(&o);
	o.min_sample_s = 0.01;
	o.samples = 5;
	o.warmup = 1;
	CPU_ZERO(&old);
	if (cpu >= 0 && sched_getaffinity(0, sizeof(old), &old) == 0) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set))
			return NAN;
		pinned = 1;
	}
	if (bench_measure(&o, add_chain, NULL, &st) || st.median_ns <= 0)
		st.median_ns = NAN;
	if (pinned)
		sched_setaffinity(0, sizeof(old), &old);
	return ADDS_PER_ITER / st.median_ns * 1e3;
}

/* lmbench's line: whole MHz, and the period of that whole number. */
static void classic_record(struct emit_out *o, const struct result *r)
{
	const int *period_only = o->arg;
	long mhz = lround(r->value);

	if ((r->flags & RESULT_FAILED) || mhz <= 0)
		fputs("-1 System too busy\n", o->f);
	else if (period_only && *period_only)
		fprintf(o->f, "%.4f\n", 1000.0 / (double)mhz);
	else
		fprintf(o->f, "%ld MHz, %.4f nanosec clock\n", mhz, 1000.0 / (double)mhz);
}

static const struct emitter emit_mhz = {
	"mhz", 0, NULL, classic_record, NULL,
};

/* The classic run: one measurement wherever the scheduler puts it. */
static int classic_run(struct run_ctx *ctx)
{
	int period_only;
	struct bench_stats st;
	struct result r = { 0 };

	period_only = opt_given(ctx, CLOCK) != 0;
	emit_set_arg(ctx->rep, &period_only);
	r.test = "measured";
	r.params = "cpu=any";
	r.unit = UNIT_MHZ;
	r.better = 1;
	if (bench_measure(&ctx->bench, add_chain, NULL, &st) || !(st.median_ns > 0)) {
		r.flags = RESULT_FAILED;
		r.note = "no usable sample";
		emit_result(ctx, &r);
		return EXIT_FAIL;
	}
	emit_rate(ctx, r, &st, ADDS_PER_ITER / 1e6);
	return EXIT_OK;
}

static int mhz_run(struct run_ctx *ctx)
{
	cpu_set_t allowed;
	int i, rc = EXIT_OK;

	if (ctx->argc) {
		errorf("unexpected argument '%s'", ctx->argv[0]);
		return EXIT_USAGE;
	}
	if (!ctx->ncpus) {
		errorf("no CPU to run on");
		return EXIT_FAIL;
	}
	if (ctx->rep->em == &emit_mhz)
		return classic_run(ctx);
	CPU_ZERO(&allowed);
	sched_getaffinity(0, sizeof(allowed), &allowed);
	for (i = 0; i < ctx->ncpus && rc == EXIT_OK; i++)
		rc = measure_cpu(ctx, ctx->cpus[i]);
	sched_setaffinity(0, sizeof(allowed), &allowed);
	return rc;
}

TEXT(mhz_summary, "effective CPU clock, beside cpufreq (lmbench's mhz)");
TEXT(mhz_usage,
	"usage: mhz [-c] [--cpu=LIST]\n"
	"\n"
	"The CPU clock, from a chain of dependent integer adds that retires one\n"
	"add per cycle (meaningless under emulation). By default, lmbench's line\n"
	"from one unpinned measurement: 'N MHz, X nanosec clock', or with -c the\n"
	"period X alone. --format measures each allowed CPU (or each of LIST)\n"
	"pinned to it, beside cpufreq's figure, and marks a mismatch over 5%.\n");

const struct applet applet_mhz = {
	.name    = "mhz",
	.summary = TEXT_PTR(mhz_summary),
	.usage   = TEXT_PTR(mhz_usage),
	.opts    = opts,
	.unit    = UNIT_MHZ,
	.classic = &emit_mhz,
	.run     = mhz_run,
};
