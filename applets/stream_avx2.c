/* stream_avx2.c - STREAM kernels with AVX (x86_64, CPU_AVX2)
 *
 * SPDX-License-Identifier: MIT
 *
 * Compiled with -mavx2 -mfma; reached only through stream_kernels.c rows
 * that need CPU_AVX2. Four 32-byte registers (16 doubles) per array per
 * iteration, aligned vmovapd. Preconditions: arrays 32-byte aligned, n a
 * non-zero multiple of 16.
 *
 * Triad must not become vfmadd: GCC's _mm256_mul_pd/_mm256_add_pd are
 * plain vector * and +, which it contracts into an FMA under -mfma. The
 * empty asm makes the product opaque, so it is rounded before the add,
 * as in the C reference.
 */
#if defined(__x86_64__) && defined(__AVX2__)
#include "stream.h"

#include <immintrin.h>

stream_fn stream_copy_avx2, stream_scale_avx2, stream_add_avx2, stream_triad_avx2;

void stream_copy_avx2(double *restrict a, double *restrict b, double *restrict c,
		      double q, size_t n)
{
	size_t j;

	for (j = 0; j < n; j += 16) {
		__m256d x0 = _mm256_load_pd(a + j), x1 = _mm256_load_pd(a + j + 4);
		__m256d x2 = _mm256_load_pd(a + j + 8), x3 = _mm256_load_pd(a + j + 12);

		_mm256_store_pd(c + j, x0);
		_mm256_store_pd(c + j + 4, x1);
		_mm256_store_pd(c + j + 8, x2);
		_mm256_store_pd(c + j + 12, x3);
	}
}

/* b = q * c for one register. */
static inline void scale4(double *b, const double *c, __m256d vq)
{
	_mm256_store_pd(b, _mm256_mul_pd(vq, _mm256_load_pd(c)));
}

void stream_scale_avx2(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	__m256d vq = _mm256_set1_pd(q);
	size_t j;

	for (j = 0; j < n; j += 16) {
		scale4(b + j, c + j, vq);
		scale4(b + j + 4, c + j + 4, vq);
		scale4(b + j + 8, c + j + 8, vq);
		scale4(b + j + 12, c + j + 12, vq);
	}
}

/* c = a + b for one register. */
static inline void add4(double *c, const double *a, const double *b)
{
	_mm256_store_pd(c, _mm256_add_pd(_mm256_load_pd(a), _mm256_load_pd(b)));
}

void stream_add_avx2(double *restrict a, double *restrict b, double *restrict c,
		     double q, size_t n)
{
	size_t j;

	for (j = 0; j < n; j += 16) {
		add4(c + j, a + j, b + j);
		add4(c + j + 4, a + j + 4, b + j + 4);
		add4(c + j + 8, a + j + 8, b + j + 8);
		add4(c + j + 12, a + j + 12, b + j + 12);
	}
}

/* a = b + q * c for one register: vmulpd, then vaddpd, never fused. */
static inline void triad4(double *a, const double *b, const double *c, __m256d vq)
{
	__m256d t = _mm256_mul_pd(vq, _mm256_load_pd(c));

	__asm__("" : "+x" (t));		/* no contraction into vfmadd */
	_mm256_store_pd(a, _mm256_add_pd(_mm256_load_pd(b), t));
}

void stream_triad_avx2(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	__m256d vq = _mm256_set1_pd(q);
	size_t j;

	for (j = 0; j < n; j += 16) {
		triad4(a + j, b + j, c + j, vq);
		triad4(a + j + 4, b + j + 4, c + j + 4, vq);
		triad4(a + j + 8, b + j + 8, c + j + 8, vq);
		triad4(a + j + 12, b + j + 12, c + j + 12, vq);
	}
}

#endif /* __x86_64__ && __AVX2__ */
