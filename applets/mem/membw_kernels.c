/* membw_kernels.c - the membw kernel table and the portable C references
 *
 * SPDX-License-Identifier: MIT
 *
 * One row per kernel, grouped by operation; entry 0 of each operation is
 * the portable C reference ("c") that tests/unit compares every other row
 * with. Then "libc" where libc has the operation, then the rows of this
 * architecture. The arch kernels live in their siblings:
 *   membw_aarch64.S   AArch64 assembler (LDP/LD1/STNP/PRFM/DC ZVA)
 *   membw_neon.c      ARMv7 NEON (inline asm)
 *   membw_sse2.c      x86_64 SSE2 rd and wr, rep movsb / rep stosb
 *   membw_avx2.c      x86_64 AVX2 rd and wr (compiled with -mavx2)
 *   membw_riscv64.S   RISC-V RVV 1.0: vle64/vse64 at LMUL 8, and the
 *                     whole-register vl8re64/vs8r (vector-length agnostic)
 * A row runs only when cpu_features() has all of its `needs` bits; its
 * `align` and `gran` are preconditions the caller meets (see membw.h).
 * Every kernel family that wins somewhere keeps its row: normal and
 * non-temporal stores, prefetching at a few distances, two-pass copies.
 * Which one is fastest depends on the machine (its caches, its memory
 * controller, the buffer size), so membw --kernel=best measures them
 * (membw.c) rather than trusting the order of this table.
 *
 * The C loops stay loops: the Makefile passes
 * -fno-tree-loop-distribute-patterns, so GCC does not turn them into
 * memcpy/memset calls. At -O2 GCC may still vectorize them; the exact
 * CFLAGS are in --version and the JSON context.
 */
#include "membw.h"
#include "cpu.h"

#include <string.h>

const char *const mem_op_names[MEM_NOPS] = { "rd", "wr", "copy", "fill" };

/* XOR of the 64-bit words of src; eight independent accumulators so the
 * loads, not the XOR chain, set the pace. n % 64 == 0, src 8-aligned. */
static uint64_t mem_rd_c(void *restrict dst, const void *restrict src, size_t n,
			 uint64_t pattern)
{
	const uint64_t *s = src;
	uint64_t x0 = 0, x1 = 0, x2 = 0, x3 = 0, x4 = 0, x5 = 0, x6 = 0, x7 = 0;

	for (; n; n -= 64, s += 8) {
		x0 ^= s[0];
		x1 ^= s[1];
		x2 ^= s[2];
		x3 ^= s[3];
		x4 ^= s[4];
		x5 ^= s[5];
		x6 ^= s[6];
		x7 ^= s[7];
	}
	return x0 ^ x1 ^ x2 ^ x3 ^ x4 ^ x5 ^ x6 ^ x7;
}

/* Store `pattern` over dst, 64 bytes per step. */
static uint64_t mem_wr_c(void *restrict dst, const void *restrict src, size_t n,
			 uint64_t pattern)
{
	uint64_t *d = dst;

	for (; n; n -= 64, d += 8) {
		d[0] = pattern;
		d[1] = pattern;
		d[2] = pattern;
		d[3] = pattern;
		d[4] = pattern;
		d[5] = pattern;
		d[6] = pattern;
		d[7] = pattern;
	}
	return 0;
}

static uint64_t mem_copy_c(void *restrict dst, const void *restrict src, size_t n,
			   uint64_t pattern)
{
	uint64_t *d = dst;
	const uint64_t *s = src;

	for (; n; n -= 64, d += 8, s += 8) {
		d[0] = s[0];
		d[1] = s[1];
		d[2] = s[2];
		d[3] = s[3];
		d[4] = s[4];
		d[5] = s[5];
		d[6] = s[6];
		d[7] = s[7];
	}
	return 0;
}

static uint64_t mem_fill_c(void *restrict dst, const void *restrict src, size_t n,
			   uint64_t pattern)
{
	return mem_wr_c(dst, src, n, 0);
}

static uint64_t mem_copy_libc(void *restrict dst, const void *restrict src, size_t n,
			      uint64_t pattern)
{
	memcpy(dst, src, n);
	return 0;
}

static uint64_t mem_fill_libc(void *restrict dst, const void *restrict src, size_t n,
			      uint64_t pattern)
{
	memset(dst, 0, n);
	return 0;
}

