/* sys.c - facts about the machine from the kernel's interfaces
 *
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include "sys.h"
#include "util.h"

#include <ctype.h>
#include <sched.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/sysmacros.h>
#include <string.h>
#include <sys/sysinfo.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

/* natural order: compare digit runs as numbers */
static int natcmp(const void *pa, const void *pb)
{
	const char *a = pa, *b = pb;

	while (*a && *b) {
		if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
			unsigned long x = strtoul(a, (char **)&a, 10);
			unsigned long y = strtoul(b, (char **)&b, 10);

			if (x != y)
				return x < y ? -1 : 1;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

int sys_dir_list(const char *dir, const char *prefix, char (*names)[64], int max)
{
	char real[4096];
	DIR *d = opendir(sysroot_path(dir, real, sizeof(real)));
	struct dirent *e;
	size_t plen = strlen(prefix);
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)) && n < max) {
		if (e->d_name[0] == '.' || strncmp(e->d_name, prefix, plen) ||
		    strlen(e->d_name) >= sizeof(names[0]))
			continue;
		strcpy(names[n++], e->d_name);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), natcmp);
	return n;
}

static int cache_known(const struct sys_cache *c, int n, const struct sys_cache *x)
{
	int i;

	for (i = 0; i < n; i++)
		if (c[i].level == x->level && !strcmp(c[i].type, x->type) &&
		    !strcmp(c[i].cpus, x->cpus))
			return 1;
	return 0;
}

static int caches_sysfs(struct sys_cache *out, int max)
{
	char cpus[256][64], idx[16][64], path[160], text[64];
	int ncpu = sys_dir_list("/sys/devices/system/cpu", "cpu", cpus, 256), n = 0, i, j;

	for (i = 0; i < ncpu && n < max; i++) {
		char dir[96];
		int nidx;

		if (!isdigit((unsigned char)cpus[i][3]))
			continue;	/* cpufreq, cpuidle */
		snprintf(dir, sizeof(dir), "/sys/devices/system/cpu/%s/cache", cpus[i]);
		nidx = sys_dir_list(dir, "index", idx, 16);
		for (j = 0; j < nidx && n < max; j++) {
			struct sys_cache c = { 0 };
			uint64_t v;

			c.source = "sysfs";
			snprintf(path, sizeof(path), "%s/%s/level", dir, idx[j]);
			if (read_u64(path, &v))
				continue;
			c.level = (int)v;
			snprintf(path, sizeof(path), "%s/%s/type", dir, idx[j]);
			if (read_text(path, c.type, sizeof(c.type)) < 0)
				strcpy(c.type, "Unknown");
			snprintf(path, sizeof(path), "%s/%s/size", dir, idx[j]);
			if (read_text(path, text, sizeof(text)) > 0 && parse_size(text, &v) == 0)
				c.size = v;
			snprintf(path, sizeof(path), "%s/%s/ways_of_associativity", dir, idx[j]);
			if (!read_u64(path, &v))
				c.ways = (unsigned)v;
			snprintf(path, sizeof(path), "%s/%s/coherency_line_size", dir, idx[j]);
			if (!read_u64(path, &v))
				c.line = (unsigned)v;
			snprintf(path, sizeof(path), "%s/%s/shared_cpu_list", dir, idx[j]);
			if (read_text(path, c.cpus, sizeof(c.cpus)) < 0)
				c.cpus[0] = '\0';
			if (!cache_known(out, n, &c))
				out[n++] = c;
		}
	}
	return n;
}

