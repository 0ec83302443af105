/* topo.h - the CPUs grouped into clusters, found once
 *
 * SPDX-License-Identifier: MIT
 *
 * A cluster is a set of CPUs that share a clock and a core type: a
 * big.LITTLE SoC has two or more, a homogeneous one usually one. The
 * online CPUs (else the usable ones) are grouped by the first source that
 * places every one of them, in order of trust:
 *   cpufreq    the cpufreq policy's related_cpus (one clock domain)
 *   cluster_id topology/cluster_id with physical_package_id
 *   cpu-map    the devicetree's /cpus/cpu-map, its innermost clusterN
 *              nodes, matched to CPUs by phandle (cpuN/of_node/phandle)
 * passing over one that puts every CPU alone when there are several
 * (per-core cpufreq policies, x86's per-core cluster ids). Then every
 * group is split by kind: the CPU model (MIDR from sysfs, else
 * /proc/cpuinfo's CPU part; riscv's uarch; x86's model name) and
 * cpu_capacity, so a DynamIQ cluster of big and LITTLE cores, or a hybrid
 * with no topology at all, becomes one cluster per core type ("+kind" in
 * the source; "kind" alone when no source placed the CPUs, "none" when
 * nothing told them apart). Every file is read through BENCHBOX_SYSROOT
 * by the project's rule for system files.
 */
#ifndef BENCHBOX_TOPO_H
#define BENCHBOX_TOPO_H

#include <stddef.h>
#include <stdint.h>

enum {
	TOPO_CPUS = 1024,		/* CPU numbers 0..TOPO_CPUS - 1 */
	TOPO_CLUSTERS = 64,
};

struct topo_cluster {
	int		ncpus;		/* online CPUs in it */
	int		nusable;	/* of them, ones this process may run on */
	int		first;		/* its lowest CPU */
	int		first_usable;	/* its lowest usable CPU, -1 if none */
	char		cpus[128];	/* its CPUs as a list: "4-7" */
	char		model[64];	/* "Cortex-A76", "" unknown */
	uint64_t	max_khz;	/* cpufreq's cpuinfo_max_freq, 0 unknown */
	uint64_t	capacity;	/* cpu_capacity, 0 unknown */
	int		kind;		/* the first cluster with the same model,
					   capacity and top clock (itself if none) */
};

struct topo {
	int			n;		/* clusters, in order of their first CPU */
	int			ncpus;		/* online CPUs */
	int			nusable;	/* usable CPUs among them */
	char			source[24];	/* "cpufreq", "cluster_id+kind", ... */
	struct topo_cluster	c[TOPO_CLUSTERS];
	short			of[TOPO_CPUS];	/* each CPU's cluster, -1 none */
};

/* Find the clusters now (fills *t; always at least one cluster when any
 * CPU is known). Returns t->n. */
int topo_find(struct topo *t);
/* The clusters, found on the first call and kept for the process. */
const struct topo *topo_get(void);
/* "cluster 1: 4x Cortex-A76, cpu4-7, max 2400 MHz" (the parts not known
 * left out), into buf; buf. */
const char *topo_name(const struct topo *t, int i, char *buf, size_t len);
/* A cpulist of the CPUs in cpus[0..n) (ascending): "0-3,6". buf. */
const char *topo_cpulist(const int *cpus, int n, char *buf, size_t len);

#endif
