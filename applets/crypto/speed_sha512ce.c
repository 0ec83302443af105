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

/*
 * One step, two rounds, as one asm statement so that its order is the one
 * written: on the in-order cores (A53/A55) an instruction waits for its
 * operands and holds up all behind it. The step's latency is the chain
 * ef -> EXT -> SHA512H -> ADD -> ef; the work off the chain fills its idle
 * slots: the message schedule (W[2s+16], W[2s+17] into wa), the next
 * step's x = gh' + swap(K+W) (gh' = ef), and the load of the K vector of
 * the step after that (kin: this step's next K, loaded by the step
 * before; kout: the one after, for the next step). K is read from the
 * table in every block, as loads, not held in registers or on the stack.
 * On entry x = gh + swap(K+W) of this step; on exit x is the new {a,b}
 * and efn the new {e,f} (the caller renames: {c,d}' = ab, {g,h}' = ef).
 * STEP_SCHED: with the message schedule (s < 32); STEP_NEXT: without it
 * (s < 39); STEP_LAST: neither. The K loads stop at K[78..79]. xn is
 * written by the last instruction, after every input is read, so it is
 * no early-clobber output (as one, GCC copied it to another register
 * with a MOV that held up the next step's chain).
 */
#define STEP_OUT \
	[x] "+w" (x), [efn] "=&w" (efn), [v6] "=&w" (v6), [v7] "=&w" (v7)
#define STEP_IN \
	[ab] "w" (ab), [cd] "w" (cd), [ef] "w" (ef), [gh] "w" (gh)
#define STEP_SCHED(knext) \
	__asm__("ext	%[v6].16b, %[ef].16b, %[gh].16b, #8\n\t" \
		"ext	%[v7].16b, %[cd].16b, %[ef].16b, #8\n\t" \
		"sha512su0	%[wa].2d, %[wb].2d\n\t" \
		"ext	%[tmp].16b, %[w4].16b, %[w5].16b, #8\n\t" \
		"add	%[kk].2d, %[kin].2d, %[wb].2d\n\t" \
		"sha512h	%q[x], %q[v6], %[v7].2d\n\t" \
		"sha512su1	%[wa].2d, %[w7].2d, %[tmp].2d\n\t" \
		"ext	%[kk].16b, %[kk].16b, %[kk].16b, #8\n\t" \
		"add	%[efn].2d, %[cd].2d, %[x].2d\n\t" \
		"sha512h2	%q[x], %q[cd], %[ab].2d\n\t" \
		"ldr	%q[kout], %[kmem]\n\t" \
		"add	%[xn].2d, %[ef].2d, %[kk].2d" \
		: STEP_OUT, [xn] "=w" (xn), [kout] "=&w" (kout), \
		  [wa] "+w" (w[s & 7]), [tmp] "=&w" (tmp), [kk] "=&w" (kk) \
		: STEP_IN, [kin] "w" (kin), [wb] "w" (w[(s + 1) & 7]), \
		  [w4] "w" (w[(s + 4) & 7]), [w5] "w" (w[(s + 5) & 7]), \
		  [w7] "w" (w[(s + 7) & 7]), \
		  [kmem] "m" (*(const uint64x2_t *)(k + 2 * (knext))))
#define STEP_NEXT(knext) \
	__asm__("ext	%[v6].16b, %[ef].16b, %[gh].16b, #8\n\t" \
		"ext	%[v7].16b, %[cd].16b, %[ef].16b, #8\n\t" \
		"add	%[kk].2d, %[kin].2d, %[wb].2d\n\t" \
		"sha512h	%q[x], %q[v6], %[v7].2d\n\t" \
		"ext	%[kk].16b, %[kk].16b, %[kk].16b, #8\n\t" \
		"add	%[efn].2d, %[cd].2d, %[x].2d\n\t" \
		"sha512h2	%q[x], %q[cd], %[ab].2d\n\t" \
		"ldr	%q[kout], %[kmem]\n\t" \
		"add	%[xn].2d, %[ef].2d, %[kk].2d" \
		: STEP_OUT, [xn] "=w" (xn), [kout] "=&w" (kout), [kk] "=&w" (kk) \
		: STEP_IN, [kin] "w" (kin), [wb] "w" (w[(s + 1) & 7]), \
		  [kmem] "m" (*(const uint64x2_t *)(k + 2 * (knext))))
#define STEP_LAST() \
	__asm__("ext	%[v6].16b, %[ef].16b, %[gh].16b, #8\n\t" \
		"ext	%[v7].16b, %[cd].16b, %[ef].16b, #8\n\t" \
		"sha512h	%q[x], %q[v6], %[v7].2d\n\t" \
		"add	%[efn].2d, %[cd].2d, %[x].2d\n\t" \
		"sha512h2	%q[x], %q[cd], %[ab].2d" \
		: STEP_OUT : STEP_IN)

KERNEL uint64x2_t load_w(const uint8_t *p)	/* two words, big-endian */
{
	return vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p)));
}

static void sha512_blocks(uint64_t h[8], const uint8_t *p, size_t nblocks)
{
	uint64x2_t s0 = vld1q_u64(h), s1 = vld1q_u64(h + 2);
	uint64x2_t s2 = vld1q_u64(h + 4), s3 = vld1q_u64(h + 6), w[8];
	int s;

	if (!nblocks)
		return;
#pragma GCC unroll 8
	for (s = 0; s < 8; s++)
		w[s] = load_w(p + 16 * s);
	for (; nblocks; nblocks--, p += 128) {
		uint64x2_t ab = s0, cd = s1, ef = s2, gh = s3, x, kw, kin;
		/* the next block's words are loaded in the last steps, each
		 * once its register is free (the last block loads its own
		 * again, which is harmless) */
		const uint8_t *pn = nblocks > 1 ? p + 128 : p;
		/* K is read from the table in every block (a load, one per
		 * step, in the steps' idle slots); hidden from GCC, which
		 * would otherwise hoist the 40 vectors out of the loop and,
		 * short of registers, keep 21 of them on the stack */
		const uint64_t *k = speed_sha512_k;

		__asm__("" : "+r" (k));
		kw = vaddq_u64(w[0], vld1q_u64(k));
		x = vaddq_u64(gh, vextq_u64(kw, kw, 1));
		kin = vld1q_u64(k + 2);
		/* step s: rounds 2s and 2s+1 */
#pragma GCC unroll 40
		for (s = 0; s < 40; s++) {
			uint64x2_t efn, xn, v6, v7, tmp, kk, kout;

			if (s < 32) {
				STEP_SCHED(s + 2 < 40 ? s + 2 : 39);
			} else if (s < 39) {
				STEP_NEXT(s + 2 < 40 ? s + 2 : 39);
			} else {
				STEP_LAST();
				xn = kout = x;
			}
			if (s >= 31 && s < 39)	/* w[s - 31]: last read by this step */
				w[s - 31] = load_w(pn + 16 * (s - 31));
			kin = kout;
			(void)tmp;
			(void)kk;
			gh = ef;	/* the roles move on (see the steps' comment) */
			ef = efn;
			cd = ab;
			ab = x;
			x = xn;
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

#undef STEP_OUT
#undef STEP_IN
#undef STEP_SCHED
#undef STEP_NEXT
#undef STEP_LAST

int speed_sha512ce_setup(void *ctx, const uint8_t *key, size_t keylen, int decrypt)
{
	return 0;
}

int speed_sha512ce_run(void *ctx, const uint8_t *in, uint8_t *out, size_t n)
{
	return speed_sha512_digest(sha512_blocks, in, n, out);
}

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
