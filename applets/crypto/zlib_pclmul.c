/* zlib_pclmul.c - CRC-32 by carry-less multiply folding with PCLMULQDQ
 * (x86_64)
 *
 * SPDX-License-Identifier: MIT
 *
 * Four 128-bit lanes of message are folded 512 bits ahead per step (two
 * carry-less 64 x 32-bit multiplies and two XORs per lane), then folded
 * into one lane 128 bits at a time, then reduced to the 32-bit CRC by
 * Barrett reduction; the constants and their derivation are in
 * zlib_kernels.c (Intel's white paper "Fast CRC Computation for Generic
 * Polynomials Using PCLMULQDQ" describes the method). Fewer than 64 bytes,
 * and the last len % 16 bytes, go through the portable slicing-by-8 row.
 * Built with -mpclmul -mssse3 -msse4.1 (Makefile); run only when
 * cpu_features() reports PCLMULQDQ, SSSE3 and SSE4.1.
 */
#if defined(__x86_64__)
#include "zlib_kernels.h"

#include <immintrin.h>

/* Lane x moved d bits further (the constants in k pick d), XOR the next block. */
static inline __m128i fold(__m128i x, __m128i k, __m128i next)
{
	__m128i lo = _mm_clmulepi64_si128(x, k, 0x00);	/* H (low qword) * k.lo */
	__m128i hi = _mm_clmulepi64_si128(x, k, 0x11);	/* L (high qword) * k.hi */

	return _mm_xor_si128(_mm_xor_si128(lo, hi), next);
}

uint32_t crc32_pclmul(uint32_t crc, const unsigned char *buf, size_t len);

uint32_t crc32_pclmul(uint32_t crc, const unsigned char *buf, size_t len)
{
	const uint64_t *K = zk_crc32_fold_k;
	const __m128i k512 = _mm_set_epi64x((long long)K[ZK_K_FOLD512_HI],
					    (long long)K[ZK_K_FOLD512_LO]);
	const __m128i k128 = _mm_set_epi64x((long long)K[ZK_K_FOLD128_HI],
					    (long long)K[ZK_K_FOLD128_LO]);
	const __m128i low32 = _mm_set_epi32(0, 0, 0, -1);
	__m128i x0, x1, x2, x3, g, q, t;
	uint32_t r;

	if (len < 64)
		return zk_crc32_slice8(crc, buf, len);

	/* the register preset (~crc) XORs into the first 32 message bits */
	x0 = _mm_xor_si128(_mm_loadu_si128((const __m128i *)buf),
			   _mm_cvtsi32_si128((int)~crc));
	x1 = _mm_loadu_si128((const __m128i *)(buf + 16));
	x2 = _mm_loadu_si128((const __m128i *)(buf + 32));
	x3 = _mm_loadu_si128((const __m128i *)(buf + 48));
	buf += 64;
	len -= 64;
	for (; len >= 64; len -= 64, buf += 64) {
		x0 = fold(x0, k512, _mm_loadu_si128((const __m128i *)buf));
		x1 = fold(x1, k512, _mm_loadu_si128((const __m128i *)(buf + 16)));
		x2 = fold(x2, k512, _mm_loadu_si128((const __m128i *)(buf + 32)));
		x3 = fold(x3, k512, _mm_loadu_si128((const __m128i *)(buf + 48)));
	}
	x0 = fold(x0, k128, x1);
	x0 = fold(x0, k128, x2);
	x0 = fold(x0, k128, x3);
	for (; len >= 16; len -= 16, buf += 16)
		x0 = fold(x0, k128, _mm_loadu_si128((const __m128i *)buf));

	/* 128 -> 96 bits: H * (x^96 mod P) XOR L * x^32 */
	g = _mm_xor_si128(_mm_clmulepi64_si128(x0, k128, 0x10), _mm_srli_si128(x0, 8));
	/* 96 -> 64 bits: top 32 bits * (x^64 mod P) XOR the low 64 */
	t = _mm_set_epi64x(0, (long long)K[ZK_K_RED64]);
	q = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(g, low32), t, 0x00),
			  _mm_srli_si128(g, 4));
	/* Barrett: quotient = (Q's top 32 bits * mu) / x^32, CRC = Q - quotient * P */
	t = _mm_set_epi64x((long long)K[ZK_K_POLY], (long long)K[ZK_K_MU]);
	g = _mm_and_si128(_mm_clmulepi64_si128(_mm_and_si128(q, low32), t, 0x00), low32);
	q = _mm_xor_si128(q, _mm_clmulepi64_si128(g, t, 0x10));
	r = (uint32_t)_mm_extract_epi32(q, 1);
	return zk_crc32_slice8(~r, buf, len);
}
#endif
