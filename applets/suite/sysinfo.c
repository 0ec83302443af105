/* sysinfo.c - what a bring-up engineer checks first about a board
 *
 * SPDX-License-Identifier: MIT
 *
 * Architecture, CPU model per cluster, CPU count and topology, the RISC-V
 * ISA, caches, memory, kernel, clock source and timer, page size and THP, per-policy
 * cpufreq, devfreq devices (a DDR controller held at a low clock is a
 * classic cause of poor bandwidth) and thermal zones. Each field comes from
 * the interface the kernel offers for it and is optional: a field that
 * cannot be read says "unknown", and the applet still succeeds with /proc
 * and /sys not mounted.
 */
#define _GNU_SOURCE
#include "applet.h"
#include "bench.h"
#include "conditions.h"
#include "cpu.h"
#include "sys.h"
#include "topo.h"
#include "util.h"

#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

enum { MAX_ITEMS = 256 };

static void text(struct run_ctx *ctx, const char *test, const char *params,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void text(struct run_ctx *ctx, const char *test, const char *params,
		 const char *fmt, ...)
{
	struct result r = { 0 };
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	r.test = test;
	r.params = params;
	r.unit = "";
	r.text = *buf ? buf : "unknown";
	emit_result(ctx, &r);
}

static void number(struct run_ctx *ctx, const char *test, const char *params,
		   double v, const char *unit, const char *note)
{
	struct result r = { 0 };

	r.test = test;
	r.params = params;
	r.unit = unit;
	r.value = r.min = r.max = v;
	r.samples = 1;
	r.note = note;
	emit_result(ctx, &r);
}

/* A file's text, or "unknown". */
static const char *file_or_unknown(const char *path, char *buf, size_t len)
{
	return read_text(path, buf, len) > 0 ? buf : "unknown";
}

/* What an empty or missing sysfs directory means: with its parent there,
 * the kernel has none of these ("none"); without, sysfs is not mounted. */
static const char *absent(const char *parent)
{
	char real[4096];

	return access(sysroot_path(parent, real, sizeof(real)), F_OK) == 0 ? "none" : "unknown";
}

/* The board, then the architecture: the fact sheet's first lines. */
static void board(struct run_ctx *ctx)
{
	char buf[256], vendor[128];

	if (read_text("/sys/firmware/devicetree/base/model", buf, sizeof(buf)) > 0 ||
	    read_text("/proc/device-tree/model", buf, sizeof(buf)) > 0) {
		text(ctx, "board", "source=devicetree", "%s", buf);
	} else if (read_text("/sys/class/dmi/id/product_name", buf, sizeof(buf)) > 0) {
		if (read_text("/sys/class/dmi/id/sys_vendor", vendor, sizeof(vendor)) > 0)
			text(ctx, "board", "source=dmi", "%s %s", vendor, buf);
		else
			text(ctx, "board", "source=dmi", "%s", buf);
	} else {
		text(ctx, "board", NULL, "unknown");
	}
	text(ctx, "arch", NULL, "%s", cpu_arch());
}

static void kernel(struct run_ctx *ctx)
{
	struct utsname un;
	char buf[256];

	if (uname(&un) == 0) {
		text(ctx, "machine", NULL, "%s", un.machine);
		text(ctx, "kernel", NULL, "%s %s", un.sysname, un.release);
		text(ctx, "kernel.version", NULL, "%s", un.version);
	} else {
		text(ctx, "machine", NULL, "unknown");
		text(ctx, "kernel", NULL, "unknown");
	}
	text(ctx, "kernel.cmdline", NULL, "%s",
	     file_or_unknown("/proc/cmdline", buf, sizeof(buf)));
}

/* CPU model, grouped: one row per distinct model with the CPUs that have it. */
static void cpus(struct run_ctx *ctx)
{
	char models[64][96], lists[64][128], feats[256], buf[128];
	int nmodel = 0, cpu, i, count = 0;
	cpu_set_t set;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		count = CPU_COUNT(&set);
	for (cpu = 0; cpu < CPU_SETSIZE && count; cpu++) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		cpu_model(cpu, buf, sizeof(buf));
		for (i = 0; i < nmodel && strcmp(models[i], buf); i++)
			;
		if (i == nmodel) {
			if (nmodel == 64)
				continue;
			snprintf(models[nmodel], sizeof(models[0]), "%s", buf);
			lists[nmodel++][0] = '\0';
		}
		snprintf(lists[i] + strlen(lists[i]), sizeof(lists[0]) - strlen(lists[i]), "%s%d",
			 lists[i][0] ? "," : "", cpu);
	}
	if (!nmodel)
		text(ctx, "cpu.model", NULL, "%s", cpu_model(-1, buf, sizeof(buf)));
	for (i = 0; i < nmodel; i++) {
		char params[160];

		snprintf(params, sizeof(params), "cpus=%s", lists[i]);
		text(ctx, "cpu.model", params, "%s", models[i]);
	}
	text(ctx, "cpu.features", NULL, "%s",
	     cpu_feature_names(cpu_features_raw(), feats, sizeof(feats)));
	if (count)
		number(ctx, "cpus.usable", NULL, count, "", "sched_getaffinity");
	else
		text(ctx, "cpus.usable", NULL, "unknown");
	text(ctx, "cpus.online", NULL, "%s",
	     file_or_unknown("/sys/devices/system/cpu/online", buf, sizeof(buf)));
}

