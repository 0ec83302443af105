/* nbench_int.c - the integer and memory workloads of nbench (BYTEmark method):
 * numeric sort, string sort, bitfield, FP emulation, assignment, IDEA, Huffman
 *
 * SPDX-License-Identifier: MIT
 *
 * Written from the published descriptions of what each BYTEmark test does;
 * the data are ours (seeded xorshift64*), so the work per iteration is of the
 * same kind as BYTEmark's, not the same bytes. Every array of a pass holds
 * the same data, so the work per iteration does not depend on the pass size:
 *   numeric sort   heapsort of arrays of 8111 random int32 (1 iteration = 1 array)
 *   string sort    heapsort of 4..80-byte random strings packed in an 8111-byte
 *                  area through an offset table; a swap moves the bytes (and
 *                  shifts the strings between) and fixes the offsets (1 = 1 array)
 *   bitfield       runs of 1..1024 bits set, cleared or flipped one bit at a
 *                  time in a 128 KiB bitmap of longs (1 iteration = 1 bit)
 *   FP emulation   add/sub/mul/div in a software format (64-bit mantissa in
 *                  16-bit words, bit-serial multiply/divide/normalise) over
 *                  3000-element arrays (1 = one pass over the arrays)
 *   assignment     textbook Hungarian method on 101x101 random costs: reduce,
 *                  assign zeros (a maximum matching, rebuilt every round), cover,
 *                  adjust (1 = 1 matrix solved)
 *   IDEA           8 rounds + output transform, ECB encrypt then decrypt of a
 *                  4000-byte buffer (1 = one encrypt+decrypt of the buffer)
 *   Huffman        tree, codes, bit-by-bit compress and decompress of a
 *                  5000-byte text made from a word list (1 = one round trip)
 * Each check() verifies the last pass: sorted and the same multiset, the
 * bitmap against a word-at-a-time reference, the emulated results against
 * native doubles, an optimality certificate for the assignment, IDEA's
 * published test vector and round trip, the Huffman round trip.
 */
#include "bench.h"
#include "nbench.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t nb_mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ull;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebull;
	x ^= x >> 31;
	return x;
}

/* Seeds: fixed per test, so every pass (and every run) sees the same data. */
enum { SEED_NUMSORT = 13, SEED_STRSORT = 14, SEED_BITS = 15, SEED_FP = 16,
       SEED_ASSIGN = 17, SEED_IDEA = 18, SEED_HUFF = 19 };

/* Grow a buffer to hold n elements of size sz; 0 ok, -1 out of memory. */
static int grow(void **p, uint64_t *cap, uint64_t n, size_t sz)
{
	void *q;

	if (n <= *cap)
		return 0;
	if (n > SIZE_MAX / sz || !(q = realloc(*p, (size_t)n * sz)))
		return -1;
	*p = q;
	*cap = n;
	return 0;
}

/* numeric sort ------------------------------------------------------------- */

static void sift_i32(int32_t *a, size_t root, size_t n)
{
	int32_t v = a[root];
	size_t child;

	while ((child = 2 * root + 1) < n) {
		if (child + 1 < n && a[child] < a[child + 1])
			child++;
		if (v >= a[child])
			break;
		a[root] = a[child];
		root = child;
	}
	a[root] = v;
}

void nb_heapsort_i32(int32_t *a, size_t n)
{
	size_t i, end;

	if (n < 2)
		return;
	for (i = n / 2; i-- > 0;)
		sift_i32(a, i, n);
	for (end = n - 1; end > 0; end--) {
		int32_t t = a[0];

		a[0] = a[end];
		a[end] = t;
		sift_i32(a, 0, end);
	}
}

uint64_t nb_fingerprint_i32(const int32_t *a, size_t n)
{
	uint64_t s = n;
	size_t i;

	for (i = 0; i < n; i++)
		s += nb_mix64((uint32_t)a[i]);
	return s;
}

int nb_numsort_verify(const int32_t *a, size_t n, uint64_t fp)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (a[i - 1] > a[i])
			return -1;
	return nb_fingerprint_i32(a, n) == fp ? 0 : -1;
}

struct numsort {
	int32_t		*a;
	uint64_t	*fp;
	uint64_t	cap_a, cap_fp, units;
};

static void *numsort_create(void)
{
	return calloc(1, sizeof(struct numsort));
}

static double numsort_prepare(void *p, uint64_t units)
{
	struct numsort *s = p;
	struct nb_rng r;
	uint64_t u;
	size_t i;

	if (grow((void **)&s->a, &s->cap_a, units * NB_NUMSORT_N, sizeof(int32_t)) ||
	    grow((void **)&s->fp, &s->cap_fp, units, sizeof(uint64_t)))
		return -1;
	nb_rng_seed(&r, SEED_NUMSORT);
	for (i = 0; i < NB_NUMSORT_N; i++)
		s->a[i] = (int32_t)(uint32_t)nb_rng_next(&r);
	s->fp[0] = nb_fingerprint_i32(s->a, NB_NUMSORT_N);
	for (u = 1; u < units; u++) {	/* the same work in every array */
		memcpy(s->a + u * NB_NUMSORT_N, s->a, NB_NUMSORT_N * sizeof(int32_t));
		s->fp[u] = s->fp[0];
	}
	s->units = units;
	return (double)units;
}

static void numsort_run(void *p)
{
	struct numsort *s = p;
	uint64_t u;

	for (u = 0; u < s->units; u++)
		nb_heapsort_i32(s->a + u * NB_NUMSORT_N, NB_NUMSORT_N);
}

static int numsort_check(void *p, char *why, size_t len)
{
	struct numsort *s = p;
	uint64_t u;

	for (u = 0; u < s->units; u++)
		if (nb_numsort_verify(s->a + u * NB_NUMSORT_N, NB_NUMSORT_N, s->fp[u])) {
			snprintf(why, len, "array %llu is not a sorted copy of its input",
				 (unsigned long long)u);
			return -1;
		}
	return 0;
}

static void numsort_destroy(void *p)
{
	struct numsort *s = p;

	if (s) {
		free(s->a);
		free(s->fp);
		free(s);
	}
}

const struct nb_test nb_numeric_sort = {
	"numeric_sort", "NUMERIC SORT", "arrays of 8111 int32 sorted",
	38.993, 118.73, NB_ORIG_INT | NB_LINUX_INT, 1 << 12,
	numsort_create, numsort_prepare, numsort_run, numsort_check, numsort_destroy,
};

/* string sort -------------------------------------------------------------- */

enum { STR_MAXN = NB_STRSORT_AREA / (NB_STR_MIN + 1) };

