/* stream_sse2.c - STREAM kernels with SSE2 (x86_64 baseline)
 *
 * SPDX-License-Identifier: MIT
 *
 * Four 16-byte registers (8 doubles) per array per iteration; aligned
 * loads (movapd). Preconditions: arrays 16-byte aligned, n a non-zero
 * multiple of 8. Baseline x86_64 has no FMA, so triad's mulpd and addpd
 * cannot be fused; results equal the C reference bit for bit.
 *
 * Each kernel comes twice from one body: with movapd stores (arrays that
 * fit the caches) and with movntpd non-temporal stores and a closing
 * sfence (the _nt functions, which stream.c runs when the three arrays
 * together are larger than the last-level cache: a streaming store skips
 * the read for ownership a normal store makes of every line it misses;
 * see stream_avx2.c).
 */
#if defined(__x86_64__)
#include "stream.h"

#include <emmintrin.h>

stream_fn stream_copy_sse2, stream_scale_sse2, stream_add_sse2, stream_triad_sse2,
	stream_copy_sse2_nt, stream_scale_sse2_nt, stream_add_sse2_nt, stream_triad_sse2_nt;

static inline void put2(double *p, __m128d v, int nt)
{
	if (nt)
		_mm_stream_pd(p, v);
	else
		_mm_store_pd(p, v);
}

static inline void copy_body(const double *a, double *c, size_t n, int nt)
{
	size_t j;

	for (j = 0; j < n; j += 8) {
		__m128d x0 = _mm_load_pd(a + j), x1 = _mm_load_pd(a + j + 2);
		__m128d x2 = _mm_load_pd(a + j + 4), x3 = _mm_load_pd(a + j + 6);

		put2(c + j, x0, nt);
		put2(c + j + 2, x1, nt);
		put2(c + j + 4, x2, nt);
		put2(c + j + 6, x3, nt);
	}
}

/* b = q * c for one register. */
static inline void scale2(double *b, const double *c, __m128d vq, int nt)
{
	put2(b, _mm_mul_pd(vq, _mm_load_pd(c)), nt);
}

static inline void scale_body(double *b, const double *c, __m128d vq, size_t n, int nt)
{
	size_t j;

	for (j = 0; j < n; j += 8) {
		scale2(b + j, c + j, vq, nt);
		scale2(b + j + 2, c + j + 2, vq, nt);
		scale2(b + j + 4, c + j + 4, vq, nt);
		scale2(b + j + 6, c + j + 6, vq, nt);
	}
}

/* c = a + b for one register. */
static inline void add2(double *c, const double *a, const double *b, int nt)
{
	put2(c, _mm_add_pd(_mm_load_pd(a), _mm_load_pd(b)), nt);
}

static inline void add_body(const double *a, const double *b, double *c, size_t n, int nt)
{
	size_t j;

	for (j = 0; j < n; j += 8) {
		add2(c + j, a + j, b + j, nt);
		add2(c + j + 2, a + j + 2, b + j + 2, nt);
		add2(c + j + 4, a + j + 4, b + j + 4, nt);
		add2(c + j + 6, a + j + 6, b + j + 6, nt);
	}
}

/* a = b + q * c for one register: mulpd, then addpd. */
static inline void triad2(double *a, const double *b, const double *c, __m128d vq, int nt)
{
	put2(a, _mm_add_pd(_mm_load_pd(b), _mm_mul_pd(vq, _mm_load_pd(c))), nt);
}

static inline void triad_body(double *a, const double *b, const double *c, __m128d vq,
			      size_t n, int nt)
{
	size_t j;

	for (j = 0; j < n; j += 8) {
		triad2(a + j, b + j, c + j, vq, nt);
		triad2(a + j + 2, b + j + 2, c + j + 2, vq, nt);
		triad2(a + j + 4, b + j + 4, c + j + 4, vq, nt);
		triad2(a + j + 6, b + j + 6, c + j + 6, vq, nt);
	}
}

void stream_copy_sse2(double *restrict a, double *restrict b, double *restrict c,
		      double q, size_t n)
{
	copy_body(a, c, n, 0);
}

void stream_copy_sse2_nt(double *restrict a, double *restrict b, double *restrict c,
			 double q, size_t n)
{
	copy_body(a, c, n, 1);
	_mm_sfence();
}

void stream_scale_sse2(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	scale_body(b, c, _mm_set1_pd(q), n, 0);
}

void stream_scale_sse2_nt(double *restrict a, double *restrict b, double *restrict c,
			  double q, size_t n)
{
	scale_body(b, c, _mm_set1_pd(q), n, 1);
	_mm_sfence();
}

void stream_add_sse2(double *restrict a, double *restrict b, double *restrict c,
		     double q, size_t n)
{
	add_body(a, b, c, n, 0);
}

void stream_add_sse2_nt(double *restrict a, double *restrict b, double *restrict c,
			double q, size_t n)
{
	add_body(a, b, c, n, 1);
	_mm_sfence();
}

void stream_triad_sse2(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	triad_body(a, b, c, _mm_set1_pd(q), n, 0);
}

void stream_triad_sse2_nt(double *restrict a, double *restrict b, double *restrict c,
			  double q, size_t n)
{
	triad_body(a, b, c, _mm_set1_pd(q), n, 1);
	_mm_sfence();
}

#endif /* __x86_64__ */