/* RISC-V: the ISA string and its extensions, the ids, the MMU mode from
 * /proc/cpuinfo or the devicetree. On riscv64 always (unknown where
 * nothing answers), with hwprobe and the vector length; elsewhere only
 * when a captured board's files (BENCHBOX_SYSROOT) have an ISA. */
static void riscv(struct run_ctx *ctx)
{
	static const char *const ids[][2] = {
		{ "mvendorid", "cpu.mvendorid" }, { "marchid", "cpu.marchid" },
		{ "mimpid", "cpu.mimpid" },
	};
	char isa[1024], exts[1024], buf[128], params[32];
	const char *source = NULL, *mmu = buf;
	int bits = cpu_riscv_isa(isa, sizeof(isa), exts, sizeof(exts), &source);
	uint64_t v;
	size_t i;

#if !defined(__riscv)
	if (bits < 0)
		return;
#endif
	if (bits < 0) {
		text(ctx, "cpu.isa", NULL, "unknown");
		text(ctx, "cpu.extensions", NULL, "unknown");
	} else {
		snprintf(params, sizeof(params), "source=%s", source);
		text(ctx, "cpu.isa", params, "%s", isa);
		text(ctx, "cpu.extensions", params, "%s", exts);
	}
	for (i = 0; i < ARRAY_LEN(ids); i++) {
		if (cpu_info_field(-1, ids[i][0], buf, sizeof(buf)) > 0 && !parse_uint_hex(buf, &v))
			text(ctx, ids[i][1], NULL, "0x%llx", (unsigned long long)v);
		else
			text(ctx, ids[i][1], NULL, "unknown");
	}
	if (cpu_info_field(-1, "mmu", buf, sizeof(buf)) > 0) {
		text(ctx, "cpu.mmu", NULL, "%s", buf);
	} else if (cpu_dt_prop("mmu-type", buf, sizeof(buf)) > 0) {
		if (!strncmp(mmu, "riscv,", 6))
			mmu += 6;
		text(ctx, "cpu.mmu", "source=devicetree", "%s", mmu);
	} else {
		text(ctx, "cpu.mmu", NULL, "unknown");
	}
#if defined(__riscv)
	{
		unsigned long long ext0;
		unsigned vlen;

		if (cpu_riscv_hwprobe(&ext0) == 0)
			text(ctx, "cpu.hwprobe", NULL, "yes");
		else
			text(ctx, "cpu.hwprobe", NULL, "no: %s", strerror(errno));
		if ((vlen = cpu_riscv_vlen()))
			number(ctx, "cpu.vlen", "reg=vlenb", vlen, "bit", NULL);
		else
			text(ctx, "cpu.vlen", NULL, "unknown");
	}
#endif
}

#if !defined(__aarch64__)
/* The devicetree's timebase-frequency (RISC-V's timer): a big-endian u32
 * or u64 cell; -1 when there is none or it is neither. (aarch64 reads
 * CNTFRQ_EL0.) */
static int timebase(uint64_t *hz)
{
	static const char *const paths[] = {
		"/proc/device-tree/cpus/timebase-frequency",
		"/sys/firmware/devicetree/base/cpus/timebase-frequency",
	};
	char *cell = NULL;
	size_t n = 0, i;
	uint64_t v = 0;

	for (i = 0; i < ARRAY_LEN(paths) && !cell; i++)
		cell = read_sysfile(paths[i], 8, &n);
	if (!cell)
		return -1;
	if (n == 4 || n == 8)
		for (i = 0; i < n; i++)
			v = v << 8 | (unsigned char)cell[i];
	free(cell);
	*hz = v;
	return v ? 0 : -1;
}
#endif

