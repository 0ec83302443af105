/* wiring.c - what came up wrong on the board, named before any benchmark
 *
 * SPDX-License-Identifier: MIT
 *
 * Half of a bring-up is finding what came up wrong, not what is slow: CPUs
 * left offline, memory cut by mem=, the clocksource fallen back to
 * jiffies, an RTC in 1970, cpufreq missing or capped, a PCIe link trained
 * below what both its ends support, Ethernet at half duplex or below what
 * both ends offer (here; MMC and USB in wiring_bus.c, storage, crypto
 * drivers, thermal, taints, the kernel log and CPU idle in
 * wiring_kernel.c). Each is read from what the kernel exposes (through
 * BENCHBOX_SYSROOT, as sysinfo reads; ethtool only on this system's own
 * interfaces), and each check is one record: test the finding's name
 * ("pcie.0000:01:00.0"), text what was seen, params grade=ok|warn|problem
 * and the finding's attributes, note the reason with what was possible.
 * An --expect file's pins (NAME.ATTR VALUE) are held against each
 * finding's attributes as it is made. Every file is hostile: missing,
 * empty, huge or junk is a finding not made (or a warn saying it cannot
 * be read), never a wrong grade. The parsers are wiring_parse_gts() and
 * wiring_parse_dt_cells() (tests/fuzz/wiring.c), wiring_mask_speed() the
 * ethtool masks' reader (tests/unit/test_wiring.c).
 */
#include "applet.h"
#include "opt.h"
#include "sys.h"
#include "util.h"
#include "verdict.h"
#include "wiring.h"

#include <limits.h>
#include <net/if.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#define OPTIONS(O) \
	O(EXPECT, "expect", OPT_STR, "'NAME.ATTR VALUE' lines: what the findings must say", \
	  .letter = 'e', .metavar = "FILE")
OPT_TABLE(wiring, OPTIONS);

static const char *const grade_names[G_COUNT] = { "ok", "warn", "problem" };

static unsigned counts[G_COUNT];

/* The --expect file's lines (its pins are ours; its bands are run's) */
static struct verdict_expect *pins;
static int npins, pins_said;	/* pins_said: the missing ones are being said */

/* Whether the pin's NAME (name[0..n)) names the finding test: the whole
 * name, or the name without its class ("eth0" for "net.eth0") */
static int pin_names(const char *name, size_t n, const char *test)
{
	const char *dot = strchr(test, '.');

	return (strlen(test) == n && !memcmp(test, name, n)) ||
	       (dot && strlen(dot + 1) == n && !memcmp(dot + 1, name, n));
}

/* "grade, speed, width" from "grade=ok,speed=8,width=2" */
static const char *attr_names(const char *params, char *buf, size_t len)
{
	size_t at = 0, n;

	*buf = 0;
	while (*params && at + 1 < len) {
		n = strcspn(params, "=,");
		at += (size_t)snprintf(buf + at, len - at, "%s%.*s", at ? ", " : "", (int)n, params);
		params += n;
		params += strcspn(params, ",");
		params += *params == ',';
	}
	return buf;
}

/* The pins on finding test, held against its attributes in params (the
 * grade among them): 1 when one does not hold (said before the reason, in
 * why[len]), else 0 */
static int pins_unheld(const char *test, const char *params, char *why, size_t len)
{
	char have[64], said[400], keys[160];
	const char *dot;
	size_t at = 0;
	int i;

	for (i = 0; i < npins; i++) {
		if (!pins[i].value[0])
			continue;
		dot = strrchr(pins[i].metric, '.');
		if (!pin_names(pins[i].metric, (size_t)(dot - pins[i].metric), test))
			continue;
		pins[i].used = 1;
		if (!params_value(params, dot + 1, have, sizeof(have)))
			at += (size_t)snprintf(said + at, at < sizeof(said) ? sizeof(said) - at : 0,
					       "--expect line %d: no attribute '%s' (it has %s); ",
					       pins[i].line, dot + 1, attr_names(params, keys,
					       sizeof(keys)));
		else if (!verdict_pin_holds(pins[i].value, have))
			at += (size_t)snprintf(said + at, at < sizeof(said) ? sizeof(said) - at : 0,
					       "--expect line %d wants %s %s, it is %s; ",
					       pins[i].line, dot + 1, pins[i].value, have);
	}
	if (at) {
		snprintf(said + (at < sizeof(said) ? at : sizeof(said) - 1),
			 at < sizeof(said) ? sizeof(said) - at : 1, "%s", why);
		snprintf(why, len, "%s", said);
	}
	return at > 0;
}

/* A problem for each finding the pins name that this board did not make
 * (a device that is gone is what a farm must see first), its lines said */
static void pins_unmet(struct run_ctx *ctx)
{
	char name[96], said[400];
	const char *dot, *d2;
	size_t at, n;
	int i, k;

	for (i = 0; i < npins; i++) {
		if (!pins[i].value[0] || pins[i].used)
			continue;
		dot = strrchr(pins[i].metric, '.');
		n = (size_t)(dot - pins[i].metric);
		snprintf(name, sizeof(name), "%.*s", (int)n, pins[i].metric);
		for (k = i, at = 0; k < npins; k++) {
			d2 = strrchr(pins[k].metric, '.');
			if (!pins[k].value[0] || pins[k].used || !d2 ||
			    (size_t)(d2 - pins[k].metric) != n || memcmp(pins[k].metric, name, n))
				continue;
			pins[k].used = 1;
			at += (size_t)snprintf(said + at, at < sizeof(said) ? sizeof(said) - at : 0,
					       "%sline %d pins %s %s", at ? ", " : "--expect ",
					       pins[k].line, d2 + 1, pins[k].value);
		}
		pins_said = 1;
		wiring_finding(ctx, G_PROBLEM, name, "missing", NULL, "%s: this board made no such "
			       "finding", said);
		pins_said = 0;
	}
}

