/* speed_sha512_avx2.c - SHA-512 for x86_64 with an AVX2 message schedule
 * and BMI2 rounds, for `speed`
 *
 * SPDX-License-Identifier: MIT
 *
 * Written from FIPS 180-4 6.4 and the method of Intel's white paper "Fast
 * SHA512 Implementations on Intel Architecture Processors" (the one the
 * Linux kernel's sha512-avx2 follows): the rounds stay scalar, in
 * general-purpose registers, where BMI2's RORX rotates without touching
 * its source or the flags and ANDN makes Ch in one instruction fewer; the
 * message schedule runs beside them in the vector unit, four words at a
 * time in a YMM register, and leaves W[t] + K[t] in memory for the rounds
 * to add (one load each, off the rounds' critical path).
 *
 * Schedule: with the last 16 words in y0..y3 (W[t-16..t-13] ...
 * W[t-4..t-1]), W[t..t+3] = s1(W[t-2..t+1]) + W[t-7..t-4] +
 * s0(W[t-15..t-12]) + W[t-16..t-13]. The 3-word offsets cross the two
 * 128-bit lanes, so each is one VPERM2I128 and one VPALIGNR; AVX2 has no
 * 64-bit rotate, so each rotate is two shifts, merged with the other
 * terms by XOR. W[t+2] and W[t+3] need s1 of W[t] and W[t+1], made in the
 * same step: the low two lanes first, then the high two from them.
 *
 * Rounds: T1 = h + S1(e) + Ch(e,f,g) + (K[t] + W[t]), T2 = S0(a) +
 * Maj(a,b,c); Maj as ((a ^ b) & (b ^ c)) ^ b, whose b ^ c is the previous
 * round's a ^ b. Eight rounds are written out with the registers' roles
 * moving on, so no value is copied between rounds. GCC turns the
 * rotates into RORX and ~e & g into ANDN (-mbmi -mbmi2: this file alone,
 * the Makefile's rule), and the row needs CPU_AVX2 | CPU_BMI2.
 *
 * The W + K array is 80 words on the stack of the block function: the one
 * stack traffic of the loop, by design (tools/mca.floors lists it).
 */
#if defined(__x86_64__) && defined(__AVX2__) && defined(__BMI2__)

#include "speed_tuned.h"

#include <immintrin.h>

static inline uint64_t ror(uint64_t x, unsigned n)
{
	return x >> n | x << (64 - n);
}

static inline __m256i vror(__m256i x, int n)
{
	return _mm256_or_si256(_mm256_srli_epi64(x, n), _mm256_slli_epi64(x, 64 - n));
}

/* s0(x) = ROTR1 ^ ROTR8 ^ SHR7, s1(x) = ROTR19 ^ ROTR61 ^ SHR6 */
static inline __m256i vs0(__m256i x)
{
	return _mm256_xor_si256(_mm256_xor_si256(vror(x, 1), vror(x, 8)),
				_mm256_srli_epi64(x, 7));
}

static inline __m256i vs1(__m256i x)
{
	return _mm256_xor_si256(_mm256_xor_si256(vror(x, 19), vror(x, 61)),
				_mm256_srli_epi64(x, 6));
}

/* W[t..t+3] from W[t-16..t-1] in y0..y3 (see the header). */
static inline __m256i sched4(__m256i y0, __m256i y1, __m256i y2, __m256i y3)
{
	__m256i w15 = _mm256_alignr_epi8(_mm256_permute2x128_si256(y0, y1, 0x21), y0, 8);
	__m256i w7 = _mm256_alignr_epi8(_mm256_permute2x128_si256(y2, y3, 0x21), y2, 8);
	__m256i w = _mm256_add_epi64(_mm256_add_epi64(y0, w7), vs0(w15));
	__m256i z = _mm256_setzero_si256();

	/* W[t], W[t+1]: s1 of W[t-2], W[t-1] (y3's high lanes, moved low) */
	w = _mm256_add_epi64(w, _mm256_blend_epi32(z, vs1(_mm256_permute4x64_epi64(y3, 0xee)),
						   0x0f));
	/* W[t+2], W[t+3]: s1 of the W[t], W[t+1] just made (moved high) */
	return _mm256_add_epi64(w, _mm256_blend_epi32(z, vs1(_mm256_permute4x64_epi64(w, 0x44)),
						      0xf0));
}

