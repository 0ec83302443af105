/* line.c - lmbench's line: guess the cache line size
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's line method (not its code). A ring of
 * pointers runs through the whole buffer (-M) at a stride, pages in a
 * random order and the slots of each page in a random order, all of a page
 * before the next; the time per load is measured for strides from one
 * pointer up to a page / 16, doubling. While the stride is below the line
 * size, several loads share a line and the time rises with the stride;
 * past it every load misses and it stops rising. As lmbench decides: once
 * the time has jumped by more than 30% over the previous stride, the first
 * stride whose time is within 15% of the previous one's is twice the line
 * size. Output, like lmbench's, on stdout: the size in bytes ("cache line
 * size: N bytes" with -v), or nothing when no such step shows (emulators).
 */
#include "applet.h"
#include "lmbench.h"
#include "mem.h"
#include "par_mem.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#define OPTIONS(O) \
	O(VERBOSE, "verbose", OPT_BOOL, "say 'cache line size: N bytes'", .letter = 'v') \
	O(MAX, "max", OPT_SIZE, "buffer size in bytes (k/m: 1024)", .letter = 'M', \
	  .def = "64M", .min = 1, .max = 1e12, .metavar = "SIZE") \
	O(WARMUP_US, "warmup-us", OPT_INT, "warm up this many microseconds (lmbench's -W)", \
	  .letter = 'W', .max = 1e9, .metavar = "US", .key = OPTK_WARMUP_US) \
	LMBENCH_OPT_N(O)
OPT_TABLE(line, OPTIONS);

struct line_out {
	int	verbose;
};

static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct line_out *lo = o->arg;

	if (strcmp(r->test, "size") || r->value <= 0)
		return;
	if (lo->verbose)
		fprintf(o->f, "cache line size: %.0f bytes\n", r->value);
	else
		fprintf(o->f, "%.0f\n", r->value);
}

static const struct emitter emit_line = {
	"line", 0, NULL, classic_record, NULL,
};

struct chase1 {
	void	*p;
};

static void chase_body(void *arg, uint64_t iters)
{
	struct chase1 *c = arg;

	par_chase(&c->p, 1, iters);
}

static int line_run(struct run_ctx *ctx)
{
	long page = sysconf(_SC_PAGESIZE);
	uint64_t len = opt_size(ctx, MAX);
	struct line_out lo = { opt_given(ctx, VERBOSE) != 0 };
	struct result r = { 0 };
	struct mem_region m;
	struct chase1 c;
	double prev = 0;
	char why[160], params[48], sz[32];
	size_t stride;
	int jumped = 0, found = 0, rc = EXIT_OK;

	if (ctx->argc) {
		errorf("unexpected argument '%s'", ctx->argv[0]);
		return EXIT_USAGE;
	}
	if (len < 4 * (uint64_t)page) {
		errorf("-M: %llu bytes is less than 4 pages of %ld", (unsigned long long)len, page);
		return EXIT_USAGE;
	}
	if (len > SIZE_MAX / 2 || mem_fits(len, why, sizeof(why))) {
		errorf("-M %llu: %s", (unsigned long long)len,
		       len > SIZE_MAX / 2 ? "too large for this machine" : why);
		return EXIT_FAIL;
	}
	lmbench_wn(ctx);
	emit_set_arg(ctx->rep, &lo);
	len -= len % (uint64_t)page;
	if (mem_map(&m, (size_t)len, (size_t)page, MEM_HUGE_DEFAULT)) {
		errorf("cannot map %llu bytes: %s", (unsigned long long)len, strerror(errno));
		return EXIT_FAIL;
	}
	for (stride = sizeof(void *); stride <= (size_t)page / 16; stride <<= 1) {
		struct bench_stats st;
		double t;

		c.p = par_ring(m.p, (size_t)len, stride, (size_t)page, stride, NULL);
		chase_body(&c, (len / stride + PAR_LOADS - 1) / PAR_LOADS);
		if (bench_measure(&ctx->bench, chase_body, &c, &st)) {
			rc = EXIT_FAIL;
			break;
		}
		t = st.median_ns / PAR_LOADS;
		snprintf(params, sizeof(params), "stride=%zu", stride);
		memset(&r, 0, sizeof(r));
		r.test = "load";
		r.params = params;
		r.unit = UNIT_NS;
		r.better = -1;
		result_from_time(&r, &st, 1.0 / PAR_LOADS);
		emit_result(ctx, &r);
		if (stride > sizeof(void *)) {
			if (t > 1.3 * prev) {
				jumped = 1;
			} else if (jumped && t < 1.15 * prev) {
				found = (int)(stride / 2);
				break;
			}
		}
		prev = t;
	}
	mem_unmap(&m);
	if (rc)
		return rc;
	format_size(opt_size(ctx, MAX), sz, sizeof(sz));
	snprintf(params, sizeof(params), "M=%s", sz);
	memset(&r, 0, sizeof(r));
	r.test = "size";
	r.params = params;
	r.unit = "B";
	r.value = r.min = r.max = found;
	r.samples = 1;
	if (!found) {
		r.flags = RESULT_FAILED;
		r.note = "no step in the load time: line size not found";
	}
	emit_result(ctx, &r);
	return EXIT_OK;
}

TEXT(line_summary, "cache line size (lmbench's line)");
TEXT(line_usage,
	"usage: line [-v] [-M SIZE] [-W US] [-N N]\n"
	"\n"
	"Cache line size by lmbench's method: the time per load of a ring of\n"
	"pointers through SIZE bytes (the pages, and the slots of each page, in\n"
	"random order) at strides from a pointer to a page / 16, doubling. After\n"
	"the time has jumped by over 30%, the first stride within 15% of the one\n"
	"before is twice the line size. Prints the size on stdout, like\n"
	"lmbench's, or nothing when no step shows (emulators); --format adds a\n"
	"record per stride.\n");

const struct applet applet_line = {
	.name    = "line",
	.summary = TEXT_PTR(line_summary),
	.usage   = TEXT_PTR(line_usage),
	.opts    = opts,
	.unit    = "B",
	.classic = &emit_line,
	.min_time = 0.005,
	.reps    = 11,
	.run     = line_run,
};