void wiring_finding(struct run_ctx *ctx, enum wiring_grade g, const char *name, const char *seen,
		    const char *attrs, const char *fmt, ...)
{
	struct result r = { 0 };
	char params[256], why[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	snprintf(params, sizeof(params), "grade=%s%s%s", grade_names[g], attrs && *attrs ? "," : "",
		 attrs ? attrs : "");
	if (pins_said || pins_unheld(name, params, why, sizeof(why))) {
		g = G_PROBLEM;	/* expect=unmet: run's exit status and verdict say it too */
		snprintf(params, sizeof(params), "grade=%s%s%s,expect=unmet", grade_names[g],
			 attrs && *attrs ? "," : "", attrs ? attrs : "");
	}
	r.test = name;
	r.params = params;
	r.unit = "";
	r.text = *seen ? seen : "unknown";
	r.note = why;
	counts[g]++;
	emit_result(ctx, &r);
}

/* Parsers ---------------------------------------------------------------- */

int wiring_parse_gts(const char *s, double *gts)
{
	double v = 0, scale = 1;
	int digits = 0, dot = 0;

	for (; (*s >= '0' && *s <= '9') || (*s == '.' && !dot); s++) {
		if (*s == '.') {
			dot = 1;
			continue;
		}
		if (++digits > 6)
			return -1;
		if (dot)
			scale /= 10;
		v = v * 10 + (*s - '0');
	}
	if (!digits || strncmp(s, " GT/s", 5) || (s[5] && s[5] != ' ') || !(v * scale > 0))
		return -1;
	*gts = v * scale;
	return 0;
}

int wiring_parse_dt_cells(const unsigned char *p, size_t len, unsigned acells, unsigned scells,
			  uint64_t *total)
{
	size_t each = 4 * (size_t)(acells + scells), i, k;
	uint64_t sum = 0, v;

	if (acells < 1 || acells > 2 || scells < 1 || scells > 2 || !len || len % each)
		return -1;
	for (i = 0; i < len; i += each) {
		for (k = 0, v = 0; k < scells; k++) {
			const unsigned char *c = p + i + 4 * (acells + k);

			v = v << 32 | (uint64_t)c[0] << 24 | (uint64_t)c[1] << 16 |
			    (uint64_t)c[2] << 8 | c[3];
		}
		if (v > UINT64_MAX - sum)
			return -1;
		sum += v;
	}
	*total = sum;
	return 0;
}

/* Each link mode bit of the kernel's ethtool ABI (enum
 * ethtool_link_mode_bit_indices, bits 0-92) as a speed code, '0' for the
 * bits that are no speed (autoneg, port types, pause, FEC) */
static const char link_mode_speed[] =
	"112233000000600403666779999bbbb888aacccca36666645000aaaaacccccddddd23eeeee0cccccdddddeeeee221";

unsigned wiring_mask_speed(const uint32_t *mask, unsigned nwords)
{
	static const unsigned mbps[] = { 0, 10, 100, 1000, 2500, 5000, 10000, 20000, 25000,
					 40000, 50000, 56000, 100000, 200000, 400000 };
	unsigned best = 0, b, v;

	for (b = 0; b < 32 * nwords && b < sizeof(link_mode_speed) - 1; b++) {
		char c = link_mode_speed[b];

		if (!(mask[b / 32] >> (b % 32) & 1))
			continue;
		v = mbps[c <= '9' ? c - '0' : c - 'a' + 10];
		best = v > best ? v : best;
	}
	return best;
}

/* Helpers ---------------------------------------------------------------- */

int wiring_word_ok(const char *s)
{
	size_t n = strlen(s);

	return n && n < 48 && strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				     "0123456789._+-") == n;
}

long wiring_numbered(const char *name, const char *prefix)
{
	size_t n = strlen(prefix);
	uint64_t v;
	const char *s = name + n;

	if (strncmp(name, prefix, n) || scan_decimal(&s, 1u << 20, &v) || *s)
		return -1;
	return (long)v;
}

/* How many CPUs a sysfs CPU list file names; -1 unreadable or junk */
static int cpus_in(const char *path, char *list, size_t len)
{
	static int cpus[SYS_MAX_CPUS];

	if (read_text(path, list, len) < 0) {
		*list = 0;
		return -1;
	}
	return sys_parse_cpulist(list, cpus, SYS_MAX_CPUS);
}

const char *wiring_cmdline_word(const char *key, char *buf, size_t len)
{
	const char *p = wiring_cmdline;
	size_t n = strlen(key), w;

	while (*p) {
		p += strspn(p, " \t\n");
		w = strcspn(p, " \t\n");
		if (w && !strncmp(p, key, n) && (key[n - 1] == '=' || w == n)) {
			snprintf(buf, len, "%.*s", (int)(w < 200 ? w : 200), p);
			return buf;
		}
		p += w;
	}
	return NULL;
}

char wiring_cmdline[4096];

/* Checks ------------------------------------------------------------------ */