/* The arch kernels, defined in the sibling files named above. */
#if defined(__aarch64__)
mem_fn mem_rd_ldp_q_aarch64, mem_rd_ldp_q_pf256_aarch64, mem_rd_ldp_q_strm512_aarch64,
	mem_rd_ldr_q_aarch64, mem_copy_ldr_q_aarch64,
	mem_rd_ld1_aarch64, mem_rd_ld1_pf256_aarch64, mem_rd_ld1_strm512_aarch64,
	mem_wr_stp_q_aarch64, mem_wr_st1_aarch64, mem_wr_stnp_q_aarch64,
	mem_copy_ldp_q_aarch64, mem_copy_ld1_aarch64, mem_copy_ldp_q_stnp_aarch64,
	mem_copy_ldp_q_pf256_aarch64, mem_copy_ldp_q_pf512_aarch64,
	mem_copy_ldp_q_stnp_pf512_aarch64, mem_copy_ldp_q_2pass_stnp_aarch64,
	mem_fill_stp_q_aarch64, mem_fill_stnp_q_aarch64, mem_fill_dc_zva_aarch64;
#elif defined(__arm__)
mem_fn mem_rd_vld1_neon, mem_rd_vld1_pld256_neon, mem_wr_vst1_neon,
	mem_copy_vld1_neon, mem_copy_vld1_pld256_neon, mem_copy_vld1_2pass_neon,
	mem_fill_vst1_neon;
#elif defined(__x86_64__)
mem_fn mem_rd_sse2, mem_wr_sse2, mem_wr_sse2_nt, mem_copy_rep_movsb, mem_fill_rep_stosb,
	mem_copy_sse2_nt, mem_copy_sse2_nt_pf256, mem_copy_sse2_nt_pf1k, mem_copy_sse2_2pass_nt,
	mem_fill_sse2_nt, mem_rd_avx2, mem_wr_avx2, mem_wr_avx2_nt, mem_copy_avx2, mem_copy_avx2_nt,
	mem_fill_avx2_nt;
#elif defined(__riscv) && __riscv_xlen == 64
mem_fn mem_rd_rvv_m8, mem_rd_rvv_whole, mem_wr_rvv_m8, mem_wr_rvv_whole,
	mem_copy_rvv_m8, mem_copy_rvv_whole, mem_fill_rvv_m8, mem_fill_rvv_whole;
#endif