#if defined(__x86_64__) || defined(__i386__)
/* Intel leaf 4, or AMD leaf 0x8000001D: the same register layout. */
static int caches_cpuid(struct sys_cache *out, int max)
{
	unsigned a = 0, b = 0, c = 0, d = 0, leaf = 4, i, n = 0;
	char vendor[13];

	if (!__get_cpuid(0, &a, &b, &c, &d))
		return 0;
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = '\0';
	if (!strcmp(vendor, "AuthenticAMD") || !strcmp(vendor, "HygonGenuine")) {
		if ((unsigned)__get_cpuid_max(0x80000000, NULL) < 0x8000001d)	/* int in clang */
			return 0;
		leaf = 0x8000001d;
	} else if (a < 4) {
		return 0;
	}
	for (i = 0; i < 16 && (int)n < max; i++) {
		struct sys_cache x = { 0 };
		unsigned type;

		__cpuid_count(leaf, i, a, b, c, d);
		type = a & 31;
		if (!type)
			break;
		x.level = (int)((a >> 5) & 7);
		strcpy(x.type, type == 1 ? "Data" : type == 2 ? "Instruction" : "Unified");
		x.ways = ((b >> 22) & 0x3ff) + 1;
		x.line = (b & 0xfff) + 1;
		x.size = (uint64_t)x.ways * (((b >> 12) & 0x3ff) + 1) * x.line * ((uint64_t)c + 1);
		x.source = "cpuid";
		out[n++] = x;
	}
	return (int)n;
}
#else
static int caches_cpuid(struct sys_cache *out, int max)
{
	(void)out;
	(void)max;
	return 0;
}
#endif

int sys_caches(struct sys_cache *out, int max)
{
	int n = caches_sysfs(out, max);

	return n > 0 ? n : caches_cpuid(out, max);
}

uint64_t sys_llc_size(void)
{
	struct sys_cache c[64];
	int n = sys_caches(c, 64), i, best = -1;

	for (i = 0; i < n; i++)
		if (strcmp(c[i].type, "Instruction") &&
		    (best < 0 || c[i].level > c[best].level ||
		     (c[i].level == c[best].level && c[i].size > c[best].size)))
			best = i;
	return best < 0 ? 0 : c[best].size;
}

/* "KEY:", blanks, decimal digits, blanks, "kB", the line's end: the bytes
 * (digits * 1024) into *out; p is the line's start, end its '\n' or NUL. */
static int meminfo_line(const char *p, const char *end, const char *key, uint64_t *out)
{
	size_t k = strlen(key);
	uint64_t kb;

	if ((size_t)(end - p) <= k || memcmp(p, key, k) || p[k] != ':')
		return -1;
	for (p += k + 1; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	/* (end is the line's '\n' or NUL: the digits stop there) */
	if (scan_decimal(&p, UINT64_MAX / 1024, &kb))
		return -1;
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (end - p != 2 || memcmp(p, "kB", 2))
		return -1;
	*out = kb * 1024;
	return 0;
}

int sys_meminfo_parse(const char *text, uint64_t *total, uint64_t *avail)
{
	const char *p = text, *end;
	int got = 0;

	while (*p) {
		end = p + strcspn(p, "\n");
		if (!meminfo_line(p, end, "MemTotal", total))
			got |= 1;
		else if (!meminfo_line(p, end, "MemAvailable", avail))
			got |= 2;
		p = *end ? end + 1 : end;
	}
	return got;
}

int sys_stat_cpu(const char *text, uint64_t *busy, uint64_t *total)
{
	uint64_t v[8] = { 0 };
	const char *p;
	int n;

	if (strncmp(text, "cpu ", 4))
		return -1;
	for (p = text + 4, n = 0; n < 8; n++) {
		while (*p == ' ')
			p++;
		if (*p < '0' || *p > '9')
			break;
		if (scan_decimal(&p, UINT64_MAX, &v[n]) || (*p != ' ' && *p != '\n' && *p))
			return -1;
	}
	if (n < 4)
		return -1;
	/* user nice system idle iowait irq softirq steal; guest is in user */
	*busy = v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
	*total = *busy + v[3] + v[4];
	return 0;
}

int sys_parse_devnum(const char *s, dev_t *out)
{
	uint64_t maj, min;

	if (scan_decimal(&s, UINT32_MAX, &maj) || *s++ != ':' ||
	    scan_decimal(&s, UINT32_MAX, &min) || (*s && strcmp(s, "\n")))
		return -1;
	*out = makedev(maj, min);
	return 0;
}

int sys_meminfo(uint64_t *total, uint64_t *avail, const char **source)
{
	char *text = read_sysfile("/proc/meminfo", SYS_FILE_MAX, NULL);
	struct sysinfo si;
	uint64_t t, a;

	if (text) {
		int got = sys_meminfo_parse(text, &t, &a);

		free(text);
		if (got == 3) {
			*total = t;
			*avail = a;
			*source = "/proc/meminfo";
			return 0;
		}
	}
	if (sysinfo(&si) == 0) {
		*total = (uint64_t)si.totalram * si.mem_unit;
		*avail = ((uint64_t)si.freeram + si.bufferram) * si.mem_unit;
		*source = "sysinfo(2)";
		return 0;
	}
	return -1;
}

int sys_parse_cpulist(const char *s, int *cpus, int max)
{
	static const int limit = SYS_MAX_CPUS;
	unsigned char seen[SYS_MAX_CPUS / 8] = { 0 };
	int n = 0, i;

	if (!*s)
		return -1;
	while (*s) {
		char *end;
		long lo, hi;

		if (!isdigit((unsigned char)*s))
			return -1;
		lo = hi = strtol(s, &end, 10);
		if (*end == '-') {
			if (!isdigit((unsigned char)end[1]))
				return -1;
			hi = strtol(end + 1, &end, 10);
		}
		if (lo < 0 || hi >= limit || lo > hi || (*end && *end != ','))
			return -1;
		for (i = (int)lo; i <= (int)hi; i++)
			seen[i / 8] |= (unsigned char)(1u << (i % 8));
		s = *end ? end + 1 : end;
		if (*end == ',' && !*s)
			return -1;
	}
	for (i = 0; i < limit; i++)
		if ((seen[i / 8] >> (i % 8)) & 1) {
			if (n == max)
				return -1;
			cpus[n++] = i;
		}
	return n;
}

int sys_allowed_cpus(int *cpus, int max)
{
	cpu_set_t set;
	int i, n = 0;

	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set))
		return 0;
	for (i = 0; i < CPU_SETSIZE && n < max; i++)
		if (CPU_ISSET(i, &set))
			cpus[n++] = i;
	return n;
}