static void check_cpus(struct run_ctx *ctx)
{
	char on[256], pr[256], seen[96], dt[512], w[64], hint[160] = "", attrs[64];
	char (*names)[64] = xcalloc(SYS_MAX_CPUS, sizeof(*names));
	int online = cpus_in("/sys/devices/system/cpu/online", on, sizeof(on));
	int present = cpus_in("/sys/devices/system/cpu/present", pr, sizeof(pr));
	int ndt = sys_dir_list(sysroot_path("/proc/device-tree/cpus", dt, sizeof(dt)), "cpu@",
			       names, SYS_MAX_CPUS);

	free(names);
	if (wiring_cmdline_word("maxcpus=", w, sizeof(w)) ||
	    wiring_cmdline_word("nr_cpus=", w, sizeof(w)) || wiring_cmdline_word("nosmp", w, sizeof(w)))
		snprintf(hint, sizeof(hint), " (the kernel command line has %s)", w);
	if (online < 1 || present < 1) {
		wiring_finding(ctx, G_WARN, "cpus", "unknown", NULL, "/sys/devices/system/cpu/online or present "
			"cannot be read");
		return;
	}
	snprintf(seen, sizeof(seen), "%d of %d present online (%s)", online, present, on);
	snprintf(attrs, sizeof(attrs), "online=%d,present=%d", online, present);
	if (online < present)
		wiring_finding(ctx, G_PROBLEM, "cpus", seen, attrs, "%d present CPU%s offline%s",
			       present - online, present - online > 1 ? "s are" : " is", hint);
	else if (ndt > present)
		wiring_finding(ctx, G_PROBLEM, "cpus", seen, attrs, "the devicetree has %d CPUs, the "
			       "kernel brought up %d%s", ndt, present,
			       *hint ? hint : " (a secondary CPU failed to start?)");
	else
		wiring_finding(ctx, G_OK, "cpus", seen, attrs, "every present CPU is online%s",
			ndt > 0 ? ", as many as the devicetree has" : "");
}

/* Words of the kernel command line that change what the benchmarks see */
static void check_cmdline(struct run_ctx *ctx)
{
	static const struct {
		const char *key, *why;
		enum wiring_grade g;
	} words[] = {
		{ "mem=", "limits the memory the kernel uses", G_PROBLEM },
		{ "maxcpus=", "limits the CPUs brought up at boot", G_PROBLEM },
		{ "nr_cpus=", "limits the CPUs the kernel supports", G_PROBLEM },
		{ "nosmp", "runs on one CPU", G_PROBLEM },
		{ "isolcpus=", "keeps the scheduler off some CPUs", G_WARN },
		{ "nohz_full=", "runs some CPUs tickless", G_WARN },
		{ "cpufreq.off=", "turns cpufreq off: the CPUs stay at their boot clock", G_WARN },
		{ "cpuidle.off=", "turns CPU idle states off", G_WARN },
		{ "clocksource=", "picks the clocksource by hand", G_WARN },
		{ "mitigations=off", "changes the cost of system calls and context switches", G_WARN },
	};
	char w[256], name[64];
	size_t i;
	int any = 0;

	if (read_text("/proc/cmdline", wiring_cmdline, sizeof(wiring_cmdline)) < 0) {
		*wiring_cmdline = 0;
		wiring_finding(ctx, G_WARN, "cmdline", "unknown", NULL, "/proc/cmdline cannot be read");
		return;
	}
	for (i = 0; i < ARRAY_LEN(words); i++) {
		if (!wiring_cmdline_word(words[i].key, w, sizeof(w)))
			continue;
		snprintf(name, sizeof(name), "cmdline.%.*s", (int)strcspn(words[i].key, "=."),
			 words[i].key);
		wiring_finding(ctx, words[i].g, name, w, NULL, "%s", words[i].why);
		any = 1;
	}
	if (!any) {
		size_t n = strlen(wiring_cmdline);

		snprintf(w, sizeof(w), n > 32 ? "%.29s..." : "%s", wiring_cmdline);
		wiring_finding(ctx, G_OK, "cmdline", n ? w : "empty", NULL, "nothing that limits CPUs, memory or "
			"clocks");
	}
}

/* #address-cells or #size-cells of a devicetree node; def when missing */
static unsigned dt_cells(const char *node, const char *which, unsigned def)
{
	char path[512];
	size_t len;
	unsigned char *p;
	unsigned v = def;

	snprintf(path, sizeof(path), "%s/%s", node, which);
	p = (unsigned char *)read_sysfile(path, 64, &len);
	if (p && len == 4)
		v = (unsigned)p[0] << 24 | (unsigned)p[1] << 16 | (unsigned)p[2] << 8 | p[3];
	free(p);
	return v;
}

/* The memory the devicetree describes (memory@ nodes' reg), 0 none */
static uint64_t dt_memory(void)
{
	char (*names)[64] = xcalloc(256, sizeof(*names)), path[512];
	int n = sys_dir_list(sysroot_path("/proc/device-tree", path, sizeof(path)), "memory",
			     names, 256), i;
	unsigned ac = dt_cells("/proc/device-tree", "#address-cells", 2);
	unsigned sc = dt_cells("/proc/device-tree", "#size-cells", 1);
	uint64_t total = 0, t;

	for (i = 0; i < n; i++) {
		unsigned char *p;
		size_t len;

		snprintf(path, sizeof(path), "/proc/device-tree/%s/reg", names[i]);
		p = (unsigned char *)read_sysfile(path, 4096, &len);
		if (p && !wiring_parse_dt_cells(p, len, ac, sc, &t) && t <= UINT64_MAX - total)
			total += t;
		free(p);
	}
	free(names);
	return total;
}

/* What the devicetree's reserved-memory node takes away from the kernel:
 * each region's reg (or the size of one the kernel places), but not the
 * reusable ones (CMA: the kernel counts them in its total), 0 none */