void nb_strarr_fill(struct nb_strarr *s, struct nb_rng *r)
{
	size_t pos = 0, n = 0;

	while (pos + 1 + NB_STR_MIN <= NB_STRSORT_AREA) {
		size_t len = NB_STR_MIN + nb_rng_below(r, NB_STR_MAX - NB_STR_MIN + 1), i;

		if (pos + 1 + len > NB_STRSORT_AREA)
			len = NB_STRSORT_AREA - pos - 1;
		s->area[pos] = (uint8_t)len;
		for (i = 1; i <= len; i++)
			s->area[pos + i] = (uint8_t)('A' + nb_rng_below(r, 26));
		s->offs[n++] = (uint32_t)pos;
		pos += 1 + len;
	}
	s->n = n;
	s->used = pos;
	s->fp = nb_strarr_fingerprint(s);
}

static uint64_t str_hash(const uint8_t *p)
{
	uint64_t h = 0xcbf29ce484222325ull;
	unsigned i;

	for (i = 0; i <= p[0]; i++)		/* the length byte too */
		h = (h ^ p[i]) * 0x100000001b3ull;
	return h;
}

uint64_t nb_strarr_fingerprint(const struct nb_strarr *s)
{
	uint64_t f = s->n;
	size_t k;

	for (k = 0; k < s->n; k++)
		f += nb_mix64(str_hash(s->area + s->offs[k]));
	return f;
}

static int str_cmp(const uint8_t *x, const uint8_t *y)
{
	unsigned lx = x[0], ly = y[0];
	int c = memcmp(x + 1, y + 1, lx < ly ? lx : ly);

	return c ? c : (int)lx - (int)ly;
}

/* Swap elements i and j: the two strings trade places in the area, the
 * strings between them shift by the difference in length, and every offset
 * that pointed between them moves too. */
static void str_swap(struct nb_strarr *s, size_t i, size_t j)
{
	uint32_t oi = s->offs[i], oj = s->offs[j];
	uint32_t lo = oi < oj ? oi : oj, hi = oi < oj ? oj : oi;
	uint8_t ta[NB_STR_MAX + 1], tb[NB_STR_MAX + 1];
	uint32_t la = s->area[lo] + 1u, lb = s->area[hi] + 1u, mid = hi - lo - la;
	uint32_t new_a = hi + lb - la;
	size_t k;

	memcpy(ta, s->area + lo, la);
	memcpy(tb, s->area + hi, lb);
	memmove(s->area + lo + lb, s->area + lo + la, mid);
	memcpy(s->area + lo, tb, lb);
	memcpy(s->area + new_a, ta, la);
	for (k = 0; k < s->n; k++)
		if (s->offs[k] > lo && s->offs[k] < hi)
			s->offs[k] += lb - la;
	if (oi == lo) {
		s->offs[i] = lo;
		s->offs[j] = new_a;
	} else {
		s->offs[i] = new_a;
		s->offs[j] = lo;
	}
}

static void sift_str(struct nb_strarr *s, size_t root, size_t n)
{
	size_t child;

	while ((child = 2 * root + 1) < n) {
		if (child + 1 < n && str_cmp(s->area + s->offs[child],
					     s->area + s->offs[child + 1]) < 0)
			child++;
		if (str_cmp(s->area + s->offs[root], s->area + s->offs[child]) >= 0)
			break;
		str_swap(s, root, child);
		root = child;
	}
}

void nb_strsort(struct nb_strarr *s)
{
	size_t i, end;

	if (s->n < 2)
		return;
	for (i = s->n / 2; i-- > 0;)
		sift_str(s, i, s->n);
	for (end = s->n - 1; end > 0; end--) {
		str_swap(s, 0, end);
		sift_str(s, 0, end);
	}
}

int nb_strsort_verify(const struct nb_strarr *s)
{
	uint8_t seen[NB_STRSORT_AREA] = { 0 };
	size_t k, pos, covered = 0;

	for (k = 0; k < s->n; k++) {
		uint32_t o = s->offs[k];

		if (o >= s->used || o + 1u + s->area[o] > s->used || seen[o])
			return -1;
		seen[o] = 1;
		covered += 1u + s->area[o];
		if (k && str_cmp(s->area + s->offs[k - 1], s->area + o) > 0)
			return -1;
	}
	/* the strings tile the used area: walking it by lengths hits every offset */
	for (pos = 0; pos < s->used; pos += 1u + s->area[pos])
		if (!seen[pos])
			return -1;
	if (pos != s->used || covered != s->used)
		return -1;
	return nb_strarr_fingerprint(s) == s->fp ? 0 : -1;
}

struct strsort {
	uint8_t		*area;
	uint32_t	*offs;
	struct nb_strarr *arr;
	uint64_t	cap_area, cap_offs, cap_arr, units;
};

static void *strsort_create(void)
{
	return calloc(1, sizeof(struct strsort));
}

static double strsort_prepare(void *p, uint64_t units)
{
	struct strsort *s = p;
	struct nb_rng r;
	uint64_t u;

	if (grow((void **)&s->area, &s->cap_area, units * NB_STRSORT_AREA, 1) ||
	    grow((void **)&s->offs, &s->cap_offs, units * STR_MAXN, sizeof(uint32_t)) ||
	    grow((void **)&s->arr, &s->cap_arr, units, sizeof(struct nb_strarr)))
		return -1;
	for (u = 0; u < units; u++) {	/* the same strings in every array */
		s->arr[u].area = s->area + u * NB_STRSORT_AREA;
		s->arr[u].offs = s->offs + u * STR_MAXN;
		nb_rng_seed(&r, SEED_STRSORT);
		nb_strarr_fill(&s->arr[u], &r);
	}
	s->units = units;
	return (double)units;
}

static void strsort_run(void *p)
{
	struct strsort *s = p;
	uint64_t u;

	for (u = 0; u < s->units; u++)
		nb_strsort(&s->arr[u]);
}

static int strsort_check(void *p, char *why, size_t len)
{
	struct strsort *s = p;
	uint64_t u;

	for (u = 0; u < s->units; u++)
		if (nb_strsort_verify(&s->arr[u])) {
			snprintf(why, len, "string array %llu is not a sorted copy of its input",
				 (unsigned long long)u);
			return -1;
		}
	return 0;
}

static void strsort_destroy(void *p)
{
	struct strsort *s = p;

	if (s) {
		free(s->area);
		free(s->offs);
		free(s->arr);
		free(s);
	}
}

const struct nb_test nb_string_sort = {
	"string_sort", "STRING SORT", "8111-byte string arrays sorted",
	2.238, 14.459, NB_ORIG_INT | NB_LINUX_MEM, 1 << 12,
	strsort_create, strsort_prepare, strsort_run, strsort_check, strsort_destroy,
};

/* bitfield ------------------------------------------------------------------ */

enum { LONG_BITS = (int)(sizeof(unsigned long) * 8),
       MAP_LONGS = NB_BITMAP_BYTES / (int)sizeof(unsigned long),
       MAP_BITS = NB_BITMAP_BYTES * 8, BIT_MAXRUN = 1024 };

