/* par_mem.c - lmbench's par_mem: how many loads the memory system overlaps
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's par_mem method (not its code). For each
 * size from 16 lines up to -M, doubling, one ring of pointers runs through
 * the buffer at the line size (pages in a random order, the lines of a page
 * in a random order, all of a page before the next). The ring is chased by
 * k = 1..16 chases at once, started at evenly spaced points of the ring,
 * each a chain of dependent loads. With t(k) the time per iteration of k
 * chains (PAR_LOADS loads each), the parallelism at that size is the
 * largest t(1) / (t(k) / k): how many misses overlap before the chases
 * slow each other down. 1.00 means none. Times are the median sample.
 * Output, like lmbench's, on stderr: "%.6f %.2f" = the size in MB (10^6
 * bytes) and the parallelism, one line per size.
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
	O(COST, "cost", OPT_BOOL, "accepted and ignored, as by lmbench's par_mem", \
	  .letter = 'c') \
	O(LINE, "line", OPT_INT, "line size [a page / 16]", .letter = 'L', .max = 1 << 20, \
	  .metavar = "BYTES") \
	O(MAX, "max", OPT_SIZE, "largest size in bytes (k/m: 1024)", .letter = 'M', \
	  .def = "64M", .min = 1, .max = 1e12, .metavar = "SIZE") \
	O(WARMUP_US, "warmup-us", OPT_INT, "warm up this many microseconds (lmbench's -W)", \
	  .letter = 'W', .max = 1e9, .metavar = "US", .key = OPTK_WARMUP_US) \
	LMBENCH_OPT_N(O)
OPT_TABLE(par_mem, OPTIONS);

uint64_t par_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static void shuffle(uint32_t *v, uint32_t n, uint64_t *rng)
{
	uint32_t i, j, t;

	for (i = 0; i < n; i++)
		v[i] = i;
	for (i = n; i > 1; i--) {
		j = (uint32_t)(par_random(rng) % i);
		t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

void *par_ring(void *base, size_t len, size_t stride, size_t page, uint64_t seed, void **order)
{
	size_t per = len < page ? len / stride : page / stride;
	size_t npages = (len + page - 1) / page, pg, k, n = 0;
	uint32_t *pages = xcalloc(npages, sizeof(*pages)), *slots = xcalloc(per, sizeof(*slots));
	char *b = base;
	void **prev = NULL, *first = NULL;

	shuffle(pages, (uint32_t)npages, &seed);
	for (pg = 0; pg < npages; pg++) {
		shuffle(slots, (uint32_t)per, &seed);
		for (k = 0; k < per; k++) {
			size_t off = (size_t)pages[pg] * page + (size_t)slots[k] * stride;
			void **slot;

			if (off + sizeof(void *) > len)
				continue;
			slot = (void **)(b + off);
			if (prev)
				*prev = slot;
			else
				first = slot;
			if (order)
				order[n] = slot;
			n++;
			prev = slot;
		}
	}
	*prev = first;
	free(pages);
	free(slots);
	return first;
}

/* k chases in step; the branches on k fold away in each caller. */
static inline __attribute__((always_inline)) void chase_k(void **p, uint64_t iters, const int k)
{
#define EACH(M) M(0) M(1) M(2) M(3) M(4) M(5) M(6) M(7) \
		M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)
#define LOAD(n) void *q##n = k > n ? p[n] : NULL;
#define HOP(n) if (k > n) q##n = *(void **)q##n;
#define STORE(n) if (k > n) p[n] = q##n;
	int r;

	EACH(LOAD)
	while (iters--)
		for (r = 0; r < PAR_LOADS / 10; r++) {
			EACH(HOP) EACH(HOP) EACH(HOP) EACH(HOP) EACH(HOP)
			EACH(HOP) EACH(HOP) EACH(HOP) EACH(HOP) EACH(HOP)
		}
	EACH(STORE)
#undef STORE
#undef HOP
#undef LOAD
#undef EACH
}

void par_chase(void **p, int k, uint64_t iters)
{
	switch (k) {
	case 1: chase_k(p, iters, 1); break;
	case 2: chase_k(p, iters, 2); break;
	case 3: chase_k(p, iters, 3); break;
	case 4: chase_k(p, iters, 4); break;
	case 5: chase_k(p, iters, 5); break;
	case 6: chase_k(p, iters, 6); break;
	case 7: chase_k(p, iters, 7); break;
	case 8: chase_k(p, iters, 8); break;
	case 9: chase_k(p, iters, 9); break;
	case 10: chase_k(p, iters, 10); break;
	case 11: chase_k(p, iters, 11); break;
	case 12: chase_k(p, iters, 12); break;
	case 13: chase_k(p, iters, 13); break;
	case 14: chase_k(p, iters, 14); break;
	case 15: chase_k(p, iters, 15); break;
	default: chase_k(p, iters, 16); break;
	}
	bench_keep_ptr(p[0]);
}