/* Clusters from sysfs topology: CPUs grouped by package and cluster id. */
static void topology(struct run_ctx *ctx)
{
	char names[256][64], path[128], ids[64][32], lists[64][128];
	int n = sys_dir_list("/sys/devices/system/cpu", "cpu", names, 256), i, k, ngroups = 0;

	for (i = 0; i < n; i++) {
		uint64_t pkg = 0, cl;
		char id[32];
		int64_t cpu;

		/* cpuN only (not cpufreq, cpuidle) */
		if (strncmp(names[i], "cpu", 3) || names[i][3] == '-' ||
		    parse_int(names[i] + 3, &cpu) || cpu > INT32_MAX)
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/%s/topology/physical_package_id",
			 names[i]);
		if (read_u64(path, &pkg))
			continue;
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/%s/topology/cluster_id", names[i]);
		/* 65535 and -1 are the kernel's "no cluster", not an id */
		if (read_u64(path, &cl) || cl == 0xffff || cl == 0xffffffff)
			snprintf(id, sizeof(id), "package=%llu", (unsigned long long)pkg);
		else
			snprintf(id, sizeof(id), "package=%llu,cluster=%llu",
				 (unsigned long long)pkg, (unsigned long long)cl);
		for (k = 0; k < ngroups && strcmp(ids[k], id); k++)
			;
		if (k == ngroups) {
			if (ngroups == 64)
				continue;
			strcpy(ids[ngroups], id);
			lists[ngroups++][0] = '\0';
		}
		snprintf(lists[k] + strlen(lists[k]), sizeof(lists[0]) - strlen(lists[k]), "%s%lld",
			 lists[k][0] ? "," : "", (long long)cpu);
	}
	if (!ngroups)
		text(ctx, "topology", NULL, "unknown");
	for (k = 0; k < ngroups; k++)
		text(ctx, "topology", ids[k], "cpus %s", lists[k]);
}

/* The clusters every per-cluster test and the summary use (src/topo.c):
 * a row each, "4x Cortex-A76, cpu4-7, max 2400 MHz". */
static void clusters(struct run_ctx *ctx)
{
	const struct topo *t = topo_get();
	char params[224], name[224];
	int i;

	if (!t->n)
		text(ctx, "cluster", NULL, "unknown");
	for (i = 0; i < t->n; i++) {
		const struct topo_cluster *c = &t->c[i];

		snprintf(params, sizeof(params), "cluster=%d,cpus=%s,usable=%d,source=%s", i,
			 c->cpus, c->nusable, t->source);
		topo_name(t, i, name, sizeof(name));
		text(ctx, "cluster", params, "%s", strchr(name, ':') ? strchr(name, ':') + 2 : name);
	}
}

static int private_cache(const struct sys_cache *c)
{
	return c->cpus[0] && strspn(c->cpus, "0123456789") == strlen(c->cpus);
}

static int same_geometry(const struct sys_cache *a, const struct sys_cache *b)
{
	return a->level == b->level && !strcmp(a->type, b->type) && a->size == b->size &&
	       a->ways == b->ways && a->line == b->line;
}

/* One row per cache; per-CPU caches of one geometry share a row whose
 * params list the CPUs ("each=0,1,2,3"). */
static void caches(struct run_ctx *ctx)
{
	struct sys_cache c[64];
	int n = sys_caches(c, 64), i, j;
	char done[64] = { 0 };

	if (n <= 0)
		text(ctx, "cache", NULL, "unknown");
	for (i = 0; i < n; i++) {
		char test[16], params[160], size[32];

		if (done[i])
			continue;
		snprintf(test, sizeof(test), "cache.L%d%s", c[i].level,
			 !strcmp(c[i].type, "Data") ? "d" : !strcmp(c[i].type, "Instruction") ? "i" : "");
		if (private_cache(&c[i])) {
			snprintf(params, sizeof(params), "each=%s", c[i].cpus);
			for (j = i + 1; j < n; j++)
				if (!done[j] && private_cache(&c[j]) && same_geometry(&c[i], &c[j])) {
					size_t len = strlen(params);

					snprintf(params + len, sizeof(params) - len, ",%s", c[j].cpus);
					done[j] = 1;
				}
		} else if (c[i].cpus[0]) {
			snprintf(params, sizeof(params), "cpus=%s", c[i].cpus);
		} else {
			snprintf(params, sizeof(params), "source=%s", c[i].source);
		}
		text(ctx, test, params, "%s%s%.0u%s%s%.0u%s",
		     c[i].size ? format_size(c[i].size, size, sizeof(size)) : "unknown size",
		     c[i].ways ? " " : "", c[i].ways, c[i].ways ? "-way" : "",
		     c[i].line ? " " : "", c[i].line, c[i].line ? "B-line" : "");
	}
}

