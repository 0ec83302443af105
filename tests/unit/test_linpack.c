/* test_linpack.c - LINPACK 100: the generator, the operation count, the
 * machine epsilon, the residual check, and every BLAS-1 kernel row
 * against entry 0
 *
 * SPDX-License-Identifier: MIT
 *
 * The residual check must pass on the real solve and fail on a perturbed
 * or NaN x. The double-precision n = 100 solve with the C reference must
 * print the residual row published clinpack runs print (resid
 * 7.41628980e-14, x[0]-1 -1.49880108e-14, x[n-1]-1 -1.89848137e-14):
 * IEEE double, no fused multiply-add, so every target agrees.
 *
 * The kernel tests (named kernels_* so tests/run.sh runs them again with
 * every CPU feature masked) compare each usable row with entry 0 over
 * lengths 0..70 and a few larger ones, at element offsets 0..3 (any
 * alignment), on random data with guard elements around y: axpy and scal
 * bit for bit, iamax the same index, dot within 1e-12 of sum |x[i] y[i]|
 * in double and 1e-4 in single (tuned dot keeps partial sums, so it
 * rounds differently; "unrolled" adds in the same order and must match
 * exactly). A full solve with each row must give entry 0's x bit for bit,
 * since dgefa and dgesl call only iamax, scal and axpy.
 */
#include "minitest.h"
#include "cpu.h"
#include "linpack.h"

#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 100, LDA = N + 1, GUARD = 4, MAXLEN = 300, OFFS = 4 };

static uint64_t rng_next(uint64_t *s)
{
	/* xorshift64* (Vigna) */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 0x2545F4914F6CDD1DULL;
}

/* Uniform in [-2, 2) with a full mantissa, so products round. */
static double rnd(uint64_t *s)
{
	return (double)(rng_next(s) >> 11) / 9007199254740992.0 * 4 - 2;
}

TEST(linpack_ops)
{
	CHECK_NEAR(linpack_ops(100), 686666.67, 0.005);
	CHECK_NEAR(linpack_ops(1000), 2.0 / 3 * 1e9 + 2e6, 1);
	CHECK_NEAR(linpack_resid_bound(100), 10, 0);
	CHECK_NEAR(linpack_resid_bound(200), 20, 0);
	CHECK_NEAR(linpack_resid_bound(1000), 100, 0);
}

TEST(linpack_epslon)
{
	CHECK(linpack_epslon_d() == DBL_EPSILON);
	CHECK(linpack_epslon_s() == FLT_EPSILON);
}

/* The generator, from its recurrence: element k (column-major over the
 * n x n matrix) is (init_k - 32768) / 16384 with init_k = 3125^k * 1325
 * mod 65536. */
TEST(linpack_matgen)
{
	double *a = calloc((size_t)LDA * N, sizeof(double)), b[N], norma, max = -3;
	float *as = calloc((size_t)LDA * N, sizeof(float)), bs[N], normas;
	long init = 1325;
	int i, j, bad = 0;

	REQUIRE(a && as);
	for (i = 0; i < LDA * N; i++)
		a[i] = 99;		/* the pad row must stay 99 */
	linpack_matgen_d(a, LDA, N, b, &norma);
	linpack_matgen_s(as, LDA, N, bs, &normas);
	/* the first values, by hand: 3125 * 1325 mod 65536 = 11857 */
	CHECK(a[0] == (11857 - 32768.0) / 16384);
	for (j = 0; j < N; j++)
		for (i = 0; i < N; i++) {
			double v;

			init = 3125 * init % 65536;
			v = (init - 32768.0) / 16384.0;
			bad += a[(size_t)LDA * j + i] != v || as[(size_t)LDA * j + i] != (float)v;
			if (v > max)
				max = v;
		}
	CHECK_EQ_INT(bad, 0);
	for (j = 0; j < N; j++)
		bad += a[(size_t)LDA * j + N] != 99;
	CHECK_EQ_INT(bad, 0);
	CHECK(norma == max);		/* the largest element, not the largest |a| */
	CHECK(normas == (float)max);
	CHECK(max < 2 && max > 1.99);
	for (i = 0; i < N; i++) {
		double sum = 0;

		for (j = 0; j < N; j++)
			sum += a[(size_t)LDA * j + i];
		bad += b[i] != sum;
	}
	CHECK_EQ_INT(bad, 0);
	free(a);
	free(as);
}

