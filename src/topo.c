/* topo.c - the CPUs grouped into clusters (see topo.h for the rules)
 *
 * SPDX-License-Identifier: MIT
 */
#include "topo.h"
#include "cpu.h"
#include "sys.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CPU_DIR "/sys/devices/system/cpu"
#define CPU_MAP "/sys/firmware/devicetree/base/cpus/cpu-map"

/* One source's view: a key per online CPU (CPUs with equal keys share a
 * cluster), or none for the whole source. */
struct keys {
	const int	*cpus;
	int		n;
	uint64_t	*key;
};

const char *topo_cpulist(const int *cpus, int n, char *buf, size_t len)
{
	size_t k = 0;
	int i, j;

	if (len)
		buf[0] = '\0';
	for (i = 0; i < n && k + 1 < len; i = j + 1) {
		int w;

		for (j = i; j + 1 < n && cpus[j + 1] == cpus[j] + 1; j++)
			;
		w = snprintf(buf + k, len - k, j > i ? "%s%d-%d" : "%s%d", k ? "," : "",
			     cpus[i], cpus[j]);
		if (w < 0 || (size_t)w >= len - k) {
			buf[k] = '\0';		/* cut: the whole items that fitted */
			break;
		}
		k += (size_t)w;
	}
	return buf;
}

static int cpu_u64(int cpu, const char *file, uint64_t *v)
{
	char path[128];

	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/%s", cpu, file);
	return read_u64(path, v);
}

static int cpus_below(const char *text, int *cpus);

/* cpufreq: the lowest CPU of the policy's related_cpus */
static int key_cpufreq(int cpu, uint64_t *key)
{
	char path[128], text[1024];
	int *list = xmalloc(TOPO_CPUS * sizeof(*list)), n;

	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/cpufreq/related_cpus", cpu);
	n = read_text(path, text, sizeof(text)) > 0 ? cpus_below(text, list) : 0;
	if (n > 0)
		*key = (uint64_t)list[0];
	free(list);
	return n > 0 ? 0 : -1;
}

static int key_cluster_id(int cpu, uint64_t *key)
{
	uint64_t pkg, cl;

	if (cpu_u64(cpu, "topology/physical_package_id", &pkg) ||
	    cpu_u64(cpu, "topology/cluster_id", &cl) ||
	    cl == 0xffff || cl == 0xffffffff || pkg > 0xffffffff || cl > 0xffffffff)
		return -1;		/* 65535 and -1: the kernel's "no cluster" */
	*key = pkg << 32 | cl;
	return 0;
}

/* A devicetree cell: 4 bytes, big-endian. */
static int dt_cell(const char *path, uint32_t *v)
{
	size_t n = 0;
	char *b = read_sysfile(path, 8, &n);

	if (!b)
		return -1;
	if (n == 4)
		*v = (uint32_t)(unsigned char)b[0] << 24 | (uint32_t)(unsigned char)b[1] << 16 |
		     (uint32_t)(unsigned char)b[2] << 8 | (unsigned char)b[3];
	free(b);
	return n == 4 ? 0 : -1;
}

/* The cpu-map below dir, depth levels at most: each coreN (or its
 * threadN) names a CPU node by phandle; its cluster is the innermost
 * clusterN (or socketN) around it, numbered in walk order into *next. */
struct cpumap {
	uint32_t	phandle[TOPO_CPUS];
	int		cluster[TOPO_CPUS];
	int		n;
};

static void cpumap_walk(const char *dir, int depth, int cl, int *next, struct cpumap *m)
{
	char names[64][64], path[512];
	int n = sys_dir_list(dir, "", names, 64), i;
	uint32_t ph;

	for (i = 0; i < n && depth > 0; i++) {
		if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, names[i]) >= sizeof(path))
			continue;
		if (!strncmp(names[i], "cluster", 7) || !strncmp(names[i], "socket", 6)) {
			cpumap_walk(path, depth - 1, (*next)++, next, m);
		} else if (!strncmp(names[i], "core", 4) || !strncmp(names[i], "thread", 6)) {
			char cpu[600];

			snprintf(cpu, sizeof(cpu), "%s/cpu", path);
			if (cl >= 0 && !dt_cell(cpu, &ph) && m->n < TOPO_CPUS) {
				m->phandle[m->n] = ph;
				m->cluster[m->n++] = cl;
			} else {
				cpumap_walk(path, depth - 1, cl, next, m);	/* threads */
			}
		}
	}
}

