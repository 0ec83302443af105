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
/* The number of a sysfs name that is prefix and decimal digits ("mmc0",
 * "usb2", "thermal_zone3": 0 to 2^20), else -1 */
long wiring_numbered(const char *name, const char *prefix);
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

/* wiring_kernel.c's parsers ------------------------------------------------ */

/* One entry of /proc/crypto (a block of "key : value" lines): its fields,
 * cut to fit, "" when missing. usable: a name, a driver and a priority
 * (0..2^31-1) were read, its selftest line (if any) says "passed", and
 * it is not internal: an entry the kernel would hand out for its name. */
struct wiring_crypto {
	char		name[128], driver[128], module[64], type[24];
	int64_t		priority;	/* -1 when missing or not a number */
	int		usable;
};
/* The entry that starts at p (blank lines before it skipped), into *e;
 * returns where the next one starts, or NULL (*e untouched) when no line
 * of an entry is left. Reads only up to p's NUL. */
const char *wiring_crypto_next(const char *p, struct wiring_crypto *e);
/* The usable entry of /proc/crypto's text named name (whole name) with
 * the highest priority, the first of equals, as the kernel picks: 0 with
 * *best, or -1 (*best untouched) when there is none. */
int wiring_crypto_pick(const char *text, const char *name, struct wiring_crypto *best);
/* What runs a driver: "hw" a crypto engine (any name not known as the
 * others), "cpu" CPU instructions (-ce, -neon, aesni, -avx, -ssse3, vaes,
 * zvk...), "lib" the kernel's library (-lib: CPU instructions inside
 * when it was built with them, Linux 6.16+), "c" portable C (-generic,
 * aes-fixed-time, the scalar -arm64, -arm, -asm). A template's instance
 * ("gcm_base(ctr(aes-ce),ghash-generic)") is its weakest part. */
const char *wiring_crypto_kind(const char *driver);
/* The same in words, as wiring's records say it: "portable C", "kernel
 * library", "CPU instructions", "hardware engine". */
const char *wiring_crypto_kind_words(const char *driver);

/* One record of /dev/kmsg, the len bytes of its first line
 * ("PRIO,SEQ,USEC,FLAGS[,MORE];MESSAGE": decimal PRIO, SEQ and USEC, at
 * least one byte of flags): 0 with its level (PRIO & 7) in *level and
 * where MESSAGE starts in *msg; -1 (nothing written) for anything else,
 * a continuation line (" DEVICE=+usb:1-1") among them. Reads only
 * rec[0..len). */
int wiring_kmsg_record(const char *rec, size_t len, unsigned *level, size_t *msg);

/* wiring_bus.c: MMC/SD/eMMC and USB ---------------------------------------- */

/* What debugfs mmcN/ios says (the kernel's mmc_ios_show(): "KEY:\tVALUE"
 * lines). Each field is -1 when its line is not there. */
struct wiring_ios {
	int64_t	clock_hz;	/* Hz: "actual clock:", else "clock:" (32 bits) */
	int	power;		/* "power mode:" 0 off, 1 up, 2 on (0-255) */
	int	width;		/* "bus width:" in bits: 1, 4 or 8 */
	int	timing;		/* "timing spec:" MMC_TIMING_*: 0 legacy ... 10 HS400 */
	int	strobe;		/* 1: timing 10 "mmc HS400 enhanced strobe"; else 0 */
};
/* The ios text: 0 with *out when it has a "timing spec" and a "bus width"
 * line; -1 (*out untouched) without them, or when a line of one of the
 * keys above is not whole: "clock:" blanks digits " Hz"; "power mode:" and
 * "timing spec:" blanks digits " (" text ")"; "bus width:" blanks CODE
 * " (" 1 << CODE " bits)" with CODE 0, 2 or 3. Other lines are skipped.
 * Reads text only up to its NUL. */
int wiring_parse_ios(const char *text, struct wiring_ios *out);
/* A debugfs caps or caps2 file ("0x%08llx" of a 32-bit word): "0x" and 1-16
 * hex digits, then the end or one newline. 0 with *v, or -1 (*v untouched)
 * for anything else or a value past 32 bits. */
int wiring_parse_caps(const char *s, uint32_t *v);
/* Byte idx of an EXT_CSD as debugfs mmcN/mmcN:RCA/ext_csd shows it: 512
 * bytes as pairs of hex digits, byte 0 first; blanks and newlines between
 * pairs are skipped, and a line may start with a decimal offset and ':'
 * that must be the count of bytes before it (a dump of "OFF: xx xx ..."
 * lines). 0 with *out, or -1 (*out untouched) unless idx < 512 and the
 * text is exactly 512 bytes so. Reads text only up to its NUL. */
int wiring_parse_ext_csd(const char *text, unsigned idx, uint8_t *out);
/* A USB device's sysfs speed in Mb/s ("1.5", "12", "480", "5000", "10000"):
 * decimal digits (a value of at most 999999), optionally '.' and 1-3
 * digits, then the end. 0 with *kbps (Mb/s times 1000, > 0), or -1 (*kbps
 * untouched): "unknown", wireless USB's "53.3-480", 0. */
int wiring_parse_usb_speed(const char *s, unsigned *kbps);
/* A USB device's sysfs version (bcdUSB as "%2x.%02x": " 2.00", " 3.20"):
 * spaces, 1-2 decimal digits, '.', 2 decimal digits, the end. 0 with *v =
 * major * 100 + minor (" 3.20" -> 320), or -1 (*v untouched). */
int wiring_parse_usb_version(const char *s, unsigned *v);
/* A USB device's BOS (sysfs bos_descriptors, Linux 6.9 on: the Binary
 * Object Store header, bLength >= 5 and type 0x0F, then device capability
 * descriptors, type 0x10, each bLength >= 3, walked within len and the
 * header's wTotalLength): 1 when one of them is SuperSpeed (capability
 * 0x03) or SuperSpeedPlus (0x0A), 0 when none is, -1 when p is no BOS or
 * a capability's length would leave it. Reads p[0..len) only. A USB 3
 * device at high speed says version 2.10 (USB 3's rule), not 3.x: its
 * BOS still names SuperSpeed. */
int wiring_usb_bos_ss(const unsigned char *p, size_t len);

#endif