static int read_i64(const char *path, int64_t *out)
{
	char buf[64];

	return read_text(path, buf, sizeof(buf)) > 0 ? parse_int(buf, out) : -1;
}

static void clocks_cpufreq(struct sys_clocks *c)
{
	static const char dir[] = "/sys/devices/system/cpu/cpufreq";
	char names[SYS_MAX_POLICIES][64], path[160];
	int n = sys_dir_list(dir, "policy", names, SYS_MAX_POLICIES), i;

	for (i = 0; i < n; i++) {
		uint64_t cur, max = 0;

		snprintf(path, sizeof(path), "%s/%s/scaling_cur_freq", dir, names[i]);
		if (read_u64(path, &cur))
			continue;
		snprintf(path, sizeof(path), "%s/%s/cpuinfo_max_freq", dir, names[i]);
		read_u64(path, &max);
		snprintf(c->pol[c->npol].name, sizeof(c->pol[0].name), "%s", names[i]);
		c->pol[c->npol].cur_khz = cur;
		c->pol[c->npol].max_khz = max;
		c->npol++;
	}
}

int64_t sys_zone_trip(const char *zone, int critical, char *kind, size_t len)
{
	char path[160], type[32];
	int64_t t, low = 0;
	int k;

	for (k = 0; k < 32; k++) {
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/trip_point_%d_type", zone, k);
		if (read_text(path, type, sizeof(type)) < 0)
			break;
		if (strcmp(type, "passive") && strcmp(type, "hot") &&
		    (!critical || strcmp(type, "critical")))
			continue;
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/trip_point_%d_temp", zone, k);
		if (read_i64(path, &t) == 0 && t > 0 && (!low || t < low)) {
			low = t;
			snprintf(kind, len, "%s", type);
		}
	}
	return low;
}

static void clocks_thermal(struct sys_clocks *c)
{
	char names[64][64], path[160];
	int n = sys_dir_list("/sys/class/thermal", "thermal_zone", names, 64), i;
	int64_t t;

	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/temp", names[i]);
		if (read_i64(path, &t) || (c->zone[0] && t <= c->temp_mc))
			continue;
		snprintf(c->zone, sizeof(c->zone), "%s", names[i]);
		c->temp_mc = t;
	}
	if (c->zone[0])
		c->trip_mc = sys_zone_trip(c->zone, 0, path, sizeof(path));
}

int sys_clocks_read(struct sys_clocks *c)
{
	memset(c, 0, sizeof(*c));
	clocks_cpufreq(c);
	clocks_thermal(c);
	return c->npol || c->zone[0] ? 0 : -1;
}
