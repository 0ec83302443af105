/* conditions.h - what makes a run's numbers suspect
 *
 * SPDX-License-Identifier: MIT
 *
 * A clock held low, a zone near its trip point, other work on the CPUs,
 * too little free memory: each is a record of test "suspect", params
 * "what=KIND" (",when=before" or ",when=after" around a run) and a text a
 * person reads. Summaries list every such record, so the shape is fixed.
 */
#ifndef BENCHBOX_CONDITIONS_H
#define BENCHBOX_CONDITIONS_H

#include <stddef.h>
#include <stdint.h>

#include "applet.h"

/* A sysfs CPU list ("0-3", "0 1 2 3") made short ("0-3"); the number of
 * CPUs, or -1 when it is not one. */
int cpulist_tidy(const char *s, char *buf, size_t len);

/* The [selected] word of a sysfs choice list ("always [madvise] never"),
 * or "unknown". */
const char *bracketed(const char *path, char *buf, size_t len);

struct run_summary;

/* Every suspect condition now, reported through ctx (and to sum, run's
 * terminal summary, when not NULL); none in ktap. when: NULL, or
 * "before"/"after" a run, which also records the THP mode (a fact, never
 * suspect). need: bytes the coming tests may allocate at once, 0 =
 * unknown (no memory or swap check). Watches the CPUs for half a second
 * when /proc/stat can be read. Returns how many conditions are suspect. */
int conditions_report(struct run_ctx *ctx, const char *when, uint64_t need,
		      struct run_summary *sum);

/* After a record of mhz's "measured" test (else nothing): the CPU's
 * clock under 90% of its cpufreq policy's cpuinfo_max_freq is suspect
 * ("cpu0-3 measured 1274 MHz of max 2000"), once a policy (bits of *seen,
 * by its first CPU). */
void conditions_clock(struct run_ctx *ctx, const struct result *m, uint64_t *seen,
		      struct run_summary *sum);

#endif