static uint64_t dt_reserved(void)
{
	const char *node = "/proc/device-tree/reserved-memory";
	char (*names)[64] = xcalloc(256, sizeof(*names)), path[512];
	int n = sys_dir_list(sysroot_path(node, path, sizeof(path)), "", names, 256), i;
	unsigned ac = dt_cells(node, "#address-cells", dt_cells("/proc/device-tree",
			       "#address-cells", 2));
	unsigned sc = dt_cells(node, "#size-cells", dt_cells("/proc/device-tree", "#size-cells",
			       1));
	uint64_t total = 0, t;

	for (i = 0; i < n; i++) {
		unsigned char *p;
		size_t len;
		char at[512];

		snprintf(path, sizeof(path), "%s/%s/reusable", node, names[i]);
		if (!access(sysroot_path(path, at, sizeof(at)), F_OK))
			continue;
		snprintf(path, sizeof(path), "%s/%s/reg", node, names[i]);
		p = (unsigned char *)read_sysfile(path, 4096, &len);
		if (!p) {	/* a region the kernel places: its size alone */
			snprintf(path, sizeof(path), "%s/%s/size", node, names[i]);
			p = (unsigned char *)read_sysfile(path, 16, &len);
			if (p && len == 4 * sc) {	/* one size: read as a reg of a 1-cell address */
				unsigned char reg[12] = { 0 };

				memcpy(reg + 4, p, len);
				if (wiring_parse_dt_cells(reg, 4 + len, 1, sc, &t))
					t = 0;
			} else {
				t = 0;
			}
		} else if (wiring_parse_dt_cells(p, len, ac, sc, &t)) {
			t = 0;
		}
		if (t <= UINT64_MAX - total)
			total += t;
		free(p);
	}
	free(names);
	return total;
}

static void check_memory(struct run_ctx *ctx)
{
	uint64_t total = 0, avail = 0, dt = dt_memory(), res = dt ? dt_reserved() : 0, usable;
	const char *source;
	char seen[96], w[64], a[32], b[32], c[32], less[80] = "", attrs[32];

	if (sys_meminfo(&total, &avail, &source) || !total) {
		wiring_finding(ctx, G_WARN, "memory", "unknown", NULL, "the memory total cannot be "
			       "read");
		return;
	}
	format_human(total, a, sizeof(a));
	snprintf(attrs, sizeof(attrs), "mib=%llu", (unsigned long long)(total >> 20));
	if (!dt) {
		wiring_finding(ctx, G_OK, "memory", a, attrs, "total (no devicetree memory node to "
			       "compare with)");
		return;
	}
	format_human(dt, b, sizeof(b));
	snprintf(seen, sizeof(seen), "%s of %s", a, b);
	usable = res && res < dt ? dt - res : dt;
	if (usable < dt)
		snprintf(less, sizeof(less), " less the %s of its reserved-memory",
			 format_human(res, c, sizeof(c)));
	/* the kernel's own code and page tables come off too; a quarter gone
	 * is more than they take */
	if (total < usable / 4 * 3) {
		int mem = wiring_cmdline_word("mem=", w, sizeof(w)) != NULL;

		wiring_finding(ctx, G_PROBLEM, "memory", seen, attrs, "the kernel sees %.0f%% of the "
			       "devicetree's memory%s%s%s", 100.0 * (double)total / (double)usable,
			       less, mem ? ": the command line has " : "", mem ? w : "");
	} else {
		wiring_finding(ctx, G_OK, "memory", seen, attrs, "the kernel sees %.0f%% of the "
			       "devicetree's memory%s", 100.0 * (double)total / (double)usable, less);
	}
}

static void check_clocksource(struct run_ctx *ctx)
{
	const char *dir = "/sys/devices/system/clocksource/clocksource0";
	char path[160], cur[64], avail[256], attrs[80];

	snprintf(path, sizeof(path), "%s/current_clocksource", dir);
	if (read_text(path, cur, sizeof(cur)) <= 0) {
		wiring_finding(ctx, G_WARN, "clocksource", "unknown", NULL, "%s cannot be read", path);
		return;
	}
	snprintf(path, sizeof(path), "%s/available_clocksource", dir);
	if (read_text(path, avail, sizeof(avail)) < 0)
		*avail = 0;
	snprintf(attrs, sizeof(attrs), "name=%s", wiring_word_ok(cur) ? cur : "other");
	if (!strcmp(cur, "jiffies") || !strcmp(cur, "refined-jiffies"))
		wiring_finding(ctx, G_PROBLEM, "clocksource", cur, attrs, "the timer tick is the only clock: "
			"every time is coarse%s%s", *avail ? "; available: " : "", avail);
	else
		wiring_finding(ctx, G_OK, "clocksource", cur, attrs, "%s%s",
			       *avail ? "available: " : "a hardware counter", avail);
}

/* Arm's architected timer: CNTFRQ_EL0, which the firmware must set and
 * user space may read (this system's only), and the devicetree timer
 * node's clock-frequency, which stands in for a firmware that did not;
 * no record where neither is there (not Arm, or a captured board without
 * the property) */