uint64_t nb_bitops_run(unsigned long *map, const struct nb_bitop *ops, size_t n)
{
	uint64_t bits = 0;
	size_t k;

	for (k = 0; k < n; k++) {
		uint32_t b = ops[k].start, end = b + ops[k].len;

		bits += ops[k].len;
		switch (ops[k].kind) {
		case NB_BIT_CLEAR:
			for (; b < end; b++)
				map[b / LONG_BITS] &= ~(1ul << (b % LONG_BITS));
			break;
		case NB_BIT_SET:
			for (; b < end; b++)
				map[b / LONG_BITS] |= 1ul << (b % LONG_BITS);
			break;
		default:
			for (; b < end; b++)
				map[b / LONG_BITS] ^= 1ul << (b % LONG_BITS);
			break;
		}
	}
	return bits;
}

void nb_bitops_ref(unsigned long *map, const struct nb_bitop *ops, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++) {
		uint32_t b = ops[k].start, end = b + ops[k].len;

		while (b < end) {
			uint32_t off = b % LONG_BITS, nb = LONG_BITS - off;
			unsigned long m;

			if (nb > end - b)
				nb = end - b;
			m = nb == LONG_BITS ? ~0ul : ((1ul << nb) - 1) << off;
			if (ops[k].kind == NB_BIT_CLEAR)
				map[b / LONG_BITS] &= ~m;
			else if (ops[k].kind == NB_BIT_SET)
				map[b / LONG_BITS] |= m;
			else
				map[b / LONG_BITS] ^= m;
			b += nb;
		}
	}
}

struct bitfield {
	unsigned long	*map, *ref, *init;
	struct nb_bitop	*ops;
	uint64_t	cap_ops, units, bits;
};

static void bitfield_destroy(void *p)
{
	struct bitfield *s = p;

	if (s) {
		free(s->map);
		free(s->ref);
		free(s->init);
		free(s->ops);
		free(s);
	}
}

static void *bitfield_create(void)
{
	struct bitfield *s = calloc(1, sizeof(*s));
	struct nb_rng r;
	size_t i;

	if (!s)
		return NULL;
	s->map = malloc(NB_BITMAP_BYTES);
	s->ref = malloc(NB_BITMAP_BYTES);
	s->init = malloc(NB_BITMAP_BYTES);
	if (!s->map || !s->ref || !s->init) {
		bitfield_destroy(s);
		return NULL;
	}
	nb_rng_seed(&r, SEED_BITS);
	for (i = 0; i < MAP_LONGS; i++)
		s->init[i] = (unsigned long)nb_rng_next(&r);
	return s;
}

static double bitfield_prepare(void *p, uint64_t units)
{
	struct bitfield *s = p;
	struct nb_rng r;
	uint64_t u;

	if (grow((void **)&s->ops, &s->cap_ops, units, sizeof(struct nb_bitop)))
		return -1;
	nb_rng_seed(&r, SEED_BITS + 1);
	s->bits = 0;
	for (u = 0; u < units; u++) {
		struct nb_bitop *o = &s->ops[u];

		o->start = nb_rng_below(&r, MAP_BITS);
		o->len = 1 + nb_rng_below(&r, BIT_MAXRUN);
		if (o->len > MAP_BITS - o->start)
			o->len = MAP_BITS - o->start;
		o->kind = nb_rng_below(&r, 3);
		s->bits += o->len;
	}
	memcpy(s->map, s->init, NB_BITMAP_BYTES);
	memcpy(s->ref, s->init, NB_BITMAP_BYTES);
	s->units = units;
	return (double)s->bits;
}

static void bitfield_run(void *p)
{
	struct bitfield *s = p;

	bench_keep_u64(nb_bitops_run(s->map, s->ops, s->units));
}

int nb_bitfield_verify(const unsigned long *map, unsigned long *ref, size_t words,
		       const struct nb_bitop *ops, size_t n, size_t *bad)
{
	size_t i;

	nb_bitops_ref(ref, ops, n);
	for (i = 0; i < words; i++)
		if (map[i] != ref[i]) {
			if (bad)
				*bad = i;
			return -1;
		}
	return 0;
}

static int bitfield_check(void *p, char *why, size_t len)
{
	struct bitfield *s = p;
	size_t i = 0;

	if (nb_bitfield_verify(s->map, s->ref, MAP_LONGS, s->ops, s->units, &i)) {
		snprintf(why, len, "bitmap word %zu is %#lx, the word-wise reference "
			 "says %#lx", i, s->map[i], s->ref[i]);
		return -1;
	}
	return 0;
}

const struct nb_test nb_bitfield = {
	"bitfield", "BITFIELD", "bits set, cleared or flipped",
	5829704, 27910000, NB_ORIG_INT | NB_LINUX_MEM, 1 << 22,
	bitfield_create, bitfield_prepare, bitfield_run, bitfield_check, bitfield_destroy,
};

/* FP emulation -------------------------------------------------------------- */

enum { FP_EXP_MAX = 16000 };

/* Shift an n-word big-endian mantissa one bit; returns the bit shifted out. */
static unsigned mant_shl1(uint16_t *m, int n)
{
	unsigned carry = 0;
	int i;

	for (i = n - 1; i >= 0; i--) {
		unsigned out = m[i] >> 15;

		m[i] = (uint16_t)(m[i] << 1 | carry);
		carry = out;
	}
	return carry;
}

static unsigned mant_shr1(uint16_t *m, int n, unsigned in)
{
	unsigned carry = in;
	int i;

	for (i = 0; i < n; i++) {
		unsigned out = m[i] & 1;

		m[i] = (uint16_t)(m[i] >> 1 | carry << 15);
		carry = out;
	}
	return carry;
}

static unsigned mant_add(uint16_t *d, const uint16_t *s, int n)
{
	unsigned carry = 0;
	int i;

	for (i = n - 1; i >= 0; i--) {
		unsigned t = (unsigned)d[i] + s[i] + carry;

		d[i] = (uint16_t)t;
		carry = t >> 16;
	}
	return carry;
}

static void mant_sub(uint16_t *d, const uint16_t *s, int n)
{
	unsigned borrow = 0;
	int i;

	for (i = n - 1; i >= 0; i--) {
		unsigned t = (unsigned)d[i] - s[i] - borrow;

		d[i] = (uint16_t)t;
		borrow = (t >> 16) & 1;
	}
}

