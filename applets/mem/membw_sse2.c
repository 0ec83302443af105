/* membw_sse2.c - x86_64 SSE2 membw kernels (rd, wr), and rep movsb / rep stosb
 *
 * SPDX-License-Identifier: MIT
 *
 * SSE2 is the x86_64 baseline, so this file needs no extra flags. The
 * kernels move 64 bytes (four 16-byte registers) per iteration:
 *   rd       movdqa loads XORed (pxor) into four accumulators, folded to
 *            the 64-bit XOR of all words of src at the end
 *   wr       movdqa stores (mem_wr_sse2), or movntdq (non-temporal:
 *            write-combining, bypassing the caches) followed by one sfence,
 *            which orders the weakly ordered streaming stores before the
 *            function returns (mem_wr_sse2_nt, which membw runs instead
 *            when the buffer is larger than the last-level cache: see
 *            membw_kernels.c)
 * Preconditions: dst and src 16-byte aligned, n a non-zero multiple of 64.
 *
 * There is no SSE2 (or AVX2) copy or fill: on the Zen 5 they were measured
 * on, each lost to libc's row at some size. musl's memcpy and memset are
 * rep movsq and rep stosq, and the string microcode writes whole lines
 * without reading them first, which no SSE2/AVX2 store does inside the
 * caches. Medians of 4-5 interleaved runs, GB/s, libc against the loop:
 * copy 87 vs 64 (AVX2) and 56 (SSE2) at 512 KiB, 44 vs 41 and 35 at 8 MiB
 * (the AVX2 loop won only at 16 KiB, 154 vs 133); fill 99-102 vs 80-85
 * (both) at 8 MiB, and SSE2 lost at 16 and 512 KiB too (1.1-1.3x). wr,
 * which libc has no counterpart of, keeps its rows: they show the vector
 * store peak. x86_64 copies and fills with rep movsb / rep stosb instead.
 *
 * rep movsb / rep stosb are here because they are x86-only too; they work
 * for any alignment and size (the table says align 1, gran 8) and are fast
 * string operations on CPUs with ERMS, slow microcode on some without, which
 * is what a row of its own shows.
 */
#if defined(__x86_64__)
#include "membw.h"

#include <emmintrin.h>

mem_fn mem_rd_sse2, mem_wr_sse2, mem_wr_sse2_nt, mem_copy_rep_movsb, mem_fill_rep_stosb;

uint64_t mem_rd_sse2(void *restrict dst, const void *restrict src, size_t n,
		     uint64_t pattern)
{
	const __m128i *s = src;
	__m128i a0 = _mm_setzero_si128(), a1 = a0, a2 = a0, a3 = a0;

	for (; n; n -= 64, s += 4) {
		a0 = _mm_xor_si128(a0, _mm_load_si128(s));
		a1 = _mm_xor_si128(a1, _mm_load_si128(s + 1));
		a2 = _mm_xor_si128(a2, _mm_load_si128(s + 2));
		a3 = _mm_xor_si128(a3, _mm_load_si128(s + 3));
	}
	a0 = _mm_xor_si128(_mm_xor_si128(a0, a1), _mm_xor_si128(a2, a3));
	a0 = _mm_xor_si128(a0, _mm_unpackhi_epi64(a0, a0));
	return (uint64_t)_mm_cvtsi128_si64(a0);
}

static inline void wr_sse2(void *dst, size_t n, __m128i v)
{
	__m128i *d = dst;

	for (; n; n -= 64, d += 4) {
		_mm_store_si128(d, v);
		_mm_store_si128(d + 1, v);
		_mm_store_si128(d + 2, v);
		_mm_store_si128(d + 3, v);
	}
}

static inline void wr_sse2_nt(void *dst, size_t n, __m128i v)
{
	__m128i *d = dst;

	for (; n; n -= 64, d += 4) {
		_mm_stream_si128(d, v);
		_mm_stream_si128(d + 1, v);
		_mm_stream_si128(d + 2, v);
		_mm_stream_si128(d + 3, v);
	}
	_mm_sfence();
}

uint64_t mem_wr_sse2(void *restrict dst, const void *restrict src, size_t n,
		     uint64_t pattern)
{
	wr_sse2(dst, n, _mm_set1_epi64x((long long)pattern));
	return 0;
}

uint64_t mem_wr_sse2_nt(void *restrict dst, const void *restrict src, size_t n,
			uint64_t pattern)
{
	wr_sse2_nt(dst, n, _mm_set1_epi64x((long long)pattern));
	return 0;
}

uint64_t mem_copy_rep_movsb(void *restrict dst, const void *restrict src, size_t n,
			    uint64_t pattern)
{
	__asm__ volatile("rep movsb"
			 : "+D" (dst), "+S" (src), "+c" (n)
			 :
			 : "memory");
	return 0;
}

uint64_t mem_fill_rep_stosb(void *restrict dst, const void *restrict src, size_t n,
			    uint64_t pattern)
{
	__asm__ volatile("rep stosb"
			 : "+D" (dst), "+c" (n)
			 : "a" (0)
			 : "memory");
	return 0;
}

#endif /* __x86_64__ */