static void check_timer(struct run_ctx *ctx)
{
	unsigned char *p;
	uint64_t f = 0, dtf = 0, hz;
	size_t len;
	char seen[64], attrs[32];
#if defined(__aarch64__)
	int reg = !sysroot_dir();	/* the register is this system's */

	if (reg)
		__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
#else
	int reg = 0;
#endif

	p = (unsigned char *)read_sysfile("/proc/device-tree/timer/clock-frequency", 16, &len);
	if (p && len == 4)
		dtf = (uint64_t)p[0] << 24 | (uint64_t)p[1] << 16 | (uint64_t)p[2] << 8 | p[3];
	free(p);
	if (!f && !dtf) {
		if (reg)
			wiring_finding(ctx, G_PROBLEM, "timer", "0 Hz", "mhz=0", "CNTFRQ_EL0 reads 0 "
				       "and the devicetree has no clock-frequency: the firmware never "
				       "set the timer's frequency");
		return;
	}
	hz = f ? f : dtf;
	snprintf(seen, sizeof(seen), "%.6g MHz (%s)", (double)hz / 1e6,
		 f ? "CNTFRQ_EL0" : "the devicetree's clock-frequency");
	snprintf(attrs, sizeof(attrs), "mhz=%.6g", (double)hz / 1e6);
	if (!f && reg)
		wiring_finding(ctx, G_WARN, "timer", seen, attrs, "CNTFRQ_EL0 reads 0: the firmware "
			       "did not set it, the devicetree stands in");
	else if (f && dtf && f != dtf)
		wiring_finding(ctx, G_WARN, "timer", seen, attrs, "the devicetree's clock-frequency "
			       "(%.6g MHz) overrides it: one of the two is wrong", (double)dtf / 1e6);
	else if (hz < 1000000 || hz > 1000000000)
		wiring_finding(ctx, G_WARN, "timer", seen, attrs, "outside 1 MHz to 1 GHz: not a "
			       "frequency a timer runs at");
	else
		wiring_finding(ctx, G_OK, "timer", seen, attrs, "%s", f ? "set by the firmware" :
			       "from the captured devicetree (CNTFRQ_EL0 is read on the board "
			       "itself)");
}

static void check_rtc(struct run_ctx *ctx)
{
	char (*names)[64] = xcalloc(32, sizeof(*names)), path[160], seen[64], name[80];
	int n = sys_dir_list(sysroot_path("/sys/class/rtc", path, sizeof(path)), "rtc", names, 32);
	int i;
	uint64_t t;
	time_t now = time(NULL);
	struct tm tm;

	for (i = 0; i < n; i++) {
		time_t tt;

		snprintf(path, sizeof(path), "/sys/class/rtc/%s/since_epoch", names[i]);
		snprintf(name, sizeof(name), "rtc.%s", names[i]);
		if (read_u64(path, &t) || t > (uint64_t)LLONG_MAX / 2) {
			wiring_finding(ctx, G_WARN, name, "unknown", NULL, "%s cannot be read", path);
			continue;
		}
		tt = (time_t)t;
		gmtime_r(&tt, &tm);
		strftime(seen, sizeof(seen), "%Y-%m-%d %H:%M UTC", &tm);
		if ((long long)t < bb_source_epoch)
			wiring_finding(ctx, G_PROBLEM, name, seen, NULL, "before this benchbox was built: the RTC "
				"was never set (or its battery is flat)");
		else
			wiring_finding(ctx, G_OK, name, seen, NULL, "after this benchbox was built");
	}
	free(names);
	if (n <= 0)
		wiring_finding(ctx, G_OK, "rtc", "none", NULL, "no RTC: the system clock starts where the kernel "
			"or the init sets it at every boot");
	gmtime_r(&now, &tm);
	strftime(seen, sizeof(seen), "%Y-%m-%d %H:%M UTC", &tm);
	if ((long long)now < bb_source_epoch)
		wiring_finding(ctx, G_PROBLEM, "clock", seen, NULL, "the system clock is before this benchbox "
			"was built: file times and certificate checks are wrong");
}

static void check_cpufreq(struct run_ctx *ctx)
{
	char (*names)[64] = xcalloc(SYS_MAX_POLICIES * 16, sizeof(*names)), path[200];
	char drv[64], seen[128], name[80], attrs[64];
	int n = sys_dir_list(sysroot_path("/sys/devices/system/cpu/cpufreq", path, sizeof(path)),
			     "policy", names, SYS_MAX_POLICIES * 16), i;
	uint64_t max, cap;

	if (n <= 0) {
		wiring_finding(ctx, G_WARN, "cpufreq", "none", NULL, "no cpufreq policy: the CPUs run "
			       "at the clock the firmware left them at (no driver, or a virtual "
			       "machine)");
		free(names);
		return;
	}
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "cpufreq.%s", names[i]);
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpufreq/%s/scaling_driver",
			 names[i]);
		if (read_text(path, drv, sizeof(drv)) <= 0)
			snprintf(drv, sizeof(drv), "unknown");
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpufreq/%s/cpuinfo_max_freq",
			 names[i]);
		if (read_u64(path, &max) || !max) {
			wiring_finding(ctx, G_WARN, name, drv, NULL, "its cpuinfo_max_freq cannot be read");
			continue;
		}
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpufreq/%s/scaling_max_freq",
			 names[i]);
		if (read_u64(path, &cap) || !cap)
			cap = max;
		snprintf(seen, sizeof(seen), "%s, max %llu of %llu MHz", drv,
			 (unsigned long long)(cap / 1000), (unsigned long long)(max / 1000));
		snprintf(attrs, sizeof(attrs), "max_mhz=%llu,top_mhz=%llu", (unsigned long long)(cap / 1000),
			 (unsigned long long)(max / 1000));
		if (cap < max)
			wiring_finding(ctx, G_WARN, name, seen, attrs, "scaling_max_freq caps it below the CPU's "
				"top clock");
		else
			wiring_finding(ctx, G_OK, name, seen, attrs, "can reach its top clock");
	}
	free(names);
}