static int mant_cmp(const uint16_t *a, const uint16_t *b, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

static int mant_zero(const uint16_t *m, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (m[i])
			return 0;
	return 1;
}

static void fp_special(struct nb_fp *d, int type, int sign)
{
	memset(d, 0, sizeof(*d));
	d->type = (uint8_t)type;
	d->sign = (uint8_t)sign;
}

/* d = the 4 leading words of m (n >= 5 words, normalised), rounded to nearest
 * on word 4's top bit. */
static void fp_round_store(struct nb_fp *d, int sign, int exp, const uint16_t *m)
{
	uint16_t r[NB_FP_WORDS];
	static const uint16_t one[NB_FP_WORDS] = { 0, 0, 0, 1 };

	memcpy(r, m, sizeof(r));
	if (m[NB_FP_WORDS] & 0x8000) {
		if (mant_add(r, one, NB_FP_WORDS)) {
			r[0] = 0x8000;
			exp++;
		}
	}
	if (exp > FP_EXP_MAX) {
		fp_special(d, NB_FP_INF, sign);
		return;
	}
	if (exp < -FP_EXP_MAX) {
		fp_special(d, NB_FP_ZERO, sign);
		return;
	}
	d->type = NB_FP_NORMAL;
	d->sign = (uint8_t)sign;
	d->exp = (int16_t)exp;
	memcpy(d->m, r, sizeof(r));
}

void nb_fp_from_i32(struct nb_fp *d, int32_t v)
{
	uint32_t u = v < 0 ? 0u - (uint32_t)v : (uint32_t)v;

	if (!v) {
		fp_special(d, NB_FP_ZERO, 0);
		return;
	}
	d->type = NB_FP_NORMAL;
	d->sign = v < 0;
	d->exp = 32;
	d->m[0] = (uint16_t)(u >> 16);
	d->m[1] = (uint16_t)u;
	d->m[2] = d->m[3] = 0;
	while (!(d->m[0] & 0x8000)) {
		mant_shl1(d->m, NB_FP_WORDS);
		d->exp--;
	}
}

double nb_fp_to_double(const struct nb_fp *x)
{
	uint64_t m = 0;
	double v;
	int i, e;

	switch (x->type) {
	case NB_FP_ZERO: return x->sign ? -0.0 : 0.0;
	case NB_FP_INF: return x->sign ? -1.0 / 0.0 : 1.0 / 0.0;
	case NB_FP_NAN: return 0.0 / 0.0;
	}
	for (i = 0; i < NB_FP_WORDS; i++)
		m = m << 16 | x->m[i];
	v = (double)m;			/* rounds to 53 bits */
	for (e = x->exp - 64; e > 0; e--)	/* exact powers of two, no libm needed */
		v *= 2.0;
	for (; e < 0; e++)
		v *= 0.5;
	return x->sign ? -v : v;
}

static void fp_addsub(struct nb_fp *d, const struct nb_fp *a, const struct nb_fp *b, int neg)
{
	int sb = b->sign ^ neg, sign, exp, diff;
	uint16_t x[NB_FP_WORDS + 1], y[NB_FP_WORDS + 1];

	if (a->type == NB_FP_NAN || b->type == NB_FP_NAN) {
		fp_special(d, NB_FP_NAN, 0);
		return;
	}
	if (a->type == NB_FP_INF || b->type == NB_FP_INF) {
		if (a->type == NB_FP_INF && b->type == NB_FP_INF && a->sign != sb)
			fp_special(d, NB_FP_NAN, 0);
		else
			fp_special(d, NB_FP_INF, a->type == NB_FP_INF ? a->sign : sb);
		return;
	}
	if (b->type == NB_FP_ZERO) {
		*d = *a;
		return;
	}
	if (a->type == NB_FP_ZERO) {
		*d = *b;
		d->sign = (uint8_t)sb;
		return;
	}
	/* x: the operand with the larger exponent */
	if (a->exp >= b->exp) {
		memcpy(x, a->m, sizeof(a->m));
		memcpy(y, b->m, sizeof(b->m));
		sign = a->sign;
		exp = a->exp;
		diff = a->exp - b->exp;
	} else {
		memcpy(x, b->m, sizeof(b->m));
		memcpy(y, a->m, sizeof(a->m));
		sign = sb;
		sb = a->sign;
		exp = b->exp;
		diff = b->exp - a->exp;
	}
	x[NB_FP_WORDS] = y[NB_FP_WORDS] = 0;
	if (diff > 16 * (NB_FP_WORDS + 1)) {
		memset(y, 0, sizeof(y));
	} else {
		while (diff--)
			mant_shr1(y, NB_FP_WORDS + 1, 0);
	}
	if (sign == sb) {
		if (mant_add(x, y, NB_FP_WORDS + 1)) {
			mant_shr1(x, NB_FP_WORDS + 1, 1);
			exp++;
		}
	} else {
		if (mant_cmp(x, y, NB_FP_WORDS + 1) < 0) {
			uint16_t t[NB_FP_WORDS + 1];

			memcpy(t, x, sizeof(t));
			memcpy(x, y, sizeof(t));
			memcpy(y, t, sizeof(t));
			sign = sb;
		}
		mant_sub(x, y, NB_FP_WORDS + 1);
		if (mant_zero(x, NB_FP_WORDS + 1)) {
			fp_special(d, NB_FP_ZERO, 0);
			return;
		}
		while (!(x[0] & 0x8000)) {
			mant_shl1(x, NB_FP_WORDS + 1);
			exp--;
		}
	}
	fp_round_store(d, sign, exp, x);
}

void nb_fp_add(struct nb_fp *d, const struct nb_fp *a, const struct nb_fp *b)
{
	fp_addsub(d, a, b, 0);
}

void nb_fp_sub(struct nb_fp *d, const struct nb_fp *a, const struct nb_fp *b)
{
	fp_addsub(d, a, b, 1);
}

/* Shift-and-add: for each multiplier bit from the least significant, add the
 * multiplicand into the high half if set, then shift the double-length
 * product right one bit. */
void nb_fp_mul(struct nb_fp *d, const struct nb_fp *a, const struct nb_fp *b)
{
	uint16_t p[2 * NB_FP_WORDS] = { 0 };
	int sign = a->sign ^ b->sign, exp, i;

	if (a->type == NB_FP_NAN || b->type == NB_FP_NAN ||
	    (a->type == NB_FP_INF && b->type == NB_FP_ZERO) ||
	    (a->type == NB_FP_ZERO && b->type == NB_FP_INF)) {
		fp_special(d, NB_FP_NAN, 0);
		return;
	}
	if (a->type == NB_FP_INF || b->type == NB_FP_INF) {
		fp_special(d, NB_FP_INF, sign);
		return;
	}
	if (a->type == NB_FP_ZERO || b->type == NB_FP_ZERO) {
		fp_special(d, NB_FP_ZERO, sign);
		return;
	}
	for (i = 0; i < 16 * NB_FP_WORDS; i++) {
		unsigned bit = b->m[NB_FP_WORDS - 1 - i / 16] >> (i % 16) & 1, carry = 0;

		if (bit)
			carry = mant_add(p, a->m, NB_FP_WORDS);
		mant_shr1(p, 2 * NB_FP_WORDS, carry);
	}
	exp = a->exp + b->exp;
	if (!(p[0] & 0x8000)) {
		mant_shl1(p, 2 * NB_FP_WORDS);
		exp--;
	}
	fp_round_store(d, sign, exp, p);
}

/* Restoring division: the remainder doubles each step and the divisor is
 * subtracted when it fits, one quotient bit at a time. */
void nb_fp_div(struct nb_fp *d, const struct nb_fp *a, const struct nb_fp *b)
{
	enum { RW = NB_FP_WORDS + 2 };		/* overflow word, mantissa, extension */
	uint16_t r[RW] = { 0 }, y[RW] = { 0 }, q[NB_FP_WORDS + 1] = { 0 };
	int sign = a->sign ^ b->sign, exp, i;

	if (a->type == NB_FP_NAN || b->type == NB_FP_NAN ||
	    (a->type == NB_FP_INF && b->type == NB_FP_INF) ||
	    (a->type == NB_FP_ZERO && b->type == NB_FP_ZERO)) {
		fp_special(d, NB_FP_NAN, 0);
		return;
	}
	if (a->type == NB_FP_INF || b->type == NB_FP_ZERO) {
		fp_special(d, NB_FP_INF, sign);
		return;
	}
	if (a->type == NB_FP_ZERO || b->type == NB_FP_INF) {
		fp_special(d, NB_FP_ZERO, sign);
		return;
	}
	memcpy(r + 1, a->m, sizeof(a->m));
	memcpy(y + 1, b->m, sizeof(b->m));
	exp = a->exp - b->exp;
	if (mant_cmp(r, y, RW) >= 0) {		/* quotient >= 1: halve the dividend */
		mant_shr1(r, RW, 0);
		exp++;
	}
	for (i = 0; i <= 16 * NB_FP_WORDS; i++) {	/* 64 quotient bits, then a rounding bit */
		unsigned bit = 0;

		mant_shl1(r, RW);
		if (mant_cmp(r, y, RW) >= 0) {
			mant_sub(r, y, RW);
			bit = 1;
		}
		if (i < 16 * NB_FP_WORDS) {
			mant_shl1(q, NB_FP_WORDS);
			q[NB_FP_WORDS - 1] |= (uint16_t)bit;
		} else {
			q[NB_FP_WORDS] = (uint16_t)(bit << 15);
		}
	}
	fp_round_store(d, sign, exp, q);
}

void nb_fpemu_pass(const struct nb_fp *a, const struct nb_fp *b, struct nb_fp *c, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		switch (i % 4) {
		case 0: nb_fp_add(&c[i], &a[i], &b[i]); break;
		case 1: nb_fp_sub(&c[i], &a[i], &b[i]); break;
		case 2: nb_fp_mul(&c[i], &a[i], &b[i]); break;
		default: nb_fp_div(&c[i], &a[i], &b[i]); break;
		}
	}
}

