/* test_zlib.c - the zlib applet's checksum kernels, corpus and round trip
 *
 * SPDX-License-Identifier: MIT
 *
 * Kernels (tests named kernels_zlib_*, so tests/run.sh runs them again with
 * BENCHBOX_CPU_MASK=0xffffffff): the table's invariants (entry 0 of each
 * checksum is zlib, then the portable C row; the tuned rows of this
 * architecture exist); the slicing tables and folding constants recomputed
 * from the polynomial, and each pair of folding constants checked by what
 * it does (a software fold of a random lane against the CRC of that lane
 * followed by zeros); the Adler-32 NMAX bound; then every row this CPU can
 * run against entry 0 over random data of every length 0..4096 and several
 * large ones, at many alignments, ending right before a PROT_NONE page (a
 * read past the end faults), from initial values other than the default,
 * chained over random splits, and over all-zero and all-0xff data (the
 * Adler-32 sums' worst case).
 *
 * The corpus: deterministic (pinned CRC-32 of the default --quick corpus),
 * with the documented text / binary / random stripes compressing as such
 * and a level-6 ratio inside a pinned range. The round-trip check passes on
 * a correct inflate and fails on a corrupted compressed stream, a changed
 * output byte, a short output or an error status.
 */
#include "minitest.h"
#include "cpu.h"
#include "util.h"
#include "zlib_kernels.h"

#include <setjmp.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <zlib.h>

enum { SMALL_MAX = 4096 };

