/* test_nbench.c - nbench's ten workloads against references, and each
 * self-check passing on a right answer and failing on a corrupted one
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "nbench.h"

#include <stdlib.h>
#include <string.h>

static const struct nb_test *const all_tests[] = {
	&nb_numeric_sort, &nb_string_sort, &nb_bitfield, &nb_fp_emulation, &nb_fourier,
	&nb_assignment, &nb_idea, &nb_huffman, &nb_neural_net, &nb_lu,
};

TEST(nbench_rng)
{
	struct nb_rng a, b;
	int i, ok = 1;

	nb_rng_seed(&a, 7);
	nb_rng_seed(&b, 7);
	for (i = 0; i < 1000; i++) {
		uint32_t x = nb_rng_below(&a, 10);
		double u = nb_rng_unit(&b);

		ok &= x < 10 && u >= 0 && u < 1;
	}
	CHECK(ok);
	nb_rng_seed(&a, 7);
	nb_rng_seed(&b, 8);
	CHECK(nb_rng_next(&a) != nb_rng_next(&b));
	nb_rng_seed(&a, 7);
	nb_rng_seed(&b, 7);
	CHECK_EQ_U64(nb_rng_next(&a), nb_rng_next(&b));
}

static int cmp_i32(const void *x, const void *y)
{
	int32_t a = *(const int32_t *)x, b = *(const int32_t *)y;

	return (a > b) - (a < b);
}

TEST(nbench_numeric_sort)
{
	int32_t *a = malloc(NB_NUMSORT_N * sizeof(*a)), *ref = malloc(NB_NUMSORT_N * sizeof(*a));
	struct nb_rng r;
	uint64_t fp;
	size_t i, n;

	REQUIRE(a && ref);
	for (n = 0; n <= 9; n++) {		/* tiny sizes against qsort */
		nb_rng_seed(&r, n);
		for (i = 0; i < n; i++)
			a[i] = ref[i] = (int32_t)nb_rng_below(&r, 5) - 2;
		nb_heapsort_i32(a, n);
		qsort(ref, n, sizeof(*ref), cmp_i32);
		CHECK(!memcmp(a, ref, n * sizeof(*a)));
	}
	nb_rng_seed(&r, 1);
	for (i = 0; i < NB_NUMSORT_N; i++)
		a[i] = ref[i] = (int32_t)(uint32_t)nb_rng_next(&r);
	fp = nb_fingerprint_i32(a, NB_NUMSORT_N);
	nb_heapsort_i32(a, NB_NUMSORT_N);
	qsort(ref, NB_NUMSORT_N, sizeof(*ref), cmp_i32);
	CHECK(!memcmp(a, ref, sizeof(*a) * NB_NUMSORT_N));
	CHECK_EQ_INT(nb_numsort_verify(a, NB_NUMSORT_N, fp), 0);
	/* out of order */
	{
		int32_t sw = a[100];

		a[100] = a[101];
		a[101] = sw;
		CHECK_EQ_INT(nb_numsort_verify(a, NB_NUMSORT_N, fp), a[100] == a[101] ? 0 : -1);
		a[101] = a[100];
		a[100] = sw;
	}
	/* still sorted, but not the same numbers */
	a[0] = INT32_MIN;
	CHECK_EQ_INT(nb_numsort_verify(a, NB_NUMSORT_N, fp), ref[0] == INT32_MIN ? 0 : -1);
	free(a);
	free(ref);
}

static int cmp_str(const void *x, const void *y)
{
	const uint8_t *a = *(uint8_t *const *)x, *b = *(uint8_t *const *)y;
	unsigned la = a[0], lb = b[0];
	int c = memcmp(a + 1, b + 1, la < lb ? la : lb);

	return c ? c : (int)la - (int)lb;
}