int nb_fpemu_verify(const struct nb_fp *a, const struct nb_fp *b, const struct nb_fp *c,
		    size_t n, size_t *bad)
{
	const double tol = 1.0 / (1ull << 50);
	size_t i;

	for (i = 0; i < n; i++) {
		double x = nb_fp_to_double(&a[i]), y = nb_fp_to_double(&b[i]);
		double want, got = nb_fp_to_double(&c[i]), err;

		switch (i % 4) {
		case 0: want = x + y; break;
		case 1: want = x - y; break;
		case 2: want = x * y; break;
		default: want = x / y; break;
		}
		err = got - want;
		if (err < 0)
			err = -err;
		if (!(err <= tol * (want < 0 ? -want : want))) {	/* NaN fails */
			if (bad)
				*bad = i;
			return -1;
		}
	}
	return 0;
}

struct fpemu {
	struct nb_fp	a[NB_FPEMU_N], b[NB_FPEMU_N], c[NB_FPEMU_N];
	uint64_t	units;
};

/* A random double-exact value: 53 significant bits, exponent in [-24, 24]. */
static void fp_random(struct nb_fp *d, struct nb_rng *r)
{
	uint64_t m = (nb_rng_next(r) | 1ull << 63) & ~0x7ffull;
	int i;

	d->type = NB_FP_NORMAL;
	d->sign = nb_rng_next(r) >> 63;
	d->exp = (int16_t)((int)nb_rng_below(r, 49) - 24);
	for (i = 0; i < NB_FP_WORDS; i++)
		d->m[i] = (uint16_t)(m >> (48 - 16 * i));
}

static void *fpemu_create(void)
{
	struct fpemu *s = calloc(1, sizeof(*s));
	struct nb_rng r;
	size_t i;

	if (!s)
		return NULL;
	nb_rng_seed(&r, SEED_FP);
	for (i = 0; i < NB_FPEMU_N; i++) {
		fp_random(&s->a[i], &r);
		fp_random(&s->b[i], &r);
		if (i % 16 == 1)	/* now and then a near-cancelling difference */
			s->b[i] = s->a[i], s->b[i].m[3] ^= 0x0800;
	}
	return s;
}

static double fpemu_prepare(void *p, uint64_t units)
{
	struct fpemu *s = p;

	memset(s->c, 0, sizeof(s->c));
	s->units = units;
	return (double)units;
}

static void fpemu_run(void *p)
{
	struct fpemu *s = p;
	uint64_t u;

	for (u = 0; u < s->units; u++) {
		nb_fpemu_pass(s->a, s->b, s->c, NB_FPEMU_N);
		bench_clobber();
	}
}

static int fpemu_check(void *p, char *why, size_t len)
{
	struct fpemu *s = p;
	size_t bad = 0;

	if (nb_fpemu_verify(s->a, s->b, s->c, NB_FPEMU_N, &bad)) {
		snprintf(why, len, "emulated result %zu is %.17g, the FPU says %.17g", bad,
			 nb_fp_to_double(&s->c[bad]),
			 bad % 4 == 0 ? nb_fp_to_double(&s->a[bad]) + nb_fp_to_double(&s->b[bad]) :
			 bad % 4 == 1 ? nb_fp_to_double(&s->a[bad]) - nb_fp_to_double(&s->b[bad]) :
			 bad % 4 == 2 ? nb_fp_to_double(&s->a[bad]) * nb_fp_to_double(&s->b[bad]) :
					nb_fp_to_double(&s->a[bad]) / nb_fp_to_double(&s->b[bad]));
		return -1;
	}
	return 0;
}

static void fpemu_destroy(void *p)
{
	free(p);
}

const struct nb_test nb_fp_emulation = {
	"fp_emulation", "FP EMULATION", "passes over 3000 emulated add/sub/mul/div",
	2.084, 9.0314, NB_ORIG_INT | NB_LINUX_INT, 1 << 20,
	fpemu_create, fpemu_prepare, fpemu_run, fpemu_check, fpemu_destroy,
};

/* assignment ---------------------------------------------------------------- */

enum { ASSIGN_RANGE = 100000 };

/* Augment the zero-matching from free row r (breadth first); 1 if it grew. */
static int assign_augment(const int32_t *c, int n, int r, int *mrow, int *mcol, int *from,
			  int *queue, uint8_t *seen)
{
	int head = 0, tail = 0, i, j;

	memset(seen, 0, (size_t)n);
	queue[tail++] = r;
	while (head < tail) {
		i = queue[head++];
		for (j = 0; j < n; j++) {
			if (c[i * n + j] || seen[j])
				continue;
			seen[j] = 1;
			from[j] = i;
			if (mcol[j] < 0) {
				while (j >= 0) {	/* flip the path back to r */
					int row = from[j], next = mrow[row];

					mrow[row] = j;
					mcol[j] = row;
					j = next;
				}
				return 1;
			}
			queue[tail++] = mcol[j];
		}
	}
	return 0;
}