const struct mem_kernel mem_kernels[] = {
	{ { MEM_RD, "c", "portable C, 64-bit XOR, 8x unrolled", 0, 8, 64 }, mem_rd_c },
#if defined(__aarch64__)
	{ { MEM_RD, "ldp_q", "LDP q-register pairs, 128 B a step, EOR-reduced, pipelined",
	    CPU_ASIMD, 16, 64 }, mem_rd_ldp_q_aarch64 },
	{ { MEM_RD, "ldp_q_pf256", "LDP q-register pairs, 128 B a step, PRFM PLDL1KEEP +256",
	    CPU_ASIMD, 16, 64 }, mem_rd_ldp_q_pf256_aarch64 },
	{ { MEM_RD, "ldp_q_strm512", "LDP q-register pairs, 128 B a step, PRFM PLDL2STRM +512",
	    CPU_ASIMD, 16, 64 }, mem_rd_ldp_q_strm512_aarch64 },
	{ { MEM_RD, "ldr_q", "LDR q single loads, 128 B a step, EOR-reduced, pipelined",
	    CPU_ASIMD, 16, 64 }, mem_rd_ldr_q_aarch64 },
	{ { MEM_RD, "ld1", "LD1 {v0-v3} 4-register, 128 B a step, EOR-reduced, pipelined",
	    CPU_ASIMD, 16, 64 }, mem_rd_ld1_aarch64 },
	{ { MEM_RD, "ld1_pf256", "LD1 {v0-v3} 4-register, 128 B a step, PRFM PLDL1KEEP +256",
	    CPU_ASIMD, 16, 64 }, mem_rd_ld1_pf256_aarch64 },
	{ { MEM_RD, "ld1_strm512", "LD1 {v0-v3} 4-register, 128 B a step, PRFM PLDL2STRM +512",
	    CPU_ASIMD, 16, 64 }, mem_rd_ld1_strm512_aarch64 },
#elif defined(__arm__)
	{ { MEM_RD, "vld1", "NEON VLD1.64 128 bytes per step, VEOR-reduced, pipelined",
	    CPU_ASIMD, 16, 64 }, mem_rd_vld1_neon },
	{ { MEM_RD, "vld1_pld256", "NEON VLD1.64 128 bytes per step, PLD +256",
	    CPU_ASIMD, 16, 64 }, mem_rd_vld1_pld256_neon },
#elif defined(__x86_64__)
	{ { MEM_RD, "sse2", "SSE2 movdqa loads, pxor-reduced",
	    CPU_SSE2, 16, 64 }, mem_rd_sse2 },
	{ { MEM_RD, "avx2", "AVX2 32-byte vmovdqa loads, vpxor-reduced",
	    CPU_AVX2, 32, 128 }, mem_rd_avx2 },
#elif defined(__riscv) && __riscv_xlen == 64
	{ { MEM_RD, "rvv_m8", "RVV vle64.v at e64/m8 (vsetvli), vxor-accumulated, vredxor",
	    CPU_RVV, 8, 64 }, mem_rd_rvv_m8 },
	{ { MEM_RD, "rvv_whole", "RVV whole-register vl8re64.v, 8 x VLENB bytes a step, vredxor",
	    CPU_RVV, 8, 64 }, mem_rd_rvv_whole },
#endif

	{ { MEM_WR, "c", "portable C, 64-bit stores, 8x unrolled", 0, 8, 64 }, mem_wr_c },
#if defined(__aarch64__)
	{ { MEM_WR, "stp_q", "STP q-register pairs, 128 B a step",
	    CPU_ASIMD, 16, 64 }, mem_wr_stp_q_aarch64 },
	{ { MEM_WR, "st1", "ST1 {v0-v3} 4-register, 128 B a step",
	    CPU_ASIMD, 16, 64 }, mem_wr_st1_aarch64 },
	{ { MEM_WR, "stnp_q", "STNP q-register pairs (non-temporal), 128 B a step",
	    CPU_ASIMD, 16, 64 }, mem_wr_stnp_q_aarch64 },
#elif defined(__arm__)
	{ { MEM_WR, "vst1", "NEON VST1.64 64 bytes per step",
	    CPU_ASIMD, 16, 64 }, mem_wr_vst1_neon },
#elif defined(__x86_64__)
	{ { MEM_WR, "sse2", "SSE2 movdqa stores", CPU_SSE2, 16, 64 }, mem_wr_sse2 },
	{ { MEM_WR, "avx2", "AVX2 32-byte vmovdqa stores", CPU_AVX2, 32, 128 }, mem_wr_avx2 },
	{ { MEM_WR, "sse2_nt", "SSE2 movntdq non-temporal stores",
	    CPU_SSE2, 16, 64 }, mem_wr_sse2_nt },
	{ { MEM_WR, "avx2_nt", "AVX2 32-byte vmovntdq non-temporal stores",
	    CPU_AVX2, 32, 128 }, mem_wr_avx2_nt },
#elif defined(__riscv) && __riscv_xlen == 64
	{ { MEM_WR, "rvv_m8", "RVV vse64.v at e64/m8 (vsetvli)",
	    CPU_RVV, 8, 64 }, mem_wr_rvv_m8 },
	{ { MEM_WR, "rvv_whole", "RVV whole-register vs8r.v, 8 x VLENB bytes a step",
	    CPU_RVV, 8, 64 }, mem_wr_rvv_whole },
#endif

	{ { MEM_COPY, "c", "portable C, 64-bit words, 8x unrolled", 0, 8, 64 }, mem_copy_c },
	{ { MEM_COPY, "libc", "libc memcpy", 0, 1, 8 }, mem_copy_libc },
#if defined(__aarch64__)
	{ { MEM_COPY, "ldp_q", "LDP/STP q-register pairs, 128 B a step, pipelined",
	    CPU_ASIMD, 16, 64 }, mem_copy_ldp_q_aarch64 },
	{ { MEM_COPY, "ld1", "LD1/ST1 {v0-v3} 4-register, 128 B a step, pipelined",
	    CPU_ASIMD, 16, 64 }, mem_copy_ld1_aarch64 },
	{ { MEM_COPY, "ldp_q_stnp", "LDP q loads, STNP q non-temporal stores, 128 B a step",
	    CPU_ASIMD, 16, 64 }, mem_copy_ldp_q_stnp_aarch64 },
	{ { MEM_COPY, "ldp_q_pf256", "LDP/STP q-register pairs, 128 B a step, PRFM PLDL1KEEP +256",
	    CPU_ASIMD, 16, 64 }, mem_copy_ldp_q_pf256_aarch64 },
	{ { MEM_COPY, "ldp_q_pf512", "LDP/STP q-register pairs, 128 B a step, PRFM PLDL1KEEP +512",
	    CPU_ASIMD, 16, 64 }, mem_copy_ldp_q_pf512_aarch64 },
	{ { MEM_COPY, "ldr_q", "LDR q single loads, STP q stores, 128 B a step",
	    CPU_ASIMD, 16, 64 }, mem_copy_ldr_q_aarch64 },
	{ { MEM_COPY, "ldp_q_stnp_pf512", "LDP q loads, STNP q stores, PRFM PLDL1KEEP +512",
	    CPU_ASIMD, 16, 64 }, mem_copy_ldp_q_stnp_pf512_aarch64 },
	{ { MEM_COPY, "ldp_q_2pass_stnp", "4 KiB blocks: one LDR a line, then LDP q/STNP q",
	    CPU_ASIMD, 16, 64 }, mem_copy_ldp_q_2pass_stnp_aarch64 },
#elif defined(__arm__)
	{ { MEM_COPY, "vld1", "NEON VLD1.64/VST1.64 128 bytes per step",
	    CPU_ASIMD, 16, 64 }, mem_copy_vld1_neon },
	{ { MEM_COPY, "vld1_pld256", "NEON VLD1.64/VST1.64 128 bytes per step, PLD +256",
	    CPU_ASIMD, 16, 64 }, mem_copy_vld1_pld256_neon },
	{ { MEM_COPY, "vld1_2pass", "4 KiB blocks: one LDR a line, then VLD1.64/VST1.64",
	    CPU_ASIMD, 16, 64 }, mem_copy_vld1_2pass_neon },
#elif defined(__x86_64__)
	{ { MEM_COPY, "rep_movsb", "rep movsb (fast with ERMS)",
	    0, 1, 8 }, mem_copy_rep_movsb },
	{ { MEM_COPY, "avx2", "AVX2 32-byte vmovdqa loads and stores",
	    CPU_AVX2, 32, 128 }, mem_copy_avx2 },
	{ { MEM_COPY, "sse2_nt", "SSE2 movdqa loads, movntdq non-temporal stores",
	    CPU_SSE2, 16, 64 }, mem_copy_sse2_nt },
	{ { MEM_COPY, "sse2_nt_pf256", "SSE2 movdqa loads, movntdq stores, prefetchnta +256",
	    CPU_SSE2, 16, 64 }, mem_copy_sse2_nt_pf256 },
	{ { MEM_COPY, "sse2_nt_pf1k", "SSE2 movdqa loads, movntdq stores, prefetchnta +1024",
	    CPU_SSE2, 16, 64 }, mem_copy_sse2_nt_pf1k },
	{ { MEM_COPY, "sse2_2pass_nt", "4 KiB blocks: one load a line, then movdqa/movntdq",
	    CPU_SSE2, 16, 64 }, mem_copy_sse2_2pass_nt },
	{ { MEM_COPY, "avx2_nt", "AVX2 vmovdqa loads, vmovntdq non-temporal stores",
	    CPU_AVX2, 32, 128 }, mem_copy_avx2_nt },
#elif defined(__riscv) && __riscv_xlen == 64
	{ { MEM_COPY, "rvv_m8", "RVV vle64.v/vse64.v at e64/m8 (vsetvli)",
	    CPU_RVV, 8, 64 }, mem_copy_rvv_m8 },
	{ { MEM_COPY, "rvv_whole", "RVV whole-register vl8re64.v/vs8r.v, 8 x VLENB bytes a step",
	    CPU_RVV, 8, 64 }, mem_copy_rvv_whole },
#endif

	{ { MEM_FILL, "c", "portable C, 64-bit zero stores, 8x unrolled", 0, 8, 64 }, mem_fill_c },
	{ { MEM_FILL, "libc", "libc memset 0", 0, 1, 8 }, mem_fill_libc },
#if defined(__aarch64__)
	{ { MEM_FILL, "stp_q", "STP q-register pairs of zero, 128 B a step",
	    CPU_ASIMD, 16, 64 }, mem_fill_stp_q_aarch64 },
	{ { MEM_FILL, "stnp_q", "STNP q-register pairs of zero (non-temporal), 128 B a step",
	    CPU_ASIMD, 16, 64 }, mem_fill_stnp_q_aarch64 },
	{ { MEM_FILL, "dc_zva", "DC ZVA blocks of 4..256 bytes (DCZID_EL0), else STP q",
	    CPU_ASIMD, 16, 256 }, mem_fill_dc_zva_aarch64 },
#elif defined(__arm__)
	{ { MEM_FILL, "vst1", "NEON VST1.64 zeros, 64 bytes per step",
	    CPU_ASIMD, 16, 64 }, mem_fill_vst1_neon },
#elif defined(__x86_64__)
	{ { MEM_FILL, "rep_stosb", "rep stosb (fast with ERMS)",
	    0, 1, 8 }, mem_fill_rep_stosb },
	{ { MEM_FILL, "sse2_nt", "SSE2 movntdq non-temporal stores of zero",
	    CPU_SSE2, 16, 64 }, mem_fill_sse2_nt },
	{ { MEM_FILL, "avx2_nt", "AVX2 vmovntdq non-temporal stores of zero",
	    CPU_AVX2, 32, 128 }, mem_fill_avx2_nt },
#elif defined(__riscv) && __riscv_xlen == 64
	{ { MEM_FILL, "rvv_m8", "RVV vse64.v of zero at e64/m8 (vsetvli)",
	    CPU_RVV, 8, 64 }, mem_fill_rvv_m8 },
	{ { MEM_FILL, "rvv_whole", "RVV whole-register vs8r.v of zero, 8 x VLENB bytes a step",
	    CPU_RVV, 8, 64 }, mem_fill_rvv_whole },
#endif
};

const size_t mem_kernels_len = sizeof(mem_kernels) / sizeof(mem_kernels[0]);
