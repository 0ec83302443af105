/* bench.c - the timing harness
 *
 * SPDX-License-Identifier: MIT
 *
 * 1. The clock is measured once: resolution = smallest non-zero step
 *    between back-to-back reads, overhead = mean cost of a read.
 * 2. Calibrate: iters = 1, 10, ... until a sample lasts min_sample_s, then
 *    scale by 1.4 * min/t (google/benchmark's PredictNumItersNeeded).
 * 3. Warm up, then take `samples` samples at that fixed count.
 * 4. Flag TOO_FAST / BUDGET / NOISY.
 */
#include "bench.h"
#include "progress.h"
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <time.h>

void bench_opts_default(struct bench_opts *o)
{
	o->min_sample_s = 0.05;
	o->warmup = 1;
	o->samples = 5;
	o->max_iters = 1ull << 40;
	o->budget_s = 20;
	o->noisy = 0.05;
	o->clock_ns = NULL;
	o->progress = NULL;
}

static clockid_t bench_clock_id(void)
{
	static int id = -1;	/* decided once; the answer never changes */
	struct timespec ts;

	if (id < 0)
#ifdef CLOCK_MONOTONIC_RAW
		id = clock_gettime(CLOCK_MONOTONIC_RAW, &ts) == 0 ? CLOCK_MONOTONIC_RAW
								   : CLOCK_MONOTONIC;
#else
		id = CLOCK_MONOTONIC;
#endif
	return (clockid_t)id;
}

uint64_t bench_clock_ns(void)
{
	struct timespec ts;

	clock_gettime(bench_clock_id(), &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void bench_clock_measure(uint64_t (*clock_ns)(void), struct clock_info *out)
{
	enum { STEPS = 11, READS = 1000 };
	uint64_t best = UINT64_MAX, t0, t1;
	int i, guard;

	if (!clock_ns)
		clock_ns = bench_clock_ns;
	out->name = bench_clock_id() == CLOCK_MONOTONIC ? "CLOCK_MONOTONIC" : "CLOCK_MONOTONIC_RAW";
	for (i = 0; i < STEPS; i++) {
		t0 = clock_ns();
		guard = 0;
		do
			t1 = clock_ns();
		while (t1 == t0 && ++guard < 1000000);
		if (t1 > t0 && t1 - t0 < best)
			best = t1 - t0;
	}
	out->res_ns = best == UINT64_MAX ? 1e6 : (double)best;
	t0 = clock_ns();
	for (i = 0; i < READS; i++)
		t1 = clock_ns();
	out->overhead_ns = (double)(t1 - t0) / READS;
}

const struct clock_info *bench_clock_info(void)
{
	static struct clock_info ci;	/* process-wide cache of a fact about the machine */

	if (!ci.name)
		bench_clock_measure(NULL, &ci);
	return &ci;
}

uint64_t bench_next_iters(uint64_t iters, double t_s, double min_s)
{
	double next;

	if (t_s <= 0 || t_s < 0.1 * min_s)
		return iters > UINT64_MAX / 10 ? UINT64_MAX : iters * 10;
	next = ceil((double)iters * 1.4 * min_s / t_s);
	if (next <= (double)iters)
		next = (double)iters + 1;
	return next >= 1.8e19 ? UINT64_MAX : (uint64_t)next;
}

int bench_measure(const struct bench_opts *o, bench_body *body, void *arg,
		  struct bench_stats *out)
{
	uint64_t (*clk)(void) = o->clock_ns ? o->clock_ns : bench_clock_ns;
	struct clock_info ci;
	uint64_t iters = 1, start, t0, dt;
	double min_s = o->min_sample_s, *v, budget_ns = o->budget_s * 1e9;
	unsigned want = o->samples ? o->samples : 1, n = 0, i;
	struct stats st;

	*out = (struct bench_stats){ 0 };
	if (o->clock_ns)
		bench_clock_measure(clk, &ci);
	else
		ci = *bench_clock_info();
	out->clock_res_ns = ci.res_ns;
	if (min_s < ci.res_ns * 1000 / 1e9)
		min_s = ci.res_ns * 1000 / 1e9;

	progress_sample(o->progress, 1, 0, want);
	start = clk();
	for (;;) {			/* calibrate; these runs warm up too */
		t0 = clk();
		body(arg, iters);
		dt = clk() - t0;
		if ((double)dt >= min_s * 1e9)
			break;
		if ((double)(clk() - start) > budget_ns) {
			out->flags |= BENCH_BUDGET;
			break;
		}
		if (iters >= o->max_iters) {
			out->flags |= BENCH_TOO_FAST;
			break;
		}
		iters = bench_next_iters(iters, (double)dt / 1e9, min_s);
		if (iters > o->max_iters)
			iters = o->max_iters;
	}
	out->iters = iters;

	for (i = 0; i < o->warmup && !(out->flags & BENCH_BUDGET); i++)
		body(arg, iters);

	v = malloc(want * sizeof(*v));
	if (!v)
		return -1;
	for (n = 0; n < want; n++) {
		if (n > 0 && (double)(clk() - start) > budget_ns) {
			out->flags |= BENCH_BUDGET;
			break;
		}
		progress_sample(o->progress, 0, n + 1, want);
		t0 = clk();
		body(arg, iters);
		dt = clk() - t0;
		v[n] = (double)dt;
	}
	progress_sample(o->progress, 0, 0, 0);
	/* subtract the two clock reads only when they matter (> 1% of a sample) */
	for (i = 0; i < n; i++) {
		if (ci.overhead_ns > 0.01 * v[i]) {
			v[i] -= ci.overhead_ns;
			out->flags |= BENCH_CLOCK_SUB;
		}
		if (v[i] < 0)
			v[i] = 0;
		v[i] /= (double)iters;
	}
	stats_compute(v, n, &st);
	free(v);
	out->n = n;
	out->min_ns = st.min;
	out->median_ns = st.median;
	out->max_ns = st.max;
	out->mean_ns = st.mean;
	out->stddev_ns = st.stddev;
	if (n > 1 && st.median > 0 && (st.max - st.min) / st.median > o->noisy)
		out->flags |= BENCH_NOISY;
	return 0;
}