/* A PCI address "0000:01:00.0" */
static int pci_addr(const char *s, size_t n)
{
	static const char shape[] = "hhhh:hh:hh.h";
	size_t i;

	if (n != sizeof(shape) - 1)
		return 0;
	for (i = 0; i < n; i++)
		if (shape[i] == 'h' ? !strchr("0123456789abcdef", s[i]) || !s[i] : s[i] != shape[i])
			return 0;
	return 1;
}

/* A link's speed (GT/s) and width of dev's FILE prefix ("max", "current") */
static int pci_link(const char *dev, const char *which, double *gts, uint64_t *width)
{
	char path[200], v[64];

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/%s_link_speed", dev, which);
	if (read_text(path, v, sizeof(v)) <= 0 || wiring_parse_gts(v, gts))
		return -1;
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/%s_link_width", dev, which);
	return read_u64(path, width) || !*width || *width > 32 ? -1 : 0;
}

static void check_pcie(struct run_ctx *ctx)
{
	char (*names)[64] = xcalloc(1024, sizeof(*names)), path[300], at[600], link[512], up[16];
	char seen[64], name[80], port[64], attrs[64];
	int n = sys_dir_list(sysroot_path("/sys/bus/pci/devices", path, sizeof(path)), "", names,
			     1024), i;

	for (i = 0; i < n; i++) {
		double cs, ms, ps;
		uint64_t cw, mw, pw;
		ssize_t k;
		char *slash;

		if (!pci_addr(names[i], strlen(names[i])) ||
		    pci_link(names[i], "max", &ms, &mw) || pci_link(names[i], "current", &cs, &cw))
			continue;	/* no PCIe link of its own (conventional PCI, RCiEP) */
		/* the port above it: the directory its sysfs entry sits in (the
		 * link's text, read, not followed) */
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s", names[i]);
		k = readlink(sysroot_path(path, at, sizeof(at)), link, sizeof(link) - 1);
		if (k <= 0)
			continue;
		link[k] = 0;
		if (!(slash = strrchr(link, '/')) || slash - link < 13 || slash[-13] != '/' ||
		    !pci_addr(slash - 12, 12))
			continue;	/* below a host bridge: a root port's own link */
		snprintf(up, sizeof(up), "%.12s", slash - 12);
		if (pci_link(up, "max", &ps, &pw)) {	/* a port that does not say */
			ps = ms;
			pw = mw;
			snprintf(port, sizeof(port), "it supports (its port %s does not say)", up);
		} else {
			snprintf(port, sizeof(port), "both it and its port %s support", up);
		}
		ps = ps < ms ? ps : ms;
		pw = pw < mw ? pw : mw;
		snprintf(name, sizeof(name), "pcie.%s", names[i]);
		snprintf(seen, sizeof(seen), "%g GT/s x%llu", cs, (unsigned long long)cw);
		snprintf(attrs, sizeof(attrs), "speed=%g,width=%llu", cs, (unsigned long long)cw);
		if (cs < ps || cw < pw)
			wiring_finding(ctx, G_PROBLEM, name, seen, attrs, "trained below %g GT/s x%llu, the most %s",
				ps, (unsigned long long)pw, port);
		else
			wiring_finding(ctx, G_OK, name, seen, attrs, "the most %s", port);
	}
	free(names);
}

/* The kernel's ethtool ABI (linux/ethtool.h), the two calls used */
enum { ETH_GSET = 0x1, ETH_GLINKSETTINGS = 0x4c, SIOC_ETHTOOL = 0x8946, LM_WORDS = 8 };

struct eth_link {		/* struct ethtool_link_settings */
	uint32_t	cmd, speed;
	uint8_t		duplex, port, phy_address, autoneg, mdio_support, mdix, mdix_ctrl;
	int8_t		nwords;		/* the masks' 32-bit words */
	uint8_t		transceiver, ms_cfg, ms_state, rate_matching;
	uint32_t	reserved[7];
	uint32_t	masks[3 * LM_WORDS];	/* supported, advertising, partner's */
};

struct eth_cmd {		/* struct ethtool_cmd (ETHTOOL_GSET, before Linux 4.6) */
	uint32_t	cmd, supported, advertising;
	uint16_t	speed;
	uint8_t		duplex, port, phy_address, transceiver, autoneg, mdio_support;
	uint32_t	maxtxpkt, maxrxpkt;
	uint16_t	speed_hi;
	uint8_t		mdix, mdix_ctrl;
	uint32_t	lp_advertising, reserved[2];
};

/* The fastest speed (Mb/s) ifname supports and its link partner offers
 * (0 unknown): ETHTOOL_GLINKSETTINGS (its mask-size handshake first), else
 * the older ETHTOOL_GSET. Returns which answered: 1 or 2, 0 neither. Only
 * this system's interfaces: not under a captured sysroot, whose names
 * are another machine's. */
static int if_speeds(const char *ifname, unsigned *ours, unsigned *partner)
{
	struct ifreq ifr;
	struct eth_link ls;
	struct eth_cmd gs;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), n, got = 0;

	*ours = *partner = 0;
	if (fd < 0)
		return 0;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", ifname);
	memset(&ls, 0, sizeof(ls));
	ls.cmd = ETH_GLINKSETTINGS;
	ifr.ifr_data = (void *)&ls;
	if (!ioctl(fd, SIOC_ETHTOOL, &ifr) && ls.nwords < 0 && -ls.nwords <= LM_WORDS) {
		n = -ls.nwords;
		memset(&ls, 0, sizeof(ls));
		ls.cmd = ETH_GLINKSETTINGS;
		ls.nwords = (int8_t)n;
		if (!ioctl(fd, SIOC_ETHTOOL, &ifr) && ls.nwords == n) {
			got = 1;
			*ours = wiring_mask_speed(ls.masks, (unsigned)n);
			*partner = wiring_mask_speed(ls.masks + 2 * n, (unsigned)n);
		}
	} else {
		memset(&gs, 0, sizeof(gs));
		gs.cmd = ETH_GSET;
		ifr.ifr_data = (void *)&gs;
		if (!ioctl(fd, SIOC_ETHTOOL, &ifr)) {
			got = 2;
			*ours = wiring_mask_speed(&gs.supported, 1);
			*partner = wiring_mask_speed(&gs.lp_advertising, 1);
		}
	}
	close(fd);
	return got;
}

