/* test_kernels_mem.c - every usable membw and STREAM kernel against entry 0
 *
 * SPDX-License-Identifier: MIT
 *
 * Table invariants first (entry 0 of each operation is "c" and portable,
 * names unique and [a-z0-9_]+, gran and align sane, rows grouped by
 * operation). Then, for each operation, every row whose needs
 * cpu_features() grants runs over many sizes (multiples of its gran: small,
 * odd, and a few of about 100 KiB) and several dst/src offsets from a page
 * boundary (multiples of its align, 0 = page-aligned), and must give what
 * the C reference gives on page-aligned copies of the same data:
 *   rd          the same XOR, and dst and src untouched
 *   wr, fill    the same dst bytes
 *   copy        the same dst bytes, src untouched
 * with 64 guard bytes of 0xA5 on each side of dst left intact. The C
 * reference itself is checked against a byte-level model written here.
 * STREAM rows get random finite doubles (full 53-bit mantissas, so a
 * fused multiply-add in triad shows as a different rounding) and must
 * match bit for bit in all three arrays, with guard elements around them.
 *
 * A STREAM row's fn_nt (the non-temporal twin stream.c runs past the
 * last-level cache) goes through the same cases as its fn, and the rule
 * that picks it (stream_use_nt) is checked at its boundaries. membw has
 * no twins: its non-temporal kernels are rows of their own, and each
 * family of copy that wins somewhere has a row (kernels_mem_copy_families).
 *
 * BENCHBOX_CPU_MASK may turn every tuned row off; the C (and libc, rep)
 * rows are still compared. Each test counts the rows it compared, and
 * where the CPU has the architecture's baseline SIMD (SSE2, ASIMD/NEON)
 * it requires at least one such row per operation, so a table or #if
 * mistake cannot skip everything silently.
 *
 * On riscv64 the RVV rows are vector-length agnostic: tests/run.sh runs
 * these tests again under qemu at VLEN 256, 512 and 1024, and
 * kernels_rvv_vlen checks that each of those runs had the width it asked
 * for (BENCHBOX_TEST_VLEN), so a run at the wrong width cannot pass for one.
 */
#include "minitest.h"
#include "cpu.h"
#include "membw.h"
#include "stream.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

enum {
	PAGE	= 4096,
	GUARD	= 64,		/* guard bytes each side of dst */
	GUARD_BYTE = 0xA5,
	DST_FILL = 0x5A,	/* dst before a copy: not the guard, not zero */
	NGUARD	= 8,		/* guard doubles each side of a STREAM array */
};

/* Multiples of the kernel's unit: 1..9, odd ones, powers of two +-1. */
static const size_t small_k[] = {
	1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 16, 17, 31, 32, 33, 63, 64, 65, 127, 129, 255, 257,
};
/* Large sizes in bytes, rounded down to the unit (plus a few units more). */
static const size_t large_bytes[] = { 100 << 10, (100 << 10) + 1, 256 << 10 };
#define LARGE_MAX	((size_t)(256 << 10) + 3 * 256)

/* dst/src offsets from a page boundary, in units of the kernel's align. */
static const struct { size_t d, s; } offs[] = {
	{ 0, 0 }, { 1, 1 }, { 1, 0 }, { 0, 1 }, { 3, 7 }, { 5, 2 },
};

static uint64_t rng_next(uint64_t *s)
{
	/* xorshift64* (Vigna): deterministic, good enough for test data */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

static void fill_random(void *p, size_t n, uint64_t *seed)
{
	unsigned char *b = p;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		uint64_t v = rng_next(seed);

		memcpy(b + i, &v, 8);
	}
	for (; i < n; i++)
		b[i] = (unsigned char)rng_next(seed);
}

static void *page_alloc(size_t n)
{
	void *p = NULL;

	if (posix_memalign(&p, PAGE, n))
		return NULL;
	return p;
}