static uint64_t rng_next(uint64_t *s)
{
	/* xorshift64* (Vigna): deterministic test data */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

static void fill_random(unsigned char *p, size_t n, uint64_t *seed)
{
	size_t i;

	for (i = 0; i < n; i++)
		p[i] = (unsigned char)(rng_next(seed) >> 32);
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

/* The kernels' row lookups, which every kernel test goes through: the
 * CRC tables are filled first, as the applet fills them. */
static const struct zk_kernel *zk_ref(enum zk_op op)
{
	size_t i;

	zk_init();
	for (i = 0; i < zk_kernels_len; i++)
		if (zk_kernels[i].head.op == op)
			return &zk_kernels[i];
	return NULL;
}

static const struct zk_kernel *zk_find(enum zk_op op, const char *name)
{
	size_t i;

	zk_init();
	for (i = 0; i < zk_kernels_len; i++)
		if (zk_kernels[i].head.op == op && !strcmp(zk_kernels[i].head.name, name))
			return &zk_kernels[i];
	return NULL;
}

/* A valid initial value: any 32 bits for CRC-32, sums below 65521 for Adler-32. */
static uint32_t random_init(enum zk_op op, uint64_t *seed)
{
	uint64_t r = rng_next(seed);

	if (op == ZK_CRC32)
		return (uint32_t)(r >> 32);
	return (uint32_t)(r >> 40) % ZK_ADLER_BASE << 16 | (uint32_t)(r >> 8 & 0xffffff) % ZK_ADLER_BASE;
}

TEST(kernels_zlib_table)
{
	enum zk_op op;
	size_t i, j;

	CHECK_STR(zk_op_names[ZK_CRC32], "crc32");
	CHECK_STR(zk_op_names[ZK_ADLER32], "adler32");
	CHECK_EQ_U64(zk_op_init[ZK_CRC32], crc32(0, Z_NULL, 0));
	CHECK_EQ_U64(zk_op_init[ZK_ADLER32], adler32(0, Z_NULL, 0));
	for (op = 0; op < ZK_NOPS; op++) {
		const struct zk_kernel *r = zk_ref(op);

		if (!CHECK(r != NULL))
			continue;
		CHECK_STR(r->head.name, "zlib");
		CHECK_EQ_U64(r->head.needs, 0);
		CHECK(r + 1 < zk_kernels + zk_kernels_len && r[1].head.op == op &&
		      !strcmp(r[1].head.name, "c") && r[1].head.needs == 0);
	}
	for (i = 0; i < zk_kernels_len; i++) {
		const struct zk_kernel *k = &zk_kernels[i];

		CHECK((unsigned)k->head.op < ZK_NOPS);
		CHECK(is_name(k->head.name));
		CHECK(k->head.desc && k->head.desc[0]);
		CHECK(k->fn != NULL);
		CHECK_EQ_U64(k->head.align, 1);
		CHECK_EQ_U64(k->head.gran, 1);
		if (i > 0)
			CHECK(k->head.op >= zk_kernels[i - 1].head.op);	/* grouped by checksum */
		for (j = 0; j < i; j++)
			if (zk_kernels[j].head.op == k->head.op)
				CHECK(strcmp(zk_kernels[j].head.name, k->head.name) != 0);
	}
	/* the tuned rows of this architecture are in the table */
#if defined(__x86_64__)
	CHECK(zk_find(ZK_CRC32, "pclmul") != NULL &&
	      cpu_has(zk_find(ZK_CRC32, "pclmul")->head.needs, CPU_PMULL));
#elif defined(__aarch64__) || defined(__arm__)
	CHECK(zk_find(ZK_CRC32, "armv8") != NULL &&
	      zk_find(ZK_CRC32, "armv8")->head.needs == CPU_CRC32);
	CHECK(zk_find(ZK_CRC32, "pmull") != NULL &&
	      cpu_has(zk_find(ZK_CRC32, "pmull")->head.needs, CPU_PMULL));
	CHECK(zk_find(ZK_ADLER32, "neon") != NULL &&
	      zk_find(ZK_ADLER32, "neon")->head.needs == CPU_ASIMD);
#elif defined(__riscv)
	CHECK(zk_find(ZK_CRC32, "zbc") != NULL &&
	      zk_find(ZK_CRC32, "zbc")->head.needs == CPU_ZBC);
#endif
}

/* x^n mod P, P = 0x104C11DB7, as a normal (not reflected) 32-bit value */
static uint32_t xpow_mod(unsigned n)
{
	uint64_t r = 1;

	while (n--) {
		r <<= 1;
		if (r >> 32)
			r ^= 0x104C11DB7ull;
	}
	return (uint32_t)r;
}

static uint64_t reflect(uint64_t v, unsigned bits)
{
	uint64_t r = 0;
	unsigned i;

	for (i = 0; i < bits; i++)
		if (v >> i & 1)
			r |= 1ull << (bits - 1 - i);
	return r;
}

TEST(kernels_zlib_constants)
{
	uint64_t mu = 0, rem = 0;
	unsigned k, n, i;
	int bad = 0;

	/* slicing-by-8 tables, filled at run time: published entries (zlib's
	 * crc32.c), the check value of "123456789", then every entry: table 0
	 * is the bitwise register update of one byte, table k one more zero
	 * byte after table k-1 */
	zk_init();
	CHECK_EQ_U64(zk_crc32_table[0][1], 0x77073096);
	CHECK_EQ_U64(zk_crc32_table[0][128], 0xedb88320);
	CHECK_EQ_U64(zk_crc32_table[0][255], 0x2d02ef8d);
	CHECK_EQ_U64(zk_crc32_table[1][1], 0x191b3141);
	CHECK_EQ_U64(zk_crc32_table[3][0x5a], 0xa4b0efc6);
	CHECK_EQ_U64(zk_crc32_table[7][1], 0xccaa009e);
	CHECK_EQ_U64(zk_crc32_table[7][255], 0x264b06e6);
	CHECK_EQ_U64(zk_crc32_slice8(0, (const unsigned char *)"123456789", 9), 0xcbf43926);
	for (n = 0; n < 256; n++) {
		uint32_t c = n;

		for (i = 0; i < 8; i++)
			c = c >> 1 ^ (c & 1 ? 0xEDB88320u : 0);
		for (k = 0; k < 8; k++) {
			if (zk_crc32_table[k][n] != c)
				bad++;
			c = c >> 8 ^ zk_crc32_table[0][c & 0xff];
		}
	}
	CHECK_EQ_INT(bad, 0);

	/* folding constants: reflect32(x^e mod P) << 1 */
	CHECK_EQ_U64(zk_crc32_fold_k[ZK_K_FOLD1024_LO], reflect(xpow_mod(1056), 32) << 1);
	CHECK_EQ_U64(zk_crc32_fold_k[ZK_K_FOLD1024_HI], reflect(xpow_mod(992), 32) << 1);
	CHECK_EQ_U64(zk_crc32_fold_k[ZK_K_FOLD512_LO], reflect(xpow_mod(544), 32) << 1);
	CHECK_EQ_U64(zk_crc32_fold_k[ZK_K_FOLD512_HI], reflect(xpow_mod(480), 32) << 1);
	CHECK_EQ_U64(zk_crc32_fold_k[ZK_K_FOLD128_LO], reflect(xpow_mod(160), 32) << 1);
	CHECK_EQ_U64(zk_crc32_fold_k[ZK_K_FOLD128_HI], reflect(xpow_mod(96), 32) << 1);
	CHECK_EQ_U64(zk_crc32_fold_k[ZK_K_RED64], reflect(xpow_mod(64), 32) << 1);
	/* mu = floor(x^64 / P) by long division over GF(2) */
	for (i = 0; i <= 64; i++) {	/* bring down the dividend's bits, x^64 first */
		rem = rem << 1 | (i == 0);
		mu <<= 1;
		if (rem >> 32 & 1) {
			rem ^= 0x104C11DB7ull;
			mu |= 1;
		}
	}
	CHECK_EQ_U64(zk_crc32_fold_k[ZK_K_MU], reflect(mu, 33));
	CHECK_EQ_U64(zk_crc32_fold_k[ZK_K_POLY], reflect(0x104C11DB7ull, 33));
	CHECK_EQ_U64(zk_crc32_fold_k[ZK_K_POLY], (uint64_t)0xEDB88320u << 1 | 1);
}

/* a * b carry-less (what PMULL and PCLMULQDQ compute): r[0] the low 64 bits */
static void clmul64(uint64_t a, uint64_t b, uint64_t r[2])
{
	unsigned i;

	r[0] = r[1] = 0;
	for (i = 0; i < 64; i++)
		if (b >> i & 1) {
			r[0] ^= a << i;
			r[1] ^= i ? a >> (64 - i) : 0;
		}
}

static uint64_t get64(const unsigned char *p)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

static void put64(unsigned char *p, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++)
		p[i] = (unsigned char)(v >> 8 * i);
}

/* What the folding kernels do to a 16-byte lane (loaded little-endian as
 * two 64-bit halves): the first half (the message's higher powers) times
 * klo XOR the second times khi, stored back as 16 bytes. */
static void fold_sw(const unsigned char lane[16], uint64_t klo, uint64_t khi,
		    unsigned char out[16])
{
	uint64_t h[2], l[2];

	clmul64(get64(lane), klo, h);
	clmul64(get64(lane + 8), khi, l);
	put64(out, h[0] ^ l[0]);
	put64(out + 8, h[1] ^ l[1]);
}

/* The constants do what they are for, independently of how they were
 * derived: CRC-32 is linear, so with a zero register (preset ~0 undone)
 * the CRC of A, d/8 - 16 zero bytes and B equals the CRC of fold(A) XOR B
 * for each fold distance d the kernels use. */
TEST(kernels_zlib_fold)
{
	static const struct { unsigned d, lo, hi; } dist[] = {
		{ 1024, ZK_K_FOLD1024_LO, ZK_K_FOLD1024_HI },
		{ 512, ZK_K_FOLD512_LO, ZK_K_FOLD512_HI },
		{ 128, ZK_K_FOLD128_LO, ZK_K_FOLD128_HI },
	};
	unsigned char msg[1024 / 8 + 16], f[16];
	uint64_t seed = 0xA4093822299F31D0ull;
	size_t i, n, j;
	int r;

	zk_init();
	for (i = 0; i < sizeof(dist) / sizeof(dist[0]); i++) {
		n = dist[i].d / 8 + 16;
		for (r = 0; r < 32; r++) {
			memset(msg, 0, sizeof(msg));
			fill_random(msg, 16, &seed);
			fill_random(msg + n - 16, 16, &seed);
			fold_sw(msg, zk_crc32_fold_k[dist[i].lo], zk_crc32_fold_k[dist[i].hi], f);
			for (j = 0; j < 16; j++)
				f[j] ^= msg[n - 16 + j];
			if (!CHECK_EQ_U64(zk_crc32_slice8(~0u, f, 16),
					  zk_crc32_slice8(~0u, msg, n)))
				break;
		}
	}
}

/* NMAX: the largest n with 255 n (n + 1) / 2 + (n + 1) (BASE - 1) < 2^32 */
TEST(kernels_zlib_adler_nmax)
{
	uint64_t n = ZK_ADLER_NMAX, lim = 0xffffffffull, base = ZK_ADLER_BASE;

	CHECK(255 * n * (n + 1) / 2 + (n + 1) * (base - 1) <= lim);
	n++;
	CHECK(255 * n * (n + 1) / 2 + (n + 1) * (base - 1) > lim);
}

/* A region whose last byte sits right before a PROT_NONE page. */
struct guarded {
	unsigned char	*map, *end;	/* end: the first byte of the guard page */
	size_t		len;
};

static int guarded_map(struct guarded *g, size_t room)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	room = (room + page - 1) / page * page;
	g->len = room + page;
	g->map = mmap(NULL, g->len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (g->map == MAP_FAILED)
		return -1;
	g->end = g->map + room;
	return mprotect(g->end, page, PROT_NONE);
}

static void guarded_unmap(struct guarded *g)
{
	if (g->map && g->map != MAP_FAILED)
		munmap(g->map, g->len);
}

/* One case: kernel k vs the reference on buf[0..n) from init; reports the
 * first failure with its length, offset and values. */
static int one(struct mt *t, const struct zk_kernel *k, const struct zk_kernel *ref,
	       uint32_t init, const unsigned char *buf, size_t n, const char *what)
{
	uint32_t want = ref->fn(init, buf, n), got = k->fn(init, buf, n);

	t->checks++;
	if (got == want)
		return 1;
	mt_fail(t, __FILE__, __LINE__, "%s/%s %s n=%zu addr%%64=%u init=0x%08x: 0x%08x != 0x%08x",
		zk_op_names[k->head.op], k->head.name, what, n, (unsigned)((uintptr_t)buf & 63),
		(unsigned)init, (unsigned)got, (unsigned)want);
	return 0;
}

/* the folding kernels' steps: 128 bytes, then 64, then 16; a multiple of
 * 128 and one that takes every step */
static const size_t large[] = { 65536 + 7, 3 * ZK_ADLER_NMAX + 1, (1 << 20) + 13,
				65536, 65536 + 64 + 48 + 15 };
#define LARGE_MAX ((size_t)(1 << 20) + 64)

/* Every row of op that the features `have` allow against entry 0; returns
 * the rows compared. */
static unsigned zk_check_op(struct mt *t, enum zk_op op, unsigned have)
{
	const struct zk_kernel *ref = zk_ref(op);
	unsigned compared = 0;
	struct guarded g = { 0 };
	uint64_t seed = 0x243F6A8885A308D3ull ^ op;
	size_t i, n, off;

	if (!CHECK(ref != NULL) || !CHECK(guarded_map(&g, LARGE_MAX + 128) == 0)) {
		guarded_unmap(&g);
		return 0;
	}
	fill_random(g.map, g.end - g.map, &seed);
	for (i = 0; i < zk_kernels_len; i++) {
		const struct zk_kernel *k = &zk_kernels[i];
		int ok = 1;

		if (k->head.op != op || k == ref || !cpu_has(have, k->head.needs))
			continue;
		compared++;
		/* every small length: ending at the guard page (so every
		 * alignment of the start), and starting at a varied offset */
		for (n = 0; n <= SMALL_MAX && ok; n++) {
			uint32_t init = n % 3 ? random_init(op, &seed) : zk_op_init[op];

			ok = one(t, k, ref, init, g.end - n, n, "end-at-guard") &&
			     one(t, k, ref, init, g.map + n * 7 % 64, n, "offset");
		}
		/* large lengths at 16 offsets, the last ending at the guard */
		for (n = 0; n < sizeof(large) / sizeof(large[0]) && ok; n++)
			for (off = 0; off < 16 && ok; off++)
				ok = one(t, k, ref, random_init(op, &seed),
					 off == 15 ? g.end - large[n] : g.map + off, large[n],
					 "large");
	}
	guarded_unmap(&g);
	return compared;
}

TEST(kernels_zlib_crc32)
{
	unsigned rows = zk_check_op(t, ZK_CRC32, cpu_features());

	CHECK(rows >= 1);	/* at least the C row */
#if defined(__x86_64__)
	if (cpu_has(cpu_features(), CPU_PMULL | CPU_SSSE3 | CPU_SSE41))
		CHECK(rows >= 2);
#elif defined(__aarch64__) || defined(__arm__)
	if (cpu_has(cpu_features(), CPU_CRC32))
		CHECK(rows >= 2);
#endif
}

TEST(kernels_zlib_adler32)
{
	unsigned rows = zk_check_op(t, ZK_ADLER32, cpu_features());

	CHECK(rows >= 1);
#if defined(__aarch64__) || defined(__arm__)
	if (cpu_has(cpu_features(), CPU_ASIMD))
		CHECK(rows >= 2);
#endif
}

#if defined(__riscv)
/* 1 if this CPU runs clmul: one is tried under a SIGILL handler. */
static sigjmp_buf zbc_jump;

static void zbc_sigill(int sig)
{
	siglongjmp(zbc_jump, 1);
}

static int zbc_probe(void)
{
	struct sigaction sa = { 0 }, old;
	volatile int ok = 0;
	unsigned long r = 0;

	sa.sa_handler = zbc_sigill;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGILL, &sa, &old))
		return 0;
	if (!sigsetjmp(zbc_jump, 1)) {
		__asm__ volatile(".option push\n\t.option arch, +zbc\n\t"
				 "clmul %0, %1, %1\n\t.option pop" : "=r" (r) : "r" (3ul));
		ok = r == 5;	/* (x + 1)^2 = x^2 + 1 */
	}
	sigaction(SIGILL, &old, NULL);
	return ok;
}
#endif