TEST(nbench_string_sort)
{
	uint8_t area[NB_STRSORT_AREA], copy[NB_STRSORT_AREA], *ptr[NB_STRSORT_AREA];
	uint32_t offs[NB_STRSORT_AREA];
	struct nb_strarr s = { area, offs, 0, 0, 0 };
	struct nb_rng r;
	size_t k, pos;

	nb_rng_seed(&r, 3);
	nb_strarr_fill(&s, &r);
	CHECK(s.n > 50 && s.used <= NB_STRSORT_AREA && s.used > NB_STRSORT_AREA - NB_STR_MIN - 1);
	memcpy(copy, area, sizeof(area));
	for (k = 0; k < s.n; k++)
		ptr[k] = copy + offs[k];
	qsort(ptr, s.n, sizeof(ptr[0]), cmp_str);
	nb_strsort(&s);
	CHECK_EQ_INT(nb_strsort_verify(&s), 0);
	for (k = 0; k < s.n; k++)	/* the same sequence as qsort's */
		if (!CHECK(!memcmp(area + offs[k], ptr[k], ptr[k][0] + 1u)))
			break;
	/* the bytes moved: sorted strings lie in order in the area */
	for (k = 0, pos = 0; k < s.n; pos += 1u + area[pos], k++)
		if (!CHECK_EQ_U64(offs[k], pos))
			break;
	/* corruptions: order, contents, table */
	{
		uint32_t sw = offs[3];

		offs[3] = offs[40];
		offs[40] = sw;
		CHECK_EQ_INT(nb_strsort_verify(&s), -1);
		offs[40] = offs[3];
		offs[3] = sw;
	}
	CHECK_EQ_INT(nb_strsort_verify(&s), 0);
	area[offs[s.n - 1] + 1] = 'Z' + 1;	/* still last, another string */
	CHECK_EQ_INT(nb_strsort_verify(&s), -1);
	area[offs[s.n - 1] + 1] = ptr[s.n - 1][1];
	CHECK_EQ_INT(nb_strsort_verify(&s), 0);
	offs[7] = offs[6];
	CHECK_EQ_INT(nb_strsort_verify(&s), -1);
}

/* The plainest bitmap there is: one byte per bit. */
static void bits_simple(uint8_t *bits, const struct nb_bitop *ops, size_t n)
{
	size_t k;
	uint32_t b;

	for (k = 0; k < n; k++)
		for (b = ops[k].start; b < ops[k].start + ops[k].len; b++) {
			if (ops[k].kind == NB_BIT_CLEAR)
				bits[b] = 0;
			else if (ops[k].kind == NB_BIT_SET)
				bits[b] = 1;
			else
				bits[b] = !bits[b];
		}
}

TEST(nbench_bitfield)
{
	enum { WORDS = 8, NBITS = WORDS * (int)sizeof(unsigned long) * 8, NOPS = 300 };
	unsigned long map[WORDS], ref[WORDS];
	uint8_t bits[NBITS];
	struct nb_bitop ops[NOPS];
	struct nb_rng r;
	uint64_t touched = 0, got;
	size_t i, bad = 99;
	int ok = 1;

	nb_rng_seed(&r, 4);
	for (i = 0; i < WORDS; i++)
		map[i] = ref[i] = (unsigned long)nb_rng_next(&r);
	for (i = 0; i < NBITS; i++)
		bits[i] = map[i / (sizeof(long) * 8)] >> (i % (sizeof(long) * 8)) & 1;
	for (i = 0; i < NOPS; i++) {	/* runs inside words, across words, to the end */
		ops[i].start = nb_rng_below(&r, NBITS);
		ops[i].len = 1 + nb_rng_below(&r, i % 3 ? 5 : 150);
		if (ops[i].len > NBITS - ops[i].start)
			ops[i].len = NBITS - ops[i].start;
		ops[i].kind = nb_rng_below(&r, 3);
		touched += ops[i].len;
	}
	got = nb_bitops_run(map, ops, NOPS);
	CHECK_EQ_U64(got, touched);
	bits_simple(bits, ops, NOPS);
	for (i = 0; i < NBITS; i++)
		ok &= bits[i] == (map[i / (sizeof(long) * 8)] >> (i % (sizeof(long) * 8)) & 1);
	CHECK(ok);
	CHECK_EQ_INT(nb_bitfield_verify(map, ref, WORDS, ops, NOPS, &bad), 0);
	/* a corrupted bit: apply nothing more to ref, compare again */
	map[5] ^= 1ul << 3;
	CHECK_EQ_INT(nb_bitfield_verify(map, ref, WORDS, ops, 0, &bad), -1);
	CHECK_EQ_U64(bad, 5);
}

