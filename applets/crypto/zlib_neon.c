/* zlib_neon.c - Adler-32 with NEON (aarch64 Advanced SIMD, ARMv7 NEON)
 *
 * SPDX-License-Identifier: MIT
 *
 * Adler-32 (RFC 1950) over N bytes d[0..N) from sums (a, b) is
 *   a' = a + sum d[p],   b' = b + N a + sum (N - p) d[p]   (mod 65521).
 * With N = 32 k (k blocks of 32 bytes) and p = 32 j + i, N - p =
 * 32 (k - 1 - j) + (32 - i), so the weighted sum splits into 32 times the
 * sum over blocks of the bytes of all earlier blocks, plus the column sums
 * (byte i of every block added up) weighted 32 - i. Per block the kernel
 * adds the running per-lane byte sums into a second accumulator, widens
 * the block into the byte sums (pairwise adds), and adds it into eight
 * 16-bit column sums; the weights are applied once per chunk. A chunk is
 * at most NMAX = 5552 bytes (173 blocks), so no 32-bit sum can overflow
 * and no 16-bit column sum either (173 x 255 < 65536); the modulo runs
 * once per chunk. On AArch64 the blocks go two at a time (the same sums,
 * with a shorter chain per 64 bytes). The last len % 32 bytes go through
 * the C row.
 * On ARMv7 this file is built with -mfpu=neon and runs only when
 * cpu_features() reports CPU_ASIMD (HWCAP_NEON).
 */
#if defined(__aarch64__) || defined(__arm__)
#include "zlib_kernels.h"

#include <arm_neon.h>

uint32_t adler32_neon(uint32_t adler, const unsigned char *buf, size_t len);

enum { BLOCK = 32, MAX_BLOCKS = ZK_ADLER_NMAX / BLOCK };

/* The weights 32 - i of the columns i = 0..31. */
static const uint16_t weights[BLOCK] = {
	32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17,
	16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
};

static inline uint32_t hsum(uint32x4_t v)
{
	uint32x2_t s = vadd_u32(vget_low_u32(v), vget_high_u32(v));

	return vget_lane_u32(vpadd_u32(s, s), 0);
}

/* acc + the column sums c times the weights w[0..8) */
static inline uint32x4_t weigh(uint32x4_t acc, uint16x8_t c, const uint16_t *w)
{
	uint16x8_t wv = vld1q_u16(w);

	acc = vmlal_u16(acc, vget_low_u16(c), vget_low_u16(wv));
	return vmlal_u16(acc, vget_high_u16(c), vget_high_u16(wv));
}

uint32_t adler32_neon(uint32_t adler, const unsigned char *buf, size_t len)
{
	uint32_t a = adler & 0xffff, b = adler >> 16;

	while (len >= BLOCK) {
		size_t k = len / BLOCK < MAX_BLOCKS ? len / BLOCK : MAX_BLOCKS, j;
		uint32x4_t va = vdupq_n_u32(0), vb = vdupq_n_u32(0);
		uint16x8_t c0 = vdupq_n_u16(0), c1 = c0, c2 = c0, c3 = c0;

		b += a * (uint32_t)(BLOCK * k);
		j = 0;
#if defined(__aarch64__)
		/* two blocks per step on AArch64: one accumulate into va per
		 * 64 bytes instead of two in a row, and the two blocks' byte
		 * sums independent; llvm-mca's A53 / A55 models give 31 / 31
		 * cycles per 64 bytes against 46 / 36 for two single steps (A57:
		 * 10 either way). AArch32 keeps single steps: as fast on its A57
		 * model, and GCC's register allocation of this loop there adds
		 * moves. */
		for (; j + 2 <= k; j += 2, buf += 2 * BLOCK) {
			uint8x16_t d0 = vld1q_u8(buf), d1 = vld1q_u8(buf + 16);
			uint8x16_t e0 = vld1q_u8(buf + 32), e1 = vld1q_u8(buf + 48);
			uint16x8_t sd = vpadalq_u8(vpaddlq_u8(d0), d1);
			uint16x8_t se = vpadalq_u8(vpaddlq_u8(e0), e1);

			/* block d adds va to vb, block e va + d's bytes */
			vb = vpadalq_u16(vaddq_u32(vb, vshlq_n_u32(va, 1)), sd);
			va = vpadalq_u16(va, vaddq_u16(sd, se));
			c0 = vaddw_u8(c0, vget_low_u8(d0));
			c1 = vaddw_u8(c1, vget_high_u8(d0));
			c2 = vaddw_u8(c2, vget_low_u8(d1));
			c3 = vaddw_u8(c3, vget_high_u8(d1));
			c0 = vaddw_u8(c0, vget_low_u8(e0));
			c1 = vaddw_u8(c1, vget_high_u8(e0));
			c2 = vaddw_u8(c2, vget_low_u8(e1));
			c3 = vaddw_u8(c3, vget_high_u8(e1));
		}
#endif
		for (; j < k; j++, buf += BLOCK) {
			uint8x16_t d0 = vld1q_u8(buf), d1 = vld1q_u8(buf + 16);

			vb = vaddq_u32(vb, va);		/* the bytes of the earlier blocks */
			va = vpadalq_u16(va, vpadalq_u8(vpaddlq_u8(d0), d1));
			c0 = vaddw_u8(c0, vget_low_u8(d0));
			c1 = vaddw_u8(c1, vget_high_u8(d0));
			c2 = vaddw_u8(c2, vget_low_u8(d1));
			c3 = vaddw_u8(c3, vget_high_u8(d1));
		}
		vb = vshlq_n_u32(vb, 5);		/* x BLOCK */
		vb = weigh(vb, c0, weights);
		vb = weigh(vb, c1, weights + 8);
		vb = weigh(vb, c2, weights + 16);
		vb = weigh(vb, c3, weights + 24);
		a = (a + hsum(va)) % ZK_ADLER_BASE;
		b = (b + hsum(vb)) % ZK_ADLER_BASE;
		len -= BLOCK * k;
	}
	return zk_adler32_c(b << 16 | a, buf, len);
}
#endif