static void memory(struct run_ctx *ctx)
{
	uint64_t total, avail;
	const char *src;
	long page = sysconf(_SC_PAGESIZE);
	char buf[64];

	if (sys_meminfo(&total, &avail, &src) == 0) {
		number(ctx, "mem.total", NULL, (double)total / (1 << 20), "MiB", src);
		number(ctx, "mem.available", NULL, (double)avail / (1 << 20), "MiB", src);
	} else {
		text(ctx, "mem.total", NULL, "unknown");
		text(ctx, "mem.available", NULL, "unknown");
	}
	if (page > 0)
		number(ctx, "page.size", NULL, (double)page, "B", NULL);
	else
		text(ctx, "page.size", NULL, "unknown");
	text(ctx, "thp.enabled", NULL, "%s",
	     bracketed("/sys/kernel/mm/transparent_hugepage/enabled", buf, sizeof(buf)));
	text(ctx, "thp.defrag", NULL, "%s",
	     bracketed("/sys/kernel/mm/transparent_hugepage/defrag", buf, sizeof(buf)));
}

static void clocks(struct run_ctx *ctx)
{
	const struct clock_info *ci = bench_clock_info();
	char buf[128];

	text(ctx, "clocksource", NULL, "%s",
	     file_or_unknown("/sys/devices/system/clocksource/clocksource0/current_clocksource",
			     buf, sizeof(buf)));
#if defined(__aarch64__)
	{
		uint64_t f;

		__asm__ volatile("mrs %0, cntfrq_el0" : "=r"(f));
		number(ctx, "timer.freq", "reg=CNTFRQ_EL0", (double)f / 1e6, UNIT_MHZ, NULL);
	}
#else
	{
		uint64_t hz;

		if (timebase(&hz) == 0)
			number(ctx, "timer.freq", "source=devicetree", (double)hz / 1e6, UNIT_MHZ,
			       NULL);
		else
			text(ctx, "timer.freq", NULL, "unknown");
	}
#endif
	number(ctx, "clock.resolution", ci->name, ci->res_ns, UNIT_NS, "smallest step seen");
	number(ctx, "clock.overhead", ci->name, ci->overhead_ns, UNIT_NS, "one clock read");
}

static void cpufreq(struct run_ctx *ctx)
{
	static const char *const freqs[][2] = {
		{ "scaling_cur_freq", "cpufreq.cur" }, { "scaling_min_freq", "cpufreq.min" },
		{ "scaling_max_freq", "cpufreq.max" }, { "cpuinfo_max_freq", "cpufreq.hw_max" },
	};
	char pol[64][64], path[160], buf[128], params[160], cpulist[96];
	int n = sys_dir_list("/sys/devices/system/cpu/cpufreq", "policy", pol, 64), i;
	size_t k;

	if (n <= 0)
		text(ctx, "cpufreq", NULL, "%s", absent("/sys/devices/system/cpu"));
	for (i = 0; i < n; i++) {
		const char *base = "/sys/devices/system/cpu/cpufreq";

		snprintf(path, sizeof(path), "%s/%s/related_cpus", base, pol[i]);
		if (read_text(path, cpulist, sizeof(cpulist)) <= 0)
			strcpy(cpulist, "unknown");
		snprintf(params, sizeof(params), "%s,cpus=%s", pol[i], cpulist);
		snprintf(path, sizeof(path), "%s/%s/scaling_governor", base, pol[i]);
		text(ctx, "cpufreq.governor", params, "%s", file_or_unknown(path, buf, sizeof(buf)));
		for (k = 0; k < ARRAY_LEN(freqs); k++) {
			uint64_t khz;

			snprintf(path, sizeof(path), "%s/%s/%s", base, pol[i], freqs[k][0]);
			if (read_u64(path, &khz))
				text(ctx, freqs[k][1], params, "unknown");
			else
				number(ctx, freqs[k][1], params, (double)khz / 1e3, UNIT_MHZ, NULL);
		}
	}
}

