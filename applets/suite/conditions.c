/* conditions.c - what makes a run's numbers suspect
 *
 * SPDX-License-Identifier: MIT
 *
 * Read through the rule of system files (src/util.c), so a captured
 * board's /sys and /proc (BENCHBOX_SYSROOT) replay here too. Thresholds:
 * a clock under 95% of the policy's cpuinfo_max_freq under a governor
 * that will not raise it (powersave, userspace; performance, schedutil,
 * ondemand and conservative raise it under load, as intel_pstate's
 * powersave does), or a scaling_max_freq under it; a thermal zone within
 * 5 C of a passive, hot or critical trip; a CPU over 30% busy in the half
 * second watched; a 1-minute load average over the CPU count;
 * MemAvailable under what the tests may take. Swap in use only counts when
 * the buffers take over half of MemAvailable: pages swapped out long ago
 * cost nothing until memory runs short, and then a test may wait on them.
 */
#define _GNU_SOURCE
#include "conditions.h"
#include "run.h"
#include "sys.h"
#include "topo.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_CPUS = 1024 };

struct cond {
	struct run_ctx	*ctx;
	const char	*when;
	struct run_summary *sum;
	int		n;
};

int cpulist_tidy(const char *s, char *buf, size_t len)
{
	int *cpus = xmalloc(MAX_CPUS * sizeof(*cpus)), n;
	char list[1024], *p;

	snprintf(list, sizeof(list), "%s", s);
	for (p = list; *p; p++)
		if (*p == ' ')
			*p = ',';
	n = sys_parse_cpulist(list, cpus, MAX_CPUS);
	if (n > 0)
		topo_cpulist(cpus, n, buf, len);
	free(cpus);
	return n > 0 ? n : -1;
}

const char *bracketed(const char *path, char *buf, size_t len)
{
	char all[256], *a, *b;

	if (read_text(path, all, sizeof(all)) <= 0 || !(a = strchr(all, '[')) ||
	    !(b = strchr(a, ']')))
		return "unknown";
	snprintf(buf, len, "%.*s", (int)(b - a - 1), a + 1);
	return buf;
}

/* One record: a suspect condition, or with what "" the THP mode. None in
 * ktap, whose test lines a board farm counts as tests. */
static void put(struct cond *c, const char *what, const char *text)
{
	struct result r = { 0 };
	char params[64];

	if (c->ctx->rep->em == &emit_ktap)
		return;
	snprintf(params, sizeof(params), "what=%s%s%s", what, c->when ? ",when=" : "",
		 c->when ? c->when : "");
	r.test = *what ? "suspect" : "thp.enabled";
	r.params = *what ? params : params + 6;		/* "when=before" */
	r.unit = "";
	r.text = text;
	if (c->sum)
		run_summary_see(c->sum, &r);
	emit_result(c->ctx, &r);
	c->n += !!*what;
}

/* A file of a cpufreq policy's directory: a number (0 = none) or a text
 * ("" = none). */
static uint64_t pol_u64(const char *dir, const char *name)
{
	char path[160];
	uint64_t v;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return read_u64(path, &v) ? 0 : v;
}

static char *pol_text(const char *dir, const char *name, char *buf, size_t len)
{
	char path[160];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (read_text(path, buf, len) <= 0)
		*buf = '\0';
	return buf;
}

/* "cpu0-3", the policy's CPUs, else "cpu" and the count is -1. */
static int pol_cpus(const char *dir, char *buf, size_t len)
{
	int n;

	strcpy(buf, "cpu");
	n = cpulist_tidy(pol_text(dir, "related_cpus", buf + 3, len - 3), buf + 3, len - 3);
	if (n < 0)
		buf[3] = '\0';
	return n;
}

/* Whether the governor raises the clock when a test starts. */
static int raises_clock(const char *gov, const char *driver)
{
	char word[72];

	snprintf(word, sizeof(word), " %s ", gov);
	return strstr(" performance schedutil ondemand conservative ", word) ||
	       (!strcmp(gov, "powersave") && strstr(driver, "pstate"));
}

/* A policy held under 95% of its cpuinfo_max_freq: by scaling_max_freq,
 * or by a governor that will not raise it. */