static int all_bytes(const unsigned char *p, size_t n, unsigned char v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

static size_t gcd(size_t a, size_t b)
{
	while (b) {
		size_t r = a % b;

		a = b;
		b = r;
	}
	return a;
}

static int is_name(const char *s)
{
	if (!s || !*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
			return 0;
	return 1;
}

/* "NAME fn_nt", for failure messages about a STREAM row's non-temporal twin. */
static const char *nt_name(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s fn_nt", name);
	return buf;
}

/* The baseline SIMD bit of this architecture: a CPU that has it must run
 * at least one tuned row of every operation. */
static unsigned arch_simd(void)
{
#if defined(__x86_64__)
	return CPU_SSE2;
#elif defined(__aarch64__) || defined(__arm__)
	return CPU_ASIMD;
#elif defined(__riscv)
	return CPU_RVV;
#else
	return 0;
#endif
}

/* ---- membw ---- */

static const struct mem_kernel *mem_ref(enum mem_op op)
{
	size_t i;

	for (i = 0; i < mem_kernels_len; i++)
		if (mem_kernels[i].head.op == op)
			return &mem_kernels[i];
	return NULL;
}

TEST(kernels_mem_table)
{
	enum mem_op op;
	size_t i, j;

	CHECK(mem_kernels_len > 0);
	for (op = 0; op < MEM_NOPS; op++) {
		const struct mem_kernel *r = mem_ref(op);

		CHECK(is_name(mem_op_names[op]));
		if (!CHECK(r != NULL))
			continue;
		CHECK_STR(r->head.name, "c");
		CHECK_EQ_U64(r->head.needs, 0);
	}
	CHECK_STR(mem_op_names[MEM_RD], "rd");
	CHECK_STR(mem_op_names[MEM_WR], "wr");
	CHECK_STR(mem_op_names[MEM_COPY], "copy");
	CHECK_STR(mem_op_names[MEM_FILL], "fill");
	for (i = 0; i < mem_kernels_len; i++) {
		const struct mem_kernel *k = &mem_kernels[i];

		if (!CHECK((unsigned)k->head.op < MEM_NOPS))
			continue;
		CHECK(is_name(k->head.name));
		CHECK(k->head.desc && k->head.desc[0]);
		CHECK(k->fn != NULL);
		CHECK(k->head.gran > 0 && k->head.gran % 8 == 0);
		CHECK(k->head.align > 0 && (k->head.align & (k->head.align - 1)) == 0);
		CHECK(k->head.align <= PAGE);
		/* grouped by operation: a row's op never reappears after another's */
		if (i > 0 && mem_kernels[i - 1].head.op != k->head.op)
			for (j = 0; j < i; j++)
				CHECK(mem_kernels[j].head.op != k->head.op);
		for (j = i + 1; j < mem_kernels_len; j++)
			if (mem_kernels[j].head.op == k->head.op && k->head.name && mem_kernels[j].head.name)
				CHECK(strcmp(k->head.name, mem_kernels[j].head.name) != 0);
	}
}

struct mem_bufs {
	unsigned char	*dst, *src;		/* kernel under test: page + offset */
	unsigned char	*rdst, *rsrc;		/* reference: page-aligned */
	unsigned char	*model;			/* what the byte-level model expects */
	unsigned char	*saved;			/* src before the call */
	size_t		cap;			/* bytes each */
};

/* Expected result of op by this file's own model; for rd the XOR. */
static uint64_t mem_model(enum mem_op op, unsigned char *out, const unsigned char *src,
			  size_t n, uint64_t pattern)
{
	uint64_t x = 0, w;
	size_t i;

	switch (op) {
	case MEM_RD:
		for (i = 0; i < n; i += 8) {
			memcpy(&w, src + i, 8);
			x ^= w;
		}
		break;
	case MEM_WR:
		for (i = 0; i < n; i += 8)
			memcpy(out + i, &pattern, 8);
		break;
	case MEM_COPY:
		memcpy(out, src, n);
		break;
	case MEM_FILL:
		memset(out, 0, n);
		break;
	default:
		break;
	}
	return x;
}

/* One kernel, one size, one pair of offsets. Returns 1 if all matched. */
static int mem_case(struct mt *t, const struct mem_kernel *k, const struct mem_kernel *ref,
		    struct mem_bufs *b, size_t n, size_t doff, size_t soff, uint64_t *seed)
{
	unsigned char *dst = b->dst + PAGE + doff, *src = b->src + PAGE + soff;
	uint64_t pattern = rng_next(seed), want, got, model;
	const char *bad = NULL;

	fill_random(src, n, seed);
	memcpy(b->saved, src, n);
	memcpy(b->rsrc, src, n);
	memset(dst - GUARD, GUARD_BYTE, GUARD);
	memset(dst, k->head.op == MEM_RD ? GUARD_BYTE : DST_FILL, n);
	memset(dst + n, GUARD_BYTE, GUARD);
	memset(b->rdst, DST_FILL, n);

	model = mem_model(k->head.op, b->model, src, n, pattern);
	want = ref->fn(b->rdst, b->rsrc, n, pattern);
	got = k->fn(dst, src, n, pattern);

	if (k->head.op == MEM_RD) {
		if (want != model)
			bad = "C reference XOR differs from the model";
		else if (got != want)
			bad = "XOR differs from the C reference";
		else if (!all_bytes(dst - GUARD, n + 2 * GUARD, GUARD_BYTE))
			bad = "rd wrote to dst";
	} else {
		if (memcmp(b->rdst, b->model, n))
			bad = "C reference result differs from the model";
		else if (memcmp(dst, b->rdst, n))
			bad = "dst differs from the C reference";
		else if (!all_bytes(dst - GUARD, GUARD, GUARD_BYTE))
			bad = "guard bytes before dst changed";
		else if (!all_bytes(dst + n, GUARD, GUARD_BYTE))
			bad = "guard bytes after dst changed";
	}
	if (!bad && memcmp(src, b->saved, n))
		bad = "src changed";
	t->checks++;
	if (bad)
		mt_fail(t, __FILE__, __LINE__, "%s/%s n=%zu dst=page+%zu src=page+%zu: %s",
			mem_op_names[k->head.op], k->head.name, n, doff, soff, bad);
	return !bad;
}

/* Every size and offset for one kernel; stops at its first failure. */
static void mem_kernel_check(struct mt *t, const struct mem_kernel *k,
			     const struct mem_kernel *ref, struct mem_bufs *b)
{
	size_t unit = k->head.gran / gcd(k->head.gran, ref->head.gran) * ref->head.gran;	/* lcm */
	size_t i, j, n;
	uint64_t seed = 0x9E3779B97F4A7C15ULL ^ (uint64_t)k->head.gran ^ ((uint64_t)k->head.op << 32);

	for (i = 0; i < ARRAY_LEN(small_k) + ARRAY_LEN(large_bytes); i++) {
		if (i < ARRAY_LEN(small_k))
			n = small_k[i] * unit;
		else
			n = (large_bytes[i - ARRAY_LEN(small_k)] / unit + i % 3) * unit;
		if (n > LARGE_MAX)
			continue;
		for (j = 0; j < ARRAY_LEN(offs); j++)
			if (!mem_case(t, k, ref, b, n, offs[j].d * k->head.align % PAGE,
				      offs[j].s * k->head.align % PAGE, &seed))
				return;
	}
}

static void mem_op_check(struct mt *t, enum mem_op op)
{
	const struct mem_kernel *ref = mem_ref(op);
	unsigned have = cpu_features(), simd = arch_simd();
	unsigned compared = 0, tuned = 0;
	struct mem_bufs b;
	size_t i;

	REQUIRE(ref != NULL);
	b.cap = LARGE_MAX + 3 * PAGE;
	b.dst = page_alloc(b.cap);
	b.src = page_alloc(b.cap);
	b.rdst = page_alloc(b.cap);
	b.rsrc = page_alloc(b.cap);
	b.model = page_alloc(b.cap);
	b.saved = page_alloc(b.cap);
	if (CHECK(b.dst && b.src && b.rdst && b.rsrc && b.model && b.saved)) {
		for (i = 0; i < mem_kernels_len; i++) {
			const struct mem_kernel *k = &mem_kernels[i];

			if (k->head.op != op || !k->fn || !cpu_has(have, k->head.needs))
				continue;
			/* sanity of the preconditions before trusting them */
			if (!CHECK(k->head.align <= PAGE && k->head.gran > 0 && k->head.gran % 8 == 0 &&
				   k->head.gran <= 4096))
				continue;
			mem_kernel_check(t, k, ref, &b);
			compared++;
			if (simd && (k->head.needs & simd))
				tuned++;
		}
		CHECK(compared >= 1);	/* at least C */
		if (simd && cpu_has(have, simd))
			CHECK(tuned >= 1);
	}
	free(b.dst);
	free(b.src);
	free(b.rdst);
	free(b.rsrc);
	free(b.model);
	free(b.saved);
}

TEST(kernels_mem_rd)
{
	mem_op_check(t, MEM_RD);
}

TEST(kernels_mem_wr)
{
	mem_op_check(t, MEM_WR);
}

TEST(kernels_mem_copy)
{
	mem_op_check(t, MEM_COPY);
}

TEST(kernels_mem_fill)
{
	mem_op_check(t, MEM_FILL);
}

/*
 * No kernel reads or writes outside [src, src + n) and [dst, dst + n):
 * the buffers are put against an inaccessible page, once ending at the
 * page after them and once starting at the page before them, for the
 * smallest sizes (1..5 and 7 times the kernel's gran: the 64-byte head of
 * the 128-byte loops, a loop that runs zero, one and more times). A
 * software-pipelined loop that loads a batch too many, or an epilogue
 * that stores one, faults here where the other tests only read or write
 * a few bytes of the same heap block. Each kernel runs in a child; the
 * case it was in when it died is in a shared page.
 */
enum { BOUNDS_MULT_MAX = 7 };

static const size_t bounds_mult[] = { 1, 2, 3, 4, 5, BOUNDS_MULT_MAX };

struct guarded {
	unsigned char	*map, *lo, *hi;	/* mapping; data from lo to hi, guard pages around */
	size_t		len;
};

static int guarded_map(struct guarded *g, size_t data, size_t pg)
{
	data = (data + pg - 1) / pg * pg;
	g->len = data + 2 * pg;
	g->map = mmap(NULL, g->len, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED)
		return 0;
	g->lo = g->map + pg;
	g->hi = g->lo + data;
	return mprotect(g->lo, data, PROT_READ | PROT_WRITE) == 0;
}

/* In the child: every size and placement; 0 if all matched, else 1. The
 * case being run is in *at (n * 4 + placement) for the parent to report. */
static int bounds_child(const struct mem_kernel *k, const struct mem_kernel *ref,
			struct guarded *gd, struct guarded *gs, unsigned char *want,
			volatile size_t *at)
{
	uint64_t seed = 0x2545F4914F6CDD1DULL;
	size_t unit = k->head.gran / gcd(k->head.gran, ref->head.gran) * ref->head.gran;	/* lcm */
	size_t i, n;
	unsigned p;

	for (i = 0; i < ARRAY_LEN(bounds_mult); i++)
		for (p = 0; p < 4; p++) {
			/* p bit 0: dst against its high guard, else its low one; bit 1: src */
			unsigned char *d, *s;
			uint64_t pattern = rng_next(&seed), w, g;

			n = bounds_mult[i] * unit;
			d = p & 1 ? gd->hi - n : gd->lo;
			s = p & 2 ? gs->hi - n : gs->lo;
			if ((uintptr_t)d % k->head.align || (uintptr_t)s % k->head.align)
				continue;
			*at = n * 4 + p;
			fill_random(s, n, &seed);
			memset(d, DST_FILL, n);
			memset(want, DST_FILL, n);
			w = ref->fn(want, s, n, pattern);
			g = k->fn(d, s, n, pattern);
			if (k->head.op == MEM_RD ? g != w : memcmp(d, want, n) != 0)
				return 1;
		}
	return 0;
}

TEST(kernels_mem_bounds)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE), i, maxn = 0;
	unsigned have = cpu_features(), compared = 0;
	struct guarded gd, gs;
	volatile size_t *at;
	unsigned char *want;

	for (i = 0; i < mem_kernels_len; i++) {	/* the largest lcm with the reference's gran */
		const struct mem_kernel *k = &mem_kernels[i], *ref = mem_ref(k->head.op);
		size_t unit = ref ? k->head.gran / gcd(k->head.gran, ref->head.gran) * ref->head.gran : k->head.gran;

		if (unit * BOUNDS_MULT_MAX > maxn)
			maxn = unit * BOUNDS_MULT_MAX;
	}
	REQUIRE(pg >= 4096 && guarded_map(&gd, maxn, pg) && guarded_map(&gs, maxn, pg));
	at = mmap(NULL, pg, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	want = malloc(maxn);
	REQUIRE(at != MAP_FAILED && want != NULL);
	for (i = 0; i < mem_kernels_len; i++) {
		const struct mem_kernel *k = &mem_kernels[i], *ref = mem_ref(k->head.op);
		int status = 0;
		pid_t pid;

		if (!k->fn || !ref || k == ref || !cpu_has(have, k->head.needs))
			continue;
		*at = 0;
		fflush(NULL);
		pid = fork();
		if (!CHECK(pid >= 0))
			break;
		if (pid == 0) {
			struct rlimit no_core = { 0, 0 };

			/* a fault is an expected failure, not a core file */
			setrlimit(RLIMIT_CORE, &no_core);
			_exit(bounds_child(k, ref, &gd, &gs, want, at));
		}
		if (!CHECK(waitpid(pid, &status, 0) == pid))
			break;
		compared++;
		if (WIFSIGNALED(status))
			mt_fail(t, __FILE__, __LINE__,
				"%s/%s n=%zu, dst against the page %s it, src against the "
				"page %s it: killed by signal %d (an access outside the buffers)",
				mem_op_names[k->head.op], k->head.name, *at / 4,
				*at & 1 ? "after" : "before", *at & 2 ? "after" : "before",
				WTERMSIG(status));
		else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			mt_fail(t, __FILE__, __LINE__, "%s/%s n=%zu: differs from the C reference",
				mem_op_names[k->head.op], k->head.name, *at / 4);
		t->checks++;
	}
	CHECK(compared >= 1);
	munmap((void *)at, pg);
	munmap(gd.map, gd.len);
	munmap(gs.map, gs.len);
	free(want);
}

/* Every operation has a row for the architecture's baseline SIMD, and on
 * x86_64 one named "sse2" (rd, wr) or "sse2_nt" (copy, fill) that needs
 * CPU_SSE2 (a table or #if typo would otherwise drop it from both the
 * timing and the comparison), and the copy and fill rows rep_movsb and
 * rep_stosb, which need nothing. */
TEST(kernels_mem_baseline_rows)
{
	unsigned simd = arch_simd();
	enum mem_op op;

	for (op = 0; op < MEM_NOPS; op++) {
		unsigned rows = 0;
		size_t i;

		for (i = 0; i < mem_kernels_len; i++)
			if (mem_kernels[i].head.op == op && (mem_kernels[i].head.needs & simd))
				rows++;
		if (simd)
			CHECK(rows >= 1);
#if defined(__x86_64__)
		{
			int str = op == MEM_COPY || op == MEM_FILL, w;
			const char *want[2] = { str ? "sse2_nt" : "sse2",
						op == MEM_COPY ? "rep_movsb" : "rep_stosb" };

			for (w = 0; w < 1 + str; w++) {
				for (i = 0; i < mem_kernels_len; i++)
					if (mem_kernels[i].head.op == op &&
					    !strcmp(mem_kernels[i].head.name, want[w]))
						break;
				if (!CHECK(i < mem_kernels_len))
					mt_fail(t, __FILE__, __LINE__, "no %s row for %s", want[w],
						mem_op_names[op]);
				else
					CHECK_EQ_U64(mem_kernels[i].head.needs, w ? 0 : CPU_SSE2);
			}
		}
#endif
	}
}

/* Which copy wins depends on the machine, so every family that wins
 * somewhere keeps a copy row on each ISA where it applies (and --kernel=best
 * measures them): non-temporal stores (x86_64, AArch64; ARMv7 and RVV have
 * none), a software prefetch, a two-pass copy (riscv64 has none of the
 * three yet, which the test holds it to). Named by the row's name:
 * "_nt"/"stnp", "pf"/"pld", "2pass". */
TEST(kernels_mem_copy_families)
{
	static const char *const fam[][2] = {
		{ "_nt", "stnp" }, { "pf", "pld" }, { "2pass", "2pass" },
	};
	size_t i, f;

	for (f = 0; f < sizeof(fam) / sizeof(fam[0]); f++) {
		unsigned found = 0;

		for (i = 0; i < mem_kernels_len; i++)
			found += mem_kernels[i].head.op == MEM_COPY &&
				 (strstr(mem_kernels[i].head.name, fam[f][0]) ||
				  strstr(mem_kernels[i].head.name, fam[f][1]));
#if defined(__x86_64__) || defined(__aarch64__)
		if (!CHECK(found >= 1))
			mt_fail(t, __FILE__, __LINE__, "no copy row of the %s family", fam[f][0]);
#elif defined(__arm__)
		if (!CHECK(f == 0 ? found == 0 : found >= 1))
			mt_fail(t, __FILE__, __LINE__, "copy rows of the %s family: %u",
				fam[f][0], found);
#else	/* riscv64: none of them yet (RVV has no non-temporal store,
	 * and Zicbop's prefetch is not measured anywhere here) */
		CHECK_EQ_U64(found, 0);
#endif
	}
}

/* ---- STREAM ---- */

static const char *const stream_op_names[STREAM_NOPS] = { "copy", "scale", "add", "triad" };

static const struct stream_kernel *stream_ref(enum stream_op op)
{
	size_t i;

	for (i = 0; i < stream_kernels_len; i++)
		if (stream_kernels[i].head.op == op)
			return &stream_kernels[i];
	return NULL;
}

TEST(kernels_stream_table)
{
	enum stream_op op;
	size_t i, j;

	CHECK(stream_kernels_len > 0);
	for (op = 0; op < STREAM_NOPS; op++) {
		const struct stream_kernel *r = stream_ref(op);

		if (!CHECK(r != NULL))
			continue;
		CHECK_STR(r->head.name, "c");
		CHECK_EQ_U64(r->head.needs, 0);
		CHECK_EQ_U64(r->head.gran, 1);
	}
	for (i = 0; i < stream_kernels_len; i++) {
		const struct stream_kernel *k = &stream_kernels[i];

		if (!CHECK((unsigned)k->head.op < STREAM_NOPS))
			continue;
		CHECK(is_name(k->head.name));
		CHECK(k->head.desc && k->head.desc[0]);
		CHECK(k->fn != NULL);
		CHECK(k->head.gran > 0 && k->head.gran <= 512);
		CHECK(k->head.align >= sizeof(double) && (k->head.align & (k->head.align - 1)) == 0);
		CHECK(k->head.align <= PAGE);
		if (i > 0 && stream_kernels[i - 1].head.op != k->head.op)
			for (j = 0; j < i; j++)
				CHECK(stream_kernels[j].head.op != k->head.op);
		for (j = i + 1; j < stream_kernels_len; j++)
			if (stream_kernels[j].head.op == k->head.op && k->head.name && stream_kernels[j].head.name)
				CHECK(strcmp(k->head.name, stream_kernels[j].head.name) != 0);
	}
}

/* A finite double with a random 53-bit mantissa, sign and exponent in
 * [-16, 16]: products and sums round, so any fusing or reordering shows. */
static double random_double(uint64_t *seed)
{
	uint64_t r = rng_next(seed);
	uint64_t bits = (r & 0x000FFFFFFFFFFFFFULL) |
			((uint64_t)(1023 + (int)((r >> 52) % 33) - 16) << 52) |
			(r & 0x8000000000000000ULL);
	double d;

	memcpy(&d, &bits, sizeof(d));
	return d;
}

/* Each array starts one page into a page-aligned allocation, plus an
 * offset; guard elements sit right before and after it. */
enum { STREAM_CAP = (PAGE + 3 * 512) / 8 + 32768 + 512 + NGUARD + 64 };

struct stream_arrays {
	double	*base[3];	/* kernel under test */
	double	*refbase[3];	/* C reference, page-aligned */
	double	*model[3];	/* the model below */
};

static const double guard_value = -1234.5678;

static void stream_guard(double *p, size_t n)
{
	size_t i;

	for (i = 0; i < NGUARD; i++) {
		p[-(ptrdiff_t)NGUARD + (ptrdiff_t)i] = guard_value;
		p[n + i] = guard_value;
	}
}

static int stream_guard_ok(const double *p, size_t n)
{
	size_t i;

	for (i = 0; i < NGUARD; i++)
		if (memcmp(&p[-(ptrdiff_t)NGUARD + (ptrdiff_t)i], &guard_value, 8) ||
		    memcmp(&p[n + i], &guard_value, 8))
			return 0;
	return 1;
}

/* The model of each op, written so nothing can fuse: the product goes
 * through a volatile. */
static void stream_model(enum stream_op op, double *a, double *b, double *c, double q,
			 size_t n)
{
	size_t j;

	for (j = 0; j < n; j++) {
		volatile double p;

		switch (op) {
		case STREAM_COPY:
			c[j] = a[j];
			break;
		case STREAM_SCALE:
			p = q * c[j];
			b[j] = p;
			break;
		case STREAM_ADD:
			c[j] = a[j] + b[j];
			break;
		case STREAM_TRIAD:
			p = q * c[j];
			a[j] = b[j] + p;
			break;
		default:
			break;
		}
	}
}

static int stream_case(struct mt *t, const struct stream_kernel *k,
		       const struct stream_kernel *ref, struct stream_arrays *s,
		       size_t n, size_t off, double q, uint64_t *seed)
{
	double *x[3], *r[3], *m[3];
	const char *bad = NULL;
	size_t i, j;

	for (i = 0; i < 3; i++) {
		/* b and c at 2x and 3x the offset: not all equally placed */
		x[i] = (double *)((char *)s->base[i] + PAGE + off * (i + 1) % PAGE);
		r[i] = s->refbase[i] + PAGE / sizeof(double);
		m[i] = s->model[i];
		for (j = 0; j < n; j++)
			x[i][j] = random_double(seed);
		stream_guard(x[i], n);
		memcpy(r[i], x[i], n * sizeof(double));
		stream_guard(r[i], n);
		memcpy(m[i], x[i], n * sizeof(double));
	}
	stream_model(k->head.op, m[0], m[1], m[2], q, n);
	ref->fn(r[0], r[1], r[2], q, n);
	k->fn(x[0], x[1], x[2], q, n);
	for (i = 0; i < 3; i++) {
		if (memcmp(r[i], m[i], n * sizeof(double)))
			bad = "C reference differs from the unfused model";
		else if (memcmp(x[i], r[i], n * sizeof(double)))
			bad = "differs from the C reference (bit for bit)";
		else if (!stream_guard_ok(x[i], n) || !stream_guard_ok(r[i], n))
			bad = "guard elements changed";
		if (bad)
			break;
	}
	t->checks++;
	if (bad)
		mt_fail(t, __FILE__, __LINE__, "stream %s/%s n=%zu offset=%zu q=%g: array %c %s",
			stream_op_names[k->head.op], k->head.name, n, off, q, (int)('a' + i), bad);
	return !bad;
}

static void stream_op_check(struct mt *t, enum stream_op op)
{
	static const size_t ks[] = { 1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 64, 65, 127 };
	static const size_t large[] = { 12800, 12800 + 1, 32768 + 3 };	/* ~100-256 KiB */
	const struct stream_kernel *ref = stream_ref(op);
	unsigned have = cpu_features(), simd = arch_simd(), compared = 0, tuned = 0;
	struct stream_arrays s;
	char name[64];
	size_t i, j, o, n, f;

	REQUIRE(ref != NULL);
	for (i = 0; i < 3; i++) {
		s.base[i] = page_alloc(STREAM_CAP * sizeof(double));
		s.refbase[i] = page_alloc(STREAM_CAP * sizeof(double));
		s.model[i] = page_alloc(STREAM_CAP * sizeof(double));
	}
	if (!CHECK(s.base[0] && s.base[1] && s.base[2] && s.refbase[0] && s.refbase[1] &&
		   s.refbase[2] && s.model[0] && s.model[1] && s.model[2]))
		goto out;
	for (i = 0; i < stream_kernels_len; i++) {
		const struct stream_kernel *k = &stream_kernels[i];
		uint64_t seed = 0xD1B54A32D192ED03ULL + i;
		int ok = 1;

		if (k->head.op != op || !k->fn || !cpu_has(have, k->head.needs))
			continue;
		if (!CHECK(k->head.gran > 0 && k->head.gran <= 512 && k->head.align <= 512))
			continue;
		for (f = 0; f < 2; f++) {	/* fn, then its fn_nt twin if any */
			struct stream_kernel kk = *k;

			if (f) {
				if (!k->fn_nt)
					break;
				kk.fn = k->fn_nt;
				kk.head.name = nt_name(k->head.name, name, sizeof(name));
			}
			for (j = 0, ok = 1; ok && j < ARRAY_LEN(ks) + ARRAY_LEN(large); j++) {
				n = j < ARRAY_LEN(ks) ? ks[j] * k->head.gran
						      : (large[j - ARRAY_LEN(ks)] / k->head.gran + 1) *
							k->head.gran;
				/* page-aligned, then offset by the declared
				 * alignment (a at 1x, b at 2x, c at 3x) */
				for (o = 0; ok && o < 2; o++)
					ok = stream_case(t, &kk, ref, &s, n, o * k->head.align,
							 o ? 3.0 : random_double(&seed), &seed);
			}
		}
		compared++;
		if (simd && (k->head.needs & simd))
			tuned++;
	}
	CHECK(compared >= 1);
#if defined(__x86_64__) || defined(__aarch64__) || defined(__riscv)
	/* armv7 NEON has no doubles: C rows only there */
	if (cpu_has(have, simd))
		CHECK(tuned >= 1);
#endif
out:
	for (i = 0; i < 3; i++) {
		free(s.base[i]);
		free(s.refbase[i]);
		free(s.model[i]);
	}
}

/* On x86_64 every SSE2/AVX2 STREAM row has a non-temporal twin for arrays
 * past the last-level cache, where its normal stores lose to the C row
 * (see stream_avx2.c); the C rows have none. */
TEST(kernels_stream_nt_twins)
{
	size_t i;

	for (i = 0; i < stream_kernels_len; i++) {
		const struct stream_kernel *k = &stream_kernels[i];

		if (!strcmp(k->head.name, "c") && !CHECK(k->fn_nt == NULL))
			mt_fail(t, __FILE__, __LINE__, "stream %s/c has an fn_nt",
				stream_op_names[k->head.op]);
#if defined(__x86_64__)
		if ((k->head.needs & (CPU_SSE2 | CPU_AVX2)) && !CHECK(k->fn_nt != NULL))
			mt_fail(t, __FILE__, __LINE__, "stream %s/%s has no non-temporal twin",
				stream_op_names[k->head.op], k->head.name);
#endif
	}
}

/* Three arrays of n doubles against the LLC; unknown counts as 32 MiB. */
TEST(kernels_stream_use_nt)
{
	const uint64_t llc = 24u << 20;		/* 3 x 8 x 1Mi elements */

	CHECK(!stream_use_nt(1u << 20, llc));
	CHECK(stream_use_nt((1u << 20) + 64, llc));
	CHECK(!stream_use_nt(65536, 2u << 20));
	CHECK(stream_use_nt(131072, 2u << 20));
	CHECK(!stream_use_nt(1u << 20, 0));
	CHECK(stream_use_nt(2u << 20, 0));
	CHECK(stream_use_nt(80000000, 32u << 20));	/* STREAM's 80M elements */
}

TEST(kernels_stream_copy)
{
	stream_op_check(t, STREAM_COPY);
}

TEST(kernels_stream_scale)
{
	stream_op_check(t, STREAM_SCALE);
}

TEST(kernels_stream_add)
{
	stream_op_check(t, STREAM_ADD);
}

TEST(kernels_stream_triad)
{
	stream_op_check(t, STREAM_TRIAD);
}

/* VLEN (cpu_riscv_vlen(), the records' "vlen=") as the V extension allows it, a
 * power of two from 128 to 65536 bits, and the one tests/run.sh asked qemu
 * for (BENCHBOX_TEST_VLEN) when it says. */
TEST(kernels_rvv_vlen)
{
#if defined(__riscv) && __riscv_xlen == 64
	const char *want = getenv("BENCHBOX_TEST_VLEN");
	unsigned vlen;

	if (!cpu_has(cpu_features(), CPU_RVV)) {
		CHECK(!want || !*want);		/* a VLEN run without V is a mistake */
		SKIP("no RVV (or masked)");
	}
	vlen = cpu_riscv_vlen();
	CHECK(vlen >= 128 && vlen <= 65536 && (vlen & (vlen - 1)) == 0);
	if (want && *want)
		CHECK_EQ_U64(vlen, strtoul(want, NULL, 10));
#else
	SKIP("riscv64 only");
#endif
}