static void fp_of(struct nb_fp *d, double num, int shift)
{
	nb_fp_from_i32(d, (int32_t)num);
	if (d->type == NB_FP_NORMAL)
		d->exp = (int16_t)(d->exp + shift);
}

TEST(nbench_fp_emulation)
{
	enum { N = 2000 };
	struct nb_fp *a = calloc(3 * N, sizeof(*a)), *b = a + N, *c = b + N, x, y, z;
	struct nb_rng r;
	size_t i, bad = 0;

	REQUIRE(a);
	nb_fp_from_i32(&x, INT32_MIN);
	CHECK_NEAR(nb_fp_to_double(&x), -2147483648.0, 0);
	nb_fp_from_i32(&x, -1);
	CHECK_NEAR(nb_fp_to_double(&x), -1.0, 0);
	nb_fp_from_i32(&x, 0);
	CHECK_EQ_INT(x.type, NB_FP_ZERO);
	fp_of(&x, 3, -1);		/* 1.5 */
	fp_of(&y, 9, -2);		/* 2.25 */
	nb_fp_add(&z, &x, &y);
	CHECK_NEAR(nb_fp_to_double(&z), 3.75, 0);
	nb_fp_sub(&z, &x, &y);
	CHECK_NEAR(nb_fp_to_double(&z), -0.75, 0);
	nb_fp_mul(&z, &x, &y);
	CHECK_NEAR(nb_fp_to_double(&z), 3.375, 0);
	nb_fp_div(&z, &x, &y);
	CHECK_NEAR(nb_fp_to_double(&z), 1.5 / 2.25, 1e-16);
	fp_of(&y, 3, 0);
	nb_fp_from_i32(&x, 1);
	nb_fp_div(&z, &x, &y);
	CHECK_NEAR(nb_fp_to_double(&z), 1.0 / 3, 1e-17);
	nb_fp_sub(&z, &y, &y);
	CHECK_EQ_INT(z.type, NB_FP_ZERO);
	nb_fp_from_i32(&y, 0);
	nb_fp_div(&z, &x, &y);
	CHECK_EQ_INT(z.type, NB_FP_INF);
	nb_fp_div(&z, &y, &y);
	CHECK_EQ_INT(z.type, NB_FP_NAN);
	nb_fp_add(&z, &y, &x);
	CHECK_NEAR(nb_fp_to_double(&z), 1.0, 0);

	nb_rng_seed(&r, 5);
	for (i = 0; i < N; i++) {	/* exact inputs: signs, scales, near-cancellation */
		int32_t va = (int32_t)(uint32_t)nb_rng_next(&r);
		int32_t vb = (int32_t)(uint32_t)nb_rng_next(&r);

		fp_of(&a[i], va ? va : 1, (int)nb_rng_below(&r, 81) - 40);
		if (i % 7 == 3)
			fp_of(&b[i], va ? va + 1 : 2, a[i].exp - 32);
		else
			fp_of(&b[i], vb ? vb : 3, (int)nb_rng_below(&r, 81) - 40);
	}
	nb_fpemu_pass(a, b, c, N);
	CHECK_EQ_INT(nb_fpemu_verify(a, b, c, N, &bad), 0);
	c[1002].m[1] ^= 0x10;		/* element 1002 is a mul: off by ~2^-28 */
	CHECK_EQ_INT(nb_fpemu_verify(a, b, c, N, &bad), -1);
	CHECK_EQ_U64(bad, 1002);
	free(a);
}

