/* zlib_ce.c - CRC-32 by carry-less multiply folding with the ARMv8 PMULL
 * instruction (aarch64 PMULL/PMULL2, AArch32 VMULL.P64)
 *
 * SPDX-License-Identifier: MIT
 *
 * The method and constants of zlib_pclmul.c (derivation in
 * zlib_kernels.c), with eight 128-bit lanes instead of four: 128 bytes per
 * step, each lane folded 1024 bits ahead (the four-lane loop was bound by
 * the PMULL -> EOR -> EOR chain of each lane), then eight lanes into four
 * (512 bits), one more 64-byte step if there is one, four lanes into one,
 * 16 bytes at a time, Barrett reduction to 32 bits. Fewer than 64 bytes
 * and the last len % 16 bytes go through the slicing-by-8 row; on AArch32
 * so do the bytes up to a 16-byte boundary, so that every VLD1 carries the
 * :128 alignment hint. The AArch64 main loop is inline assembly in the
 * order the in-order cores want (see fold8()); the rest is intrinsics.
 * Built with the ARMv8 crypto flags (Makefile's CE_CFLAGS); run only when
 * cpu_features() reports CPU_PMULL and CPU_ASIMD.
 */
#if defined(__aarch64__) || defined(__arm__)
#include "zlib_kernels.h"

#include <arm_neon.h>

uint32_t crc32_pmull(uint32_t crc, const unsigned char *buf, size_t len);

/* a.lo * b.lo and a.hi * b.hi, carry-less, 128-bit products */
static inline uint64x2_t clmul_lo(uint64x2_t a, uint64x2_t b)
{
	return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 0),
						(poly64_t)vgetq_lane_u64(b, 0)));
}

static inline uint64x2_t clmul_hi(uint64x2_t a, uint64x2_t b)
{
#if defined(__aarch64__)
	return vreinterpretq_u64_p128(vmull_high_p64(vreinterpretq_p64_u64(a),
						     vreinterpretq_p64_u64(b)));
#else
	return vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(a, 1),
						(poly64_t)vgetq_lane_u64(b, 1)));
#endif
}

static inline uint64x2_t pair(uint64_t lo, uint64_t hi)
{
	return vcombine_u64(vcreate_u64(lo), vcreate_u64(hi));
}

/* 16 bytes; on AArch32 p is 16-byte aligned (the loads carry :128 hints) */
static inline uint64x2_t load(const unsigned char *p)
{
#if defined(__aarch64__)
	return vreinterpretq_u64_u8(vld1q_u8(p));
#else
	return vld1q_u64(__builtin_assume_aligned(p, 16));
#endif
}

/* Lane x moved d bits further (the constants in k pick d), XOR the next block. */
static inline uint64x2_t fold(uint64x2_t x, uint64x2_t k, uint64x2_t next)
{
	return veorq_u64(veorq_u64(clmul_lo(x, k), clmul_hi(x, k)), next);
}

#if defined(__aarch64__)
/* The main loop: blocks (>= 1) steps of 128 bytes, each of the eight lanes
 * moved 1024 bits ahead (fold() on each), in the order the in-order cores
 * want. llvm-mca's models give 38 / 48 / 16 cycles per 128 bytes on the
 * A53 / A55 / A57; GCC's own order of the same C gives 45 / 54 / 18. The
 * A53 issues one vector instruction per cycle (6 cycles of latency) and
 * writes results back in program order, so: the integer work first (a
 * 3-cycle result behind a 6-cycle one waits), then the 16 products, then
 * the 16 XORs (eight independent lanes cover each lane's chain), and the
 * loads as LD1 of four registers from two bases without write-back (7
 * cycles: they slot in between the products without a stall; LDR q or
 * LDP q cost a cycle each; on the A55 the LD1's 11 cycles are most of
 * its 48). Returns buf + 128 blocks. */
