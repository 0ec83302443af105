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

/* Shared by wiring's checks (wiring.c: CPUs, command line, memory,
 * clocks, cpufreq, PCIe, network; wiring_bus.c: MMC/SD/eMMC and USB;
 * wiring_kernel.c: storage, crypto drivers, thermal, taints, the kernel
 * log, CPU idle) ----------------------------------------------------------- */
struct run_ctx;

enum wiring_grade { G_OK, G_WARN, G_PROBLEM, G_COUNT };

/* One finding, one record: test name ("pcie.0000:01:00.0": its class, a
 * '.', the thing), text seen (what was seen, "" for "unknown"), params
 * grade=ok|warn|problem followed by attrs when not NULL ("speed=8,width=2":
 * what an --expect line may pin as NAME.ATTR VALUE, each value one word of
 * [A-Za-z0-9._+-]), note the reason, with what was possible. */
void wiring_finding(struct run_ctx *ctx, enum wiring_grade g, const char *name, const char *seen,
		    const char *attrs, const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Whether s can be an attribute's value: 1-47 of [A-Za-z0-9._+-] */
int wiring_word_ok(const char *s);
/* The kernel command line (read by the first check; "" unread) */
extern char wiring_cmdline[4096];
/* The command line's word that starts with key ("mem=", "nosmp"), into
 * buf; NULL when none */
const char *wiring_cmdline_word(const char *key, char *buf, size_t len);

void wiring_check_mmc(struct run_ctx *ctx);
void wiring_check_usb(struct run_ctx *ctx);
void wiring_check_storage(struct run_ctx *ctx);
void wiring_check_crypto(struct run_ctx *ctx);
void wiring_check_thermal(struct run_ctx *ctx);
void wiring_check_kernel(struct run_ctx *ctx);	/* taints, error lines in the log */
void wiring_check_cpuidle(struct run_ctx *ctx);

#endif
