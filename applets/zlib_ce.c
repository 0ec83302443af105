/* zlib_ce.c - CRC-32 by carry-less multiply folding with the ARMv8 PMULL
 * instruction (aarch64 PMULL/PMULL2, AArch32 VMULL.P64)
 *
 * SPDX-License-Identifier: MIT
 *
 * The same method and constants as zlib_pclmul.c (derivation in
 * zlib_kernels.c): four 128-bit lanes folded 512 bits ahead per step, then
 * into one lane, then Barrett reduction to 32 bits; fewer than 64 bytes and
 * the last len % 16 bytes go through the slicing-by-8 row. Built with the
 * ARMv8 crypto flags (Makefile's CE_CFLAGS); run only when cpu_features()
 * reports CPU_PMULL and CPU_ASIMD.
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

static inline uint64x2_t load(const unsigned char *p)
{
	return vreinterpretq_u64_u8(vld1q_u8(p));
}

/* Lane x moved d bits further (the constants in k pick d), XOR the next block. */
static inline uint64x2_t fold(uint64x2_t x, uint64x2_t k, uint64x2_t next)
{
	return veorq_u64(veorq_u64(clmul_lo(x, k), clmul_hi(x, k)), next);
}

/* The 128-bit lane shifted towards lane 0 by n bytes, zeros in. */
#define SHR_BYTES(x, n) \
	vreinterpretq_u64_u8(vextq_u8(vreinterpretq_u8_u64(x), vdupq_n_u8(0), (n)))

uint32_t crc32_pmull(uint32_t crc, const unsigned char *buf, size_t len)
{
	const uint64_t *K = zk_crc32_fold_k;
	const uint64x2_t k512 = pair(K[ZK_K_FOLD512_LO], K[ZK_K_FOLD512_HI]);
	const uint64x2_t k128 = pair(K[ZK_K_FOLD128_LO], K[ZK_K_FOLD128_HI]);
	const uint64x2_t low32 = pair(0xffffffffu, 0);
	uint64x2_t x0, x1, x2, x3, g, q;

	if (len < 64)
		return zk_crc32_slice8(crc, buf, len);

	/* the register preset (~crc) XORs into the first 32 message bits */
	x0 = veorq_u64(load(buf), pair((uint32_t)~crc, 0));
	x1 = load(buf + 16);
	x2 = load(buf + 32);
	x3 = load(buf + 48);
	buf += 64;
	len -= 64;
	for (; len >= 64; len -= 64, buf += 64) {
		x0 = fold(x0, k512, load(buf));
		x1 = fold(x1, k512, load(buf + 16));
		x2 = fold(x2, k512, load(buf + 32));
		x3 = fold(x3, k512, load(buf + 48));
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