/* Every network interface but lo: carrier, speed and duplex (sysfs)
 * against the fastest mode both ends offer (ethtool) */
static void check_net(struct run_ctx *ctx)
{
	char (*names)[64] = xcalloc(256, sizeof(*names)), path[200], oper[32], dup[16], v[32];
	char name[80], seen[96], attrs[64];
	int n = sys_dir_list(sysroot_path("/sys/class/net", path, sizeof(path)), "", names, 256), i;
	int64_t speed;
	uint64_t carrier, mtu;
	unsigned ours, partner, best;
	int asked;

	for (i = 0; i < n; i++) {
		if (!strcmp(names[i], "lo") || strlen(names[i]) >= IFNAMSIZ)
			continue;
		snprintf(name, sizeof(name), "net.%s", names[i]);
		snprintf(path, sizeof(path), "/sys/class/net/%s/operstate", names[i]);
		if (read_text(path, oper, sizeof(oper)) <= 0)
			snprintf(oper, sizeof(oper), "unknown");
		snprintf(path, sizeof(path), "/sys/class/net/%s/carrier", names[i]);
		if (!strcmp(oper, "down") || read_u64(path, &carrier)) {
			wiring_finding(ctx, G_OK, name, "down", NULL, "not brought up: nothing to check");
			continue;
		}
		snprintf(path, sizeof(path), "/sys/class/net/%s/mtu", names[i]);
		if (read_u64(path, &mtu))
			mtu = 0;
		if (!carrier) {
			wiring_finding(ctx, G_WARN, name, "no carrier", NULL, "up, but no link: no cable, or the other "
				"end is off");
			continue;
		}
		snprintf(path, sizeof(path), "/sys/class/net/%s/speed", names[i]);
		if (read_text(path, v, sizeof(v)) <= 0 || parse_int(v, &speed) || speed <= 0 ||
		    speed > 10000000)
			speed = 0;
		snprintf(path, sizeof(path), "/sys/class/net/%s/duplex", names[i]);
		if (read_text(path, dup, sizeof(dup)) <= 0 || strlen(dup) > 8)
			snprintf(dup, sizeof(dup), "unknown");
		ours = partner = 0;
		asked = sysroot_dir() ? 0 : if_speeds(names[i], &ours, &partner);
		best = partner && partner < ours ? partner : ours;
		if (speed)
			snprintf(seen, sizeof(seen), "%lld Mb/s, %s duplex", (long long)speed, dup);
		else
			snprintf(seen, sizeof(seen), "speed unknown, %s duplex", dup);
		snprintf(attrs, sizeof(attrs), "speed=%lld,duplex=%s", (long long)speed,
			 wiring_word_ok(dup) ? dup : "unknown");
		if (!strcmp(dup, "half"))
			wiring_finding(ctx, G_PROBLEM, name, seen, attrs, "half duplex: collisions "
				       "and a fraction of the speed (a failed autonegotiation)");
		else if (speed && best && (unsigned)speed < best)
			wiring_finding(ctx, G_PROBLEM, name, seen, attrs, "below %u Mb/s, the most both ends offer",
				best);
		else if (speed && ours && (unsigned)speed < ours)
			wiring_finding(ctx, G_WARN, name, seen, attrs, "below the %u Mb/s it supports: the other end "
				"offers no more", ours);
		else if (mtu && mtu < 1500)
			wiring_finding(ctx, G_WARN, name, seen, attrs, "MTU %llu, under Ethernet's 1500",
				(unsigned long long)mtu);
		else
			wiring_finding(ctx, G_OK, name, seen, attrs, ours ? "the most it supports" : asked ?
				"what it reports; ethtool lists no modes" : "what it reports (its modes "
				"unknown)");
	}
	free(names);
}

/* The listing a person reads: the counts, then problems, warnings, and
 * the checks that were fine, in columns ------------------------------------ */

struct listing {
	char	(*line)[3][480];
	int	*g;
	size_t	n, cap;
};

static void listing_record(struct emit_out *o, const struct result *r)
{
	struct listing *l = (struct listing *)o->arg;
	char grade[16] = "";
	int g;

	if (!l || !params_value(r->params, "grade", grade, sizeof(grade)))
		return;
	for (g = 0; g < G_COUNT && strcmp(grade_names[g], grade); g++)
		;
	if (g == G_COUNT)
		return;
	if (l->n == l->cap) {
		l->cap = l->cap * 2 + 16;
		l->line = realloc(l->line, l->cap * sizeof(*l->line));
		l->g = realloc(l->g, l->cap * sizeof(*l->g));
		if (!l->line || !l->g) {
			errorf("out of memory");
			abort();
		}
	}
	snprintf(l->line[l->n][0], sizeof(l->line[0][0]), "%s", r->test);
	snprintf(l->line[l->n][1], sizeof(l->line[0][1]), "%s", r->text ? r->text : "");
	snprintf(l->line[l->n][2], sizeof(l->line[0][2]), "%s", r->note ? r->note : "");
	l->g[l->n++] = g;
}

