/* wiring.h - the parsers of the wiring checks (applets/suite/wiring.c)
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_WIRING_H
#define BENCHBOX_WIRING_H

#include <stddef.h>
#include <stdint.h>

/* A PCIe link speed as sysfs writes it ("8.0 GT/s PCIe", "2.5 GT/s"):
 * digits with at most one '.', at most 6 digits, then " GT/s", then the
 * end or a blank and anything. 0 with *gts > 0, or -1 (*gts untouched):
 * "Unknown" (a link that is down) is -1. Reads s only up to its NUL. */
int wiring_parse_gts(const char *s, double *gts);
/* The sum of the sizes of a devicetree reg property of len bytes: entries
 * of acells address and scells size cells (1 or 2 each), big-endian 32-bit.
 * 0 with *total, or -1 (*total untouched) when len is 0 or not a whole
 * number of entries, a cell count is out of range, or the sum overflows.
 * Reads p[0..len) only. */
int wiring_parse_dt_cells(const unsigned char *p, size_t len, unsigned acells, unsigned scells,
			  uint64_t *total);

/* The fastest speed (Mb/s) among the link modes set in an ethtool mask of
 * nwords 32-bit words (bits past the kernel's known ones are ignored); 0
 * when none is a speed. */
unsigned wiring_mask_speed(const uint32_t *mask, unsigned nwords);

#endif