static void devfreq(struct run_ctx *ctx)
{
	char dev[32][64], path[160], gov[64], params[96];
	int n = sys_dir_list("/sys/class/devfreq", "", dev, 32), i;

	if (n <= 0)
		text(ctx, "devfreq", NULL, "%s", absent("/sys/class"));
	for (i = 0; i < n; i++) {
		uint64_t cur, lo, hi;
		char note[96] = "";

		snprintf(params, sizeof(params), "dev=%s", dev[i]);
		snprintf(path, sizeof(path), "/sys/class/devfreq/%s/governor", dev[i]);
		if (read_text(path, gov, sizeof(gov)) <= 0)
			strcpy(gov, "unknown");
		snprintf(path, sizeof(path), "/sys/class/devfreq/%s/min_freq", dev[i]);
		if (read_u64(path, &lo))
			lo = 0;
		snprintf(path, sizeof(path), "/sys/class/devfreq/%s/max_freq", dev[i]);
		if (read_u64(path, &hi))
			hi = 0;
		snprintf(note, sizeof(note), "governor %s, min %.0f MHz, max %.0f MHz", gov,
			 (double)lo / 1e6, (double)hi / 1e6);
		snprintf(path, sizeof(path), "/sys/class/devfreq/%s/cur_freq", dev[i]);
		if (read_u64(path, &cur))
			text(ctx, "devfreq", params, "unknown (%s)", note);
		else
			number(ctx, "devfreq", params, (double)cur / 1e6, UNIT_MHZ, note);
	}
}

static void thermal(struct run_ctx *ctx)
{
	char zone[64][64], path[160], type[64], params[128];
	int n = sys_dir_list("/sys/class/thermal", "thermal_zone", zone, 64), i;

	if (n <= 0)
		text(ctx, "thermal", NULL, "%s", absent("/sys/class"));
	for (i = 0; i < n; i++) {
		uint64_t milli;

		snprintf(path, sizeof(path), "/sys/class/thermal/%s/type", zone[i]);
		if (read_text(path, type, sizeof(type)) <= 0)
			strcpy(type, "unknown");
		snprintf(params, sizeof(params), "%s,type=%s", zone[i], type);
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/temp", zone[i]);
		if (read_u64(path, &milli))
			text(ctx, "thermal", params, "unknown");
		else
			number(ctx, "thermal", params, (double)milli / 1e3, "C", NULL);
	}
}

/* The fact sheet ---------------------------------------------------------- */

/* sysinfo's own face: "key: value" lines under group headings, printed as
 * the records come (sysinfo makes them in the sheet's order, so nothing
 * is held back), a key being the record's test as in the CSV and JSON,
 * the values in one column past the longest (clock.resolution); a line
 * per cpufreq policy, and the suspect conditions last. */
enum { G_CPU = 1, G_SUSPECT = 7 };

struct sheet {
	int	n;
	char	cpus[256], gov[64];	/* the cpufreq policy being read */
	int	k;			/* its values read */
	char	v[4][32];		/* its cur, min, max, hw_max (MHz) */
};

static int group_of(const char *test)
{
	static const char map[] = "board0arch1cpu1topology1cluster1cache2mem3page3thp3clock4timer4"
				  "devfreq4thermal5kernel6machine6suspect7";
	const char *p, *q;

	for (p = map; *p; p = q + 1) {
		for (q = p; *q > '9'; q++)
			;
		if (!strncmp(test, p, (size_t)(q - p)))
			return *q - '0';
	}
	return -1;
}

/* cpufreq.governor starts a policy, its cur, min, max and hw_max follow
 * (sysinfo's order): then its line is key and val, and 1 is returned. (A
 * scaling_max_freq under the hardware's is a suspect condition.) */
static int policy(struct sheet *s, const struct result *r, char *key, char *val)
{
	char list[256];

	if (!strcmp(r->test, "cpufreq.governor")) {
		s->n = params_value(r->params, "cpus", list, sizeof(list)) ?
		       cpulist_tidy(list, s->cpus, sizeof(s->cpus)) : 0;
		snprintf(s->gov, sizeof(s->gov), "%s", r->text);
		s->k = 0;
		return 0;
	}
	if (s->n <= 0 || s->k > 3)
		return 0;
	snprintf(s->v[s->k], sizeof(s->v[0]), "%s", r->text ? r->text :
		 format_value(r->value, list, sizeof(list)));
	if (++s->k < 4)
		return 0;
	sprintf(key, "cpu%s:", s->cpus);
	sprintf(val, "%d core%s, %s/%s/%s MHz min/cur/max, governor %s", s->n,
		s->n > 1 ? "s" : "", s->v[1], s->v[0], s->v[2], s->gov);
	return 1;
}

