/* test_bench.c - the timing harness against a fake clock, and the real one
 *
 * SPDX-License-Identifier: MIT
 *
 * The fake clock is a counter: every read advances it by 1 ns (so the
 * harness sees a 1 ns resolution and a 1 ns read overhead, far below the
 * 1% of a sample at which it would subtract anything), and the fake body
 * advances it by a known cost per iteration. Every number bench_measure()
 * reports is then exact up to those 1 ns reads.
 */
#include "minitest.h"
#include "bench.h"
#include "util.h"

#include <string.h>

static uint64_t fake_ns;	/* the fake clock; tests reset it */

static uint64_t fake_clock(void)
{
	return fake_ns++;
}

struct fake {
	uint64_t	cost[2];	/* ns per iteration, alternating per call */
	unsigned	calls;
	uint64_t	seen[256];	/* iters of each call */
};

static void fake_body(void *arg, uint64_t iters)
{
	struct fake *f = arg;

	fake_ns += iters * f->cost[f->calls % 2];
	if (f->calls < ARRAY_LEN(f->seen))
		f->seen[f->calls] = iters;
	f->calls++;
}

static void fake_opts(struct bench_opts *o, double min_s)
{
	bench_opts_default(o);
	o->min_sample_s = min_s;
	o->clock_ns = fake_clock;
	fake_ns = 1000000;
}

TEST(bench_calibrate)
{
	struct fake f = { .cost = { 1000, 1000 } };
	struct bench_opts o;
	struct bench_stats st;
	unsigned i, tail;

	fake_opts(&o, 0.01);
	o.warmup = 2;
	o.samples = 7;
	REQUIRE(bench_measure(&o, fake_body, &f, &st) == 0);
	CHECK((double)st.iters * 1000 >= o.min_sample_s * 1e9);
	CHECK(st.iters < 2 * 10000000 / 1000);	/* and not wildly beyond it */
	CHECK_EQ_INT(st.n, 7);
	CHECK_NEAR(st.median_ns, 1000, 0.01);
	CHECK_NEAR(st.min_ns, 1000, 0.01);
	CHECK_NEAR(st.max_ns, 1000, 0.01);
	CHECK_NEAR(st.mean_ns, 1000, 0.01);
	CHECK_NEAR(st.stddev_ns, 0, 0.01);
	CHECK_NEAR(st.clock_res_ns, 1, 0);
	CHECK_EQ_INT(st.flags, 0);
	/* calibration: 1, 10, 100, ... each step grows */
	CHECK_EQ_U64(f.seen[0], 1);
	REQUIRE(f.calls > o.warmup + o.samples);
	tail = o.warmup + o.samples;
	for (i = 1; i < f.calls - tail; i++)
		CHECK(f.seen[i] > f.seen[i - 1]);
	/* warm-up and samples: all at the one calibrated count */
	for (i = f.calls - tail; i < f.calls; i++)
		CHECK_EQ_U64(f.seen[i], st.iters);
	/* the last calibration run already reached min_sample_s */
	CHECK_EQ_U64(f.seen[f.calls - tail - 1], st.iters);
}

TEST(bench_calibrate_exact)
{
	/* 1, 10, 100, 1000 (1 ms, >= 10% of 10 ms) -> ceil(1000 * 1.4 * 10 /
	 * 1.000001) = 14000, which lasts 14 ms: done. */
	struct fake f = { .cost = { 1000, 1000 } };
	struct bench_opts o;
	struct bench_stats st;

	fake_opts(&o, 0.01);
	o.warmup = 0;
	o.samples = 3;
	REQUIRE(bench_measure(&o, fake_body, &f, &st) == 0);
	CHECK_EQ_U64(st.iters, 14000);
	CHECK_EQ_INT(f.calls, 5 + 3);
	CHECK_EQ_U64(f.seen[3], 1000);
}

