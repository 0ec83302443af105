/* mhz.h - the effective clock of one CPU, for applets that report per MHz
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_MHZ_H
#define BENCHBOX_MHZ_H

/* Measure CPU cpu's clock (cpu < 0: wherever this thread runs) with mhz's
 * dependent-add chain: 5 samples of 10 ms, the median, in MHz. The calling
 * thread is pinned for the measurement and its affinity restored. NAN if
 * that CPU cannot be used. Meaningless under emulation. */
double mhz_measure_cpu(int cpu);

#endif