static int keys_cpumap(struct keys *k)
{
	struct cpumap *m = xcalloc(1, sizeof(*m));
	int next = 0, i, j, rc = 0;

	cpumap_walk(CPU_MAP, 6, -1, &next, m);
	for (i = 0; i < k->n && !rc; i++) {
		char path[128];
		uint32_t ph;

		snprintf(path, sizeof(path), CPU_DIR "/cpu%d/of_node/phandle", k->cpus[i]);
		if (dt_cell(path, &ph))
			rc = -1;
		for (j = 0; !rc && j < m->n && m->phandle[j] != ph; j++)
			;
		if (!rc && j == m->n)
			rc = -1;	/* a CPU the map does not place */
		if (!rc)
			k->key[i] = (uint64_t)m->cluster[j];
	}
	free(m);
	return rc;
}

/* The model as people name it: MIDR decoded ("ARM " and the revision
 * left out), else /proc/cpuinfo's uarch, model name or ids. "" unknown. */
static void cpu_kind_model(int cpu, char *buf, size_t len)
{
	char path[128], text[64], *p;
	unsigned long midr;
	uint64_t v;

	buf[0] = '\0';
	snprintf(path, sizeof(path), CPU_DIR "/cpu%d/regs/identification/midr_el1", cpu);
	if (read_text(path, text, sizeof(text)) > 0 && !parse_uint_hex(text, &v)) {
		cpu_midr_name((unsigned long)v, buf, len);
	} else if (!cpu_info_midr_now(cpu, &midr)) {	/* Arm's /proc/cpuinfo, before its
							   model name ("ARMv7 Processor") */
		cpu_midr_name(midr, buf, len);
	} else if (cpu_info_field(cpu, "uarch", buf, len) <= 0 &&
		   cpu_info_field(cpu, "model name", buf, len) <= 0 &&
		   cpu_info_field(cpu, "cpu model", buf, len) <= 0) {
		buf[0] = '\0';
	}
	if (!strncmp(buf, "ARM ", 4))
		memmove(buf, buf + 4, strlen(buf + 4) + 1);
	p = strrchr(buf, ' ');		/* " r2p0" */
	if (p && p[1] == 'r' && strchr(p, 'p') && strspn(p + 2, "0123456789p") == strlen(p + 2))
		*p = '\0';
	if (!strcmp(buf, "unknown"))
		buf[0] = '\0';
}

/* A hash of a string, for the model key. */
static uint64_t str_key(const char *s)
{
	uint64_t h = 1469598103934665603ull;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h;
}

/* Kind: model, capacity and top clock together. */
static uint64_t kind_key(const struct topo_cluster *c)
{
	return str_key(c->model) ^ c->capacity * 0x9e3779b97f4a7c15ull ^ c->max_khz * 31;
}

static void describe(struct topo_cluster *c)
{
	uint64_t v;

	cpu_kind_model(c->first, c->model, sizeof(c->model));
	if (!cpu_u64(c->first, "cpufreq/cpuinfo_max_freq", &v))
		c->max_khz = v;
	if (!cpu_u64(c->first, "cpu_capacity", &v))
		c->capacity = v;
}

typedef int key_fn(int cpu, uint64_t *key);

static int keys_by(struct keys *k, key_fn *fn)
{
	int i;

	for (i = 0; i < k->n; i++)
		if (fn(k->cpus[i], &k->key[i]))
			return -1;
	return 0;
}

/* A CPU's kind: its model and capacity (its clock is the cluster's),
 * each only where every CPU has one: unknown is no kind of its own */
static void kinds(const struct keys *k, uint64_t *kind)
{
	int i, all_model = 1, all_cap = 1;
	uint64_t *cap = xcalloc((size_t)k->n, sizeof(*cap));
	char m[64];

	for (i = 0; i < k->n; i++) {
		cpu_kind_model(k->cpus[i], m, sizeof(m));
		all_model &= *m != '\0';
		kind[i] = str_key(m);
		if (cpu_u64(k->cpus[i], "cpu_capacity", &cap[i]) || !cap[i])
			all_cap = 0;
	}
	for (i = 0; i < k->n; i++)
		kind[i] = (all_model ? kind[i] : 0) ^ (all_cap ? cap[i] * 0x9e3779b97f4a7c15ull : 0);
	free(cap);
}

/* Group the CPUs by key (clusters in order of their first CPU). */
static void group(struct topo *t, const struct keys *k)
{
	int i, j, *members = xmalloc((size_t)k->n * sizeof(*members));

	t->n = 0;
	for (i = 0; i < k->n; i++)
		t->of[k->cpus[i]] = -1;
	for (i = 0; i < k->n; i++) {
		struct topo_cluster *c;
		int m = 0;

		if (t->of[k->cpus[i]] >= 0)
			continue;
		if (t->n == TOPO_CLUSTERS) {	/* more than that: the rest in the last */
			t->of[k->cpus[i]] = (short)(t->n - 1);
			t->c[t->n - 1].ncpus++;
			continue;
		}
		c = &t->c[t->n];
		memset(c, 0, sizeof(*c));
		c->first = k->cpus[i];
		c->first_usable = -1;
		for (j = i; j < k->n; j++)
			if (k->key[j] == k->key[i] && t->of[k->cpus[j]] < 0) {
				t->of[k->cpus[j]] = (short)t->n;
				members[m++] = k->cpus[j];
			}
		c->ncpus = m;
		topo_cpulist(members, m, c->cpus, sizeof(c->cpus));
		t->n++;
	}
	free(members);
}

