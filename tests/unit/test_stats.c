/* test_stats.c - stats_compute(): median, spread, mean, stddev, sorting
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "stats.h"
#include "util.h"

#include <string.h>

TEST(stats_median_odd)
{
	double v[] = { 3, 1, 2 };
	struct stats st;

	stats_compute(v, ARRAY_LEN(v), &st);
	CHECK_EQ_U64(st.n, 3);
	CHECK_NEAR(st.median, 2, 0);
	CHECK_NEAR(st.min, 1, 0);
	CHECK_NEAR(st.max, 3, 0);
	CHECK_NEAR(st.mean, 2, 1e-12);
}

TEST(stats_median_even)
{
	double v[] = { 4, 1, 3, 2 };
	struct stats st;

	stats_compute(v, ARRAY_LEN(v), &st);
	CHECK_EQ_U64(st.n, 4);
	CHECK_NEAR(st.median, 2.5, 0);	/* mean of the middle two */
	CHECK_NEAR(st.min, 1, 0);
	CHECK_NEAR(st.max, 4, 0);
	CHECK_NEAR(st.mean, 2.5, 1e-12);
}

TEST(stats_single)
{
	double v[] = { 7.25 };
	struct stats st;

	stats_compute(v, 1, &st);
	CHECK_EQ_U64(st.n, 1);
	CHECK_NEAR(st.min, 7.25, 0);
	CHECK_NEAR(st.median, 7.25, 0);
	CHECK_NEAR(st.max, 7.25, 0);
	CHECK_NEAR(st.mean, 7.25, 0);
	CHECK_NEAR(st.stddev, 0, 0);	/* n - 1 == 0: defined as 0, not NaN */
}

TEST(stats_empty)
{
	double v[1] = { 42 };
	struct stats st;

	memset(&st, 0xff, sizeof(st));
	stats_compute(v, 0, &st);
	CHECK_EQ_U64(st.n, 0);
	CHECK_NEAR(st.min, 0, 0);
	CHECK_NEAR(st.median, 0, 0);
	CHECK_NEAR(st.max, 0, 0);
	CHECK_NEAR(st.mean, 0, 0);
	CHECK_NEAR(st.stddev, 0, 0);
	CHECK_NEAR(v[0], 42, 0);
}

TEST(stats_identical)
{
	double v[] = { 5, 5, 5, 5, 5 };
	struct stats st;

	stats_compute(v, ARRAY_LEN(v), &st);
	CHECK_NEAR(st.min, 5, 0);
	CHECK_NEAR(st.median, 5, 0);
	CHECK_NEAR(st.max, 5, 0);
	CHECK_NEAR(st.mean, 5, 1e-12);
	CHECK_NEAR(st.stddev, 0, 1e-12);
}

TEST(stats_unsorted)
{
	double v[] = { 9, -1, 4, 100, 0.5, 4, 3 };
	const double sorted[] = { -1, 0.5, 3, 4, 4, 9, 100 };
	struct stats st;
	size_t i;

	stats_compute(v, ARRAY_LEN(v), &st);
	CHECK_NEAR(st.min, -1, 0);
	CHECK_NEAR(st.max, 100, 0);
	CHECK_NEAR(st.median, 4, 0);
	CHECK_NEAR(st.mean, 119.5 / 7, 1e-12);
	for (i = 0; i < ARRAY_LEN(v); i++)	/* documented: sorted in place */
		CHECK_NEAR(v[i], sorted[i], 0);
}

TEST(stats_stddev)
{
	/* mean 5, squared deviations sum to 32; sample stddev = sqrt(32/7) */
	double v[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	struct stats st;

	stats_compute(v, ARRAY_LEN(v), &st);
	CHECK_NEAR(st.mean, 5, 1e-12);
	CHECK_NEAR(st.median, 4.5, 0);
	CHECK_NEAR(st.stddev, sqrt(32.0 / 7), 1e-12);
	CHECK_NEAR(st.stddev, 2.1380899352993950, 1e-12);
}
