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
 */
#ifndef BENCHBOX_LMBENCH_H
#define BENCHBOX_LMBENCH_H

#include "report.h"

extern const struct emitter emit_lmbench_micro, emit_lmbench_nano, emit_lmbench_mb;

#endif