static void cpufreq(struct cond *c)
{
	char pol[64][64], dir[128], cpus[256], gov[64], drv[64], text[512];
	int n = sys_dir_list("/sys/devices/system/cpu/cpufreq", "policy", pol, 64), i;

	for (i = 0; i < n; i++) {
		uint64_t hw, top, cur;
		int capped;

		snprintf(dir, sizeof(dir), "/sys/devices/system/cpu/cpufreq/%s", pol[i]);
		hw = pol_u64(dir, "cpuinfo_max_freq");
		top = pol_u64(dir, "scaling_max_freq");
		cur = pol_u64(dir, "scaling_cur_freq");
		capped = top && top * 100 < hw * 95;
		pol_text(dir, "scaling_governor", gov, sizeof(gov));
		pol_text(dir, "scaling_driver", drv, sizeof(drv));
		if (!hw || (!capped && (!cur || cur * 100 >= hw * 95 || raises_clock(gov, drv))))
			continue;
		pol_cpus(dir, cpus, sizeof(cpus));
		snprintf(text, sizeof(text), "%s at %llu of %llu MHz%s, governor %s",
			 cpus[3] ? cpus : pol[i], (unsigned long long)(capped ? top : cur) / 1000,
			 (unsigned long long)hw / 1000, capped ? " (scaling_max_freq)" : "",
			 *gov ? gov : "unknown");
		put(c, "cpufreq", text);
	}
}

/* A zone within 5 C of its lowest passive, hot or critical trip. */
static void thermal(struct cond *c)
{
	char zone[64][64], path[160], type[64], kind[32], text[512];
	int n = sys_dir_list("/sys/class/thermal", "thermal_zone", zone, 64), i;

	for (i = 0; i < n; i++) {
		int64_t trip = sys_zone_trip(zone[i], 1, kind, sizeof(kind));
		uint64_t temp;

		snprintf(path, sizeof(path), "/sys/class/thermal/%s/temp", zone[i]);
		if (!trip || read_u64(path, &temp) || (int64_t)temp + 5000 < trip)
			continue;
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/type", zone[i]);
		if (read_text(path, type, sizeof(type)) <= 0)
			strcpy(type, "unknown");
		snprintf(text, sizeof(text), "%s (%s) at %.1f C, %s trip %.1f C", zone[i], type,
			 (double)temp / 1000, kind, (double)trip / 1000);
		put(c, "thermal", text);
	}
}

struct ticks {
	unsigned long long busy, all;
};

/* Each CPU's ticks from /proc/stat; the number of CPU lines, -1 when it
 * cannot be read. */
static int stat_read(struct ticks *t)
{
	char *text = read_sysfile("/proc/stat", SYS_FILE_MAX, NULL), *p, *e;
	int n = 0, cpu, k;

	if (!text)
		return -1;
	memset(t, 0, MAX_CPUS * sizeof(*t));
	/* "cpuN user nice system idle iowait irq softirq steal": idle and
	 * iowait are the ticks of a CPU with nothing to run (the first line,
	 * all CPUs', has no newline before it) */
	for (p = text; (p = strstr(p, "\ncpu")); p = e) {
		cpu = (int)strtol(p + 4, &e, 10);
		if (e == p + 4 || cpu < 0 || cpu >= MAX_CPUS)
			continue;
		for (k = 0; k < 8; k++) {
			unsigned long long v = strtoull(e, &e, 10);

			t[cpu].all += v;
			t[cpu].busy += k == 3 || k == 4 ? 0 : v;
		}
		n++;
	}
	free(text);
	return n;
}

/* The CPUs over 30% busy in the quarter second before, and the load.
 * After a run the load average says it: the tests kept a CPU busy
 * themselves, and a quarter second more per run adds up (a board farm
 * runs many). 250 ms is 25 ticks at HZ=100: a CPU kept busy shows. */