static void sheet_record(struct emit_out *o, const struct result *r)
{
	static const char *const names[] = {
		"Board", "CPU", "Caches", "Memory", "Clocks", "Thermal", "Kernel", "",
	};
	struct sheet *s = (struct sheet *)o->arg;
	int g = group_of(r->test);
	const char *note, *params;
	char num[32], key[300], val[1200];

	if (!s || g < 0)
		return;
	if (g + 1 != o->group[0])	/* a new group: its heading */
		fprintf(o->f, "%s%s%s", o->group[0] ? "\n" : "", names[g], g < G_SUSPECT ? "\n" : "");
	o->group[0] = (char)(g + 1);
	if (!strncmp(r->test, "cpufreq.", 8)) {
		if (!policy(s, r, key, val))
			return;
	} else if (!strcmp(r->test, "cluster") && r->text &&
		   params_value(r->params, "cluster", num, sizeof(num))) {
		char usable[16] = "?", source[32] = "?";

		params_value(r->params, "usable", usable, sizeof(usable));
		params_value(r->params, "source", source, sizeof(source));
		snprintf(key, sizeof(key), "cluster.%s:", num);
		snprintf(val, sizeof(val), "%s (%s usable%s%s)", r->text, usable,
			 strcmp(source, "none") ? "; by " : "", strcmp(source, "none") ? source : "");
	} else {
		note = r->note ? r->note : "";
		params = r->params && g < G_SUSPECT ? r->params : "";
		sprintf(key, "%s:", r->test);
		snprintf(val, sizeof(val), "%s%s%s%s%s%s%s%s",
			 r->text ? r->text : format_value(r->value, num, sizeof(num)),
			 *r->unit ? " " : "", r->unit, *note ? ", " : "", note, *params ? " (" : "",
			 params, *params ? ")" : "");
	}
	fprintf(o->f, g < G_SUSPECT ? "  %-17s %s\n" : "%s %s\n", key, val);
}

static void sheet_end(struct emit_out *o)
{
	free((void *)o->arg);
	o->arg = NULL;
}

static const struct emitter emit_sheet = {
	"facts", 0, NULL, sheet_record, sheet_end,
};

static int sysinfo_run(struct run_ctx *ctx)
{
	if (ctx->argc) {
		errorf("unexpected argument '%s'", ctx->argv[0]);
		return EXIT_USAGE;
	}
	emit_set_own_args(ctx->rep, &emit_sheet, sizeof(struct sheet));	/* a sheet each */
	board(ctx);
	cpus(ctx);
	riscv(ctx);
	topology(ctx);
	clusters(ctx);
	cpufreq(ctx);
	caches(ctx);
	memory(ctx);
	clocks(ctx);
	devfreq(ctx);
	thermal(ctx);
	kernel(ctx);
	conditions_report(ctx, NULL, 0, NULL);
	return EXIT_OK;
}

TEXT(sysinfo_summary, "board, CPUs, caches, memory, clocks, DVFS, thermal");
TEXT(sysinfo_usage,
	"usage: sysinfo\n"
	"\n"
	"What to check first on a new board: architecture and CPU model per\n"
	"cluster (MIDR on Arm, CPUID brand on x86, uarch or mvendorid/marchid/\n"
	"mimpid on RISC-V), usable CPUs and topology, caches per level (sysfs\n"
	"cacheinfo, else CPUID), memory, kernel, clock source and timer\n"
	"frequency, page size and THP mode, cpufreq governor and frequencies\n"
	"per policy, devfreq devices (DDR, GPU) and thermal zones; on RISC-V\n"
	"the ISA and its extensions, MMU mode, hwprobe and VLEN. A field that\n"
	"cannot be read says 'unknown'; /proc and /sys are optional.\n"
	"Without --format: a fact sheet, then what makes results suspect\n"
	"(records of test 'suspect': a clock held low, heat, busy CPUs).\n");

const struct applet applet_sysinfo = {
	.name    = "sysinfo",
	.summary = TEXT_PTR(sysinfo_summary),
	.usage   = TEXT_PTR(sysinfo_usage),
	.classic = &emit_sheet,
	.run     = sysinfo_run,
};
