/* lmbench.h - lmbench's result lines, shared by the applets that carry
 * lmbench's names (their classic output goes to stderr, like lmbench's)
 *
 * SPDX-License-Identifier: MIT
 *
 * A record's .group is the classic label ("Simple syscall") and .value the
 * statistic lmbench prints (the median), in the unit the emitter expects:
 *   emit_lmbench_micro  "%s: %.4f microseconds"   value in us (UNIT_US)
 *   emit_lmbench_nano   "%s: %.2f nanoseconds"    value in ns (UNIT_NS)
 *   emit_lmbench_mb     "%s: %.2f MB/sec" ("%.2f MB/sec" without a group)
 *   emit_lmbench_bw     "%.2f %.2f" = .x / 10^6 (the size in MB), .value
 *                       (MB/s), each "%.6f" when below 1 (bw_mem, bw_file_rd,
 *                       bw_mmap_rd)
 */
#ifndef BENCHBOX_LMBENCH_H
#define BENCHBOX_LMBENCH_H

#include "applet.h"
#include "emit.h"
#include "team.h"

extern const struct emitter emit_lmbench_micro, emit_lmbench_nano, emit_lmbench_mb,
	emit_lmbench_bw;

/* lmbench's benchmp options, for an applet's opts[]: -P N copies at once
 * (help says what a copy is), -W microseconds of warm-up, -N repetitions
 * (lmbench's default 11 is the applet's .reps); -C for the file tests. */
#define LMBENCH_OPT_P(O, most, help_) \
	O(PARALLEL, "parallel", OPT_INT, help_, .letter = 'P', .def = "1", .min = 1, .max = (most), \
	  .key = OPTK_PARALLEL)
#define LMBENCH_OPT_W(O) \
	O(WARMUP_US, "warmup-us", OPT_INT, "warm up this many microseconds (lmbench's -W)", \
	  .letter = 'W', .def = "0", .min = 0, .max = 1e9, .metavar = "US", .key = OPTK_WARMUP_US)
#define LMBENCH_OPT_N(O) \
	O(TRIES, "tries", OPT_INT, "repetitions: lmbench's -N, the same as --reps", \
	  .letter = 'N', .min = 1, .max = 1001, .metavar = "N", .key = OPTK_TRIES)
#define LMBENCH_OPTS_WN(O) LMBENCH_OPT_W(O) LMBENCH_OPT_N(O)
#define LMBENCH_OPT_C(O) \
	O(CLONE, "clone", OPT_BOOL, "each copy works on its own copy of the file", \
	  .letter = 'C', .key = OPTK_CLONE)

/* Their help, the end of an applet's usage text. */
#define LMBENCH_HELP_WN \
	"-W US warms up that many microseconds before timing; -N N takes N\n" \
	"samples (the same as --reps; lmbench's default, 11).\n"
#define LMBENCH_HELP_LAT \
	"-P N runs N copies at once; the latency is per copy (a sample lasts\n" \
	"until the slowest copy is done).\n" LMBENCH_HELP_WN
#define LMBENCH_HELP_BW \
	"-P N runs N copies at once; the bandwidth is their sum.\n" LMBENCH_HELP_WN
/* lmbench's ENOUGH environment variable (its driver exports it): the
 * shortest timed interval in microseconds, as lmbench's timing library
 * takes it, into ctx->bench unless --min-time was given. A value that is
 * not a whole number from 1 to 10^9 is ignored with a warning. */
void lmbench_enough(struct run_ctx *ctx);

/* Apply ENOUGH (above), -N and -W (declared by LMBENCH_OPTS_WN) to
 * ctx->bench, for an applet without -P. */
void lmbench_wn(struct run_ctx *ctx);

/* Apply ENOUGH (above), -N (samples) and -W (warm-up samples: one, as lmbench discards
 * its first interval, plus enough to last that long) to ctx->bench.
 * Returns -P. */
unsigned lmbench_opts(struct run_ctx *ctx);

/* What lm_measure() runs in each copy: setup first (NULL: nothing), the
 * timed body, done last (NULL: nothing; else 0 or an exit status). */
struct lm_copies {
	team_setup_fn	*setup;
	bench_body	*body;
	team_done_fn	*done;
	void		*arg;
};

/* The end of a copy (a done function's answer): err non-zero is said as
 * "WHAT: strerror(err)" (err -1: WHAT alone; WHAT from fmt) and gives
 * EXIT_FAIL; else wrong gives EXIT_WRONG (the caller says why, on the
 * record); else EXIT_OK. */
int lm_copy_status(int err, int wrong, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* bench_measure() of c->body with P copies running at once: P == 1 here,
 * in this process; else P forked copies (team_start_procs()), each with
 * its own copy of *arg; a sample lasts until the slowest copy is done.
 * EXIT_OK, or the first failure's exit status. */
int lm_measure(struct run_ctx *ctx, unsigned P, const struct lm_copies *c,
	       struct bench_stats *st);

#endif
