/* lat_mem_rd.c - memory read latency over a sweep of buffer sizes
 *
 * SPDX-License-Identifier: MIT
 *
 * A ring of pointers is laid over the first `range` bytes of a buffer, one
 * pointer every STRIDE bytes, and walked with dependent loads (p = *p): no
 * load can start before the previous one has returned, so the time per load
 * is the latency of whatever level of the hierarchy holds the ring. The
 * range grows from 512 bytes to SIZE_MB MiB in lmbench's steps (8 points
 * per octave above 32 KiB), so the curve shows L1, L2, LLC and DRAM as
 * plateaus. The default ring goes forward in address order, which hardware
 * prefetchers follow (the classic's behaviour; use a stride of 128 or more,
 * or -t, to see the latency itself). -t visits the pages in a random order
 * and the slots of each page in a random order, one page per load, so
 * neither the prefetchers nor the TLB help.
 *
 * Sizes on the classic output are MiB (2^20 bytes), the latency is the
 * minimum sample in ns per load (lmbench reports the minimum); the common
 * records carry median, min and max. With -P N, N threads each walk their
 * own ring at the same time; the figure is still ns per load of one walker.
 * Behaviour follows the description of lmbench's lat_mem_rd; this is a
 * reimplementation, its numbers are not lmbench results.
 */
#define _GNU_SOURCE
#include "applet.h"
#include "lmbench.h"
#include "lat_mem_rd.h"
#include "mem.h"
#include "sys.h"
#include "team.h"
#include "topo.h"
#include "util.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define OPTIONS(O) \
	LMBENCH_OPT_P(O, 1024, "walkers at once (threads)") \
	LMBENCH_OPTS_WN(O) \
	O(THRASH, "thrash", OPT_BOOL, \
	  "random page order, random slot order in each page (lmbench's -t)", .letter = 't') \
	O(HUGEPAGES, "hugepages", OPT_CHOICE, \
	  "madvise the buffer for transparent huge pages, against them, or not", \
	  .def = "default", .choices = "on|off|default") \
	O(SIZES, "sizes", OPT_STR, \
	  "only these working sets (bytes, k/m: 1024, comma-separated)", .metavar = "LIST") \
	O(LOADED, "loaded", OPT_BOOL, \
	  "again with the other CPUs reading memory: none, half, all of them")
OPT_TABLE(lat_mem_rd, OPTIONS);

enum { LOADS_PER_ITER = 100, MAX_SIZE_MB = INT_MAX };

struct sizes {			/* --sizes: only these points, ascending */
	uint64_t	v[64];
	size_t		n;
};

/* chains ------------------------------------------------------------------ */

size_t lat_chain_slots(size_t range, size_t stride)
{
	return (range + stride - 1) / stride;
}

void *lat_chain_seq(void *base, size_t range, size_t stride)
{
	char *b = base;
	size_t n = lat_chain_slots(range, stride), k;

	for (k = 0; k + 1 < n; k++)
		*(void **)(b + k * stride) = b + (k + 1) * stride;
	*(void **)(b + (n - 1) * stride) = b;
	return b;
}

/* xorshift64 with a fixed seed: reproducible rings, no libc state. */
static uint64_t rng_next(uint64_t *s)
{
	uint64_t x = *s;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return *s = x;
}

