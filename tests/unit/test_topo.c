/* test_topo.c - clusters from captured sysfs trees (BENCHBOX_SYSROOT) */
#define _GNU_SOURCE
#include "minitest.h"
#include "topo.h"
#include "sys.h"
#include "util.h"

#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct fake {
	char	root[64];
	char	*old;		/* BENCHBOX_SYSROOT before */
};

/* root/rel with its directories; text of len bytes (-1: strlen) */
static int put(struct fake *f, const char *rel, const char *text, int len)
{
	char path[512], *p;
	FILE *fp;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", f->root, rel);
	for (p = path + strlen(f->root) + 1; (p = strchr(p, '/')); p++) {
		*p = '\0';
		if (mkdir(path, 0700) && errno != EEXIST)
			return -1;
		*p = '/';
	}
	if (!(fp = fopen(path, "w")))
		return -1;
	ok = fwrite(text, 1, len < 0 ? strlen(text) : (size_t)len, fp) == (len < 0 ? strlen(text) : (size_t)len);
	return fclose(fp) == 0 && ok ? 0 : -1;
}

static int link_in(struct fake *f, const char *target, const char *rel)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", f->root, rel);
	return symlink(target, path);
}

static int fake_open(struct fake *f)
{
	snprintf(f->root, sizeof(f->root), "/tmp/bbtopo.XXXXXX");
	if (!mkdtemp(f->root))
		return -1;
	f->old = getenv("BENCHBOX_SYSROOT") ? xstrdup(getenv("BENCHBOX_SYSROOT")) : NULL;
	setenv("BENCHBOX_SYSROOT", f->root, 1);
	return 0;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

static void fake_close(struct fake *f)
{
	if (f->old) {
		setenv("BENCHBOX_SYSROOT", f->old, 1);
		free(f->old);
	} else {
		unsetenv("BENCHBOX_SYSROOT");
	}
	nftw(f->root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void put_cpu(struct fake *f, int cpu, const char *file, const char *text)
{
	char rel[128];

	snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/%s", cpu, file);
	put(f, rel, text, -1);
}

/* RK3588-like: cpu0-3 Cortex-A55 in policy0, cpu4-5 and cpu6-7 Cortex-A76
 * in policy4 and policy6, at two top clocks */
static void rk3588(struct fake *f)
{
	int c;

	put(f, "sys/devices/system/cpu/online", "0-7\n", -1);
	for (c = 0; c < 8; c++) {
		char rel[96], target[64];
		int pol = c < 4 ? 0 : c < 6 ? 4 : 6;

		put_cpu(f, c, "regs/identification/midr_el1",
			c < 4 ? "0x00000000412fd050\n" : "0x00000000414fd0b0\n");
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpufreq/policy%d/related_cpus", pol);
		put(f, rel, pol == 0 ? "0 1 2 3\n" : pol == 4 ? "4 5\n" : "6 7\n", -1);
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpufreq/policy%d/cpuinfo_max_freq", pol);
		put(f, rel, pol == 0 ? "1800000\n" : pol == 4 ? "2256000\n" : "2400000\n", -1);
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/cpufreq", c);
		snprintf(target, sizeof(target), "../cpufreq/policy%d", pol);
		link_in(f, target, rel);
		put_cpu(f, c, "cpu_capacity", c < 4 ? "414\n" : "1024\n");
	}
}

TEST(topo_cpufreq_policies)
{
	struct fake f;
	struct topo *tp = xmalloc(sizeof(*tp));
	char name[128];

	REQUIRE(fake_open(&f) == 0);
	rk3588(&f);
	CHECK_EQ_INT(topo_find(tp), 3);
	CHECK_STR(tp->source, "cpufreq");
	CHECK_EQ_INT(tp->ncpus, 8);
	CHECK_STR(topo_name(tp, 0, name, sizeof(name)), "cluster 0: 4x Cortex-A55, cpu0-3, max 1800 MHz");
	CHECK_STR(topo_name(tp, 1, name, sizeof(name)), "cluster 1: 2x Cortex-A76, cpu4-5, max 2256 MHz");
	CHECK_STR(topo_name(tp, 2, name, sizeof(name)), "cluster 2: 2x Cortex-A76, cpu6-7, max 2400 MHz");
	CHECK_EQ_INT(tp->c[1].capacity, 1024);
	CHECK_EQ_INT(tp->c[2].kind, 2);		/* another top clock: another kind */
	CHECK_EQ_INT(tp->of[5], 1);
	CHECK_EQ_INT(tp->of[8], -1);
	/* this process runs on the machine's CPUs: those below 8 are usable */
	CHECK(tp->nusable >= 1);
	CHECK_EQ_INT(tp->c[0].first_usable, 0);
	/* the same clocks: one kind */
	put(&f, "sys/devices/system/cpu/cpufreq/policy6/cpuinfo_max_freq", "2256000\n", -1);
	topo_find(tp);
	CHECK_EQ_INT(tp->c[2].kind, 1);
	CHECK_EQ_INT(tp->c[0].kind, 0);
	fake_close(&f);
	free(tp);
}

/* per-core policies (x86's, or a kernel's): they say nothing, the next
 * source decides */
TEST(topo_per_core_policies)
{
	struct fake f;
	struct topo *tp = xmalloc(sizeof(*tp));
	char rel[96], target[64], name[128];
	int c;

	REQUIRE(fake_open(&f) == 0);
	put(&f, "sys/devices/system/cpu/online", "0-3\n", -1);
	for (c = 0; c < 4; c++) {
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpufreq/policy%d/related_cpus", c);
		snprintf(target, sizeof(target), "%d\n", c);
		put(&f, rel, target, -1);
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/cpufreq", c);
		snprintf(target, sizeof(target), "../cpufreq/policy%d", c);
		link_in(&f, target, rel);
		put_cpu(&f, c, "topology/physical_package_id", "0\n");
		put_cpu(&f, c, "topology/cluster_id", "65535\n");	/* no cluster */
		put_cpu(&f, c, "cpu_capacity", "1024\n");
	}
	CHECK_EQ_INT(topo_find(tp), 1);
	CHECK_STR(tp->source, "none");
	CHECK_STR(topo_name(tp, 0, name, sizeof(name)), "cluster 0: 4x CPU, cpu0-3");
	/* a hybrid: capacities tell the kinds apart */
	put_cpu(&f, 3, "cpu_capacity", "512\n");
	CHECK_EQ_INT(topo_find(tp), 2);
	CHECK_STR(tp->source, "kind");
	CHECK_STR(tp->c[1].cpus, "3");
	/* no capacity: the model, from /proc/cpuinfo */
	for (c = 0; c < 4; c++) {
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/cpu_capacity", c);
		snprintf(target, sizeof(target), "%s/%s", f.root, rel);
		unlink(target);
	}
	put(&f, "proc/cpuinfo", "processor\t: 0\nmodel name\t: Big Core\n\nprocessor\t: 1\n"
	    "model name\t: Big Core\n\nprocessor\t: 2\nmodel name\t: Little Core\n\n"
	    "processor\t: 3\nmodel name\t: Little Core\n", -1);
	CHECK_EQ_INT(topo_find(tp), 2);
	CHECK_STR(tp->source, "kind");
	CHECK_STR(topo_name(tp, 1, name, sizeof(name)), "cluster 1: 2x Little Core, cpu2-3");
	fake_close(&f);
	free(tp);
}

/* cluster_id, and the devicetree's cpu-map where sysfs has neither */
TEST(topo_cluster_id_cpu_map)
{
	static const char ph[4][4] = { { 0, 0, 0, 2 }, { 0, 0, 0, 3 }, { 0, 0, 0, 4 }, { 0, 0, 0, 5 } };
	struct fake f;
	struct topo *tp = xmalloc(sizeof(*tp));
	char rel[128], target[96];
	int c;

	REQUIRE(fake_open(&f) == 0);
	put(&f, "sys/devices/system/cpu/online", "0-3\n", -1);
	for (c = 0; c < 4; c++) {
		put_cpu(&f, c, "topology/physical_package_id", "0\n");
		put_cpu(&f, c, "topology/cluster_id", c < 2 ? "0\n" : "1\n");
	}
	CHECK_EQ_INT(topo_find(tp), 2);
	CHECK_STR(tp->source, "cluster_id");
	CHECK_STR(tp->c[1].cpus, "2-3");
	/* one DynamIQ cluster of two kinds: split by model */
	for (c = 0; c < 4; c++) {
		put_cpu(&f, c, "topology/cluster_id", "0\n");
		put_cpu(&f, c, "regs/identification/midr_el1",
			c == 1 || c == 3 ? "0x00000000414fd0b0\n" : "0x00000000412fd050\n");
	}
	CHECK_EQ_INT(topo_find(tp), 2);
	CHECK_STR(tp->source, "cluster_id+kind");
	CHECK_STR(tp->c[0].cpus, "0,2");
	CHECK_STR(tp->c[1].cpus, "1,3");
	CHECK_STR(tp->c[1].model, "Cortex-A76");
	for (c = 0; c < 4; c++) {
		snprintf(rel, sizeof(rel), "%s/sys/devices/system/cpu/cpu%d/regs/identification/midr_el1",
			 f.root, c);
		unlink(rel);
	}
	/* no cluster_id: QEMU's -smp 4,clusters=2 devicetree */
	for (c = 0; c < 4; c++) {
		snprintf(rel, sizeof(rel), "%s/sys/devices/system/cpu/cpu%d/topology/cluster_id", f.root, c);
		unlink(rel);
		snprintf(rel, sizeof(rel), "sys/firmware/devicetree/base/cpus/cpu@%d/phandle", c);
		put(&f, rel, ph[c], 4);
		snprintf(rel, sizeof(rel), "sys/firmware/devicetree/base/cpus/cpu-map/cluster%d/core%d/cpu",
			 c / 2, c % 2);
		put(&f, rel, ph[c], 4);
		snprintf(rel, sizeof(rel), "sys/devices/system/cpu/cpu%d/of_node", c);
		snprintf(target, sizeof(target), "../../../../firmware/devicetree/base/cpus/cpu@%d", c);
		link_in(&f, target, rel);
	}
	CHECK_EQ_INT(topo_find(tp), 2);
	CHECK_STR(tp->source, "cpu-map");
	CHECK_STR(tp->c[0].cpus, "0-1");
	CHECK_STR(tp->c[1].cpus, "2-3");
	/* a phandle the map does not have: the map is not used */
	put(&f, "sys/firmware/devicetree/base/cpus/cpu@3/phandle", "\0\0\0\x09", 4);
	topo_find(tp);
	CHECK(strcmp(tp->source, "cpu-map") != 0);
	/* a phandle of the wrong size: the same */
	put(&f, "sys/firmware/devicetree/base/cpus/cpu@3/phandle", "\0\0\0\x05\0", 5);
	topo_find(tp);
	CHECK(strcmp(tp->source, "cpu-map") != 0);
	fake_close(&f);
	free(tp);
}

/* hostile files: junk, empty, huge numbers, CPUs past the limit */
TEST(topo_hostile)
{
	struct fake f;
	struct topo *tp = xmalloc(sizeof(*tp));
	char name[64];

	REQUIRE(fake_open(&f) == 0);
	put(&f, "sys/devices/system/cpu/online", "0-1,4095\n", -1);
	put_cpu(&f, 0, "cpufreq/related_cpus", "junk\n");
	put_cpu(&f, 1, "cpufreq/related_cpus", "\n");
	put_cpu(&f, 0, "topology/physical_package_id", "99999999999999999999\n");
	put_cpu(&f, 1, "topology/physical_package_id", "0\n");
	put_cpu(&f, 0, "topology/cluster_id", "-1\n");
	put_cpu(&f, 1, "topology/cluster_id", "0\n");
	put_cpu(&f, 0, "cpu_capacity", "0\n");
	put_cpu(&f, 1, "cpu_capacity", "1024\n");
	put_cpu(&f, 0, "regs/identification/midr_el1", "zz\n");
	put(&f, "sys/firmware/devicetree/base/cpus/cpu-map/cluster0/core0/cpu", "\xff", 1);
	CHECK_EQ_INT(topo_find(tp), 1);		/* CPU 4095 left out, no source whole */
	CHECK_EQ_INT(tp->ncpus, 2);
	CHECK_STR(tp->source, "none");
	CHECK_STR(topo_name(tp, 0, name, sizeof(name)), "cluster 0: 2x CPU, cpu0-1");
	/* a name cut to the buffer stays a string */
	CHECK_EQ_INT((int)strlen(topo_name(tp, 0, name, 10)), 9);
	/* no online file: the usable CPUs */
	put(&f, "sys/devices/system/cpu/online", "", 0);
	CHECK(topo_find(tp) >= 1);
	CHECK_EQ_INT(tp->ncpus, tp->nusable);
	fake_close(&f);
	free(tp);
}

TEST(topo_cpulists)
{
	static const int a[] = { 0, 1, 2, 3, 6, 8, 9 };
	char buf[32];

	CHECK_STR(topo_cpulist(a, 7, buf, sizeof(buf)), "0-3,6,8-9");
	CHECK_STR(topo_cpulist(a, 1, buf, sizeof(buf)), "0");
	CHECK_STR(topo_cpulist(a, 0, buf, sizeof(buf)), "");
	CHECK_STR(topo_cpulist(a, 7, buf, 5), "0-3");	/* only whole items */
}

/* no MIDR in sysfs (32-bit kernels): the model from /proc/cpuinfo's CPU
 * implementer and part, before its model name ("ARMv7 Processor") */
TEST(topo_cpuinfo_parts)
{
	struct fake f;
	struct topo *tp = xmalloc(sizeof(*tp));
	char name[128];

	REQUIRE(fake_open(&f) == 0);
	put(&f, "sys/devices/system/cpu/online", "0-1\n", -1);
	put(&f, "proc/cpuinfo", "processor\t: 0\nmodel name\t: ARMv7 Processor rev 4 (v7l)\n"
	    "CPU implementer\t: 0x41\nCPU variant\t: 0x0\nCPU part\t: 0xd03\nCPU revision\t: 4\n\n"
	    "processor\t: 1\nmodel name\t: ARMv7 Processor rev 0 (v7l)\n"
	    "CPU implementer\t: 0x41\nCPU variant\t: 0x2\nCPU part\t: 0xd08\nCPU revision\t: 0\n", -1);
	CHECK_EQ_INT(topo_find(tp), 2);
	CHECK_STR(tp->source, "kind");
	CHECK_STR(topo_name(tp, 0, name, sizeof(name)), "cluster 0: 1x Cortex-A53, cpu0");
	CHECK_STR(topo_name(tp, 1, name, sizeof(name)), "cluster 1: 1x Cortex-A72, cpu1");
	fake_close(&f);
	free(tp);
}