void nb_assign_solve(int32_t *c, int n, int *perm)
{
	int mcol[NB_ASSIGN_N], from[NB_ASSIGN_N], queue[NB_ASSIGN_N];
	uint8_t seen[NB_ASSIGN_N], rz[NB_ASSIGN_N], cz[NB_ASSIGN_N];
	int i, j, matched;

	if (n > NB_ASSIGN_N) {		/* no answer: the check fails */
		for (i = 0; i < n; i++)
			perm[i] = -1;
		return;
	}
	for (i = 0; i < n; i++) {	/* row reduction */
		int32_t m = c[i * n];

		for (j = 1; j < n; j++)
			if (c[i * n + j] < m)
				m = c[i * n + j];
		for (j = 0; j < n; j++)
			c[i * n + j] -= m;
	}
	for (j = 0; j < n; j++) {	/* column reduction */
		int32_t m = c[j];

		for (i = 1; i < n; i++)
			if (c[i * n + j] < m)
				m = c[i * n + j];
		for (i = 0; i < n; i++)
			c[i * n + j] -= m;
	}
	for (;;) {
		/* assign as many zeros as possible: greedily, then augmenting paths */
		for (i = 0; i < n; i++)
			perm[i] = mcol[i] = -1;
		matched = 0;
		for (i = 0; i < n; i++)
			for (j = 0; j < n; j++)
				if (!c[i * n + j] && mcol[j] < 0) {
					perm[i] = j;
					mcol[j] = i;
					matched++;
					break;
				}
		for (i = 0; i < n && matched < n; i++)
			if (perm[i] < 0)
				matched += assign_augment(c, n, i, perm, mcol, from, queue, seen);
		if (matched == n)
			break;
		/* cover the zeros with the fewest lines (Konig): rows reachable from
		 * a free row by alternating paths are uncovered, reachable columns
		 * are covered */
		memset(rz, 0, (size_t)n);
		memset(cz, 0, (size_t)n);
		{
			int head = 0, tail = 0;

			for (i = 0; i < n; i++)
				if (perm[i] < 0) {
					rz[i] = 1;
					queue[tail++] = i;
				}
			while (head < tail) {
				i = queue[head++];
				for (j = 0; j < n; j++)
					if (!c[i * n + j] && !cz[j]) {
						cz[j] = 1;
						if (mcol[j] >= 0 && !rz[mcol[j]]) {
							rz[mcol[j]] = 1;
							queue[tail++] = mcol[j];
						}
					}
			}
		}
		{	/* subtract the smallest uncovered cost, add it where covered twice */
			int32_t d = INT32_MAX;

			for (i = 0; i < n; i++)
				if (rz[i])
					for (j = 0; j < n; j++)
						if (!cz[j] && c[i * n + j] < d)
							d = c[i * n + j];
			for (i = 0; i < n; i++)
				for (j = 0; j < n; j++) {
					if (rz[i] && !cz[j])
						c[i * n + j] -= d;
					else if (!rz[i] && cz[j])
						c[i * n + j] += d;
				}
		}
	}
}

int64_t nb_assign_cost(const int32_t *orig, int n, const int *perm)
{
	int64_t s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += orig[i * n + perm[i]];
	return s;
}

int64_t nb_assign_greedy(const int32_t *orig, int n)
{
	uint8_t used[NB_ASSIGN_N] = { 0 };
	int64_t s = 0;
	int i, j;

	if (n > NB_ASSIGN_N)
		return INT64_MAX;
	for (i = 0; i < n; i++) {
		int best = -1;

		for (j = 0; j < n; j++)
			if (!used[j] && (best < 0 || orig[i * n + j] < orig[i * n + best]))
				best = j;
		used[best] = 1;
		s += orig[i * n + best];
	}
	return s;
}

int nb_assign_verify(const int32_t *orig, const int32_t *red, int n, const int *perm)
{
	uint8_t used[NB_ASSIGN_N] = { 0 };
	int i, j;

	if (n > NB_ASSIGN_N)
		return -1;
	for (i = 0; i < n; i++) {
		if (perm[i] < 0 || perm[i] >= n || used[perm[i]] || red[i * n + perm[i]])
			return -1;
		used[perm[i]] = 1;
	}
	/* orig - red must be u_i + v_j with red >= 0: then no assignment costs
	 * less than sum(u) + sum(v), which perm attains */
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			int64_t dij = (int64_t)orig[i * n + j] - red[i * n + j];
			int64_t di0 = (int64_t)orig[i * n] - red[i * n];
			int64_t d0j = (int64_t)orig[j] - red[j], d00 = (int64_t)orig[0] - red[0];

			if (red[i * n + j] < 0 || dij - di0 - d0j + d00)
				return -1;
		}
	return nb_assign_cost(orig, n, perm) <= nb_assign_greedy(orig, n) ? 0 : -1;
}

struct assign {
	int32_t		*orig, *work;
	int		*perm;
	uint64_t	cap_o, cap_w, cap_p, units;
};

static void *assign_create(void)
{
	return calloc(1, sizeof(struct assign));
}

static double assign_prepare(void *p, uint64_t units)
{
	struct assign *s = p;
	const size_t nn = NB_ASSIGN_N * NB_ASSIGN_N;
	struct nb_rng r;
	size_t i;

	if (grow((void **)&s->orig, &s->cap_o, units * nn, sizeof(int32_t)) ||
	    grow((void **)&s->work, &s->cap_w, units * nn, sizeof(int32_t)) ||
	    grow((void **)&s->perm, &s->cap_p, units * NB_ASSIGN_N, sizeof(int)))
		return -1;
	nb_rng_seed(&r, SEED_ASSIGN);
	for (i = 0; i < nn; i++)
		s->orig[i] = (int32_t)nb_rng_below(&r, ASSIGN_RANGE);
	for (i = 1; i < units; i++)	/* the same problem in every array */
		memcpy(s->orig + i * nn, s->orig, nn * sizeof(int32_t));
	memcpy(s->work, s->orig, units * nn * sizeof(int32_t));
	s->units = units;
	return (double)units;
}

static void assign_run(void *p)
{
	struct assign *s = p;
	uint64_t u;

	for (u = 0; u < s->units; u++)
		nb_assign_solve(s->work + u * NB_ASSIGN_N * NB_ASSIGN_N, NB_ASSIGN_N,
				s->perm + u * NB_ASSIGN_N);
}

static int assign_check(void *p, char *why, size_t len)
{
	struct assign *s = p;
	const size_t nn = NB_ASSIGN_N * NB_ASSIGN_N;
	uint64_t u;

	for (u = 0; u < s->units; u++)
		if (nb_assign_verify(s->orig + u * nn, s->work + u * nn, NB_ASSIGN_N,
				     s->perm + u * NB_ASSIGN_N)) {
			snprintf(why, len, "matrix %llu: the assignment is not a proven optimum",
				 (unsigned long long)u);
			return -1;
		}
	return 0;
}