static void shuffle(size_t *v, size_t n, uint64_t *rng)
{
	size_t i, j, t;

	for (i = n; i > 1; i--) {
		j = (size_t)(rng_next(rng) % i);
		t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

/* Two passes, no per-slot bookkeeping: first every page's slots are linked
 * among themselves in a random order (NULL-terminated, the links stored in
 * the slots), then the rounds take the head of each page's list in page
 * order and relink it into the ring. A slot's in-page link is read before
 * the slot is overwritten, as the ring only writes to slots already taken. */
void *lat_chain_random(void *base, size_t range, size_t stride, size_t page)
{
	char *b = base;
	size_t n = lat_chain_slots(range, stride), npages = (range + page - 1) / page;
	size_t per = page / stride + 2, *perm, *order, i, p, left;
	void ***head, **prev = NULL, *first = NULL;
	uint64_t rng = 0x9e3779b97f4a7c15ull;

	perm = xcalloc(npages, sizeof(*perm));
	head = xcalloc(npages, sizeof(*head));
	order = xcalloc(per, sizeof(*order));
	for (p = 0; p < npages; p++) {
		size_t lo = (p * page + stride - 1) / stride;		/* first slot in page */
		size_t hi = ((p + 1) * page + stride - 1) / stride;	/* first slot after */
		size_t cnt;

		if (hi > n)
			hi = n;
		cnt = hi > lo ? hi - lo : 0;
		for (i = 0; i < cnt; i++)
			order[i] = lo + i;
		shuffle(order, cnt, &rng);
		for (i = 0; i < cnt; i++)
			*(void **)(b + order[i] * stride) =
				i + 1 < cnt ? (void *)(b + order[i + 1] * stride) : NULL;
		head[p] = cnt ? (void **)(b + order[0] * stride) : NULL;
		perm[p] = p;
	}
	shuffle(perm, npages, &rng);
	for (left = n; left;) {
		for (i = 0; i < npages; i++) {
			void **s = head[perm[i]];

			if (!s)
				continue;
			head[perm[i]] = *s;
			if (prev)
				*prev = s;
			else
				first = s;
			prev = s;
			left--;
		}
	}
	*prev = first;
	free(order);
	free(head);
	free(perm);
	return first;
}

uint64_t lat_sweep_next(uint64_t size)
{
	uint64_t s;

	if (size < 1024)
		return size * 2;
	if (size < 4096)
		return size + 1024;
	for (s = 32768; s <= size; s <<= 1)
		;
	return size + s / 16;
}

/* measurement ------------------------------------------------------------- */

struct walker {
	struct mem_region	reg;
	void			*p;	/* where the walk stands, kept across calls */
};

struct lat {
	size_t		maplen;		/* max + 2 pages */
	size_t		align;
	enum mem_huge	huge;
	size_t		range, stride, page;
	int		random;		/* -t */
	int		build;		/* work(): build the chain instead of walking */
	int		load;		/* --loaded: CPUs reading now, else -1 */
	size_t		ready;		/* the range of w[0]'s ring, built and
					   walked once, 0 none: --loaded's next
					   level walks the same ring */
	struct walker	*w;
};

/* iters x 100 dependent loads from *where on; the position is kept. */
static void chase(void **where, uint64_t iters)
{
	void *p = *where;

	while (iters--) {
#define L1 p = *(void **)p;
#define L10 L1 L1 L1 L1 L1 L1 L1 L1 L1 L1
		L10 L10 L10 L10 L10 L10 L10 L10 L10 L10
#undef L10
#undef L1
	}
	*where = p;
	bench_keep_ptr(p);
}

static void build(struct lat *s, unsigned idx)
{
	struct walker *w = &s->w[idx];

	w->p = s->random ? lat_chain_random(w->reg.p, s->range, s->stride, s->page)
			 : lat_chain_seq(w->reg.p, s->range, s->stride);
}

/* On the worker itself: map and first-touch its buffer there. */
static int setup(void *arg, unsigned idx)
{
	struct lat *s = arg;
	struct walker *w = &s->w[idx];

	if (mem_map(&w->reg, s->maplen, s->align, s->huge)) {
		errorf("cannot map %zu bytes: %s", s->maplen, strerror(errno));
		return EXIT_FAIL;
	}
	mem_prefault(w->reg.p, w->reg.size);
	return 0;
}

static void work(void *arg, unsigned idx, uint64_t iters)
{
	struct lat *s = arg;

	if (s->build)
		build(s, idx);
	else
		chase(&s->w[idx].p, iters);
}

static void body1(void *arg, uint64_t iters)
{
	struct lat *s = arg;

	chase(&s->w[0].p, iters);
}

/* arguments --------------------------------------------------------------- */

/* SIZE_MB as lmbench reads it (whole MiB), with an optional m/M. */
static int parse_mb(const char *a, uint64_t *mb)
{
	const char *p = a;
	uint64_t v = 0;

	if (*p < '0' || *p > '9') {
		errorf("SIZE_MB '%s' is not a whole number of MiB", a);
		return -1;
	}
	for (; *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (uint64_t)(*p - '0');
		if (v > MAX_SIZE_MB) {
			errorf("SIZE_MB '%s' is too large (at most %d)", a, MAX_SIZE_MB);
			return -1;
		}
	}
	if (*p == 'm' || *p == 'M')
		p++;
	if (*p) {
		errorf("SIZE_MB '%s' is not a whole number of MiB", a);
		return -1;
	}
	if (!v) {
		errorf("SIZE_MB '%s' must be at least 1", a);
		return -1;
	}
	*mb = v;
	return 0;
}

static int parse_stride(const char *a, size_t *stride)
{
	uint64_t v;

	if (parse_size(a, &v)) {
		errorf("STRIDE '%s' is not a size", a);
		return -1;
	}
	if (v < sizeof(void *) || v % sizeof(void *) || v > SIZE_MAX / 4) {
		errorf("STRIDE '%s' must be a multiple of %zu bytes, at least %zu", a,
		       sizeof(void *), sizeof(void *));
		return -1;
	}
	*stride = (size_t)v;
	return 0;
}

/* --sizes=LIST: sizes in bytes (k, m suffixes), comma-separated, sorted
 * ascending with duplicates dropped. */
static int parse_sizes(const char *list, struct sizes *sz)
{
	const char *p = list;
	char word[32];
	size_t n, i, j;
	uint64_t v;

	sz->n = 0;
	for (;;) {
		n = strcspn(p, ",");
		if (!n || n >= sizeof(word)) {
			errorf("--sizes: '%s' is not a comma-separated list of sizes", list);
			return -1;
		}
		memcpy(word, p, n);
		word[n] = 0;
		if (parse_size(word, &v) || v < sizeof(void *) || v > (uint64_t)MAX_SIZE_MB << 20) {
			errorf("--sizes: '%s' is not a size from %zu bytes to %d MiB", word,
			       sizeof(void *), MAX_SIZE_MB);
			return -1;
		}
		if (sz->n == ARRAY_LEN(sz->v)) {
			errorf("--sizes: at most %zu sizes", ARRAY_LEN(sz->v));
			return -1;
		}
		for (i = 0; i < sz->n && sz->v[i] < v; i++)
			;
		if (i == sz->n || sz->v[i] != v) {
			for (j = sz->n++; j > i; j--)
				sz->v[j] = sz->v[j - 1];
			sz->v[i] = v;
		}
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

/* The default sweep: 4 x the LLC rounded up to a power of two MiB, at
 * least 8 MiB; 64 MiB when the LLC is unknown. */
static uint64_t default_mb(void)
{
	uint64_t llc = sys_llc_size(), mb = 8;

	if (!llc)
		return 64;
	while (mb * 1048576 < 4 * llc)
		mb *= 2;
	return mb;
}

/* the classic output -------------------------------------------------------- */

struct classic_arg {
	int	blank_lines;	/* strides were given: a blank line ends each group */
};

static const struct classic_arg strides_given = { 1 };

static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct classic_arg *a = o->arg;
	const char *g = r->group ? r->group : "";

	if (!strcmp(r->test, "load_bw"))	/* --loaded's: in the other formats */
		return;
	if (!o->count || strcmp(o->group, g)) {
		if (o->count && a && a->blank_lines)
			fputc('\n', o->f);
		fprintf(o->f, "\"%s\n", g);
		snprintf(o->group, sizeof(o->group), "%s", g);
	}
	fprintf(o->f, "%.5f %.3f\n", r->x / 1048576.0, r->min);
}

static void classic_end(struct emit_out *o)
{
	const struct classic_arg *a = o->arg;

	if (o->count && a && a->blank_lines)
		fputc('\n', o->f);
}

static const struct emitter emit_lmbench = {
	"lmbench", 1, NULL, classic_record, classic_end
};

/* run ------------------------------------------------------------------------ */

/* The point after size: the next of the --sizes list (ascending), or of
 * lmbench's sweep. */
static uint64_t next_size(const struct sizes *sz, uint64_t size)
{
	size_t i;

	if (!sz->n)
		return lat_sweep_next(size);
	for (i = 0; i < sz->n; i++)
		if (sz->v[i] > size)
			return sz->v[i];
	return UINT64_MAX;
}

static int sweep(struct run_ctx *ctx, struct lat *s, struct team *team, unsigned nthr,
		 uint64_t max, const struct sizes *only, const char *huge_txt)
{
	char params[128], group[40], metric[64], sz[32];
	uint64_t size;

	snprintf(group, sizeof(group), s->load >= 0 ? "stride=%zu load=%d" : "stride=%zu", s->stride,
		 s->load);
	for (size = only->n ? only->v[0] : LAT_SWEEP_FIRST; size <= max;
	     size = next_size(only, size)) {
		struct result r = { 0 };
		struct bench_stats st;
		uint64_t warm, k;

		if (size < s->stride)
			continue;
		s->range = (size_t)size;
		/* one full lap untimed: the caches hold what the ring leaves there */
		warm = (lat_chain_slots(s->range, s->stride) + LOADS_PER_ITER - 1) / LOADS_PER_ITER;
		if (team) {			/* each worker builds its own ring */
			s->build = 1;
			team_body(team, 0);
			s->build = 0;
			team_body(team, warm);
		} else if (s->ready != s->range) {	/* else the last level's, walked */
			build(s, 0);
			body1(s, warm);
			s->ready = s->range;
		}
		if (team ? bench_measure(&ctx->bench, team_body, team, &st)
			 : bench_measure(&ctx->bench, body1, s, &st)) {
			errorf("out of memory");
			return EXIT_FAIL;
		}

		snprintf(params, sizeof(params), "size=%s,stride=%zu,page=%zu,huge=%s",
			 format_size(size, sz, sizeof(sz)), s->stride, s->page, huge_txt);
		if (nthr > 1)
			snprintf(params + strlen(params), sizeof(params) - strlen(params),
				 ",P=%u", nthr);
		if (s->load >= 0)
			snprintf(params + strlen(params), sizeof(params) - strlen(params),
				 ",load=%d", s->load);
		k = size * 1000 / 1048576;	/* printed MiB x 1000, truncated */
		snprintf(metric, sizeof(metric), "lat_mem_rd-stride%zu-sz%lluk", s->stride,
			 (unsigned long long)k);
		/* The guides' "sz50" row is their smallest value, an L1 load-to-use
		 * latency: the sweep's first point, 512 B (docs/methods.md,
		 * lat_mem_rd). */
		if (size == LAT_SWEEP_FIRST)
			snprintf(metric, sizeof(metric), "lat_mem_rd-stride%zu-sz50", s->stride);
		r.test = s->random ? "rd_random" : "rd";
		r.params = params;
		r.unit = UNIT_NS;
		r.better = -1;
		result_from_time(&r, &st, 1.0 / LOADS_PER_ITER);
		r.metric = (k >= 1 || size == LAT_SWEEP_FIRST) && !s->random && nthr == 1 ?
			   metric : NULL;
		r.group = group;
		r.x = (double)size;
		emit_result(ctx, &r);
	}
	return EXIT_OK;
}

/* --loaded: readers on the other CPUs ----------------------------------- */

/* A reader streams through its own buffer (past the last-level cache) on
 * one CPU until told to stop, counting the bytes: the bandwidth load of
 * Intel MLC's loaded latency, at full speed (no injection delay). */
struct reader {
	pthread_t		th;
	int			cpu;
	int			state;		/* 0 starting, 1 reading, -1 failed */
	size_t			len;
	struct mem_region	reg;
	volatile int		*stop;
	uint64_t		bytes, sum;
};

static void *reader_main(void *arg)
{
	struct reader *r = arg;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(r->cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) || mem_map(&r->reg, r->len, 4096,
							       MEM_HUGE_DEFAULT)) {
		__atomic_store_n(&r->state, -1, __ATOMIC_RELEASE);
		return NULL;
	}
	memset(r->reg.p, 1, r->reg.size);	/* its own pages, touched here */
	__atomic_store_n(&r->state, 1, __ATOMIC_RELEASE);
	while (!*r->stop) {
		const uint64_t *w = r->reg.p, *end = w + r->reg.size / 8;
		uint64_t a = 0, b = 0, c = 0, d = 0;

		for (; w < end; w += 4) {
			a ^= w[0];
			b ^= w[1];
			c ^= w[2];
			d ^= w[3];
		}
		r->sum += a ^ b ^ c ^ d;
		__atomic_add_fetch(&r->bytes, r->reg.size, __ATOMIC_RELAXED);
	}
	return NULL;
}

static int readers_stop(struct reader *rd, int n, volatile int *stop)
{
	int i, ok = 1;

	*stop = 1;
	for (i = 0; i < n; i++) {
		pthread_join(rd[i].th, NULL);
		ok &= rd[i].state == 1;
		bench_keep_ptr((void *)(uintptr_t)rd[i].sum);
		mem_unmap(&rd[i].reg);
	}
	return ok ? 0 : -1;
}

/* Start n readers on cpus[0..n), each reading once it has its buffer;
 * 0, or -1 with every one started stopped again */
static int readers_start(struct reader *rd, const int *cpus, int n, size_t len,
			 volatile int *stop)
{
	int i, k, bad = 0;

	*stop = 0;
	for (i = 0; i < n; i++) {
		memset(&rd[i], 0, sizeof(rd[i]));
		rd[i].cpu = cpus[i];
		rd[i].len = len;
		rd[i].stop = stop;
		if (pthread_create(&rd[i].th, NULL, reader_main, &rd[i]))
			break;
	}
	for (k = 0; k < i; k++) {	/* each one's own pages are touched before any timing */
		int st;

		while (!(st = __atomic_load_n(&rd[k].state, __ATOMIC_ACQUIRE)))
			usleep(1000);
		bad |= st < 0;
	}
	if (i == n && !bad)
		return 0;
	readers_stop(rd, i, stop);
	return -1;
}

static uint64_t readers_bytes(const struct reader *rd, int n)
{
	uint64_t b = 0;
	int i;

	for (i = 0; i < n; i++)
		b += __atomic_load_n(&rd[i].bytes, __ATOMIC_RELAXED);
	return b;
}

/* The sweep at each load: none, half and all of the other CPUs reading,
 * this thread on cpus[0]; after each, the readers' bandwidth over it. */
static int loaded(struct run_ctx *ctx, struct lat *s, uint64_t max, const struct sizes *only,
		  const char *huge_txt, size_t rdlen)
{
	int others = ctx->ncpus - 1, levels[3] = { 0, (others + 1) / 2, others }, i, rc = EXIT_OK;
	struct reader *rd = xcalloc((size_t)(others > 0 ? others : 1), sizeof(*rd));
	volatile int stop = 1;
	cpu_set_t set, old;

	CPU_ZERO(&set);
	CPU_SET(ctx->cpus[0], &set);
	sched_getaffinity(0, sizeof(old), &old);
	if (sched_setaffinity(0, sizeof(set), &set)) {
		errorf("cannot run on CPU %d: %s", ctx->cpus[0], strerror(errno));
		free(rd);
		return EXIT_FAIL;
	}
	if (!others)
		warnf("--loaded: one CPU: no other to load memory from");
	for (i = 0; i < 3 && rc == EXIT_OK; i++) {
		struct result r = { 0 };
		char params[96], list[64];
		uint64_t b0, t0;
		double secs;

		if (i && levels[i] == levels[i - 1])
			continue;
		if (levels[i] && readers_start(rd, ctx->cpus + 1, levels[i], rdlen, &stop)) {
			errorf("--loaded: cannot start %d readers", levels[i]);
			rc = EXIT_FAIL;
			break;
		}
		s->load = levels[i];
		b0 = readers_bytes(rd, levels[i]);
		t0 = bench_clock_ns();
		rc = sweep(ctx, s, NULL, 1, max, only, huge_txt);
		secs = (double)(bench_clock_ns() - t0) / 1e9;
		b0 = readers_bytes(rd, levels[i]) - b0;
		if (levels[i] && readers_stop(rd, levels[i], &stop) && rc == EXIT_OK) {
			errorf("--loaded: a reader could not map or touch %zu bytes", rdlen);
			rc = EXIT_FAIL;
		}
		if (!levels[i] || rc != EXIT_OK)
			continue;
		snprintf(params, sizeof(params), "load=%d,cpus=%s,size=%zu", levels[i],
			 topo_cpulist(ctx->cpus + 1, levels[i], list, sizeof(list)), rdlen);
		r.test = "load_bw";
		r.params = params;
		r.unit = UNIT_MB_S;
		r.better = 1;
		r.value = r.min = r.max = secs > 0 ? (double)b0 / secs / 1e6 : 0;
		r.samples = 1;
		r.note = "the readers' bandwidth while the latency was measured";
		emit_result(ctx, &r);
	}
	sched_setaffinity(0, sizeof(old), &old);
	free(rd);
	return rc;
}

DRIVER static int lat_mem_rd_run(struct run_ctx *ctx)
{
	unsigned nthr = lmbench_opts(ctx), i;
	size_t strides[64], nstrides = 0, page = (size_t)sysconf(_SC_PAGESIZE);
	uint64_t mb, max, need;
	size_t rdlen = 0;
	struct lat s;
	struct team *team = NULL;
	struct sizes only = { { 0 }, 0 };
	char why[256], huge_txt[24];
	int rc = EXIT_OK, a;

	memset(&s, 0, sizeof(s));
	s.load = -1;
	if (opt_str(ctx, SIZES) && parse_sizes(opt_str(ctx, SIZES), &only))
		return EXIT_USAGE;
	if (mem_parse_huge(opt_str(ctx, HUGEPAGES), &s.huge)) {	/* the choice list checked it */
		errorf("--hugepages: '%s' is not on, off or default", opt_str(ctx, HUGEPAGES));
		return EXIT_USAGE;
	}
	if (ctx->argc > 0) {
		if (parse_mb(ctx->argv[0], &mb))
			return EXIT_USAGE;
		if (only.n && only.v[only.n - 1] > mb * 1048576) {
			errorf("--sizes: %llu bytes is over SIZE_MB %llu",
			       (unsigned long long)only.v[only.n - 1], (unsigned long long)mb);
			return EXIT_USAGE;
		}
	} else {
		mb = only.n ? (only.v[only.n - 1] + 1048575) / 1048576 : default_mb();
	}
	if ((size_t)(ctx->argc > 1 ? ctx->argc - 1 : 0) > ARRAY_LEN(strides)) {
		errorf("at most %zu strides", ARRAY_LEN(strides));
		return EXIT_USAGE;
	}
	for (a = 1; a < ctx->argc; a++)
		if (parse_stride(ctx->argv[a], &strides[nstrides++]))
			return EXIT_USAGE;
	if (!nstrides)
		strides[nstrides++] = 512 / sizeof(void *);	/* 64 B on 64-bit, 128 B on 32-bit */
	else
		emit_set_arg(ctx->rep, &strides_given);

	max = only.n ? only.v[only.n - 1] : mb * 1048576;
	need = (max + 2 * (uint64_t)page) * nthr;
	if (opt_given(ctx, LOADED)) {	/* each reader's buffer: twice the LLC, 8 MiB or more */
		uint64_t llc = sys_llc_size();

		if (nthr > 1) {
			errorf("--loaded measures one walker: not with -P");
			return EXIT_USAGE;
		}
		rdlen = (size_t)(llc && 2 * llc > (8u << 20) ? 2 * llc : 8u << 20);
		need += (uint64_t)rdlen * (uint64_t)(ctx->ncpus - 1);
	}
	if (mem_fits(need, why, sizeof(why))) {
		errorf("SIZE_MB %llu%s: %s", (unsigned long long)mb,
		       nthr > 1 ? " per thread" : "", why);
		return EXIT_FAIL;
	}
	if (max + 2 * (uint64_t)page > SIZE_MAX / 2 / nthr) {
		errorf("SIZE_MB %llu%s does not fit in the address space", (unsigned long long)mb,
		       nthr > 1 ? " per thread" : "");
		return EXIT_FAIL;
	}

	s.page = page;
	s.maplen = (size_t)max + 2 * page;
	s.align = s.huge == MEM_HUGE_ON ? 2u << 20 : page;	/* THP wants 2 MiB alignment */
	s.random = opt_given(ctx, THRASH);
	s.w = xcalloc(nthr, sizeof(*s.w));
	if (nthr > 1) {
		team = team_start(nthr, ctx->cpus, ctx->ncpus, setup, work, &s, &rc);
		if (!team)
			goto out;
	} else if ((rc = setup(&s, 0)) != 0) {
		goto out;
	}
	snprintf(huge_txt, sizeof(huge_txt), "%s", mem_huge_name(s.huge));
	for (i = 0; i < nthr; i++)
		if (s.huge != MEM_HUGE_DEFAULT && !s.w[i].reg.huge_ok) {
			warnf("madvise(%s) refused", s.huge == MEM_HUGE_ON ? "MADV_HUGEPAGE"
									  : "MADV_NOHUGEPAGE");
			snprintf(huge_txt, sizeof(huge_txt), "%s-refused", mem_huge_name(s.huge));
			break;
		}

	for (i = 0; i < nstrides && rc == EXIT_OK; i++) {
		s.stride = strides[i];
		s.ready = 0;		/* a ring of another stride */
		if (s.stride > max)
			warnf("stride %zu is larger than %llu MiB: no points", s.stride,
			      (unsigned long long)mb);
		rc = opt_given(ctx, LOADED) ? loaded(ctx, &s, max, &only, huge_txt, rdlen)
					    : sweep(ctx, &s, team, nthr, max, &only, huge_txt);
	}
out:
	team_stop(team);
	for (i = 0; i < nthr; i++)
		mem_unmap(&s.w[i].reg);
	free(s.w);
	return rc;
}

TEXT(lat_mem_rd_summary, "memory read latency per size (lmbench's lat_mem_rd)");
TEXT(lat_mem_rd_usage,
	"usage: lat_mem_rd [-P N] [-W US] [-N N] [-t] [--hugepages=on|off|default]\n"
	"                  [--sizes=LIST] [SIZE_MB [STRIDE...]]\n"
	"\n"
	"Memory read latency by lmbench's method: dependent loads walk a ring of\n"
	"pointers, one every STRIDE bytes (k/m: 1024; default 64 on 64-bit, 128\n"
	"on 32-bit), in buffers from 512 bytes to SIZE_MB MiB, 8 sizes per\n"
	"octave, so the curve steps up at each cache level and ends in DRAM.\n"
	"SIZE_MB defaults to 4x the last-level cache (at least 8). The ring runs\n"
	"forward, which prefetchers follow; -t visits the pages, and the slots\n"
	"of each, in random order (TLB misses, no prefetch). Each STRIDE gives a\n"
	"curve; --sizes measures only the sizes listed. -P N runs N walkers on\n"
	"their own buffers; the latency is per load. --loaded measures again\n"
	"with the other CPUs of --cpu (this process's) reading memory, none,\n"
	"half and all of them, on the first, and their bandwidth (load_bw).\n"
	"Printed on stderr as\n"
	"lmbench's 'SIZE_MB NS' lines, NS the fastest sample in ns per load;\n"
	"--format=table|csv|json gives median, min and max, sizes in bytes.\n");

const struct applet applet_lat_mem_rd = {
	.name     = "lat_mem_rd",
	.summary  = TEXT_PTR(lat_mem_rd_summary),
	.usage    = TEXT_PTR(lat_mem_rd_usage),
	.opts     = opts,
	.unit     = UNIT_NS,
	.flags    = APPLET_SLOW,
	.classic  = &emit_lmbench,
	.min_time = 0.01,
	.reps     = 11,		/* lmbench's -N default */
	.run      = lat_mem_rd_run,
};
