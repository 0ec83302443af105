/* bench.h - the timing harness: calibrate, warm up, sample, summarise
 *
 * SPDX-License-Identifier: MIT
 *
 * bench_measure() times a body that runs an operation `iters` times. It
 * first raises the iteration count until one sample lasts min_sample_s (and
 * at least 1000 clock resolutions), then keeps `samples` samples at that
 * fixed count. Nothing is subtracted; results that are too fast to time,
 * over budget or noisy are flagged, never hidden.
 */
#ifndef BENCHBOX_BENCH_H
#define BENCHBOX_BENCH_H

#include <stdint.h>

struct bench_opts {
	double		min_sample_s;	/* one sample lasts at least this long */
	unsigned	warmup;		/* samples run and discarded after calibration */
	unsigned	samples;	/* samples kept; odd keeps the median a real sample */
	uint64_t	max_iters;	/* calibration stops here -> BENCH_TOO_FAST */
	double		budget_s;	/* cap per measurement, calibration included */
	double		noisy;		/* (max-min)/median above this -> BENCH_NOISY */
	uint64_t	(*clock_ns)(void);	/* NULL = bench_clock_ns(); tests inject one */
	struct progress	*progress;	/* the line on a terminal (progress.h); NULL = none */
};

/* Run the measured operation `iters` times. Must not allocate, print or sleep. */
typedef void bench_body(void *arg, uint64_t iters);

enum bench_flags {
	BENCH_TOO_FAST	= 1u << 0,	/* max_iters reached before min_sample_s */
	BENCH_BUDGET	= 1u << 1,	/* stopped early at budget_s */
	BENCH_NOISY	= 1u << 2,	/* spread above opts.noisy */
	BENCH_CLOCK_SUB	= 1u << 3,	/* clock overhead (>1% of a sample) subtracted */
};

struct bench_stats {
	uint64_t	iters;		/* iterations per sample after calibration */
	unsigned	n;		/* samples kept (>= 1) */
	double		min_ns, median_ns, max_ns;	/* time per iteration */
	double		mean_ns, stddev_ns;
	double		clock_res_ns;	/* timer resolution used */
	unsigned	flags;		/* enum bench_flags */
};

struct clock_info {
	const char	*name;		/* "CLOCK_MONOTONIC_RAW" or "CLOCK_MONOTONIC" */
	double		res_ns;		/* smallest non-zero step seen between reads */
	double		overhead_ns;	/* cost of one read */
};

void	 bench_opts_default(struct bench_opts *o);
/* --quick's samples, where the command line does not say: fewer, shorter,
 * no warm-up, a smaller cap per measurement (a sanity check's numbers) */
#define BENCH_QUICK_SAMPLES		3
#define BENCH_QUICK_MIN_SAMPLE_S	0.01
#define BENCH_QUICK_WARMUP		0
#define BENCH_QUICK_BUDGET_S		5.0
int	 bench_measure(const struct bench_opts *o, bench_body *body, void *arg,
		       struct bench_stats *out);
uint64_t bench_clock_ns(void);
/* Measures the clock once per process (cached); clock_ns NULL = bench_clock_ns. */
const struct clock_info *bench_clock_info(void);
void	 bench_clock_measure(uint64_t (*clock_ns)(void), struct clock_info *out);
/* Next calibration iteration count (google/benchmark's rule); exposed for tests. */
uint64_t bench_next_iters(uint64_t iters, double t_s, double min_s);

/* Make a value observable so the compiler cannot delete the work. */
static inline void bench_keep_u64(uint64_t v) { __asm__ volatile("" : : "r"(v)); }
static inline void bench_keep_ptr(const void *p) { __asm__ volatile("" : : "r"(p) : "memory"); }
static inline void bench_clobber(void) { __asm__ volatile("" : : : "memory"); }

#endif
