/* membw_avx2.c - x86_64 AVX2 membw kernels
 *
 * SPDX-License-Identifier: MIT
 *
 * Compiled with -mavx2 -mfma (the Makefile's rule for *_avx2.c) and called
 * only through membw_kernels.c rows that need CPU_AVX2, which cpu.c sets
 * only when the OS saves the YMM state. The same shapes as membw_sse2.c
 * with 32-byte registers, 128 bytes (four registers) per iteration:
 *   rd       vmovdqa loads XORed into four accumulators, folded at the end
 *   wr       vmovdqa stores ("avx2"), or vmovntdq non-temporal stores and
 *            one sfence ("avx2_nt")
 *   copy     vmovdqa loads and stores ("avx2"), or vmovntdq stores
 *            ("avx2_nt")
 *   fill     vmovntdq stores of zero ("avx2_nt"; inside the caches libc's
 *            rep stosq wins, see membw_sse2.c)
 * Every function ends with vzeroupper, so the SSE code that runs next pays
 * no AVX-SSE transition penalty; GCC (and clang) insert it on their own at
 * each return of a function that touched YMM state, so it is not written
 * here (an explicit _mm256_zeroupper() only doubled it).
 * Preconditions: dst and src 32-byte aligned, n a non-zero multiple of 128.
 */
#if defined(__x86_64__) && defined(__AVX2__)
#include "membw.h"

#include <immintrin.h>

mem_fn mem_rd_avx2, mem_wr_avx2, mem_wr_avx2_nt, mem_copy_avx2, mem_copy_avx2_nt, mem_fill_avx2_nt;

uint64_t mem_rd_avx2(void *restrict dst, const void *restrict src, size_t n,
		     uint64_t pattern)
{
	const __m256i *s = src;
	__m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
	__m128i x;

	for (; n; n -= 128, s += 4) {
		a0 = _mm256_xor_si256(a0, _mm256_load_si256(s));
		a1 = _mm256_xor_si256(a1, _mm256_load_si256(s + 1));
		a2 = _mm256_xor_si256(a2, _mm256_load_si256(s + 2));
		a3 = _mm256_xor_si256(a3, _mm256_load_si256(s + 3));
	}
	a0 = _mm256_xor_si256(_mm256_xor_si256(a0, a1), _mm256_xor_si256(a2, a3));
	x = _mm_xor_si128(_mm256_castsi256_si128(a0), _mm256_extracti128_si256(a0, 1));
	x = _mm_xor_si128(x, _mm_unpackhi_epi64(x, x));
	return (uint64_t)_mm_cvtsi128_si64(x);
}

static inline void wr_avx2(void *dst, size_t n, __m256i v)
{
	__m256i *d = dst;

	for (; n; n -= 128, d += 4) {
		_mm256_store_si256(d, v);
		_mm256_store_si256(d + 1, v);
		_mm256_store_si256(d + 2, v);
		_mm256_store_si256(d + 3, v);
	}
}

static inline void wr_avx2_nt(void *dst, size_t n, __m256i v)
{
	__m256i *d = dst;

	for (; n; n -= 128, d += 4) {
		_mm256_stream_si256(d, v);
		_mm256_stream_si256(d + 1, v);
		_mm256_stream_si256(d + 2, v);
		_mm256_stream_si256(d + 3, v);
	}
	_mm_sfence();
}

uint64_t mem_wr_avx2(void *restrict dst, const void *restrict src, size_t n,
		     uint64_t pattern)
{
	wr_avx2(dst, n, _mm256_set1_epi64x((long long)pattern));
	return 0;
}

uint64_t mem_wr_avx2_nt(void *restrict dst, const void *restrict src, size_t n,
			uint64_t pattern)
{
	wr_avx2_nt(dst, n, _mm256_set1_epi64x((long long)pattern));
	return 0;
}

uint64_t mem_fill_avx2_nt(void *restrict dst, const void *restrict src, size_t n,
			  uint64_t pattern)
{
	wr_avx2_nt(dst, n, _mm256_setzero_si256());
	return 0;
}

/* dst = src, 128 bytes an iteration, all four loads before the stores,
 * which are streaming ones where nt (a constant in each caller) */
static inline void copy_avx2(void *dst, const void *src, size_t n, int nt)
{
	__m256i *d = dst;
	const __m256i *s = src;

	for (; n; n -= 128, d += 4, s += 4) {
		__m256i v[4];
		int i;

		for (i = 0; i < 4; i++)
			v[i] = _mm256_load_si256(s + i);
		for (i = 0; i < 4; i++)
			if (nt)
				_mm256_stream_si256(d + i, v[i]);
			else
				_mm256_store_si256(d + i, v[i]);
	}
}

uint64_t mem_copy_avx2(void *restrict dst, const void *restrict src, size_t n,
		       uint64_t pattern)
{
	copy_avx2(dst, src, n, 0);
	return 0;
}

uint64_t mem_copy_avx2_nt(void *restrict dst, const void *restrict src, size_t n,
			  uint64_t pattern)
{
	copy_avx2(dst, src, n, 1);
	_mm_sfence();
	return 0;
}

#endif /* __x86_64__ && __AVX2__ */