struct solve_d {
	double	a[LDA * N], b[N], x[N];
	int	ipvt[N];
};

static int solve_d(const struct linpack_kernel *k, struct solve_d *s)
{
	double norma;
	int info;

	linpack_matgen_d(s->a, LDA, N, s->b, &norma);
	info = linpack_dgefa_d(&k->d, s->a, LDA, N, s->ipvt);
	if (!info)
		linpack_dgesl_d(&k->d, s->a, LDA, N, s->ipvt, s->b);
	memcpy(s->x, s->b, sizeof(s->x));
	return info;
}

TEST(linpack_residual_double)
{
	struct solve_d *s = calloc(1, sizeof(*s));
	struct linpack_check c;
	char row[128];

	REQUIRE(s);
	CHECK_EQ_INT(solve_d(&linpack_kernels[0], s), 0);
	CHECK_EQ_INT(linpack_check_d(N, LDA, s->a, s->b, s->x, &c), 0);
	CHECK(c.residn > 0.5 && c.residn < 3);
	CHECK(c.eps == DBL_EPSILON);
	CHECK(c.normx > 0.99 && c.normx < 1.01);
	snprintf(row, sizeof(row), "%8.1f      %16.8e%16.8e%16.8e%16.8e", c.residn, c.resid,
		 c.eps, c.x0, c.xn1);
	CHECK_STR(row, "     1.7        7.41628980e-14  2.22044605e-16 "
		  "-1.49880108e-14 -1.89848137e-14");

	/* a wrong answer fails: one element off by 1e-9 ... */
	s->x[N / 2] += 1e-9;
	CHECK_EQ_INT(linpack_check_d(N, LDA, s->a, s->b, s->x, &c), -1);
	CHECK(c.residn > 1000);
	/* ... or by a few thousand ulps (residn about 40) ... */
	s->x[N / 2] -= 1e-9;
	s->x[N / 2] += 2 * 10 * N * 2 * DBL_EPSILON;
	CHECK_EQ_INT(linpack_check_d(N, LDA, s->a, s->b, s->x, &c), -1);
	/* ... and a NaN or an infinity fails */
	s->x[3] = NAN;
	CHECK_EQ_INT(linpack_check_d(N, LDA, s->a, s->b, s->x, &c), -1);
	s->x[3] = INFINITY;
	CHECK_EQ_INT(linpack_check_d(N, LDA, s->a, s->b, s->x, &c), -1);
	free(s);
}

TEST(linpack_residual_single)
{
	float *a = calloc((size_t)LDA * N, sizeof(float)), b[N], x[N], norma;
	struct linpack_check c;
	int ipvt[N];

	REQUIRE(a);
	linpack_matgen_s(a, LDA, N, b, &norma);
	CHECK_EQ_INT(linpack_dgefa_s(&linpack_kernels[0].s, a, LDA, N, ipvt), 0);
	linpack_dgesl_s(&linpack_kernels[0].s, a, LDA, N, ipvt, b);
	memcpy(x, b, sizeof(x));
	CHECK_EQ_INT(linpack_check_s(N, LDA, a, b, x, &c), 0);
	CHECK(c.residn > 0.3 && c.residn < 5);
	CHECK(c.eps == FLT_EPSILON);
	CHECK(c.resid < 1e-3 && c.x0 < 1e-3 && c.x0 > -1e-3);
	x[7] += 1e-3f;
	CHECK_EQ_INT(linpack_check_s(N, LDA, a, b, x, &c), -1);
	CHECK(c.residn > 20);
	free(a);
}

