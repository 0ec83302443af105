/* tlb.c - lmbench's tlb: how many pages the TLB maps
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's tlb method (not its code). For a count of
 * pages, two rings of pointers with one load per element are timed: one
 * with a pointer in each of that many pages (visited in a random order, at
 * offsets spread over the page so the loads hit different cache sets), one
 * packed into pages x LINE bytes (the same loads from the caches, a few
 * pages). When the first is over 15% slower the loads miss the TLB. Page
 * counts double from 8 until they do, then a binary search finds the last
 * count without the effect: the TLB's reach, in pages. Huge pages are
 * turned off for the buffer. Output, like lmbench's, on stderr: "tlb: N
 * pages" (-c adds the cost of a miss, the time difference per load at 2N
 * pages: "tlb: N pages X nanoseconds"), or nothing when no effect shows up
 * to -M (emulators, or a TLB larger than -M).
 */
#include "applet.h"
#include "lmbench.h"
#include "mem.h"
#include "par_mem.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OPTIONS(O) \
	O(COST, "cost", OPT_BOOL, "also print the cost of a TLB miss (ns)", .letter = 'c') \
	O(LINE, "line", OPT_INT, "line size, a power of two [a pointer]", .letter = 'L', \
	  .max = 1 << 20, .metavar = "BYTES") \
	O(MAX, "max", OPT_SIZE, "largest reach in bytes (k/m: 1024) [16384 pages]", \
	  .letter = 'M', .min = 1, .max = 1e12, .metavar = "SIZE") \
	O(WARMUP_US, "warmup-us", OPT_INT, "warm up this many microseconds (lmbench's -W)", \
	  .letter = 'W', .max = 1e9, .metavar = "US", .key = OPTK_WARMUP_US) \
	LMBENCH_OPT_N(O)
OPT_TABLE(tlb, OPTIONS);

enum { TLB_START = 8 };
#define TLB_THRESHOLD 1.15

struct tlb {
	struct run_ctx		*ctx;
	struct mem_region	pages, packed;
	size_t			page, line, maxpages;
	int			print_cost;
	double			cost_ns;	/* for the classic line (-c) */
};

struct chase1 {
	void	*p;
};

static void chase_body(void *arg, uint64_t iters)
{
	struct chase1 *c = arg;

	par_chase(&c->p, 1, iters);
}

/* i with its low `bits` bits reversed. */
static size_t bit_reverse(size_t i, unsigned bits)
{
	size_t r = 0;
	unsigned b;

	for (b = 0; b < bits; b++)
		if (i & ((size_t)1 << b))
			r |= (size_t)1 << (bits - 1 - b);
	return r;
}

/* One pointer in each of n pages, the pages in a random order. */
static void *page_ring(struct tlb *t, size_t n)
{
	size_t words = t->page / sizeof(void *), i, j;
	unsigned bits = 0;
	uint64_t rng = n;
	size_t *order = xcalloc(n, sizeof(*order));
	char *b = t->pages.p;
	void **first = NULL, **prev = NULL;

	while (((size_t)1 << (bits + 1)) <= words)
		bits++;
	for (i = 0; i < n; i++)
		order[i] = i;
	for (i = n; i > 1; i--) {
		size_t tmp;

		j = (size_t)(par_random(&rng) % i);
		tmp = order[i - 1];
		order[i - 1] = order[j];
		order[j] = tmp;
	}
	for (i = 0; i < n; i++) {
		void **slot = (void **)(b + order[i] * t->page +
					bit_reverse(i % words, bits) * sizeof(void *));

		if (prev)
			*prev = slot;
		else
			first = slot;
		prev = slot;
	}
	*prev = first;
	free(order);
	return first;
}

static int time_ring(struct tlb *t, void *start, size_t n, struct bench_stats *st)
{
	struct chase1 c = { start };

	chase_body(&c, (n + PAR_LOADS - 1) / PAR_LOADS);
	return bench_measure(&t->ctx->bench, chase_body, &c, st);
}

/* The ratio for n pages (and both times, in ns per load); -1 on failure. */
static double measure(struct tlb *t, size_t n, double *tlb_ns, double *cache_ns)
{
	struct bench_stats a, b;
	struct result r = { 0 };
	char params[32];

	if (time_ring(t, page_ring(t, n), n, &a) ||
	    time_ring(t, par_ring(t->packed.p, n * t->line, t->line, t->page, n, NULL), n, &b))
		return -1;
	*tlb_ns = a.median_ns / PAR_LOADS;
	*cache_ns = b.median_ns / PAR_LOADS;
	snprintf(params, sizeof(params), "pages=%zu", n);
	r.test = "ratio";
	r.params = params;
	r.unit = "";
	r.value = r.min = r.max = *cache_ns > 0 ? *tlb_ns / *cache_ns : 0;
	r.samples = a.n;
	r.note = "page ring / packed ring, time per load";
	emit_result(t->ctx, &r);
	return r.value;
}