/*
 * The Zbc row (riscv64) against zlib whenever the CPU runs clmul, even
 * where cpu_features() does not report Zbc: QEMU 7.2's user mode has no
 * riscv_hwprobe and shows the host's /proc/cpuinfo, so the tests probe the
 * instruction themselves (one clmul under a SIGILL handler) and run the
 * row directly. BENCHBOX_CPU_MASK naming zbc still turns it off. The
 * product runs the row only when cpu_features() has CPU_ZBC.
 */
TEST(kernels_zlib_zbc)
{
#if defined(__riscv)
	const char *env = getenv("BENCHBOX_CPU_MASK");
	unsigned mask = 0;

	if (env && *env && cpu_parse_mask(env, &mask) == 0 && (mask & CPU_ZBC))
		SKIP("Zbc masked off (BENCHBOX_CPU_MASK)");
	if (!cpu_has(cpu_features(), CPU_ZBC) && !zbc_probe())
		SKIP("no clmul on this CPU");
	/* c and zbc: the zbc row was compared */
	CHECK(zk_check_op(t, ZK_CRC32, cpu_features() | CPU_ZBC) >= 2);
#else
	SKIP("riscv64 only");
#endif
}

/* f(f(init, a), b) == zlib(init, a||b) at random split points. */
TEST(kernels_zlib_chaining)
{
	enum { N = 20000 };
	unsigned char *buf = malloc(N);
	uint64_t seed = 0x13198A2E03707344ull;
	unsigned have = cpu_features();
	size_t i, s;

	REQUIRE(buf != NULL);
	fill_random(buf, N, &seed);
	for (i = 0; i < zk_kernels_len; i++) {
		const struct zk_kernel *k = &zk_kernels[i];
		const struct zk_kernel *ref = zk_ref(k->head.op);

		if (!cpu_has(have, k->head.needs))
			continue;
		for (s = 0; s < 40; s++) {
			size_t len = s < 20 ? N : (size_t)(rng_next(&seed) % N);
			size_t cut = (size_t)(rng_next(&seed) % (len + 1));
			uint32_t init = s % 2 ? random_init(k->head.op, &seed) : zk_op_init[k->head.op];
			uint32_t whole = ref->fn(init, buf, len);
			uint32_t two = k->fn(k->fn(init, buf, cut), buf + cut, len - cut);

			if (!CHECK_EQ_U64(two, whole))
				break;
		}
	}
	free(buf);
}