/* n = 200 passes within its scaled bound. */
TEST(linpack_residual_n200)
{
	enum { M = 200, LDM = M + 1 };
	double *a = calloc((size_t)LDM * M, sizeof(double)), b[M], x[M], norma;
	struct linpack_check c;
	int ipvt[M];

	REQUIRE(a);
	linpack_matgen_d(a, LDM, M, b, &norma);
	CHECK_EQ_INT(linpack_dgefa_d(&linpack_kernels[0].d, a, LDM, M, ipvt), 0);
	linpack_dgesl_d(&linpack_kernels[0].d, a, LDM, M, ipvt, b);
	memcpy(x, b, sizeof(x));
	CHECK_EQ_INT(linpack_check_d(M, LDM, a, b, x, &c), 0);
	CHECK(c.residn > 0.5 && c.residn < 10);
	free(a);
}

/* A zero column is reported by dgefa (and dgesl is not run). */
TEST(linpack_singular)
{
	double a[4 * 3] = { 1, 2, 3, 0,  0, 0, 0, 0,  4, 5, 7, 0 };
	int ipvt[3];

	CHECK(linpack_dgefa_d(&linpack_kernels[0].d, a, 4, 3, ipvt) != 0);
}

/* A 3x3 system by hand: partial pivoting picks row 2 first. */
TEST(linpack_small_solve)
{
	/* A = [[1 2 3] [4 5 6] [7 8 10]] (rows), column-major with lda 3 */
	double a[9] = { 1, 4, 7,  2, 5, 8,  3, 6, 10 }, b[3] = { 6, 15, 25 };
	int ipvt[3];

	CHECK_EQ_INT(linpack_dgefa_d(&linpack_kernels[0].d, a, 3, 3, ipvt), 0);
	CHECK_EQ_INT(ipvt[0], 2);
	linpack_dgesl_d(&linpack_kernels[0].d, a, 3, 3, ipvt, b);
	CHECK_NEAR(b[0], 1, 1e-13);
	CHECK_NEAR(b[1], 1, 1e-13);
	CHECK_NEAR(b[2], 1, 1e-13);
}

/* ---- the kernel table ---- */

static int is_name(const char *s)
{
	if (!s || !*s)
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_'))
			return 0;
	return 1;
}

TEST(kernels_linpack_table)
{
	unsigned simd = 0;
	size_t i, j, tuned = 0;

	REQUIRE(linpack_kernels_len >= 2);
	CHECK_STR(linpack_kernels[0].head.name, "c");
	CHECK_STR(linpack_kernels[1].head.name, "unrolled");
	CHECK(!linpack_kernels[0].head.needs && !linpack_kernels[0].tuned);
	CHECK(!linpack_kernels[1].head.needs && !linpack_kernels[1].tuned);
	for (i = 0; i < linpack_kernels_len; i++) {
		const struct linpack_kernel *k = &linpack_kernels[i];

		CHECK(is_name(k->head.name));
		CHECK(strcmp(k->head.name, "best") && strcmp(k->head.name, "all"));
		CHECK(k->head.desc && k->head.desc[0]);
		CHECK(k->d.axpy && k->d.dot && k->d.scal && k->d.iamax);
		CHECK(k->s.axpy && k->s.dot && k->s.scal && k->s.iamax);
		CHECK(i < 2 || k->tuned);
		tuned += k->tuned != 0;
		for (j = i + 1; j < linpack_kernels_len; j++)
			CHECK(strcmp(k->head.name, linpack_kernels[j].head.name) != 0);
	}
	/* the architecture's tuned row exists, whether or not it is masked */
#if defined(__x86_64__)
	simd = CPU_SSE2;
#elif defined(__aarch64__)
	simd = CPU_ASIMD;
#elif defined(__riscv)
	simd = CPU_RVV;
#endif
	if (simd) {
		CHECK_EQ_U64(tuned, 1);
		CHECK_EQ_U64(linpack_kernels[linpack_kernels_len - 1].head.needs, simd);
	} else {
		CHECK_EQ_U64(tuned, 0);
	}
}

