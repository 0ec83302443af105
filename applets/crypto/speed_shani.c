/* speed_shani.c - SHA-1 and SHA-256 block functions with the x86 SHA
 * extensions (SHA-NI), x86_64, for `speed`
 *
 * SPDX-License-Identifier: MIT
 *
 * Written from the Intel SDM's definitions of SHA1RNDS4, SHA1NEXTE,
 * SHA1MSG1/2, SHA256RNDS2 and SHA256MSG1/2 and from FIPS 180-4. The
 * instructions keep the SHA-256 state as two registers, ABEF and CDGH
 * (A in the top lane), and the SHA-1 state as ABCD plus E in the top lane
 * of a second register; the block functions convert from and to the
 * FIPS word order of speed_tuned.c on entry and exit, so that and the
 * padding (speed_tuned.c) stay portable. One SHA256RNDS2 does two rounds
 * and one SHA1RNDS4 four; the message schedule runs four words at a time
 * beside them.
 *
 * Built with -msha -mssse3 -msse4.1 (Makefile); called only through
 * speed_tuned[] rows whose needs the CPU grants. Compiles to nothing on
 * other architectures.
 */
#if defined(__x86_64__)
#if !defined(__SHA__) || !defined(__SSSE3__) || !defined(__SSE4_1__)
#error "speed_shani.c needs -msha -mssse3 -msse4.1 (SHANI_CFLAGS in the Makefile)"
#endif

#include "speed_tuned.h"

#include <immintrin.h>

KERNEL __m128i ld(const void *p)
{
	return _mm_loadu_si128((const __m128i *)p);
}

/* SHA1RNDS4 takes its round function as an immediate. */
KERNEL __m128i sha1_rnds4(__m128i abcd, __m128i ew, int f)
{
	switch (f) {
	case 0: return _mm_sha1rnds4_epu32(abcd, ew, 0);
	case 1: return _mm_sha1rnds4_epu32(abcd, ew, 1);
	case 2: return _mm_sha1rnds4_epu32(abcd, ew, 2);
	default: return _mm_sha1rnds4_epu32(abcd, ew, 3);
	}
}

void speed_shani_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t nblocks)
{
	/* W0 of a 16-byte group in the top lane, each word big-endian */
	const __m128i rev = _mm_setr_epi8(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
	__m128i abcd = _mm_set_epi32((int)h[0], (int)h[1], (int)h[2], (int)h[3]);
	__m128i e = _mm_set_epi32((int)h[4], 0, 0, 0);
	uint32_t t[4];
	int g;

	for (; nblocks; nblocks--, p += 64) {
		__m128i sabcd = abcd, se = e, prev = abcd, w[4], ew;

#pragma GCC unroll 4
		for (g = 0; g < 4; g++)
			w[g] = _mm_shuffle_epi8(ld(p + 16 * g), rev);
		ew = _mm_add_epi32(e, w[0]);
#pragma GCC unroll 20
		for (g = 0; g < 20; g++) {	/* four rounds each */
			prev = abcd;
			abcd = sha1_rnds4(abcd, ew, g / 5);
			if (g < 16)	/* W[4g+16 .. 4g+19] */
				w[g & 3] = _mm_sha1msg2_epu32(
					_mm_xor_si128(_mm_sha1msg1_epu32(w[g & 3], w[(g + 1) & 3]),
						      w[(g + 2) & 3]),
					w[(g + 3) & 3]);
			if (g < 19)	/* next E = ROTL30(A four rounds ago) */
				ew = _mm_sha1nexte_epu32(prev, w[(g + 1) & 3]);
		}
		e = _mm_sha1nexte_epu32(prev, se);
		abcd = _mm_add_epi32(abcd, sabcd);
	}
	_mm_storeu_si128((__m128i *)t, abcd);
	h[0] = t[3];
	h[1] = t[2];
	h[2] = t[1];
	h[3] = t[0];
	h[4] = (uint32_t)_mm_extract_epi32(e, 3);
}

void speed_shani_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t nblocks)
{
	const __m128i bswap = _mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12);
	__m128i abef = _mm_set_epi32((int)h[0], (int)h[1], (int)h[4], (int)h[5]);
	__m128i cdgh = _mm_set_epi32((int)h[2], (int)h[3], (int)h[6], (int)h[7]);
	uint32_t t[4];
	int g;

	for (; nblocks; nblocks--, p += 64) {
		__m128i sabef = abef, scdgh = cdgh, w[4], wk;

#pragma GCC unroll 4
		for (g = 0; g < 4; g++)
			w[g] = _mm_shuffle_epi8(ld(p + 16 * g), bswap);
#pragma GCC unroll 16
		for (g = 0; g < 16; g++) {	/* four rounds each */
			wk = _mm_add_epi32(w[g & 3], ld(&speed_sha256_k[4 * g]));
			/* two rounds: returns the new ABEF; the old ABEF is the new CDGH */
			cdgh = _mm_sha256rnds2_epu32(cdgh, abef, wk);
			abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(wk, 0x0e));
			if (g < 12)	/* W[4g+16 .. 4g+19] */
				w[g & 3] = _mm_sha256msg2_epu32(
					_mm_add_epi32(_mm_sha256msg1_epu32(w[g & 3], w[(g + 1) & 3]),
						      _mm_alignr_epi8(w[(g + 3) & 3], w[(g + 2) & 3], 4)),
					w[(g + 3) & 3]);
		}
		abef = _mm_add_epi32(abef, sabef);
		cdgh = _mm_add_epi32(cdgh, scdgh);
	}
	_mm_storeu_si128((__m128i *)t, abef);
	h[0] = t[3];
	h[1] = t[2];
	h[4] = t[1];
	h[5] = t[0];
	_mm_storeu_si128((__m128i *)t, cdgh);
	h[2] = t[3];
	h[3] = t[2];
	h[6] = t[1];
	h[7] = t[0];
}

#endif /* __x86_64__ */