static void activity(struct cond *c)
{
	struct ticks *a = xmalloc(2 * MAX_CPUS * sizeof(*a)), *b = a + MAX_CPUS;
	struct timespec window = { 0, 250000000 };
	int ncpu = stat_read(a), i, watch = ncpu > 0 && !(c->when && !strcmp(c->when, "after"));
	char list[400] = "", text[512];
	size_t k = 0;
	double avg;

	if (watch) {
		nanosleep(&window, NULL);
		stat_read(b);
	}
	for (i = 0; watch && i < MAX_CPUS; i++) {
		unsigned long long all = b[i].all - a[i].all, busy = b[i].busy - a[i].busy;

		if (b[i].all <= a[i].all || b[i].busy < a[i].busy || busy * 100 <= all * 30 ||
		    k >= sizeof(list) - 32)
			continue;
		k += (size_t)snprintf(list + k, sizeof(list) - k, "%scpu%d %llu%%", k ? ", " : "",
				      i, busy * 100 / all);
	}
	snprintf(text, sizeof(text), "%s busy%s%s%s", list, c->when ? " " : "",
		 c->when ? c->when : "", c->when ? " the run" : "");
	if (k)
		put(c, "busy", text);
	free(a);
	/* the CPUs /proc/stat lists: where it is not, neither is /proc/loadavg */
	avg = read_text("/proc/loadavg", text, sizeof(text)) > 0 ? strtod(text, NULL) : 0;
	snprintf(text, sizeof(text), "load average %.2f over %d CPUs", avg, ncpu);
	if (ncpu > 0 && avg > ncpu)
		put(c, "load", text);
}

/* A "Key: N kB" line of /proc/meminfo, in bytes; 0 when there is none. */
static uint64_t meminfo_kb(const char *text, const char *key)
{
	const char *p = strstr(text, key);

	return p ? strtoull(p + strlen(key), NULL, 10) << 10 : 0;
}

static void memory(struct cond *c, uint64_t need)
{
	char *info = read_sysfile("/proc/meminfo", SYS_FILE_MAX, NULL), text[160];
	uint64_t avail, swap;

	if (!info)
		return;
	avail = meminfo_kb(info, "\nMemAvailable:");
	swap = meminfo_kb(info, "\nSwapTotal:") - meminfo_kb(info, "\nSwapFree:");
	free(info);
	snprintf(text, sizeof(text), "MemAvailable %llu MiB, under the %llu MiB the tests may take",
		 (unsigned long long)avail >> 20, (unsigned long long)need >> 20);
	if (avail && avail < need)
		put(c, "memory", text);
	snprintf(text, sizeof(text), "swap in use: %llu MiB", (unsigned long long)swap >> 20);
	if ((int64_t)swap > 0 && need > avail / 2)
		put(c, "swap", text);
}

int conditions_report(struct run_ctx *ctx, const char *when, uint64_t need,
		      struct run_summary *sum)
{
	struct cond c = { ctx, when, sum, 0 };
	char buf[64];

	cpufreq(&c);
	thermal(&c);
	activity(&c);
	if (need)
		memory(&c, need);
	if (when)
		put(&c, "", bracketed("/sys/kernel/mm/transparent_hugepage/enabled", buf,
				      sizeof(buf)));
	return c.n;
}

void conditions_clock(struct run_ctx *ctx, const struct result *m, uint64_t *seen,
		      struct run_summary *sum)
{
	struct cond c = { ctx, NULL, sum, 0 };
	char dir[128], cpus[256], text[320];
	uint64_t khz;
	int cpu;

	if (strcmp(m->applet, "mhz") || strcmp(m->test, "measured") || m->text ||
	    !params_value(m->params, "cpu", cpus, sizeof(cpus)))
		return;
	cpu = atoi(cpus);
	snprintf(dir, sizeof(dir), "/sys/devices/system/cpu/cpu%d/cpufreq", cpu);
	khz = pol_u64(dir, "cpuinfo_max_freq");
	if (!(m->value * 1000 < 0.9 * (double)khz))	/* no policy, or no number */
		return;
	if (pol_cpus(dir, cpus, sizeof(cpus)) < 0)
		sprintf(cpus + 3, "%d", cpu);
	cpu = atoi(cpus + 3) & 63;		/* one reason a policy */
	if (*seen >> cpu & 1)
		return;
	*seen |= 1ull << cpu;
	snprintf(text, sizeof(text), "%s measured %.0f MHz of max %llu", cpus, m->value,
		 (unsigned long long)khz / 1000);
	put(&c, "clock", text);
}