static const int lengths[] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 16, 17, 19, 20, 23, 24, 25, 31, 32,
	33, 39, 40, 41, 47, 48, 49, 63, 64, 65, 70, 99, 100, 101, 255, 256, 257, MAXLEN,
};

struct blas_buf_d {
	double	x[MAXLEN + OFFS], y[MAXLEN + OFFS + 2 * GUARD], yr[MAXLEN + OFFS + 2 * GUARD];
};

struct blas_buf_s {
	float	x[MAXLEN + OFFS], y[MAXLEN + OFFS + 2 * GUARD], yr[MAXLEN + OFFS + 2 * GUARD];
};

/* rows compared, or -1 after a failure */
static int blas_compare_d(struct mt *t, const struct linpack_kernel *k, uint64_t *seed)
{
	const struct linpack_blas_d *r = &linpack_kernels[0].d, *o = &k->d;
	struct blas_buf_d *b = malloc(sizeof(*b));
	size_t li;
	int off, i, cases = 0, ok = 1;

	if (!CHECK(b != NULL))
		return -1;
	for (li = 0; li < sizeof(lengths) / sizeof(lengths[0]) && ok; li++)
		for (off = 0; off < OFFS && ok; off++) {
			int n = lengths[li];
			double *x = b->x + off, *y = b->y + GUARD + off, *yr = b->yr + GUARD + off;
			double a = rnd(seed), dr, dk, mag = 0;

			for (i = 0; i < MAXLEN + OFFS; i++)
				b->x[i] = rnd(seed);
			for (i = 0; i < MAXLEN + OFFS + 2 * GUARD; i++)
				b->y[i] = b->yr[i] = rnd(seed);
			/* axpy, bit for bit, guards included */
			r->axpy(n, a, x, yr);
			o->axpy(n, a, x, y);
			ok &= CHECK(!memcmp(b->y, b->yr, sizeof(b->y)));
			/* a == 0 leaves y alone in every row */
			o->axpy(n, 0.0, x, y);
			ok &= CHECK(!memcmp(b->y, b->yr, sizeof(b->y)));
			/* dot: within 1e-12 of sum |x y| (exact for the classic rows) */
			dr = r->dot(n, x, yr);
			dk = o->dot(n, x, yr);
			for (i = 0; i < n; i++)
				mag += x[i] * yr[i] < 0 ? -x[i] * yr[i] : x[i] * yr[i];
			if (k->tuned)
				ok &= CHECK_NEAR(dk, dr, 1e-12 * mag);
			else
				ok &= CHECK(dk == dr);
			/* scal, bit for bit */
			r->scal(n, a, yr);
			o->scal(n, a, y);
			ok &= CHECK(!memcmp(b->y, b->yr, sizeof(b->y)));
			/* iamax: the same index (ties go to the first) */
			if (n > 3)
				y[n - 1] = -y[r->iamax(n, y)];
			ok &= CHECK_EQ_INT(o->iamax(n, y), r->iamax(n, y));
			cases++;
		}
	free(b);
	return ok ? cases : -1;
}