TEST(nbench_fourier)
{
	double a[4], b[4], ref[3];

	/* (x+1)^x on [0,2]: high-precision quadrature (mpmath, 30 digits) */
	ref[0] = nb_fourier_ref(0, 0);
	ref[1] = nb_fourier_ref(1, 1);
	ref[2] = nb_fourier_ref(2, 1);
	CHECK_NEAR(ref[0], 2.88191813754481338, 1e-9);
	CHECK_NEAR(ref[1], 1.13403559567366683, 1e-9);
	CHECK_NEAR(ref[2], -1.88209026502098696, 1e-9);
	nb_fourier_coefs(a, b, 4);
	CHECK_NEAR(a[0], 2.88191813754481338, 2e-3);
	CHECK_NEAR(a[1], 1.13403559567366683, 2e-3);
	CHECK_NEAR(b[1], -1.88209026502098696, 2e-3);
	CHECK_EQ_INT(nb_fourier_verify(a, b, 4, ref), 0);
	CHECK_EQ_INT(nb_fourier_verify(a, b, 1, ref), 0);
	a[0] *= 1.01;
	CHECK_EQ_INT(nb_fourier_verify(a, b, 4, ref), -1);
	a[0] /= 1.01;
	b[1] += 0.01;
	CHECK_EQ_INT(nb_fourier_verify(a, b, 4, ref), -1);
	CHECK_EQ_INT(nb_fourier_verify(a, b, 1, ref), 0);	/* b1 not computed then */
}

/* Smallest cost over all permutations of a small matrix. */
static int64_t brute_min(const int32_t *c, int n, int *perm, int k, uint8_t *used)
{
	int64_t best = INT64_MAX;
	int j;

	if (k == n)
		return nb_assign_cost(c, n, perm);
	for (j = 0; j < n; j++)
		if (!used[j]) {
			int64_t v;

			used[j] = 1;
			perm[k] = j;
			v = brute_min(c, n, perm, k + 1, used);
			best = v < best ? v : best;
			used[j] = 0;
		}
	return best;
}

TEST(nbench_assignment)
{
	enum { S = 7, N = NB_ASSIGN_N };
	int32_t small[S * S], red[S * S], *big = malloc(sizeof(int32_t) * N * N * 2), *bred;
	int perm[N], tmp[S], round, i;
	uint8_t used[S];
	struct nb_rng r;

	REQUIRE(big);
	bred = big + N * N;
	nb_rng_seed(&r, 6);
	for (round = 0; round < 12; round++) {	/* wide ranges, then many ties */
		uint32_t range = round < 6 ? 1000 : 3;

		for (i = 0; i < S * S; i++)
			small[i] = red[i] = (int32_t)nb_rng_below(&r, range);
		nb_assign_solve(red, S, perm);
		memset(used, 0, sizeof(used));
		CHECK_EQ_INT(nb_assign_verify(small, red, S, perm), 0);
		CHECK_EQ_INT(nb_assign_cost(small, S, perm), brute_min(small, S, tmp, 0, used));
	}
	for (i = 0; i < N * N; i++)
		big[i] = bred[i] = (int32_t)nb_rng_below(&r, 100000);
	nb_assign_solve(bred, N, perm);
	CHECK_EQ_INT(nb_assign_verify(big, bred, N, perm), 0);
	CHECK(nb_assign_cost(big, N, perm) <= nb_assign_greedy(big, N));
	/* corrupted answers */
	{
		int sw = perm[0];

		perm[0] = perm[1];
		perm[1] = sw;
		CHECK_EQ_INT(nb_assign_verify(big, bred, N, perm), -1);
		perm[1] = perm[0];
		perm[0] = sw;
		CHECK_EQ_INT(nb_assign_verify(big, bred, N, perm), 0);
		perm[2] = perm[3];
		CHECK_EQ_INT(nb_assign_verify(big, bred, N, perm), -1);
	}
	free(big);
}