static inline const unsigned char *fold8(uint64x2_t *x0, uint64x2_t *x1, uint64x2_t *x2,
					 uint64x2_t *x3, uint64x2_t *x4, uint64x2_t *x5,
					 uint64x2_t *x6, uint64x2_t *x7, uint64x2_t k,
					 const unsigned char *buf, size_t blocks)
{
	const unsigned char *hi;

	__asm__("sub	%[lo], %[lo], #128\n\t"
		"add	%[hi], %[lo], #64\n"
		"1:\n\t"
		"add	%[lo], %[lo], #128\n\t"
		"add	%[hi], %[hi], #128\n\t"
		"subs	%[n], %[n], #1\n\t"
		"pmull	v24.1q, %[x0].1d, %[k].1d\n\t"
		"pmull	v25.1q, %[x1].1d, %[k].1d\n\t"
		"ld1	{v16.16b-v19.16b}, [%[lo]]\n\t"
		"pmull	v26.1q, %[x2].1d, %[k].1d\n\t"
		"pmull	v27.1q, %[x3].1d, %[k].1d\n\t"
		"pmull	v28.1q, %[x4].1d, %[k].1d\n\t"
		"pmull	v29.1q, %[x5].1d, %[k].1d\n\t"
		"pmull	v30.1q, %[x6].1d, %[k].1d\n\t"
		"pmull	v31.1q, %[x7].1d, %[k].1d\n\t"
		"ld1	{v20.16b-v23.16b}, [%[hi]]\n\t"
		"pmull2	%[x0].1q, %[x0].2d, %[k].2d\n\t"
		"pmull2	%[x1].1q, %[x1].2d, %[k].2d\n\t"
		"pmull2	%[x2].1q, %[x2].2d, %[k].2d\n\t"
		"pmull2	%[x3].1q, %[x3].2d, %[k].2d\n\t"
		"pmull2	%[x4].1q, %[x4].2d, %[k].2d\n\t"
		"pmull2	%[x5].1q, %[x5].2d, %[k].2d\n\t"
		"pmull2	%[x6].1q, %[x6].2d, %[k].2d\n\t"
		"pmull2	%[x7].1q, %[x7].2d, %[k].2d\n\t"
		"eor	v16.16b, v16.16b, v24.16b\n\t"
		"eor	v17.16b, v17.16b, v25.16b\n\t"
		"eor	v18.16b, v18.16b, v26.16b\n\t"
		"eor	v19.16b, v19.16b, v27.16b\n\t"
		"eor	v20.16b, v20.16b, v28.16b\n\t"
		"eor	v21.16b, v21.16b, v29.16b\n\t"
		"eor	v22.16b, v22.16b, v30.16b\n\t"
		"eor	v23.16b, v23.16b, v31.16b\n\t"
		"eor	%[x0].16b, %[x0].16b, v16.16b\n\t"
		"eor	%[x1].16b, %[x1].16b, v17.16b\n\t"
		"eor	%[x2].16b, %[x2].16b, v18.16b\n\t"
		"eor	%[x3].16b, %[x3].16b, v19.16b\n\t"
		"eor	%[x4].16b, %[x4].16b, v20.16b\n\t"
		"eor	%[x5].16b, %[x5].16b, v21.16b\n\t"
		"eor	%[x6].16b, %[x6].16b, v22.16b\n\t"
		"eor	%[x7].16b, %[x7].16b, v23.16b\n\t"
		"b.ne	1b\n\t"
		"add	%[lo], %[lo], #128"
		: [x0] "+w" (*x0), [x1] "+w" (*x1), [x2] "+w" (*x2), [x3] "+w" (*x3),
		  [x4] "+w" (*x4), [x5] "+w" (*x5), [x6] "+w" (*x6), [x7] "+w" (*x7),
		  [lo] "+r" (buf), [hi] "=&r" (hi), [n] "+r" (blocks)
		: [k] "w" (k), "m" (*(const unsigned char (*)[])buf)
		: "cc", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23",
		  "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31");
	return buf;
}
#else
/* 16 bytes from *p, 16-byte aligned, and *p moved past them: VLD1 with
 * the :128 hint and address write-back (GCC's own VLD1s have neither here
 * and recompute each block's address in a register of its own). */
static inline uint64x2_t load_next(const unsigned char **p)
{
	uint64x2_t v;

	__asm__("vld1.64	{%e0-%f0}, [%1 :128]!"
		: "=w" (v), "+r" (*p) : "m" (*(const unsigned char (*)[16])*p));
	return v;
}

/* The main loop for AArch32: blocks (>= 1) steps of 128 bytes, each lane
 * moved 1024 bits ahead; returns buf + 128 blocks. */