static void listing_end(struct emit_out *o)
{
	struct listing *l = (struct listing *)o->arg;
	int w0 = 0, w1 = 0, g;
	unsigned c[G_COUNT] = { 0 };
	size_t i;

	if (!l)
		return;
	for (i = 0; i < l->n; i++) {
		int a = (int)strlen(l->line[i][0]), b = (int)strlen(l->line[i][1]);

		w0 = a > w0 ? a : w0;
		w1 = b > w1 && b <= 48 ? b : w1;	/* a longer one runs into its note */
		c[l->g[i]]++;
	}
	fprintf(o->f, "wiring: %u problem%s, %u warning%s, %u fine\n", c[G_PROBLEM],
		c[G_PROBLEM] == 1 ? "" : "s", c[G_WARN], c[G_WARN] == 1 ? "" : "s", c[G_OK]);
	for (g = G_COUNT - 1; g >= 0; g--)
		for (i = 0; i < l->n; i++)
			if (l->g[i] == g)
				fprintf(o->f, "%-7s %-*s  %-*s  %s\n", grade_names[g], w0, l->line[i][0],
					w1, l->line[i][1], l->line[i][2]);
	free(l->line);
	free(l->g);
	free(l);
	o->arg = NULL;
}

static const struct emitter emit_listing = {
	"listing", 0, NULL, listing_record, listing_end,
};

static int wiring_run(struct run_ctx *ctx)
{
	const char *expect = opt_str(ctx, EXPECT);

	if (ctx->argc) {
		errorf("unexpected argument '%s'", ctx->argv[0]);
		return EXIT_USAGE;
	}
	npins = 0;
	if (expect && (npins = verdict_expect_load(expect, &pins)) < 0)
		return EXIT_USAGE;
	emit_set_own_args(ctx->rep, &emit_listing, sizeof(struct listing));
	memset(counts, 0, sizeof(counts));
	check_cmdline(ctx);	/* first: the others name its words */
	check_cpus(ctx);
	check_memory(ctx);
	check_clocksource(ctx);
	check_timer(ctx);
	check_rtc(ctx);
	check_cpufreq(ctx);
	wiring_check_cpuidle(ctx);
	check_pcie(ctx);
	wiring_check_mmc(ctx);
	wiring_check_usb(ctx);
	check_net(ctx);
	wiring_check_storage(ctx);
	wiring_check_crypto(ctx);
	wiring_check_thermal(ctx);
	wiring_check_kernel(ctx);
	pins_unmet(ctx);
	free(pins);
	pins = NULL;
	return counts[G_PROBLEM] ? EXIT_FAIL : EXIT_OK;
}

TEXT(wiring_summary, "what came up wrong: CPUs, memory, clocks, buses, drivers");
TEXT(wiring_usage,
	"usage: wiring [--expect=FILE]\n"
	"\n"
	"What came up wrong on this board, from what the kernel exposes, before\n"
	"any benchmark: CPUs present but offline (or fewer than the devicetree\n"
	"has); kernel command line words that limit CPUs, memory or clocks\n"
	"(mem=, maxcpus=, nosmp, isolcpus=, cpufreq.off=, ...); the memory the\n"
	"kernel sees against the devicetree's, less its reserved-memory; the\n"
	"clocksource (jiffies is a problem); Arm's timer frequency (CNTFRQ_EL0\n"
	"left 0 by the firmware is a problem); each RTC and the system clock\n"
	"against the date this benchbox was built; cpufreq policies missing or\n"
	"capped; CPU idle states disabled; every PCIe link's speed and width\n"
	"against the most both it and its upstream port support; MMC/SD/eMMC\n"
	"bus width and timing against what the card and the host support\n"
	"(debugfs, mounted privately where it is not); USB 3 devices at USB 2\n"
	"speed; network carrier, speed and duplex against the fastest mode both\n"
	"ends offer (ethtool); block devices' read-ahead; the scratch\n"
	"directory's mount (tmpfs, read-only, sync); the kernel's crypto driver\n"
	"for cbc(aes), gcm(aes) and sha256 (portable C where the CPU has the\n"
	"instructions is a problem); thermal zones at their trips; taints; error\n"
	"lines in the kernel log. Each check is a record: test the finding\n"
	"('pcie.0000:01:00.0'), the value what was seen, params grade=ok, warn\n"
	"or problem and the finding's attributes, the note why. Without\n"
	"--format: the counts, then the problems, the warnings and what was\n"
	"fine; in KTAP a problem is 'not ok'.\n"
	"\n"
	"--expect=FILE pins what the findings must say, one 'NAME.ATTR VALUE'\n"
	"line each ('pcie.0000:01:00.0.speed 8GT/s', 'eth0.speed 1000'; the\n"
	"attributes are the params' k=v): a pin that does not hold, or whose\n"
	"finding is missing, is a problem. Its 'METRIC MIN MAX' lines are run's.\n");
TEXT(wiring_exits,
	"Exit status: 0 no problem (warnings allowed), 1 a problem found,\n"
	"2 usage error.\n");

const struct applet applet_wiring = {
	.name    = "wiring",
	.summary = TEXT_PTR(wiring_summary),
	.usage   = TEXT_PTR(wiring_usage),
	.exits   = TEXT_PTR(wiring_exits),
	.flags   = APPLET_FINDINGS,
	.opts    = opts,
	.classic = &emit_listing,
	.run     = wiring_run,
};
