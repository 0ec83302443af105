/* run_suites.c - what `run quick`, `run guide` and `run all` run
 *
 * SPDX-License-Identifier: MIT
 *
 * Each suite is a list of command lines of other applets. A word in
 * braces, {a,b,c}, stands for one test per choice (several such words
 * multiply, the last varying fastest), and %dram for four times the
 * last-level cache in MiB, so the DRAM latency is measured past the caches
 * of whatever board this is. quick keeps every test short through the
 * applets' own options (--quick, --min-time, --reps) and writes no files;
 * guide runs what the vendor guides' system-benchmark and crypto tables
 * report, with their parameters, so its records carry their metric names.
 *
 * guide takes under 2 minutes on a 2-core x86_64 (250 s before): the same
 * tests, sizes and parameters, in shorter windows. --warmup=0 where the
 * harness's calibration already ran a full-length sample of the same work
 * (bw_mem, lat_mem_rd, dhrystone, linpack: the discarded warm-up was a
 * second one); bw_mem at 10 ms per sample (45 runs, the median of 11
 * each), lat_mem_rd at 5 ms (every sweep point, the median of 7 each),
 * lat_ctx at 25 ms (the median of 11); dhrystone at 0.4 s samples (2.8 s
 * timed, over Dhrystone's 2 s), linpack at 0.25 s (its own 'short'
 * threshold), whetstone calibrated to 2.5 s; nbench's scores of 0.1 s
 * (its 95 % interval, in each note, still decides how many); coremark's
 * 1 s run (flagged short: no guide row, CoreMark-Pro is another
 * benchmark); speed at 0.2 s per size instead of openssl's 3 s (flagged
 * short, each record's note says "0.2 s per size"); ipsec's TCP stream
 * through the four algorithms of the guides' IPsec table, 3 s each (a
 * skip, exit 77, where the kernel has no ESP or benchbox is not root).
 */
#include "run.h"
#include "applet.h"
#include "util.h"

#include <string.h>

static const struct suite_test quick_tests[] = {
	{ "sysinfo", 0 },
	{ "wiring", 0 },
	{ "mhz --quick", 0, SUITE_PER_CLUSTER },
	{ "bw_mem --quick 16m {rd,wr,cp,bcopy}", 0, SUITE_PER_CLUSTER },
	{ "membw --quick --kernel=best rd", 0 },
	{ "stream --quick --ntimes=5", 0 },
	{ "lat_mem_rd --quick --reps=1 --warmup=0 --min-time=0.002 -t --sizes=%dramm", 0,
	  SUITE_PER_CLUSTER },
	{ "lat_mem_rd --quick --reps=3 --min-time=0.002 --sizes=512,32k,64k,128k,256k,512k,1m "
	  "1 128", 0, SUITE_PER_CLUSTER },
	{ "lat_syscall --quick null", 0 },
	{ "lat_ctx --quick -s 128 2", 0 },
	{ "lat_pipe --quick", 0 },
	{ "lat_unix --quick", 0 },
	{ "bw_unix --quick", 0 },
	{ "dhrystone --quick", 0, SUITE_PER_CLUSTER },
	{ "whetstone --quick", 0, SUITE_PER_CLUSTER },
	{ "coremark --quick --min-time=0.4", 0, SUITE_PER_CLUSTER },
	{ "linpack --quick --order=100", 0, SUITE_PER_CLUSTER },
	{ "speed --quick --engine=both -bytes 16384 aes-128-cbc sha256", 0, SUITE_PER_CLUSTER },
	{ "zlib --quick --level=6 deflate inflate", 0 },
	/* the whole SoC: every usable CPU busy */
	{ "membw --quick --kernel=best -P %cpus rd copy", 0, SUITE_ALL_CPUS },
	{ "membw --quick --kernel=best -P %cpus rd copy", 0, SUITE_EACH_CLUSTER },
	{ "stream --quick --ntimes=5 --threads=%cpus", 0, SUITE_ALL_CPUS },
	{ "lat_mem_rd --quick --reps=1 --warmup=0 --min-time=0.002 -t --loaded --sizes=%dramm", 0,
	  SUITE_ALL_CPUS },
	{ "dhrystone --quick -P %cpus", 0, SUITE_ALL_CPUS },
	{ "coremark --quick --min-time=0.4 -P %cpus", 0, SUITE_ALL_CPUS },
};

static const struct suite_test guide_tests[] = {
	{ "sysinfo", 0 },
	{ "mhz", 0 },
	{ "bw_mem --warmup=0 --min-time=0.01 {1m,2m,4m,8m,16m} {rd,wr,rdwr,cp,frd,fwr,fcp,bzero,bcopy}", 0 },
	{ "lat_mem_rd --warmup=0 --min-time=0.005 %dram 128", 0 },
	{ "lat_ctx --min-time=0.025 -s {128,256} 2 4", 0 },
	{ "lat_ops", 0 },
	{ "lat_syscall {null,read,write,stat,fstat,open}", 0 },
	{ "lat_sig {install,catch,prot}", 0 },
	{ "lat_proc {procedure,fork,exec,shell}", 0 },
	{ "lat_pipe", 0 },
	{ "lat_unix", 0 },
	{ "bw_pipe", 0 },
	{ "bw_unix", 0 },
	{ "lat_tcp", 0 },
	{ "lat_connect", 0 },
	{ "lat_select -n 200 tcp", 0 },
	{ "lat_sem", 0 },
	{ "lat_fs", 0 },
	{ "lat_mmap 1m", 0 },
	{ "lat_pagefault", 0 },
	{ "bw_file_rd 1m {io_only,open2close}", 0 },
	{ "bw_mmap_rd 1m {mmap_only,open2close}", 0 },
	{ "dhrystone --warmup=0 --min-time=0.4", 0 },
	{ "whetstone --duration=2.5", 0 },
	{ "linpack --warmup=0 --min-time=0.25", 0 },
	{ "nbench --min-time=0.1", 900 },
	{ "stream", 0 },
	{ "coremark --quick", 0 },
	{ "speed -seconds 0.2 aes-128-cbc aes-192-cbc aes-256-cbc aes-128-ecb aes-192-ecb "
	  "aes-256-ecb des3 md5 sha1 sha256 sha512", 900 },
	{ "ipsec --streams=tcp -t 3 3des aes128 aes192 aes256", 0 },
};

