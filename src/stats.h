/* stats.h - summary statistics of a sample of doubles
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_STATS_H
#define BENCHBOX_STATS_H

#include <stddef.h>

struct stats {
	size_t	n;
	double	min, median, max, mean, stddev;	/* stddev: sample (n-1), 0 when n < 2 */
};

/* Sorts v in place. Median of an even count is the mean of the middle two.
 * n == 0 gives all zeros. */
void stats_compute(double *v, size_t n, struct stats *out);

#endif