TEST(bench_one_sample_is_enough)
{
	/* one iteration already lasts min_sample_s: no calibration steps */
	struct fake f = { .cost = { 50000000, 50000000 } };
	struct bench_opts o;
	struct bench_stats st;

	fake_opts(&o, 0.01);
	o.warmup = 1;
	o.samples = 3;
	REQUIRE(bench_measure(&o, fake_body, &f, &st) == 0);
	CHECK_EQ_U64(st.iters, 1);
	CHECK_EQ_INT(f.calls, 1 + 1 + 3);
	CHECK_NEAR(st.median_ns, 50000000, 2);
	CHECK_EQ_INT(st.flags, 0);
}

TEST(bench_max_iters)
{
	struct fake f = { .cost = { 1000, 1000 } };
	struct bench_opts o;
	struct bench_stats st;
	unsigned i;

	fake_opts(&o, 0.01);
	o.max_iters = 500;
	o.warmup = 1;
	o.samples = 3;
	REQUIRE(bench_measure(&o, fake_body, &f, &st) == 0);
	CHECK(st.flags & BENCH_TOO_FAST);
	CHECK(!(st.flags & BENCH_BUDGET));
	CHECK_EQ_U64(st.iters, 500);
	CHECK_EQ_INT(st.n, 3);
	CHECK_NEAR(st.median_ns, 1000, 0.01);
	for (i = 0; i < f.calls && i < ARRAY_LEN(f.seen); i++)
		CHECK(f.seen[i] <= 500);
	CHECK_EQ_U64(f.seen[f.calls - 1], 500);
}

TEST(bench_budget_in_samples)
{
	/* 1 ms per iteration; calibration ends at 140 iterations (140 ms),
	 * already past the 50 ms budget: one sample, then stop. */
	struct fake f = { .cost = { 1000000, 1000000 } };
	struct bench_opts o;
	struct bench_stats st;

	fake_opts(&o, 0.1);
	o.budget_s = 0.05;
	o.samples = 11;
	REQUIRE(bench_measure(&o, fake_body, &f, &st) == 0);
	CHECK(st.flags & BENCH_BUDGET);
	CHECK(!(st.flags & BENCH_TOO_FAST));
	CHECK(st.n >= 1);
	CHECK(st.n < 11);
	CHECK((double)st.iters * 1e6 >= o.min_sample_s * 1e9);
	CHECK_NEAR(st.median_ns, 1000000, 1);
}

TEST(bench_budget_in_calibration)
{
	/* 1 ms per iteration, 1 s wanted, 1 ms allowed: the first timing
	 * exhausts the budget; the one sample is still taken and kept. */
	struct fake f = { .cost = { 1000000, 1000000 } };
	struct bench_opts o;
	struct bench_stats st;

	fake_opts(&o, 1);
	o.budget_s = 0.001;
	o.warmup = 3;
	o.samples = 5;
	REQUIRE(bench_measure(&o, fake_body, &f, &st) == 0);
	CHECK(st.flags & BENCH_BUDGET);
	CHECK_EQ_INT(st.n, 1);
	CHECK_EQ_U64(st.iters, 1);
	CHECK_EQ_INT(f.calls, 2);	/* calibration + one sample; no warm-up */
	CHECK_NEAR(st.median_ns, 1000000, 2);
}

TEST(bench_noisy)
{
	struct fake f = { .cost = { 1000, 1200 } };	/* 20% apart */
	struct bench_opts o;
	struct bench_stats st;

	fake_opts(&o, 0.01);
	o.samples = 5;
	REQUIRE(bench_measure(&o, fake_body, &f, &st) == 0);
	CHECK(st.flags & BENCH_NOISY);
	CHECK_NEAR(st.min_ns, 1000, 0.01);
	CHECK_NEAR(st.max_ns, 1200, 0.01);

	memset(&f, 0, sizeof(f));	/* the same spread under a looser limit */
	f.cost[0] = 1000;
	f.cost[1] = 1200;
	fake_opts(&o, 0.01);
	o.samples = 5;
	o.noisy = 0.5;
	REQUIRE(bench_measure(&o, fake_body, &f, &st) == 0);
	CHECK(!(st.flags & BENCH_NOISY));

	memset(&f, 0, sizeof(f));	/* 1% apart: under the default 5% */
	f.cost[0] = 1000;
	f.cost[1] = 1010;
	fake_opts(&o, 0.01);
	o.samples = 5;
	REQUIRE(bench_measure(&o, fake_body, &f, &st) == 0);
	CHECK(!(st.flags & BENCH_NOISY));
}