/* All-zero and all-0xff data, long enough for several Adler-32 reductions,
 * from the largest valid sums; every usable row against entry 0. */
TEST(kernels_zlib_extremes)
{
	static const size_t lens[] = {
		ZK_ADLER_NMAX - 1, ZK_ADLER_NMAX, ZK_ADLER_NMAX + 1, 4 * ZK_ADLER_NMAX + 31,
		(1 << 20) + 3,
	};
	static const uint32_t inits[ZK_NOPS][3] = {
		{ 0, 0xffffffffu, 0x80000001u },
		{ 1, (ZK_ADLER_BASE - 1u) << 16 | (ZK_ADLER_BASE - 1u), (ZK_ADLER_BASE - 1u) },
	};
	/* the longest case at the last offset (buf + l) fits too */
	size_t max = (1 << 20) + 3 + sizeof(lens) / sizeof(lens[0]), i, l, v;
	unsigned char *buf = malloc(max);
	unsigned have = cpu_features();
	int byte;

	REQUIRE(buf != NULL);
	for (byte = 0; byte <= 0xff; byte += 0xff) {
		memset(buf, byte, max);
		for (i = 0; i < zk_kernels_len; i++) {
			const struct zk_kernel *k = &zk_kernels[i];
			const struct zk_kernel *ref = zk_ref(k->head.op);

			if (!cpu_has(have, k->head.needs))
				continue;
			for (l = 0; l < sizeof(lens) / sizeof(lens[0]); l++)
				for (v = 0; v < 3; v++)
					one(t, k, ref, inits[k->head.op][v], buf + l, lens[l],
					    byte ? "all-0xff" : "all-zero");
		}
	}
	free(buf);
}