/* lmbench's search: the largest page count without the effect, 0 = none. */
static int find_tlb(struct tlb *t, size_t *found)
{
	size_t i, lower = 0, upper = 0;
	double a, b, ratio;

	*found = 0;
	for (i = TLB_START; i <= t->maxpages; i <<= 1) {
		if ((ratio = measure(t, i, &a, &b)) < 0)
			return EXIT_FAIL;
		if (ratio > TLB_THRESHOLD) {
			lower = i / 2;
			upper = i;
			break;
		}
	}
	if (!upper)
		return EXIT_OK;
	i = lower + (upper - lower) / 2;
	while (lower + 1 < upper) {
		if ((ratio = measure(t, i, &a, &b)) < 0)
			return EXIT_FAIL;
		if (ratio > TLB_THRESHOLD)
			upper = i;
		else
			lower = i;
		i = lower + (upper - lower) / 2;
	}
	*found = lower;
	return EXIT_OK;
}

static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct tlb *t = o->arg;

	if (strcmp(r->test, "pages") || r->value <= 0)
		return;
	if (t->print_cost)
		fprintf(o->f, "tlb: %.0f pages %.5f nanoseconds\n", r->value, t->cost_ns);
	else
		fprintf(o->f, "tlb: %.0f pages\n", r->value);
}

static const struct emitter emit_tlb = {
	"tlb", 1, NULL, classic_record, NULL,
};

static int tlb_run(struct run_ctx *ctx)
{
	long page = sysconf(_SC_PAGESIZE);
	struct tlb t = { 0 };
	struct result r = { 0 };
	uint64_t max;
	char why[160];
	size_t found = 0;
	int rc;

	if (ctx->argc) {
		errorf("unexpected argument '%s'", ctx->argv[0]);
		return EXIT_USAGE;
	}
	t.ctx = ctx;
	t.page = (size_t)page;
	t.line = opt_given(ctx, LINE) ? (size_t)opt_int(ctx, LINE) : sizeof(void *);
	if (par_check_line((long)t.line, page))
		return EXIT_USAGE;
	max = opt_given(ctx, MAX) ? opt_size(ctx, MAX) : 16384 * (uint64_t)page;
	if (max / t.page < 2 * TLB_START) {
		errorf("-M: %llu bytes is less than %d pages of %zu", (unsigned long long)max,
		       2 * TLB_START, t.page);
		return EXIT_USAGE;
	}
	t.maxpages = (size_t)(max / t.page);
	if (max > SIZE_MAX / 4 || mem_fits(max + t.maxpages * t.line, why, sizeof(why))) {
		errorf("-M %llu: %s", (unsigned long long)max,
		       max > SIZE_MAX / 4 ? "too large for this machine" : why);
		return EXIT_FAIL;
	}
	t.print_cost = opt_given(ctx, COST) != 0;
	lmbench_wn(ctx);
	emit_set_arg(ctx->rep, &t);
	if (mem_map(&t.pages, t.maxpages * t.page, t.page, MEM_HUGE_OFF) ||
	    mem_map(&t.packed, t.maxpages * t.line + t.page, t.page, MEM_HUGE_OFF)) {
		errorf("cannot map %llu bytes: %s", (unsigned long long)max, strerror(errno));
		mem_unmap(&t.pages);
		return EXIT_FAIL;
	}
	rc = find_tlb(&t, &found);
	if (rc == EXIT_OK && found && t.print_cost) {
		double a, b;
		size_t n = 2 * found < t.maxpages ? 2 * found : t.maxpages;

		if (measure(&t, n, &a, &b) < 0)
			rc = EXIT_FAIL;
		t.cost_ns = a - b;
		memset(&r, 0, sizeof(r));
		r.test = "cost";
		r.params = "";
		r.unit = UNIT_NS;
		r.better = -1;
		r.value = r.min = r.max = t.cost_ns;
		r.samples = 1;
		r.note = "per load, page ring minus packed ring at twice the reach";
		if (rc == EXIT_OK)
			emit_result(ctx, &r);
	}
	mem_unmap(&t.pages);
	mem_unmap(&t.packed);
	if (rc)
		return rc;
	memset(&r, 0, sizeof(r));
	r.test = "pages";
	r.unit = "";
	r.value = r.min = r.max = (double)found;
	r.samples = 1;
	if (!found) {
		r.flags = RESULT_FAILED;
		r.note = "no TLB effect up to -M";
	}
	emit_result(ctx, &r);
	return EXIT_OK;
}

TEXT(tlb_summary, "TLB reach in pages (lmbench's tlb)");
TEXT(tlb_usage,
	"usage: tlb [-c] [-L BYTES] [-M SIZE] [-W US] [-N N]\n"
	"\n"
	"TLB reach by lmbench's method: a ring with one pointer in each of N\n"
	"pages (random order, no huge pages) is timed against a ring of as many\n"
	"loads packed into N lines; over 15% slower means TLB misses. N doubles\n"
	"from 8 pages up to SIZE, then a binary search finds the largest N\n"
	"without misses. Prints 'tlb: N pages' on stderr, like lmbench's (-c\n"
	"adds the cost of a miss, timed at 2N pages), or nothing when no effect\n"
	"shows.\n");

const struct applet applet_tlb = {
	.name    = "tlb",
	.summary = TEXT_PTR(tlb_summary),
	.usage   = TEXT_PTR(tlb_usage),
	.opts    = opts,
	.unit    = "",
	.classic = &emit_tlb,
	.min_time = 0.005,
	.reps    = 11,
	.run     = tlb_run,
};
