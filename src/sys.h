/* sys.h - facts about the machine from the kernel's interfaces
 *
 * SPDX-License-Identifier: MIT
 *
 * Every function here copes with /proc and /sys being absent (an initramfs
 * before mounts, a container): it falls back (syscalls, CPUID) or says so.
 */
#ifndef BENCHBOX_SYS_H
#define BENCHBOX_SYS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct sys_cache {
	int		level;		/* 1, 2, 3 */
	char		type[16];	/* "Data", "Instruction", "Unified" */
	uint64_t	size;		/* bytes; 0 = unknown */
	unsigned	ways, line;	/* 0 = unknown */
	char		cpus[64];	/* shared_cpu_list, "" = unknown */
	const char	*source;	/* "sysfs" or "cpuid" */
};

/* Distinct caches of all CPUs (deduplicated by level, type and CPU list),
 * from sysfs cacheinfo, else CPUID on x86. Returns how many (<= max). */
int sys_caches(struct sys_cache *out, int max);
/* Size of the largest cache (the last level), 0 if unknown. */
uint64_t sys_llc_size(void);

/* The most bytes read of one text file of /proc or /sys (/proc/cpuinfo of
 * a few thousand CPUs fits); a bigger one is read as missing. */
enum { SYS_FILE_MAX = 4 << 20 };

/* MemTotal and MemAvailable from /proc/meminfo, else sysinfo(2) (free +
 * buffers as "available"). source names which. 0 ok, -1 nothing. */
int sys_meminfo(uint64_t *total, uint64_t *avail, const char **source);
/* The text of /proc/meminfo (up to its NUL): bit 0 of the result when a
 * line "MemTotal: N kB" set *total, bit 1 when "MemAvailable: N kB" set
 * *avail, each to N * 1024 bytes (the last such line wins). A line is
 * taken only whole: the key, ':', blanks, decimal digits, blanks, "kB";
 * N * 1024 must fit in 64 bits. For a fuzzer: reads nothing past the
 * NUL, writes nothing but the two values its bits name. */
int sys_meminfo_parse(const char *text, uint64_t *total, uint64_t *avail);
/* The "cpu " line that starts /proc/stat's TEXT, in clock ticks: busy (user,
 * nice, system, irq, softirq, steal) and total (busy, idle, iowait).
 * 0, or -1 when it is not such a line (fewer than 4 numbers). */
int sys_stat_cpu(const char *text, uint64_t *busy, uint64_t *total);
/* A device number as sysfs and mountinfo write it, "MAJOR:MINOR" (one
 * newline after it allowed). 0, or -1 when S is anything else. */
int sys_parse_devnum(const char *s, dev_t *out);

/* Names in dir that start with prefix, sorted with numbers in numeric order
 * (policy2 < policy10). Returns the count (<= max), -1 if dir is unreadable. */
int sys_dir_list(const char *dir, const char *prefix, char (*names)[64], int max);

enum { SYS_MAX_CPUS = 4096 };	/* CPU numbers are below this */

/* Parse a CPU list: "3", "0-3", "0,2,4-7" (sysfs and taskset syntax) into
 * ascending, distinct CPU numbers < SYS_MAX_CPUS. Returns the count (<= max), or -1
 * on malformed input. For a fuzzer: it reads s only up to its NUL and
 * writes at most max entries; success (>= 1) implies cpus[0..n) strictly
 * ascend within 0..4095, and writing them back as a list re-parses to the
 * same CPUs. Decimal digits only, like every number (src/util.h). */
int sys_parse_cpulist(const char *s, int *cpus, int max);
/* The CPUs this process may run on (sched_getaffinity), ascending. */
int sys_allowed_cpus(int *cpus, int max);

/* The clocks and temperature that tell throttling: every cpufreq policy's
 * current and maximum frequency, and the hottest thermal zone with its
 * lowest passive or hot trip point. Fields that cannot be read are 0. */
enum { SYS_MAX_POLICIES = 16 };

struct sys_clocks {
	int		npol;
	struct {
		char		name[16];	/* "policy0" */
		uint64_t	cur_khz;	/* scaling_cur_freq */
		uint64_t	max_khz;	/* cpuinfo_max_freq */
	} pol[SYS_MAX_POLICIES];
	char		zone[24];	/* "thermal_zone0", "" = no zone readable */
	int64_t		temp_mc;	/* millidegrees Celsius */
	int64_t		trip_mc;	/* lowest passive/hot trip; 0 = none */
};

/* The lowest passive or hot (critical too if asked) trip point of a
 * thermal zone ("thermal_zone0") in millidegrees, its type into kind;
 * 0 if none. */
int64_t sys_zone_trip(const char *zone, int critical, char *kind, size_t len);

/* Read them now, through sysroot_path(). Returns 0, or -1 if neither
 * cpufreq nor thermal could be read. */
int sys_clocks_read(struct sys_clocks *c);

#endif