/* ---- corpus and round trip ---- */

enum { QUICK = 256 << 10 };

TEST(zlib_corpus_pinned)
{
	unsigned char *a = malloc(QUICK), *b = malloc(QUICK);
	size_t i, text, bin, rnd, printable = 0;

	REQUIRE(a && b);
	zc_generate(a, QUICK);
	memset(b, 0, QUICK);
	zc_generate(b, QUICK);
	CHECK(memcmp(a, b, QUICK) == 0);
	CHECK_EQ_U64(crc32(0, a, QUICK), 0x4c40aaee);	/* pinned */
	/* the parts as documented: 50 / 30 / 20 percent of a stripe */
	zc_stripe_parts(ZC_STRIPE, &text, &bin, &rnd);
	CHECK_EQ_U64(text, 32768);
	CHECK_EQ_U64(bin, 19660);
	CHECK_EQ_U64(rnd, 65536 - 32768 - 19660);
	zc_stripe_parts(1000, &text, &bin, &rnd);
	CHECK(text == 500 && bin == 300 && rnd == 200);
	for (i = 0; i < text; i++)	/* the text part is text */
		printable += (a[i] >= 0x20 && a[i] < 0x7f) || a[i] == '\n';
	CHECK_EQ_U64(printable, text);
	/* a short corpus has its own (shorter) stripe and is still generated */
	zc_generate(b, 1000);
	CHECK(memcmp(a, b, 100) == 0);	/* same seeds: the text starts alike */
	free(a);
	free(b);
}

