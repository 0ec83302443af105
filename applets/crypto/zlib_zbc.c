/* zlib_zbc.c - CRC-32 by carry-less multiply folding with the RISC-V Zbc
 * extension (clmul, clmulh), riscv64
 *
 * SPDX-License-Identifier: MIT
 *
 * The method of zlib_pclmul.c with 64-bit scalar multiplies: a 128-bit
 * lane is two 64-bit registers (lo: the lane's first 8 bytes), and each
 * PCLMULQDQ becomes a clmul (the product's low 64 bits) and a clmulh (its
 * high 64). Four lanes are folded 512 bits ahead per step (eight multiplies
 * of each kind and the XORs with the next 64 bytes), then folded into one
 * lane 128 bits at a time, then reduced to the 32-bit CRC by Barrett
 * reduction; the constants and their derivation are in zlib_kernels.c.
 * The head up to 8-byte alignment, fewer than 64 bytes, and the last
 * len % 16 bytes go through the portable slicing-by-8 row, so the loads are
 * aligned (a misaligned load may trap to the kernel on RISC-V).
 *
 * The instructions are inline assembly that enables Zbc for itself
 * (.option arch, +zbc): the file builds with the baseline -march=rv64gc,
 * and the row runs only when cpu_features() reports Zbc (CPU_ZBC).
 */
#if defined(__riscv) && __riscv_xlen == 64
#include "zlib_kernels.h"

#include <stdint.h>

static inline uint64_t clmul(uint64_t a, uint64_t b)
{
	uint64_t r;

	__asm__(".option push\n\t.option arch, +zbc\n\tclmul %0, %1, %2\n\t.option pop"
		: "=r" (r) : "r" (a), "r" (b));
	return r;
}

static inline uint64_t clmulh(uint64_t a, uint64_t b)
{
	uint64_t r;

	__asm__(".option push\n\t.option arch, +zbc\n\tclmulh %0, %1, %2\n\t.option pop"
		: "=r" (r) : "r" (a), "r" (b));
	return r;
}

/* 64-bit words of the message (any type of memory: may_alias) */
typedef uint64_t __attribute__((may_alias)) u64a;

struct lane {
	uint64_t	lo, hi;
};

/* Lane x moved d bits further (klo, khi pick d), XOR the next 16 bytes n. */
static inline struct lane fold(struct lane x, uint64_t klo, uint64_t khi,
			       const u64a *n)
{
	struct lane r;

	r.lo = clmul(x.lo, klo) ^ clmul(x.hi, khi) ^ n[0];
	r.hi = clmulh(x.lo, klo) ^ clmulh(x.hi, khi) ^ n[1];
	return r;
}

static inline struct lane fold_lane(struct lane x, uint64_t klo, uint64_t khi,
				    struct lane y)
{
	u64a n[2] = { y.lo, y.hi };

	return fold(x, klo, khi, n);
}

uint32_t crc32_zbc(uint32_t crc, const unsigned char *buf, size_t len);

uint32_t crc32_zbc(uint32_t crc, const unsigned char *buf, size_t len)
{
	const uint64_t *K = zk_crc32_fold_k;
	const u64a *p;
	const uint64_t k512lo = K[ZK_K_FOLD512_LO], k512hi = K[ZK_K_FOLD512_HI];
	const uint64_t k128lo = K[ZK_K_FOLD128_LO], k128hi = K[ZK_K_FOLD128_HI];
	struct lane x0, x1, x2, x3;
	uint64_t glo, ghi, qlo, t;
	size_t head = (size_t)(-(uintptr_t)buf & 7);

	if (len < 64 + head)
		return zk_crc32_slice8(crc, buf, len);
	crc = zk_crc32_slice8(crc, buf, head);
	buf += head;
	len -= head;
	p = (const u64a *)(const void *)buf;

	/* the register preset (~crc) XORs into the first 32 message bits */
	x0.lo = p[0] ^ (uint32_t)~crc;
	x0.hi = p[1];
	x1.lo = p[2];
	x1.hi = p[3];
	x2.lo = p[4];
	x2.hi = p[5];
	x3.lo = p[6];
	x3.hi = p[7];
	p += 8;
	len -= 64;
	for (; len >= 64; len -= 64, p += 8) {
		x0 = fold(x0, k512lo, k512hi, p);
		x1 = fold(x1, k512lo, k512hi, p + 2);
		x2 = fold(x2, k512lo, k512hi, p + 4);
		x3 = fold(x3, k512lo, k512hi, p + 6);
	}
	x0 = fold_lane(x0, k128lo, k128hi, x1);
	x0 = fold_lane(x0, k128lo, k128hi, x2);
	x0 = fold_lane(x0, k128lo, k128hi, x3);
	for (; len >= 16; len -= 16, p += 2)
		x0 = fold(x0, k128lo, k128hi, p);

	/* 128 -> 96 bits: H * (x^96 mod P) XOR L * x^32 */
	glo = clmul(x0.lo, k128hi) ^ x0.hi;
	ghi = clmulh(x0.lo, k128hi);
	/* 96 -> 64 bits: top 32 bits * (x^64 mod P) XOR the low 64 (G >> 32);
	 * a 32 x 33-bit product fits in 64 bits */
	qlo = clmul(glo & 0xffffffff, K[ZK_K_RED64]) ^ (glo >> 32 | ghi << 32);
	/* Barrett: quotient = (Q's low 32 bits * mu) mod x^32, CRC = Q - quotient * P */
	t = clmul(qlo & 0xffffffff, K[ZK_K_MU]) & 0xffffffff;
	qlo ^= clmul(t, K[ZK_K_POLY]);
	return zk_crc32_slice8(~(uint32_t)(qlo >> 32), (const unsigned char *)p, len);
}
#endif