TEST(nbench_idea)
{
	static const uint16_t key[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	static const uint16_t pt[4] = { 0, 1, 2, 3 };
	uint16_t ek[NB_IDEA_KEYS], dk[NB_IDEA_KEYS], ct[4], rkey[8];
	uint8_t plain[NB_IDEA_BUF], crypt[NB_IDEA_BUF], back[NB_IDEA_BUF];
	struct nb_rng r;
	size_t i;

	CHECK_EQ_INT(nb_idea_selftest(), 0);
	nb_idea_expand(key, ek);
	nb_idea_block(pt, ct, ek);	/* the published vector */
	CHECK_EQ_U64(ct[0], 0x11fb);
	CHECK_EQ_U64(ct[1], 0xed2b);
	CHECK_EQ_U64(ct[2], 0x0198);
	CHECK_EQ_U64(ct[3], 0x6de5);
	nb_rng_seed(&r, 8);
	for (i = 0; i < 8; i++)		/* a random key */
		rkey[i] = (uint16_t)nb_rng_next(&r);
	nb_idea_expand(rkey, ek);
	nb_idea_invert(ek, dk);
	for (i = 0; i < NB_IDEA_BUF; i++)
		plain[i] = (uint8_t)nb_rng_next(&r);
	nb_idea_buf(plain, crypt, NB_IDEA_BUF, ek);
	nb_idea_buf(crypt, back, NB_IDEA_BUF, dk);
	CHECK(!memcmp(plain, back, NB_IDEA_BUF));
	CHECK(memcmp(plain, crypt, NB_IDEA_BUF));
	crypt[17] ^= 1;
	nb_idea_buf(crypt, back, NB_IDEA_BUF, dk);
	CHECK(memcmp(plain, back, NB_IDEA_BUF));
}

TEST(nbench_huffman)
{
	uint8_t text[NB_HUFF_TEXT], comp[2 * NB_HUFF_TEXT], out[NB_HUFF_TEXT];
	struct nb_rng r;
	size_t bits, i;

	nb_rng_seed(&r, 9);
	nb_huff_text(text, NB_HUFF_TEXT, &r);
	for (i = 0; i < NB_HUFF_TEXT; i++)
		if (!CHECK(text[i] == ' ' || text[i] == '.' || (text[i] >= 'a' && text[i] <= 'z') ||
			   (text[i] >= 'A' && text[i] <= 'Z')))
			break;
	bits = nb_huff_roundtrip(text, NB_HUFF_TEXT, comp, out);
	CHECK(!memcmp(text, out, NB_HUFF_TEXT));
	CHECK(bits > 2 * NB_HUFF_TEXT && bits < 5 * NB_HUFF_TEXT);	/* ~4.2 bits a letter */
	memset(text, 'q', 100);		/* one symbol only */
	bits = nb_huff_roundtrip(text, 100, comp, out);
	CHECK_EQ_U64(bits, 100);
	CHECK(!memcmp(text, out, 100));
	for (i = 0; i < 1024; i++)	/* every byte value */
		text[i] = (uint8_t)(i * 7);
	bits = nb_huff_roundtrip(text, 1024, comp, out);
	CHECK(!memcmp(text, out, 1024));
	CHECK_EQ_U64(bits, 8 * 1024);
}

TEST(nbench_neural_net)
{
	struct nb_nnet *nn = calloc(1, sizeof(*nn));
	unsigned epochs, again;

	REQUIRE(nn);
	nb_nnet_patterns(nn);
	epochs = nb_nnet_train(nn);
	CHECK(epochs > 10 && epochs < NB_NN_MAX_EPOCHS);
	CHECK(nn->last_err < nn->first_err);
	CHECK_EQ_INT(nb_nnet_verify(nn), 0);
	again = nb_nnet_train(nn);		/* seeded: the same work every time */
	CHECK_EQ_INT(again, epochs);
	memset(nn->w2, 0, sizeof(nn->w2));	/* every output 0.5: misclassifies */
	CHECK_EQ_INT(nb_nnet_verify(nn), -1);
	free(nn);
}

TEST(nbench_lu)
{
	enum { N = NB_LU_N };
	double *a = malloc(sizeof(double) * (N * N * 2 + 3 * N)), *lu = a + N * N;
	double *xt = lu + N * N, *b = xt + N, *x = b + N, resid = 0, err = 0;
	int perm[N], i, j;
	struct nb_rng r;

	REQUIRE(a);
	nb_rng_seed(&r, 10);
	for (i = 0; i < N * N; i++)
		a[i] = lu[i] = 2 * nb_rng_unit(&r) - 1;
	for (i = 0; i < N; i++)
		xt[i] = i % 5 - 2.0;
	for (i = 0; i < N; i++) {
		b[i] = 0;
		for (j = 0; j < N; j++)
			b[i] += a[i * N + j] * xt[j];
		x[i] = b[i];
	}
	REQUIRE(nb_lu_decomp(lu, N, perm) == 0);
	nb_lu_solve(lu, N, perm, x);
	for (i = 0; i < N; i++)
		err = fmax(err, fabs(x[i] - xt[i]));
	CHECK(err < 1e-9);
	CHECK_EQ_INT(nb_lu_verify(a, x, b, N, &resid), 0);
	CHECK(resid < 100);
	x[5] += 1e-6;
	CHECK_EQ_INT(nb_lu_verify(a, x, b, N, &resid), -1);
	for (j = 0; j < N; j++)		/* rows 1 and 2 equal: singular */
		lu[1 * N + j] = lu[2 * N + j] = a[1 * N + j];
	for (i = 0; i < N * N; i++)
		if (i / N != 1 && i / N != 2)
			lu[i] = a[i];
	CHECK_EQ_INT(nb_lu_decomp(lu, N, perm), -1);
	free(a);
}

TEST(nbench_statistics)
{
	double same[5] = { 10, 10, 10, 10, 10 }, spread[5] = { 5, 15, 8, 12, 10 };
	double close[5] = { 100, 101, 99, 100.5, 99.5 }, v[2] = { 1, 4 }, half;

	CHECK_NEAR(nb_student_t95(1), 12.706, 0);
	CHECK_NEAR(nb_student_t95(4), 2.776, 0);
	CHECK_NEAR(nb_student_t95(29), 2.045, 0);
	CHECK_NEAR(nb_student_t95(200), 1.960, 0);
	CHECK(nb_confident(same, 5, 0.05, &half));
	CHECK_NEAR(half, 0, 0);
	CHECK(!nb_confident(spread, 5, 0.05, &half));
	CHECK(nb_confident(close, 5, 0.05, &half));
	CHECK(!nb_confident(same, 1, 0.05, &half));	/* one score proves nothing */
	CHECK_NEAR(nb_geomean(v, 2), 2, 1e-12);
}

/* Every workload through its table entry: one small pass, checked. */
TEST(nbench_workloads)
{
	size_t i;

	for (i = 0; i < sizeof(all_tests) / sizeof(all_tests[0]); i++) {
		const struct nb_test *wl = all_tests[i];
		void *st = wl->create();
		char why[160] = "";
		double credit;

		if (!CHECK(st))
			continue;
		credit = wl->prepare(st, 2);
		CHECK(credit >= 2);
		wl->run(st);
		if (!CHECK_EQ_INT(wl->check(st, why, sizeof(why)), 0))
			mt_fail(MT_AT, "  ... %s: %s", wl->key, why);
		credit = wl->prepare(st, 1);	/* shrinking is fine too */
		wl->run(st);
		CHECK_EQ_INT(wl->check(st, why, sizeof(why)), 0);
		CHECK(wl->base_old > 0 && wl->base_new > 0 && wl->groups);
		wl->destroy(st);
	}
}