static double ratio(const unsigned char *p, size_t n, int level)
{
	uLongf clen = compressBound((uLong)n);
	unsigned char *c = malloc(clen);
	double r = 0;

	if (c && compress2(c, &clen, p, (uLong)n, level) == Z_OK)
		r = (double)n / (double)clen;
	free(c);
	return r;
}

TEST(zlib_corpus_mix)
{
	unsigned char *a = malloc(QUICK);
	size_t text, bin, rnd;
	double r6;

	REQUIRE(a != NULL);
	zc_generate(a, QUICK);
	zc_stripe_parts(ZC_STRIPE, &text, &bin, &rnd);
	r6 = ratio(a, QUICK, 6);
	CHECK(r6 > 1.80 && r6 < 1.95);			/* pinned range */
	CHECK(ratio(a, text, 6) > 2.5);			/* text compresses */
	CHECK(ratio(a + text, bin, 6) > 2.0);		/* records compress */
	CHECK(ratio(a + text + bin, rnd, 6) < 1.0);	/* random bytes do not */
	CHECK(ratio(a, QUICK, 1) < r6 + 0.001);		/* level 1 no better */
	free(a);
}

TEST(zlib_roundtrip_check)
{
	size_t n = QUICK;
	uLongf clen = compressBound((uLong)n);
	unsigned char *orig = malloc(n), *out = malloc(n), *comp = malloc(clen);
	z_stream s;
	int zrc;

	REQUIRE(orig && out && comp);
	zc_generate(orig, n);
	REQUIRE(compress2(comp, &clen, orig, (uLong)n, 6) == Z_OK);
	CHECK_EQ_INT(zc_verify(orig, n, comp, clen, out), 0);
	CHECK_EQ_INT(zc_check(orig, out, n, Z_STREAM_END, n), 0);

	out[n / 2] ^= 1;				/* a changed output byte */
	CHECK_EQ_INT(zc_check(orig, out, n, Z_STREAM_END, n), -1);
	out[n / 2] ^= 1;
	CHECK_EQ_INT(zc_check(orig, out, n, Z_STREAM_END, n - 1), -1);	/* short */
	CHECK_EQ_INT(zc_check(orig, out, n, Z_BUF_ERROR, n), -1);	/* status */
	CHECK_EQ_INT(zc_check(orig, out, n, Z_DATA_ERROR, n), -1);

	comp[clen / 2] ^= 0x10;				/* a corrupted stream */
	CHECK_EQ_INT(zc_verify(orig, n, comp, clen, out), -1);
	comp[clen / 2] ^= 0x10;
	CHECK_EQ_INT(zc_verify(orig, n, comp, clen - 8, out), -1);	/* truncated */
	CHECK_EQ_INT(zc_verify(orig, n, comp, clen, out), 0);

	/* a correct stream of other data fails against this corpus */
	memset(&s, 0, sizeof(s));
	REQUIRE(deflateInit(&s, 1) == Z_OK);
	orig[0] ^= 0xff;
	s.next_in = orig;
	s.avail_in = (uInt)n;
	s.next_out = comp;
	s.avail_out = (uInt)compressBound((uLong)n);
	zrc = deflate(&s, Z_FINISH);
	clen = s.total_out;
	deflateEnd(&s);
	CHECK_EQ_INT(zrc, Z_STREAM_END);
	orig[0] ^= 0xff;
	CHECK_EQ_INT(zc_verify(orig, n, comp, clen, out), -1);
	free(orig);
	free(out);
	free(comp);
}
