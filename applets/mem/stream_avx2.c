/* stream_avx2.c - STREAM kernels with AVX (x86_64, CPU_AVX2)
 *
 * SPDX-License-Identifier: MIT
 *
 * Compiled with -mavx2 -mfma; reached only through stream_kernels.c rows
 * that need CPU_AVX2. Four 32-byte registers (16 doubles) per array per
 * iteration, aligned vmovapd loads. Preconditions: arrays 32-byte aligned,
 * n a non-zero multiple of 16.
 *
 * Each kernel comes twice from one body: with vmovapd stores (arrays that
 * fit the caches) and with vmovntpd non-temporal stores and a closing
 * sfence (the _nt functions, which stream.c runs when the three arrays
 * together are larger than the last-level cache). Past the cache a normal
 * store first reads the line it is about to overwrite (read for
 * ownership) and later writes it back: copy and scale move 3 x 8 bytes
 * per element where STREAM counts 2, add and triad 4 where it counts 3.
 * A streaming store skips the read, so the same loop gets up to 1.5x
 * (4/3) the bandwidth; inside the cache it would send every line to DRAM
 * instead, far slower than a cache hit.
 *
 * Triad must not become vfmadd: GCC's _mm256_mul_pd/_mm256_add_pd are
 * plain vector * and +, which it contracts into an FMA under -mfma. The
 * empty asm makes the product opaque, so it is rounded before the add,
 * as in the C reference.
 */
#if defined(__x86_64__) && defined(__AVX2__)
#include "stream.h"

#include <immintrin.h>

stream_fn stream_copy_avx2, stream_scale_avx2, stream_add_avx2, stream_triad_avx2,
	stream_copy_avx2_nt, stream_scale_avx2_nt, stream_add_avx2_nt, stream_triad_avx2_nt;

static inline void put4(double *p, __m256d v, int nt)
{
	if (nt)
		_mm256_stream_pd(p, v);
	else
		_mm256_store_pd(p, v);
}

static inline void copy_body(const double *a, double *c, size_t n, int nt)
{
	size_t j;

	for (j = 0; j < n; j += 16) {
		__m256d x0 = _mm256_load_pd(a + j), x1 = _mm256_load_pd(a + j + 4);
		__m256d x2 = _mm256_load_pd(a + j + 8), x3 = _mm256_load_pd(a + j + 12);

		put4(c + j, x0, nt);
		put4(c + j + 4, x1, nt);
		put4(c + j + 8, x2, nt);
		put4(c + j + 12, x3, nt);
	}
}

/* b = q * c for one register. */
static inline void scale4(double *b, const double *c, __m256d vq, int nt)
{
	put4(b, _mm256_mul_pd(vq, _mm256_load_pd(c)), nt);
}

static inline void scale_body(double *b, const double *c, __m256d vq, size_t n, int nt)
{
	size_t j;

	for (j = 0; j < n; j += 16) {
		scale4(b + j, c + j, vq, nt);
		scale4(b + j + 4, c + j + 4, vq, nt);
		scale4(b + j + 8, c + j + 8, vq, nt);
		scale4(b + j + 12, c + j + 12, vq, nt);
	}
}

/* c = a + b for one register. */
static inline void add4(double *c, const double *a, const double *b, int nt)
{
	put4(c, _mm256_add_pd(_mm256_load_pd(a), _mm256_load_pd(b)), nt);
}

static inline void add_body(const double *a, const double *b, double *c, size_t n, int nt)
{
	size_t j;

	for (j = 0; j < n; j += 16) {
		add4(c + j, a + j, b + j, nt);
		add4(c + j + 4, a + j + 4, b + j + 4, nt);
		add4(c + j + 8, a + j + 8, b + j + 8, nt);
		add4(c + j + 12, a + j + 12, b + j + 12, nt);
	}
}

/* a = b + q * c for one register: vmulpd, then vaddpd, never fused. */
static inline void triad4(double *a, const double *b, const double *c, __m256d vq, int nt)
{
	__m256d t = _mm256_mul_pd(vq, _mm256_load_pd(c));

	__asm__("" : "+x" (t));		/* no contraction into vfmadd */
	put4(a, _mm256_add_pd(_mm256_load_pd(b), t), nt);
}

static inline void triad_body(double *a, const double *b, const double *c, __m256d vq,
			      size_t n, int nt)
{
	size_t j;

	for (j = 0; j < n; j += 16) {
		triad4(a + j, b + j, c + j, vq, nt);
		triad4(a + j + 4, b + j + 4, c + j + 4, vq, nt);
		triad4(a + j + 8, b + j + 8, c + j + 8, vq, nt);
		triad4(a + j + 12, b + j + 12, c + j + 12, vq, nt);
	}
}

void stream_copy_avx2(double *restrict a, double *restrict b, double *restrict c,
		      double q, size_t n)
{
	copy_body(a, c, n, 0);
}

void stream_copy_avx2_nt(double *restrict a, double *restrict b, double *restrict c,
			 double q, size_t n)
{
	copy_body(a, c, n, 1);
	_mm_sfence();
}

void stream_scale_avx2(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	scale_body(b, c, _mm256_set1_pd(q), n, 0);
}

void stream_scale_avx2_nt(double *restrict a, double *restrict b, double *restrict c,
			  double q, size_t n)
{
	scale_body(b, c, _mm256_set1_pd(q), n, 1);
	_mm_sfence();
}

void stream_add_avx2(double *restrict a, double *restrict b, double *restrict c,
		     double q, size_t n)
{
	add_body(a, b, c, n, 0);
}

void stream_add_avx2_nt(double *restrict a, double *restrict b, double *restrict c,
			double q, size_t n)
{
	add_body(a, b, c, n, 1);
	_mm_sfence();
}

void stream_triad_avx2(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	triad_body(a, b, c, _mm256_set1_pd(q), n, 0);
}

void stream_triad_avx2_nt(double *restrict a, double *restrict b, double *restrict c,
			  double q, size_t n)
{
	triad_body(a, b, c, _mm256_set1_pd(q), n, 1);
	_mm_sfence();
}

#endif /* __x86_64__ && __AVX2__ */