/* The CPUs of a cpulist below TOPO_CPUS, ascending; their count (0 for
 * a list that does not parse). Blanks separate as commas do: cpufreq's
 * related_cpus is written "0 1 2 3". */
static int cpus_below(const char *text, int *cpus)
{
	int *all = xmalloc(4096 * sizeof(*all)), n, i, k = 0;
	char *list = xstrdup(text), *p;

	for (p = list; *p; p++)
		if (*p == ' ')
			*p = ',';
	n = sys_parse_cpulist(list, all, 4096);
	for (i = 0; i < n; i++)
		if (all[i] < TOPO_CPUS)
			cpus[k++] = all[i];
	free(list);
	free(all);
	return k;
}

int topo_find(struct topo *t)
{
	static const struct {
		const char	*name;
		key_fn		*fn;
	} sources[] = {
		{ "cpufreq", key_cpufreq },
		{ "cluster_id", key_cluster_id },
		{ "cpu-map", NULL },
	};
	int *online = xmalloc(TOPO_CPUS * sizeof(*online)), *usable, nu, i, j, n0;
	struct keys k = { online, 0, NULL };
	char text[4096];
	size_t s;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < TOPO_CPUS; i++)
		t->of[i] = -1;
	usable = xmalloc(TOPO_CPUS * sizeof(*usable));
	nu = sys_allowed_cpus(usable, TOPO_CPUS);
	if (read_text(CPU_DIR "/online", text, sizeof(text)) > 0)
		k.n = cpus_below(text, online);
	if (k.n <= 0) {				/* no sysfs: the usable CPUs */
		for (i = 0; i < nu; i++)
			if (usable[i] < TOPO_CPUS)
				online[k.n++] = usable[i];
	}
	t->ncpus = k.n;
	k.key = xcalloc((size_t)(k.n ? k.n : 1), sizeof(*k.key));
	/* the first source that places every CPU, and not each alone */
	for (s = 0; s < ARRAY_LEN(sources) && k.n && !*t->source; s++) {
		if (sources[s].fn ? keys_by(&k, sources[s].fn) : keys_cpumap(&k))
			continue;
		group(t, &k);
		if (t->n == 1 || t->n < t->ncpus)
			snprintf(t->source, sizeof(t->source), "%s", sources[s].name);
	}
	if (!*t->source) {
		memset(k.key, 0, (size_t)k.n * sizeof(*k.key));
		group(t, &k);
	}
	/* then split by kind: a DynamIQ cluster_id or a cpu-map may hold
	 * big and LITTLE cores together */
	n0 = t->n;
	kinds(&k, k.key);
	for (i = 0; i < k.n; i++)
		k.key[i] = (uint64_t)t->of[online[i]] << 56 ^ (k.key[i] >> 8);
	group(t, &k);
	if (!*t->source)
		snprintf(t->source, sizeof(t->source), t->n > 1 ? "kind" : "none");
	else if (t->n > n0)
		snprintf(t->source + strlen(t->source), sizeof(t->source) - strlen(t->source),
			 "+kind");
	for (i = 0; i < t->n; i++)
		describe(&t->c[i]);
	for (i = 0; i < nu; i++) {
		int c = usable[i] < TOPO_CPUS ? t->of[usable[i]] : -1;

		if (c < 0)
			continue;
		t->nusable++;
		if (!t->c[c].nusable++)
			t->c[c].first_usable = usable[i];
	}
	for (i = 0; i < t->n; i++) {
		for (j = 0; j < i && kind_key(&t->c[j]) != kind_key(&t->c[i]); j++)
			;
		t->c[i].kind = j;
	}
	free(k.key);
	free(usable);
	free(online);
	return t->n;
}

const struct topo *topo_get(void)
{
	static struct topo *t;

	if (!t) {
		t = xmalloc(sizeof(*t));
		topo_find(t);
	}
	return t;
}

const char *topo_name(const struct topo *t, int i, char *buf, size_t len)
{
	const struct topo_cluster *c = &t->c[i];
	size_t k;

	k = (size_t)snprintf(buf, len, "cluster %d: %dx %s, cpu%s", i, c->ncpus,
			     *c->model ? c->model : "CPU", c->cpus);
	if (c->max_khz && k < len)
		snprintf(buf + k, len - k, ", max %llu MHz",
			 (unsigned long long)((c->max_khz + 500) / 1000));
	return buf;
}