/* 128 bytes big-endian from p + 32 * i: four words in host order. */
static inline __m256i load_w(const uint8_t *p, int i)
{
	const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10,
					       9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12,
					       11, 10, 9, 8);

	return _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(p + 32 * i)),
				   bswap);
}

/* One round, the roles of the eight variables named by the caller; ab is
 * a ^ b kept for the next round's Maj (as its b ^ c). */
#define ROUND(a, b, c, d, e, f, g, h, t) do {					\
		uint64_t t1 = h + (ror(e, 14) ^ ror(e, 18) ^ ror(e, 41)) +	\
			      ((e & f) ^ (~e & g)) + wk[t];			\
		uint64_t ab = a ^ b;						\
		d += t1;							\
		h = t1 + (ror(a, 28) ^ ror(a, 34) ^ ror(a, 39)) + ((ab & bc) ^ b); \
		bc = ab;							\
	} while (0)
#define ROUND8(t) do {								\
		ROUND(a, b, c, d, e, f, g, h, (t));				\
		ROUND(h, a, b, c, d, e, f, g, (t) + 1);			\
		ROUND(g, h, a, b, c, d, e, f, (t) + 2);			\
		ROUND(f, g, h, a, b, c, d, e, (t) + 3);			\
		ROUND(e, f, g, h, a, b, c, d, (t) + 4);			\
		ROUND(d, e, f, g, h, a, b, c, (t) + 5);			\
		ROUND(c, d, e, f, g, h, a, b, (t) + 6);			\
		ROUND(b, c, d, e, f, g, h, a, (t) + 7);			\
	} while (0)

static void sha512_blocks(uint64_t st[8], const uint8_t *p, size_t nblocks)
{
	uint64_t wk[80] __attribute__((aligned(32)));
	const uint64_t *k = speed_sha512_k;

	for (; nblocks; nblocks--, p += 128) {
		__m256i y0 = load_w(p, 0), y1 = load_w(p, 1), y2 = load_w(p, 2), y3 = load_w(p, 3);
		uint64_t a = st[0], b = st[1], c = st[2], d = st[3];
		uint64_t e = st[4], f = st[5], g = st[6], h = st[7], bc = b ^ c;
		int t;

		_mm256_store_si256((__m256i *)(void *)(wk + 0),
				   _mm256_add_epi64(y0, _mm256_loadu_si256((const void *)(k + 0))));
		_mm256_store_si256((__m256i *)(void *)(wk + 4),
				   _mm256_add_epi64(y1, _mm256_loadu_si256((const void *)(k + 4))));
		_mm256_store_si256((__m256i *)(void *)(wk + 8),
				   _mm256_add_epi64(y2, _mm256_loadu_si256((const void *)(k + 8))));
		_mm256_store_si256((__m256i *)(void *)(wk + 12),
				   _mm256_add_epi64(y3, _mm256_loadu_si256((const void *)(k + 12))));
		__asm__ volatile("" : : : "memory");
		/* rounds t..t+7 while the schedule makes W[t+16..t+23] */
#pragma GCC unroll 8
		for (t = 0; t < 64; t += 8) {
			__m256i y4 = sched4(y0, y1, y2, y3), y5;

			_mm256_store_si256((__m256i *)(void *)(wk + t + 16),
					   _mm256_add_epi64(y4, _mm256_loadu_si256(
							    (const void *)(k + t + 16))));
			y5 = sched4(y1, y2, y3, y4);
			_mm256_store_si256((__m256i *)(void *)(wk + t + 20),
					   _mm256_add_epi64(y5, _mm256_loadu_si256(
							    (const void *)(k + t + 20))));
			y0 = y2, y1 = y3, y2 = y4, y3 = y5;
			/* the rounds load W + K from memory: left to itself GCC
			 * forwards the stores to them with VPEXTRQ (two
			 * micro-ops each) and keeps more vectors live */
			__asm__ volatile("" : : : "memory");
			ROUND8(t);
		}
		ROUND8(64);
		ROUND8(72);
		st[0] += a, st[1] += b, st[2] += c, st[3] += d;
		st[4] += e, st[5] += f, st[6] += g, st[7] += h;
	}
}

int speed_sha512_avx2_run(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	return speed_sha512_digest(sha512_blocks, in, n, out);
}

#endif /* __x86_64__ && __AVX2__ && __BMI2__ */
