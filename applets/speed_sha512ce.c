/* speed_sha512ce.c - SHA-512 with the ARMv8.2 SHA512 instructions,
 * AArch64, for `speed`
 *
 * SPDX-License-Identifier: MIT
 *
 * Written from the Arm ARM's definitions of SHA512H, SHA512H2, SHA512SU0
 * and SHA512SU1 and from FIPS 180-4 6.4. The state a..h sits in four
 * registers as pairs {a,b} {c,d} {e,f} {g,h} (first word in lane 0). Two
 * rounds take one SHA512H (the two T1 values, from e,f,g, d and h/g plus
 * K+W) and one SHA512H2 (the two new a values, from a,b,c and T1):
 *   t1 = SHA512H({g,h} + swap(K+W), {f,g}, {d,e})   -> {T1', T1}
 *   {e,f}' = {c,d} + t1;  {a,b}' = SHA512H2(t1, {c,d}, {a,b})
 *   {c,d}' = {a,b};  {g,h}' = {e,f}
 * written in place, so the registers swap roles ({a,b} with {c,d}, {e,f}
 * with {g,h}) every step and are back after two. The
 * message schedule makes two words per SHA512SU0+SHA512SU1.
 *
 * The instructions need -march=armv8.2-a+sha3 (GCC defines
 * __ARM_FEATURE_SHA512 then); the Makefile is to give this file that flag
 * on aarch64. Built without it, setup() fails with "not available" and
 * the row never runs. Compiles to nothing on other architectures.
 */
#if defined(__aarch64__)

#include "speed_tuned.h"

#if defined(__ARM_FEATURE_SHA512)
#include <arm_neon.h>

#define KERNEL	static inline __attribute__((always_inline))

/* Two rounds, K+W of the first in lane 0 of kw; see the header. */
KERNEL void rounds2(uint64x2_t ab, uint64x2_t *cd, uint64x2_t ef, uint64x2_t *gh,
		    uint64x2_t kw)
{
	uint64x2_t t1 = vsha512hq_u64(vaddq_u64(*gh, vextq_u64(kw, kw, 1)),
				      vextq_u64(ef, *gh, 1), vextq_u64(*cd, ef, 1));

	*gh = vaddq_u64(*cd, t1);		/* becomes {e,f} */
	*cd = vsha512h2q_u64(t1, *cd, ab);	/* becomes {a,b} */
}

static void sha512_blocks(uint64_t h[8], const uint8_t *p, size_t nblocks)
{
	uint64x2_t s0 = vld1q_u64(h), s1 = vld1q_u64(h + 2);
	uint64x2_t s2 = vld1q_u64(h + 4), s3 = vld1q_u64(h + 6);
	int g;

	for (; nblocks; nblocks--, p += 128) {
		uint64x2_t ab = s0, cd = s1, ef = s2, gh = s3, w[8];

#pragma GCC unroll 8
		for (g = 0; g < 8; g++)
			w[g] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 16 * g)));
		/* step s: rounds 2s and 2s+1 */
#pragma GCC unroll 20
		for (g = 0; g < 40; g += 2) {
			int i;

#pragma GCC unroll 2
			for (i = 0; i < 2; i++) {
				int s = g + i;
				uint64x2_t kw = vaddq_u64(w[s & 7], vld1q_u64(&speed_sha512_k[2 * s]));

				if (s < 32)	/* W[2s+16], W[2s+17] */
					w[s & 7] = vsha512su1q_u64(
						vsha512su0q_u64(w[s & 7], w[(s + 1) & 7]),
						w[(s + 7) & 7],
						vextq_u64(w[(s + 4) & 7], w[(s + 5) & 7], 1));
				if (i == 0)	/* new {a,b} in cd, {e,f} in gh */
					rounds2(ab, &cd, ef, &gh, kw);
				else		/* and back */
					rounds2(cd, &ab, gh, &ef, kw);
			}
		}
		s0 = vaddq_u64(s0, ab);
		s1 = vaddq_u64(s1, cd);
		s2 = vaddq_u64(s2, ef);
		s3 = vaddq_u64(s3, gh);
	}
	vst1q_u64(h, s0);
	vst1q_u64(h + 2, s1);
	vst1q_u64(h + 4, s2);
	vst1q_u64(h + 6, s3);
}

int speed_sha512ce_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt)
{
	return 0;
}

int speed_sha512ce_run(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	return speed_sha512_digest(sha512_blocks, in, n, out);
}

#undef KERNEL
#else /* !__ARM_FEATURE_SHA512: built without the flag, never runs */

int speed_sha512ce_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt)
{
	return -1;
}

int speed_sha512ce_run(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	return -1;
}

#endif /* __ARM_FEATURE_SHA512 */
#endif /* __aarch64__ */