static int blas_compare_s(struct mt *t, const struct linpack_kernel *k, uint64_t *seed)
{
	const struct linpack_blas_s *r = &linpack_kernels[0].s, *o = &k->s;
	struct blas_buf_s *b = malloc(sizeof(*b));
	size_t li;
	int off, i, cases = 0, ok = 1;

	if (!CHECK(b != NULL))
		return -1;
	for (li = 0; li < sizeof(lengths) / sizeof(lengths[0]) && ok; li++)
		for (off = 0; off < OFFS && ok; off++) {
			int n = lengths[li];
			float *x = b->x + off, *y = b->y + GUARD + off, *yr = b->yr + GUARD + off;
			float a = (float)rnd(seed), dr, dk;
			double mag = 0;

			for (i = 0; i < MAXLEN + OFFS; i++)
				b->x[i] = (float)rnd(seed);
			for (i = 0; i < MAXLEN + OFFS + 2 * GUARD; i++)
				b->y[i] = b->yr[i] = (float)rnd(seed);
			r->axpy(n, a, x, yr);
			o->axpy(n, a, x, y);
			ok &= CHECK(!memcmp(b->y, b->yr, sizeof(b->y)));
			o->axpy(n, 0.0f, x, y);
			ok &= CHECK(!memcmp(b->y, b->yr, sizeof(b->y)));
			dr = r->dot(n, x, yr);
			dk = o->dot(n, x, yr);
			for (i = 0; i < n; i++)
				mag += x[i] * yr[i] < 0 ? -x[i] * yr[i] : x[i] * yr[i];
			if (k->tuned)
				ok &= CHECK_NEAR(dk, dr, 1e-4 * mag);
			else
				ok &= CHECK(dk == dr);
			r->scal(n, a, yr);
			o->scal(n, a, y);
			ok &= CHECK(!memcmp(b->y, b->yr, sizeof(b->y)));
			ok &= CHECK_EQ_INT(o->iamax(n, y), r->iamax(n, y));
			cases++;
		}
	free(b);
	return ok ? cases : -1;
}

TEST(kernels_linpack_blas)
{
	unsigned have = cpu_features();
	uint64_t seed = 0x9E3779B97F4A7C15ULL;
	size_t i, rows = 0;

	for (i = 1; i < linpack_kernels_len; i++) {
		const struct linpack_kernel *k = &linpack_kernels[i];

		if (!cpu_has(have, k->head.needs))
			continue;
		if (blas_compare_d(t, k, &seed) <= 0 || blas_compare_s(t, k, &seed) <= 0) {
			mt_fail(t, __FILE__, __LINE__, "row '%s' differs from 'c'", k->head.name);
			return;
		}
		rows++;
	}
	CHECK(rows >= 1);		/* "unrolled" at least */
}

/* A whole solve with each usable row: the same x as entry 0, bit for bit,
 * in both precisions, and the residual check passes. */
TEST(kernels_linpack_solve)
{
	unsigned have = cpu_features();
	struct solve_d *ref = calloc(1, sizeof(*ref)), *s = calloc(1, sizeof(*s));
	float *as = calloc((size_t)LDA * N, sizeof(float)), bs[N], xs[N], xr[N], norma;
	struct linpack_check c;
	int ipvt[N];
	size_t i;

	REQUIRE(ref && s && as);
	CHECK_EQ_INT(solve_d(&linpack_kernels[0], ref), 0);
	for (i = 0; i < linpack_kernels_len; i++) {
		const struct linpack_kernel *k = &linpack_kernels[i];

		if (!cpu_has(have, k->head.needs))
			continue;
		CHECK_EQ_INT(solve_d(k, s), 0);
		CHECK(!memcmp(s->x, ref->x, sizeof(s->x)));
		CHECK_EQ_INT(linpack_check_d(N, LDA, s->a, s->b, s->x, &c), 0);

		linpack_matgen_s(as, LDA, N, bs, &norma);
		CHECK_EQ_INT(linpack_dgefa_s(&k->s, as, LDA, N, ipvt), 0);
		linpack_dgesl_s(&k->s, as, LDA, N, ipvt, bs);
		memcpy(xs, bs, sizeof(xs));
		if (i == 0)
			memcpy(xr, xs, sizeof(xr));
		CHECK(!memcmp(xs, xr, sizeof(xs)));
		CHECK_EQ_INT(linpack_check_s(N, LDA, as, bs, xs, &c), 0);
	}
	free(ref);
	free(s);
	free(as);
}