static void assign_destroy(void *p)
{
	struct assign *s = p;

	if (s) {
		free(s->orig);
		free(s->work);
		free(s->perm);
		free(s);
	}
}

const struct nb_test nb_assignment = {
	"assignment", "ASSIGNMENT", "101x101 assignment problems solved",
	0.2628, 1.0132, NB_ORIG_INT | NB_LINUX_MEM, 1 << 10,
	assign_create, assign_prepare, assign_run, assign_check, assign_destroy,
};

/* IDEA ------------------------------------------------------------------------ */

/* Multiplication modulo 2^16 + 1, where 0 stands for 2^16. */
static uint16_t idea_mul(uint16_t a, uint16_t b)
{
	uint32_t p, lo, hi;

	if (!a)
		return (uint16_t)(1 - b);
	if (!b)
		return (uint16_t)(1 - a);
	p = (uint32_t)a * b;
	lo = p & 0xffff;
	hi = p >> 16;
	return (uint16_t)(lo - hi + (lo < hi));
}

/* x^(65537 - 2) = x^-1 modulo the prime 65537 (0 = 2^16 = -1 is its own). */
static uint16_t idea_inv(uint16_t x)
{
	uint16_t r = 1, b = x;
	unsigned e = 65535;

	while (e) {
		if (e & 1)
			r = idea_mul(r, b);
		b = idea_mul(b, b);
		e >>= 1;
	}
	return r;
}

void nb_idea_expand(const uint16_t key[8], uint16_t ek[NB_IDEA_KEYS])
{
	uint16_t k[8], t[8];
	int i, n = 0;

	memcpy(k, key, sizeof(k));
	for (;;) {
		for (i = 0; i < 8 && n < NB_IDEA_KEYS; i++)
			ek[n++] = k[i];
		if (n == NB_IDEA_KEYS)
			break;
		for (i = 0; i < 8; i++)		/* rotate the 128-bit key left by 25 */
			t[i] = (uint16_t)(k[(i + 1) % 8] << 9 | k[(i + 2) % 8] >> 7);
		memcpy(k, t, sizeof(k));
	}
}

void nb_idea_invert(const uint16_t ek[NB_IDEA_KEYS], uint16_t dk[NB_IDEA_KEYS])
{
	int i;

	for (i = 0; i <= 8; i++) {
		const uint16_t *z = ek + 6 * (8 - i);	/* encryption round 8 - i */
		uint16_t *o = dk + 6 * i;
		int outer = i == 0 || i == 8;

		o[0] = idea_inv(z[0]);
		o[1] = (uint16_t)-z[outer ? 1 : 2];
		o[2] = (uint16_t)-z[outer ? 2 : 1];
		o[3] = idea_inv(z[3]);
		if (i < 8) {
			o[4] = ek[6 * (7 - i) + 4];
			o[5] = ek[6 * (7 - i) + 5];
		}
	}
}

void nb_idea_block(const uint16_t in[4], uint16_t out[4], const uint16_t k[NB_IDEA_KEYS])
{
	uint16_t x1 = in[0], x2 = in[1], x3 = in[2], x4 = in[3], t0, t1, s;
	int r;

	for (r = 0; r < 8; r++, k += 6) {
		x1 = idea_mul(x1, k[0]);
		x2 = (uint16_t)(x2 + k[1]);
		x3 = (uint16_t)(x3 + k[2]);
		x4 = idea_mul(x4, k[3]);
		t0 = idea_mul(x1 ^ x3, k[4]);
		t1 = idea_mul((uint16_t)((x2 ^ x4) + t0), k[5]);
		t0 = (uint16_t)(t0 + t1);
		x1 ^= t1;
		x4 ^= t0;
		s = x2 ^ t0;
		x2 = x3 ^ t1;
		x3 = s;
	}
	out[0] = idea_mul(x1, k[0]);
	out[1] = (uint16_t)(x3 + k[1]);		/* the last swap undone */
	out[2] = (uint16_t)(x2 + k[2]);
	out[3] = idea_mul(x4, k[3]);
}

void nb_idea_buf(const uint8_t *in, uint8_t *out, size_t len, const uint16_t k[NB_IDEA_KEYS])
{
	size_t off;
	int i;

	for (off = 0; off + 8 <= len; off += 8) {
		uint16_t x[4], y[4];

		for (i = 0; i < 4; i++)
			x[i] = (uint16_t)(in[off + 2 * i] << 8 | in[off + 2 * i + 1]);
		nb_idea_block(x, y, k);
		for (i = 0; i < 4; i++) {
			out[off + 2 * i] = (uint8_t)(y[i] >> 8);
			out[off + 2 * i + 1] = (uint8_t)y[i];
		}
	}
}

