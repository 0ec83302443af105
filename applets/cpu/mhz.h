/* mhz.h - the effective clock of one CPU, for applets that report per MHz
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_MHZ_H
#define BENCHBOX_MHZ_H

struct result;

/* CPU cpu's clock in MHz: the one BENCHBOX_MHZ gives for it (run's mhz
 * test measured it), else measured now (cpu < 0: wherever this thread
 * runs) with mhz's dependent-add chain: 5 samples of 10 ms, the median.
 * The calling thread is pinned for the measurement and its affinity
 * restored. NAN if that CPU cannot be used. Meaningless under emulation. */
double mhz_measure_cpu(int cpu);
/* The clock BENCHBOX_MHZ gives for cpu, else NAN. A malformed value is
 * ignored, with one warning per process. */
double mhz_given(int cpu);
/* BENCHBOX_MHZ's text, "CPU:MHZ[,CPU:MHZ]..." (CPU 0..4095, MHz finite,
 * over 0 and under 100000): 0 with *mhz set when it names cpu (its last
 * entry for cpu wins), 1 when well formed without cpu, -1 when malformed
 * (*mhz untouched). Reads nothing past the NUL, allocates and prints
 * nothing. */
int mhz_env_parse(const char *s, int cpu, double *mhz);
/* run, for the tests after its mhz test: a record of mhz's (test
 * "measured", params "cpu=N") adds N:MHZ to BENCHBOX_MHZ; others are
 * left alone. */
void mhz_env_see(const struct result *r);
/* The note of a figure per MHz: "clock N MHz measured by mhz" when all n
 * CPUs' clocks came from BENCHBOX_MHZ (ngiven == n), "... measured here"
 * when none did, "... measured by mhz and here" otherwise. */
const char *mhz_note(double mhz, unsigned ngiven, unsigned n, char *buf, size_t len);

#endif