TEST(bench_zero_samples)
{
	struct fake f = { .cost = { 1000, 1000 } };
	struct bench_opts o;
	struct bench_stats st;

	fake_opts(&o, 0.01);
	o.samples = 0;	/* treated as 1 */
	REQUIRE(bench_measure(&o, fake_body, &f, &st) == 0);
	CHECK_EQ_INT(st.n, 1);
	CHECK_NEAR(st.median_ns, 1000, 0.01);
}

TEST(bench_next_iters_rules)
{
	/* below 10% of min_s (or no time at all): x10 */
	CHECK_EQ_U64(bench_next_iters(1, 0.001, 0.05), 10);
	CHECK_EQ_U64(bench_next_iters(10, 0, 0.05), 100);
	CHECK_EQ_U64(bench_next_iters(7, 0.0049, 0.05), 70);
	/* else ceil(iters * 1.4 * min / t) */
	CHECK_EQ_U64(bench_next_iters(100, 0.25, 0.5), 280);
	CHECK_EQ_U64(bench_next_iters(1000, 0.01, 0.05), 7000);
	CHECK_EQ_U64(bench_next_iters(3, 0.03, 0.05), 7);	/* 7.0 */
	CHECK_EQ_U64(bench_next_iters(3, 0.029, 0.05), 8);	/* 7.24 -> 8 */
	/* always grows, even past min_s */
	CHECK_EQ_U64(bench_next_iters(1000, 10.0, 0.05), 1001);
	CHECK_EQ_U64(bench_next_iters(5, 0.05, 0.05), 7);
	CHECK(bench_next_iters(1, 1, 0.05) > 1);
	/* saturates instead of wrapping */
	CHECK_EQ_U64(bench_next_iters(UINT64_MAX / 10 + 1, 0, 1), UINT64_MAX);
	CHECK_EQ_U64(bench_next_iters(1ull << 63, 0.5, 1), UINT64_MAX);
	CHECK(bench_next_iters(1ull << 40, 0.001, 0.05) == 10ull << 40);
}

TEST(bench_fake_clock_measure)
{
	struct clock_info ci;

	fake_ns = 0;
	bench_clock_measure(fake_clock, &ci);
	CHECK_NEAR(ci.res_ns, 1, 0);
	CHECK_NEAR(ci.overhead_ns, 1, 0);
	CHECK(ci.name && *ci.name);
}

TEST(bench_real_clock)
{
	const struct clock_info *ci = bench_clock_info();
	uint64_t a, b;

	REQUIRE(ci != NULL);
	CHECK(ci->name != NULL && ci->name[0] != '\0');
	CHECK(ci->res_ns > 0);
	CHECK(ci->overhead_ns >= 0);
	CHECK(ci->res_ns < 1e7);	/* a 10 ms tick would be useless */
	CHECK(bench_clock_info() == ci);	/* measured once */
	a = bench_clock_ns();
	b = bench_clock_ns();
	CHECK(b >= a);
	CHECK(a > 0);
}

static void spin_body(void *arg, uint64_t iters)
{
	uint64_t i, x = 0;

	for (i = 0; i < iters; i++) {
		x += i;
		bench_keep_u64(x);
	}
}

TEST(bench_real_measure)
{
	struct bench_opts o;
	struct bench_stats st;

	bench_opts_default(&o);
	o.min_sample_s = 0.002;
	o.samples = 3;
	o.warmup = 0;
	o.noisy = 1e9;		/* the machine is shared; spread is not the point */
	REQUIRE(bench_measure(&o, spin_body, NULL, &st) == 0);
	CHECK_EQ_INT(st.n, 3);
	CHECK(st.iters > 1);
	CHECK(st.median_ns > 0);
	CHECK(st.min_ns <= st.median_ns && st.median_ns <= st.max_ns);
	CHECK(!(st.flags & (BENCH_TOO_FAST | BENCH_BUDGET | BENCH_NOISY)));
}
