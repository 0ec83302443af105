/* stream_sse2.c - STREAM kernels with SSE2 (x86_64 baseline)
 *
 * SPDX-License-Identifier: MIT
 *
 * Four 16-byte registers (8 doubles) per array per iteration; aligned
 * loads and stores (movapd). Preconditions: arrays 16-byte aligned, n a
 * non-zero multiple of 8. Baseline x86_64 has no FMA, so triad's mulpd and
 * addpd cannot be fused; results equal the C reference bit for bit.
 */
#if defined(__x86_64__)
#include "stream.h"

#include <emmintrin.h>

stream_fn stream_copy_sse2, stream_scale_sse2, stream_add_sse2, stream_triad_sse2;

void stream_copy_sse2(double *restrict a, double *restrict b, double *restrict c,
		      double q, size_t n)
{
	size_t j;

	for (j = 0; j < n; j += 8) {
		__m128d x0 = _mm_load_pd(a + j), x1 = _mm_load_pd(a + j + 2);
		__m128d x2 = _mm_load_pd(a + j + 4), x3 = _mm_load_pd(a + j + 6);

		_mm_store_pd(c + j, x0);
		_mm_store_pd(c + j + 2, x1);
		_mm_store_pd(c + j + 4, x2);
		_mm_store_pd(c + j + 6, x3);
	}
}

void stream_scale_sse2(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	__m128d vq = _mm_set1_pd(q);
	size_t j;

	for (j = 0; j < n; j += 8) {
		_mm_store_pd(b + j, _mm_mul_pd(vq, _mm_load_pd(c + j)));
		_mm_store_pd(b + j + 2, _mm_mul_pd(vq, _mm_load_pd(c + j + 2)));
		_mm_store_pd(b + j + 4, _mm_mul_pd(vq, _mm_load_pd(c + j + 4)));
		_mm_store_pd(b + j + 6, _mm_mul_pd(vq, _mm_load_pd(c + j + 6)));
	}
}

void stream_add_sse2(double *restrict a, double *restrict b, double *restrict c,
		     double q, size_t n)
{
	size_t j;

	for (j = 0; j < n; j += 8) {
		_mm_store_pd(c + j, _mm_add_pd(_mm_load_pd(a + j), _mm_load_pd(b + j)));
		_mm_store_pd(c + j + 2, _mm_add_pd(_mm_load_pd(a + j + 2),
						   _mm_load_pd(b + j + 2)));
		_mm_store_pd(c + j + 4, _mm_add_pd(_mm_load_pd(a + j + 4),
						   _mm_load_pd(b + j + 4)));
		_mm_store_pd(c + j + 6, _mm_add_pd(_mm_load_pd(a + j + 6),
						   _mm_load_pd(b + j + 6)));
	}
}

/* a = b + q * c for one register: mulpd, then addpd. */
static inline void triad2(double *a, const double *b, const double *c, __m128d vq)
{
	_mm_store_pd(a, _mm_add_pd(_mm_load_pd(b), _mm_mul_pd(vq, _mm_load_pd(c))));
}

void stream_triad_sse2(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	__m128d vq = _mm_set1_pd(q);
	size_t j;

	for (j = 0; j < n; j += 8) {
		triad2(a + j, b + j, c + j, vq);
		triad2(a + j + 2, b + j + 2, c + j + 2, vq);
		triad2(a + j + 4, b + j + 4, c + j + 4, vq);
		triad2(a + j + 6, b + j + 6, c + j + 6, vq);
	}
}

#endif /* __x86_64__ */