int par_check_line(long line, long page)
{
	if (line < (long)sizeof(void *) || line > page / 16 || (line & (line - 1))) {
		errorf("-L: %ld is not a power of two from %zu to %ld (a page / 16)", line,
		       sizeof(void *), page / 16);
		return EXIT_USAGE;
	}
	return 0;
}

/* par_mem itself ----------------------------------------------------------- */

struct chase_arg {
	void	*p[PAR_MAX_CHAINS];
	int	k;
};

static void chase_body(void *arg, uint64_t iters)
{
	struct chase_arg *c = arg;

	par_chase(c->p, c->k, iters);
}

static void classic_record(struct emit_out *o, const struct result *r)
{
	fprintf(o->f, "%.6f %.2f\n", r->x / 1e6, r->value);
}

static const struct emitter emit_par_mem = {
	"par_mem", 1, NULL, classic_record, NULL,
};

static int par_mem_run(struct run_ctx *ctx)
{
	long page = sysconf(_SC_PAGESIZE);
	long line = opt_given(ctx, LINE) ? (long)opt_int(ctx, LINE) : page / 16;
	uint64_t max = opt_size(ctx, MAX), len;
	struct mem_region m;
	struct chase_arg c;
	void **order;
	char why[160], params[48], sz[32];
	int rc = EXIT_OK;

	if (ctx->argc) {
		errorf("unexpected argument '%s'", ctx->argv[0]);
		return EXIT_USAGE;
	}
	if (par_check_line(line, page))
		return EXIT_USAGE;
	if (max < (uint64_t)line * PAR_MAX_CHAINS) {
		errorf("-M: %llu bytes is less than 16 lines of %ld", (unsigned long long)max, line);
		return EXIT_USAGE;
	}
	if (max > SIZE_MAX / 4 || mem_fits(max + max / (uint64_t)line * sizeof(void *), why,
					   sizeof(why))) {
		errorf("-M %llu: %s", (unsigned long long)max,
		       max > SIZE_MAX / 4 ? "too large for this machine" : why);
		return EXIT_FAIL;
	}
	lmbench_wn(ctx);
	if (mem_map(&m, (size_t)max, (size_t)page, MEM_HUGE_DEFAULT)) {
		errorf("cannot map %llu bytes: %s", (unsigned long long)max, strerror(errno));
		return EXIT_FAIL;
	}
	order = xcalloc((size_t)(max / (uint64_t)line), sizeof(*order));
	for (len = (uint64_t)line * PAR_MAX_CHAINS; len <= max && rc == EXIT_OK; len <<= 1) {
		size_t n = (size_t)(len / (uint64_t)line);
		double base = 0, best = 1;
		struct result r = { 0 };
		int k, j;

		par_ring(m.p, (size_t)len, (size_t)line, (size_t)page, len, order);
		for (k = 1; k <= PAR_MAX_CHAINS; k++) {
			struct bench_stats st;

			c.k = k;
			for (j = 0; j < k; j++)
				c.p[j] = order[(size_t)j * n / (size_t)k];
			chase_body(&c, (n + PAR_LOADS - 1) / PAR_LOADS);	/* into the caches */
			if (bench_measure(&ctx->bench, chase_body, &c, &st)) {
				rc = EXIT_FAIL;
				break;
			}
			if (k == 1)
				base = st.median_ns;
			else if (st.median_ns > 0 && base * k / st.median_ns > best)
				best = base * k / st.median_ns;
		}
		if (rc)
			break;
		format_size(len, sz, sizeof(sz));
		snprintf(params, sizeof(params), "size=%s,line=%ld", sz, line);
		r.test = "parallelism";
		r.params = params;
		r.unit = "";
		r.better = 1;
		r.value = r.min = r.max = best;
		r.samples = ctx->bench.samples;
		r.x = (double)len;
		emit_result(ctx, &r);
	}
	free(order);
	mem_unmap(&m);
	return rc;
}

TEXT(par_mem_summary, "memory load parallelism per size (lmbench's par_mem)");
TEXT(par_mem_usage,
	"usage: par_mem [-c] [-L BYTES] [-M SIZE] [-W US] [-N N]\n"
	"\n"
	"Memory-level parallelism by lmbench's method: for each size from 16\n"
	"lines to SIZE, doubling, 1 to 16 chains at once chase a ring of\n"
	"pointers through the buffer, one per line (pages and lines in random\n"
	"order). The parallelism is the largest t(1) / (t(k) / k), t(k) the\n"
	"median time with k chains: how many cache misses overlap (1.00: none).\n"
	"Prints, on stderr like lmbench's, one line per size: the size in MB\n"
	"(10^6 bytes) and the parallelism.\n");

const struct applet applet_par_mem = {
	.name    = "par_mem",
	.summary = TEXT_PTR(par_mem_summary),
	.usage   = TEXT_PTR(par_mem_usage),
	.opts    = opts,
	.unit    = "",
	.flags   = APPLET_SLOW,
	.classic = &emit_par_mem,
	.min_time = 0.005,
	.reps    = 11,
	.run     = par_mem_run,
};
