/* progress.h - one rewritten line on stderr while an applet works
 *
 * SPDX-License-Identifier: MIT
 *
 * A person at a terminal cannot tell a 30 s benchmark from a hung one. So
 * when stderr is a terminal and no --format was given (run's children have
 * neither: run shows its own progress), applet_main() starts a thread that,
 * from 2 s after the start on, redraws one line four times a second:
 * "\r" + "lat_mem_rd: point 14, sample 3 of 5, records 13, 12.3 s" + erase
 * to the end of the line. It reads counters the harness keeps:
 * bench_measure() names the measurement and its sample, emit_result() counts
 * records, so every applet gets it; one that times a single long run of its
 * own (coremark) still shows its time. The line is erased before a record,
 * a warning or an error is written, and at the end; a forked child of the
 * applet never touches it.
 */
#ifndef BENCHBOX_PROGRESS_H
#define BENCHBOX_PROGRESS_H

struct progress;

/* Start the line for applet `what` when stderr is a terminal; NULL if not
 * (every function below takes NULL and does nothing). */
struct progress *progress_start(const char *what);
/* Erase the line for good, end the thread, free p. */
void progress_stop(struct progress *p);
/* bench_measure(): a measurement begins (n samples to come), sample k of
 * n is taken (k = 0: calibrating), or it ended (n = 0). */
void progress_sample(struct progress *p, int begin, unsigned k, unsigned n);
/* Around output on the terminal: PROGRESS_HOLD erases the line and keeps
 * it away until PROGRESS_RELEASE, or PROGRESS_RECORD, which also counts a
 * record. p is a struct progress: this is util_set_stderr_guard()'s hook. */
enum { PROGRESS_RELEASE, PROGRESS_HOLD, PROGRESS_RECORD };
void progress_hold(void *p, int how);

#endif