/* `run all` builds its list from the registry at run time. */
const struct suite suites[] = {
	{ "quick", "a sanity check of the whole board in seconds",
	  quick_tests, ARRAY_LEN(quick_tests), 60 },
	{ "guide", "every metric of the vendor guides, with their parameters",
	  guide_tests, ARRAY_LEN(guide_tests), 300 },
	{ "all", "every applet at its defaults (not net, not fileio)", NULL, 0, 900 },
};
const size_t nsuites = ARRAY_LEN(suites);

const struct suite *suite_find(const char *name)
{
	size_t i;

	for (i = 0; i < nsuites; i++)
		if (!strcmp(suites[i].name, name))
			return &suites[i];
	return NULL;
}

/* The guides' arguments for the applets that cannot run without some. */
static const struct {
	const char	*applet, *args;
} default_args[] = {
	{ "bw_file_rd",  "1m io_only" },
	{ "bw_mem",      "16m rd" },
	{ "bw_mmap_rd",  "1m mmap_only" },
	{ "lat_ctx",     "-s 128 2" },
	{ "lat_mmap",    "1m" },
	{ "lat_proc",    "fork" },
	{ "lat_select",  "-n 200 tcp" },
	{ "lat_sig",     "install" },
	{ "lat_syscall", "null" },
};

const char *suite_default_args(const char *applet)
{
	size_t i;

	for (i = 0; i < ARRAY_LEN(default_args); i++)
		if (!strcmp(default_args[i].applet, applet))
			return default_args[i].args;
	return "";
}

const char *suite_all_skip(const char *applet)
{
	const struct applet *a = applet_find(applet);

	if (!strcmp(applet, "net"))
		return "needs a peer (net -s on another machine, then net HOST)";
	if (!strcmp(applet, "fileio"))
		return "writes a lot: only with an explicit 'run fileio'";
	if (a && (a->flags & APPLET_TOOL))
		return "a tool, not a measurement";
	return NULL;
}

/* Append name to a ", " separated list in buf; "..." once it is full. */
static void list_add(char *buf, size_t len, const char *name)
{
	size_t n = strlen(buf);

	if (n && !strcmp(buf + n - 3, "..."))
		return;
	if ((size_t)snprintf(buf + n, len - n, "%s%s", n ? ", " : "", name) >= len - n)
		memcpy(buf + len - 4, "...", 4);
}

/* " (did you mean 'quick'?)" for a misspelled suite or measuring applet
 * (suites too when the word is all the spec), else the list's hint. */
static void suite_hint(const char *word, int suites_too, char *buf, size_t len)
{
	struct near n = { word };
	size_t i;

	for (i = 0; suites_too && i < nsuites; i++)
		near_see(&n, suites[i].name);
	for (i = 0; i < applet_count; i++)
		if (!(applet_table[i]->flags & (APPLET_TOOL | APPLET_PENDING)))
			near_see(&n, applet_table[i]->name);
	if (!*near_hint(&n, buf, len))
		snprintf(buf, len, " (try 'benchbox --list')");
}

int suite_check(const char *spec, char *err, size_t len)
{
	char unknown[160] = "", tools[160] = "", name[48], quoted[52], hint[96], first[48] = "";
	const struct applet *a;
	const char *p, *end;
	int n, named = 0, nunknown = 0, ntools = 0;

	if (suite_find(spec))
		return 0;
	for (p = spec; *p; p = *end ? end + 1 : end) {
		end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		n = (int)(end - p);
		if (!n)
			continue;
		named++;
		/* no applet name is that long: shown cut, never looked up */
		snprintf(name, sizeof(name), "%.*s%s", n < 40 ? n : 40, p, n < 40 ? "" : "...");
		a = n < 40 ? applet_find(name) : NULL;
		if (!a) {
			snprintf(quoted, sizeof(quoted), "'%s'", name);
			list_add(unknown, sizeof(unknown), quoted);
			if (!nunknown++)
				memcpy(first, name, sizeof(first));
		} else if (a->flags & APPLET_TOOL) {
			list_add(tools, sizeof(tools), name);
			ntools++;
		}
	}
	if (!named) {
		snprintf(err, len, "no applet named in '%.40s'", spec);
		return -1;
	}
	if (!nunknown && !ntools)
		return 0;
	if (nunknown == 1)
		suite_hint(first, !strchr(spec, ','), hint, sizeof(hint));
	else
		snprintf(hint, sizeof(hint), " (try 'benchbox --list')");
	snprintf(err, len, "%s%s%s%s%s%s", !nunknown ? "" : nunknown > 1 ? "unknown applets " :
		 strchr(spec, ',') ? "unknown applet " : "unknown suite or applet ", unknown,
		 nunknown ? hint : "", nunknown && ntools ? "; " : "", tools,
		 ntools ? ": not benchmarks (a suite runs benchmarks only)" : "");
	return -1;
}