int nb_idea_selftest(void)
{
	static const uint16_t key[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	static const uint16_t pt[4] = { 0, 1, 2, 3 };
	static const uint16_t ct[4] = { 0x11fb, 0xed2b, 0x0198, 0x6de5 };
	uint16_t ek[NB_IDEA_KEYS], dk[NB_IDEA_KEYS], y[4], z[4];

	nb_idea_expand(key, ek);
	nb_idea_invert(ek, dk);
	nb_idea_block(pt, y, ek);
	nb_idea_block(y, z, dk);
	return memcmp(y, ct, sizeof(y)) || memcmp(z, pt, sizeof(z)) ? -1 : 0;
}

struct idea {
	uint8_t		plain[NB_IDEA_BUF], crypt[NB_IDEA_BUF], back[NB_IDEA_BUF];
	uint16_t	ek[NB_IDEA_KEYS], dk[NB_IDEA_KEYS];
	uint64_t	units;
};

static void *idea_create(void)
{
	struct idea *s = calloc(1, sizeof(*s));
	uint16_t key[8];
	struct nb_rng r;
	size_t i;

	if (!s)
		return NULL;
	nb_rng_seed(&r, SEED_IDEA);
	for (i = 0; i < 8; i++)
		key[i] = (uint16_t)nb_rng_next(&r);
	for (i = 0; i < NB_IDEA_BUF; i++)
		s->plain[i] = (uint8_t)nb_rng_next(&r);
	nb_idea_expand(key, s->ek);
	nb_idea_invert(s->ek, s->dk);
	return s;
}

static double idea_prepare(void *p, uint64_t units)
{
	struct idea *s = p;

	memset(s->crypt, 0, sizeof(s->crypt));
	memset(s->back, 0, sizeof(s->back));
	s->units = units;
	return (double)units;
}

static void idea_run(void *p)
{
	struct idea *s = p;
	uint64_t u;

	for (u = 0; u < s->units; u++) {
		nb_idea_buf(s->plain, s->crypt, NB_IDEA_BUF, s->ek);
		nb_idea_buf(s->crypt, s->back, NB_IDEA_BUF, s->dk);
		bench_clobber();
	}
}

static int idea_check(void *p, char *why, size_t len)
{
	struct idea *s = p;

	if (nb_idea_selftest()) {
		snprintf(why, len, "the published IDEA test vector does not come out");
		return -1;
	}
	if (memcmp(s->plain, s->back, NB_IDEA_BUF) || !memcmp(s->plain, s->crypt, NB_IDEA_BUF)) {
		snprintf(why, len, "decrypt(encrypt(buffer)) is not the buffer");
		return -1;
	}
	return 0;
}

static void idea_destroy(void *p)
{
	free(p);
}

const struct nb_test nb_idea = {
	"idea", "IDEA", "4000-byte encrypt+decrypt loops",
	65.382, 220.21, NB_ORIG_INT | NB_LINUX_INT, 1 << 24,
	idea_create, idea_prepare, idea_run, idea_check, idea_destroy,
};

/* Huffman -------------------------------------------------------------------- */

static const char *const huff_words[] = {
	"the", "of", "and", "to", "in", "is", "that", "for", "it", "as", "was", "with",
	"be", "by", "on", "not", "he", "this", "are", "or", "his", "from", "at", "which",
	"but", "have", "an", "had", "they", "you", "were", "their", "one", "all", "we",
	"can", "her", "has", "there", "been", "if", "more", "when", "will", "would",
	"who", "so", "no", "memory", "processor", "benchmark", "register", "cache",
	"instruction", "pipeline", "branch", "integer", "floating", "point", "compiler",
	"kernel", "board", "clock", "cycle", "latency", "bandwidth", "thread", "core",
};

void nb_huff_text(uint8_t *text, size_t n, struct nb_rng *r)
{
	size_t pos = 0, words = 0;

	while (pos < n) {
		const char *w = huff_words[nb_rng_below(r, (uint32_t)ARRAY_LEN(huff_words))];
		size_t i;

		for (i = 0; w[i] && pos < n; i++)
			text[pos++] = (uint8_t)(words == 0 && i == 0 ? w[i] - 'a' + 'A' : w[i]);
		if (++words >= 5 + nb_rng_below(r, 10)) {
			if (pos < n)
				text[pos++] = '.';
			words = 0;
		}
		if (pos < n)
			text[pos++] = ' ';
	}
}

enum { HUFF_NODES = 2 * 256 - 1 };

struct huff_node {
	uint32_t	freq;
	int16_t		left, right, parent;	/* -1: none; leaves are 0..255 */
	uint8_t		live;
};

size_t nb_huff_roundtrip(const uint8_t *in, size_t n, uint8_t *comp, uint8_t *out)
{
	struct huff_node t[HUFF_NODES];
	uint64_t code[256];
	uint8_t clen[256];
	size_t i, bit = 0;
	int nodes = 256, root = -1, live = 0, c;

	for (c = 0; c < HUFF_NODES; c++) {
		t[c].freq = 0;
		t[c].left = t[c].right = t[c].parent = -1;
		t[c].live = 0;
	}
	for (i = 0; i < n; i++)
		t[in[i]].freq++;
	for (c = 0; c < 256; c++)
		if (t[c].freq) {
			t[c].live = 1;
			live++;
			root = c;
		}
	/* join the two least frequent live nodes until one is left */
	while (live > 1) {
		int a = -1, b = -1;

		for (c = 0; c < nodes; c++) {
			if (!t[c].live)
				continue;
			if (a < 0 || t[c].freq < t[a].freq) {
				b = a;
				a = c;
			} else if (b < 0 || t[c].freq < t[b].freq) {
				b = c;
			}
		}
		t[nodes].freq = t[a].freq + t[b].freq;
		t[nodes].left = (int16_t)a;
		t[nodes].right = (int16_t)b;
		t[nodes].live = 1;
		t[a].parent = t[b].parent = (int16_t)nodes;
		t[a].live = t[b].live = 0;
		root = nodes++;
		live--;
	}
	/* codes: walk each leaf up to the root */
	for (c = 0; c < 256; c++) {
		int x = c, len = 0;
		uint64_t v = 0;

		if (!t[c].freq)
			continue;
		while (t[x].parent >= 0) {
			int p = t[x].parent;

			v |= (uint64_t)(t[p].right == x) << len;
			len++;
			x = p;
		}
		code[c] = v;
		clen[c] = (uint8_t)(len ? len : 1);	/* a lone symbol still takes a bit */
	}
	/* compress one bit at a time, most significant code bit first */
	for (i = 0; i < n; i++) {
		int k;

		for (k = clen[in[i]] - 1; k >= 0; k--, bit++) {
			uint8_t m = (uint8_t)(0x80 >> (bit % 8));

			if (code[in[i]] >> k & 1)
				comp[bit / 8] |= m;
			else
				comp[bit / 8] &= (uint8_t)~m;
		}
	}
	/* decompress by walking the tree */
	{
		size_t b = 0;

		for (i = 0; i < n; i++) {
			int x = root;

			if (x < 256) {		/* one symbol only */
				b++;
			} else {
				while (x >= 256) {
					int one = comp[b / 8] >> (7 - b % 8) & 1;

					x = one ? t[x].right : t[x].left;
					b++;
				}
			}
			out[i] = (uint8_t)x;
		}
	}
	return bit;
}

struct huff {
	uint8_t		text[NB_HUFF_TEXT], comp[2 * NB_HUFF_TEXT], out[NB_HUFF_TEXT];
	size_t		bits;
	uint64_t	units;
};

static void *huff_create(void)
{
	struct huff *s = calloc(1, sizeof(*s));
	struct nb_rng r;

	if (!s)
		return NULL;
	nb_rng_seed(&r, SEED_HUFF);
	nb_huff_text(s->text, NB_HUFF_TEXT, &r);
	return s;
}

static double huff_prepare(void *p, uint64_t units)
{
	struct huff *s = p;

	memset(s->out, 0, sizeof(s->out));
	s->units = units;
	return (double)units;
}

static void huff_run(void *p)
{
	struct huff *s = p;
	uint64_t u;

	for (u = 0; u < s->units; u++) {
		s->bits = nb_huff_roundtrip(s->text, NB_HUFF_TEXT, s->comp, s->out);
		bench_clobber();
	}
}

static int huff_check(void *p, char *why, size_t len)
{
	struct huff *s = p;

	if (memcmp(s->text, s->out, NB_HUFF_TEXT)) {
		snprintf(why, len, "decompress(compress(text)) is not the text");
		return -1;
	}
	if (s->bits >= 8 * NB_HUFF_TEXT || !s->bits) {
		snprintf(why, len, "%zu bits for %d bytes of text is no compression",
			 s->bits, NB_HUFF_TEXT);
		return -1;
	}
	return 0;
}

static void huff_destroy(void *p)
{
	free(p);
}

const struct nb_test nb_huffman = {
	"huffman", "HUFFMAN", "5000-byte compress+decompress loops",
	36.062, 112.93, NB_ORIG_INT | NB_LINUX_INT, 1 << 24,
	huff_create, huff_prepare, huff_run, huff_check, huff_destroy,
};