static inline const unsigned char *fold8(uint64x2_t *x0, uint64x2_t *x1, uint64x2_t *x2,
					 uint64x2_t *x3, uint64x2_t *x4, uint64x2_t *x5,
					 uint64x2_t *x6, uint64x2_t *x7, uint64x2_t k,
					 const unsigned char *buf, size_t blocks)
{
	for (; blocks; blocks--) {
		*x0 = fold(*x0, k, load_next(&buf));
		*x1 = fold(*x1, k, load_next(&buf));
		*x2 = fold(*x2, k, load_next(&buf));
		*x3 = fold(*x3, k, load_next(&buf));
		*x4 = fold(*x4, k, load_next(&buf));
		*x5 = fold(*x5, k, load_next(&buf));
		*x6 = fold(*x6, k, load_next(&buf));
		*x7 = fold(*x7, k, load_next(&buf));
	}
	return buf;
}
#endif

/* The 128-bit lane shifted towards lane 0 by n bytes, zeros in. */
#define SHR_BYTES(x, n) \
	vreinterpretq_u64_u8(vextq_u8(vreinterpretq_u8_u64(x), vdupq_n_u8(0), (n)))

uint32_t crc32_pmull(uint32_t crc, const unsigned char *buf, size_t len)
{
	const uint64_t *K = zk_crc32_fold_k;
	const uint64x2_t k1024 = pair(K[ZK_K_FOLD1024_LO], K[ZK_K_FOLD1024_HI]);
	const uint64x2_t k512 = pair(K[ZK_K_FOLD512_LO], K[ZK_K_FOLD512_HI]);
	const uint64x2_t k128 = pair(K[ZK_K_FOLD128_LO], K[ZK_K_FOLD128_HI]);
	const uint64x2_t low32 = pair(0xffffffffu, 0);
	uint64x2_t x0, x1, x2, x3, x4, x5, x6, x7, g, q;

#if defined(__arm__)
	if (len >= 64) {	/* to a 16-byte boundary, for the :128 hints */
		size_t head = -(uintptr_t)buf & 15;

		crc = zk_crc32_slice8(crc, buf, head);
		buf += head;
		len -= head;
	}
#endif
	if (len < 64)
		return zk_crc32_slice8(crc, buf, len);

	/* the register preset (~crc) XORs into the first 32 message bits */
	x0 = veorq_u64(load(buf), pair((uint32_t)~crc, 0));
	x1 = load(buf + 16);
	x2 = load(buf + 32);
	x3 = load(buf + 48);
	buf += 64;
	len -= 64;
	if (len >= 64) {
		x4 = load(buf);
		x5 = load(buf + 16);
		x6 = load(buf + 32);
		x7 = load(buf + 48);
		buf += 64;
		len -= 64;
		if (len >= 128) {
			size_t blocks = len / 128;

			buf = fold8(&x0, &x1, &x2, &x3, &x4, &x5, &x6, &x7, k1024, buf, blocks);
			len -= blocks * 128;
		}
		x0 = fold(x0, k512, x4);
		x1 = fold(x1, k512, x5);
		x2 = fold(x2, k512, x6);
		x3 = fold(x3, k512, x7);
	}
	if (len >= 64) {
		x0 = fold(x0, k512, load(buf));
		x1 = fold(x1, k512, load(buf + 16));
		x2 = fold(x2, k512, load(buf + 32));
		x3 = fold(x3, k512, load(buf + 48));
		buf += 64;
		len -= 64;
	}
	x0 = fold(x0, k128, x1);
	x0 = fold(x0, k128, x2);
	x0 = fold(x0, k128, x3);
	for (; len >= 16; len -= 16, buf += 16)
		x0 = fold(x0, k128, load(buf));

	/* 128 -> 96 bits: H * (x^96 mod P) XOR L * x^32 */
	g = veorq_u64(clmul_lo(x0, pair(K[ZK_K_FOLD128_HI], 0)), SHR_BYTES(x0, 8));
	/* 96 -> 64 bits: top 32 bits * (x^64 mod P) XOR the low 64 */
	q = veorq_u64(clmul_lo(vandq_u64(g, low32), pair(K[ZK_K_RED64], 0)), SHR_BYTES(g, 4));
	/* Barrett: quotient = (Q's top 32 bits * mu) / x^32, CRC = Q - quotient * P */
	g = vandq_u64(clmul_lo(vandq_u64(q, low32), pair(K[ZK_K_MU], 0)), low32);
	q = veorq_u64(q, clmul_lo(g, pair(K[ZK_K_POLY], 0)));
	return zk_crc32_slice8(~vgetq_lane_u32(vreinterpretq_u32_u64(q), 1), buf, len);
}
#endif
