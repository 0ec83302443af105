/* membw_sse2.c - x86_64 SSE2 membw kernels, and rep movsb / rep stosb
 *
 * SPDX-License-Identifier: MIT
 *
 * SSE2 is the x86_64 baseline, so this file needs no extra flags. The
 * kernels move 64 bytes (four 16-byte registers, one cache line) per
 * iteration:
 *   rd       movdqa loads XORed (pxor) into four accumulators, folded to
 *            the 64-bit XOR of all words of src at the end
 *   wr       movdqa stores ("sse2") or movntdq ("sse2_nt")
 *   copy     movdqa loads, movntdq stores ("sse2_nt"); the same with one
 *            prefetchnta per line DIST bytes ahead ("sse2_nt_pfDIST"); and
 *            in two passes ("sse2_2pass_nt"): each 4 KiB block of src is
 *            first read, one load a line, so it sits in the L1 cache, then
 *            copied to dst with movntdq. The two passes keep DRAM reading
 *            for a while and then writing, instead of turning round on
 *            every line (the idea of tinymembench's 2-pass copies, without
 *            its bounce buffer)
 *   fill     movntdq stores of zero ("sse2_nt")
 * movntdq (non-temporal: write-combining, bypassing the caches) stores a
 * whole line without reading it first; one sfence at the end orders the
 * weakly ordered streaming stores before the function returns. Inside the
 * caches the normal stores and libc's rep movsq/stosq win; past the
 * last-level cache the streaming ones do (on the AMD EPYC this was tuned
 * on, 1.3x at 32 MiB): which is fastest on a machine depends on the
 * machine, so each is a row of its own, and membw --kernel=best measures
 * them to pick (membw.c).
 *
 * rep movsb / rep stosb are here because they are x86-only too; they work
 * for any alignment and size (the table says align 1, gran 8) and are fast
 * string operations on CPUs with ERMS, slow microcode on some without, which
 * is what a row of its own shows.
 *
 * Preconditions: dst and src 16-byte aligned, n a non-zero multiple of 64.
 * prefetchnta never faults, so prefetching past the end of src is harmless;
 * nothing is read or written outside [src, src + n) and [dst, dst + n).
 */
#if defined(__x86_64__)
#include "membw.h"

#include <emmintrin.h>

mem_fn mem_rd_sse2, mem_wr_sse2, mem_wr_sse2_nt, mem_copy_sse2_nt, mem_copy_sse2_nt_pf256,
	mem_copy_sse2_nt_pf1k, mem_copy_sse2_2pass_nt, mem_fill_sse2_nt, mem_copy_rep_movsb,
	mem_fill_rep_stosb;

enum { BLOCK_2PASS = 4096 };	/* bytes read, then written, per pass pair */

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

/* dst = src, one line an iteration: movdqa loads, movntdq stores, with a
 * prefetchnta of the line pf bytes ahead where pf is not 0 (a constant
 * in each caller, so the test folds away). No sfence: the callers fence. */
static inline void copy_sse2_nt(void *dst, const void *src, size_t n, size_t pf)
{
	__m128i *d = dst;
	const __m128i *s = src;

	for (; n; n -= 64, d += 4, s += 4) {
		__m128i a = _mm_load_si128(s), b = _mm_load_si128(s + 1);
		__m128i c = _mm_load_si128(s + 2), e = _mm_load_si128(s + 3);

		if (pf)
			_mm_prefetch((const char *)s + pf, _MM_HINT_NTA);
		_mm_stream_si128(d, a);
		_mm_stream_si128(d + 1, b);
		_mm_stream_si128(d + 2, c);
		_mm_stream_si128(d + 3, e);
	}
}

/* the three rows of copy_sse2_nt: no prefetch, 256 and 1024 bytes ahead */
#define COPY_NT(name, pf)							\
	uint64_t name(void *restrict dst, const void *restrict src, size_t n,	\
		      uint64_t pattern)						\
	{									\
		copy_sse2_nt(dst, src, n, pf);					\
		_mm_sfence();							\
		return 0;							\
	}
COPY_NT(mem_copy_sse2_nt, 0)
COPY_NT(mem_copy_sse2_nt_pf256, 256)
COPY_NT(mem_copy_sse2_nt_pf1k, 1024)
#undef COPY_NT

/* Each block: one load per line of src (the OR of the first words, kept
 * so the loads stay), then the block copied out of the L1 cache. */
uint64_t mem_copy_sse2_2pass_nt(void *restrict dst, const void *restrict src, size_t n,
				uint64_t pattern)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n) {
		size_t b = n < BLOCK_2PASS ? n : BLOCK_2PASS, i;
		__m128i t = _mm_setzero_si128();

		for (i = 0; i < b; i += 64)
			t = _mm_or_si128(t, _mm_load_si128((const __m128i *)(s + i)));
		__asm__ volatile("" : : "x" (t));
		copy_sse2_nt(d, s, b, 0);
		d += b, s += b, n -= b;
	}
	_mm_sfence();
	return 0;
}

uint64_t mem_fill_sse2_nt(void *restrict dst, const void *restrict src, size_t n,
			  uint64_t pattern)
{
	wr_sse2_nt(dst, n, _mm_setzero_si128());
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
