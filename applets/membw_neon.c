/* membw_neon.c - ARMv7 NEON membw kernels
 *
 * SPDX-License-Identifier: MIT
 *
 * Built with -mfpu=neon on armv7 and called only through membw_kernels.c
 * rows whose needs include CPU_ASIMD (HWCAP_NEON), so the rest of the
 * binary still runs on cores without NEON. AArch64 has its own assembler
 * kernels (membw_aarch64.S); on other targets this file is empty.
 *
 * Why inline asm and not intrinsics: VLD1/VST1 address only [Rn], [Rn]!
 * and [Rn], Rm, and GCC 12 turns four vld1q_u64() into four base registers
 * recomputed every iteration (and has no vld1q_*_x2 on arm32). The loops
 * below are the sequence a person would write: per 64 bytes, two
 * VLD1.64/VST1.64 of four d-registers (32 bytes, the most one VLD1 moves)
 * with a :128 alignment hint and post-increment, one SUBS, one BNE; the
 * _pld256 variants add one PLD 256 bytes ahead. The asm lives in this file
 * (not an .S) because only *_neon objects may carry NEON (a CLI test reads
 * the build attributes of every other object).
 *
 * Preconditions: dst and src 16-byte aligned, n a non-zero multiple of 64.
 * Clobbers d0-d7 and d16-d23 (caller-saved in the AAPCS VFP variant). rd
 * returns the XOR of all 64-bit words of src; the others return 0.
 */
#if defined(__arm__) && defined(__ARM_NEON)
#include "membw.h"

mem_fn mem_rd_vld1_neon, mem_rd_vld1_pld256_neon, mem_wr_vst1_neon,
	mem_copy_vld1_neon, mem_copy_vld1_pld256_neon, mem_fill_vst1_neon;

uint64_t mem_rd_vld1_neon(void *restrict dst, const void *restrict src, size_t n,
			  uint64_t pattern)
{
	uint64_t x;

	__asm__ volatile(
		"	vmov.i64	q8, #0\n"
		"	vmov.i64	q9, #0\n"
		"	vmov.i64	q10, #0\n"
		"	vmov.i64	q11, #0\n"
		"1:	vld1.64		{d0-d3}, [%[s]:128]!\n"
		"	vld1.64		{d4-d7}, [%[s]:128]!\n"
		"	subs		%[n], %[n], #64\n"
		"	veor		q8, q8, q0\n"
		"	veor		q9, q9, q1\n"
		"	veor		q10, q10, q2\n"
		"	veor		q11, q11, q3\n"
		"	bne		1b\n"
		"	veor		q8, q8, q9\n"
		"	veor		q10, q10, q11\n"
		"	veor		q8, q8, q10\n"
		"	veor		d16, d16, d17\n"
		"	vmov		%Q[x], %R[x], d16\n"
		: [x] "=r" (x), [s] "+r" (src), [n] "+r" (n)
		:
		: "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7",
		  "d16", "d17", "d18", "d19", "d20", "d21", "d22", "d23", "cc", "memory");
	return x;
}

uint64_t mem_rd_vld1_pld256_neon(void *restrict dst, const void *restrict src, size_t n,
				 uint64_t pattern)
{
	uint64_t x;

	__asm__ volatile(
		"	vmov.i64	q8, #0\n"
		"	vmov.i64	q9, #0\n"
		"	vmov.i64	q10, #0\n"
		"	vmov.i64	q11, #0\n"
		"1:	pld		[%[s], #256]\n"
		"	vld1.64		{d0-d3}, [%[s]:128]!\n"
		"	vld1.64		{d4-d7}, [%[s]:128]!\n"
		"	subs		%[n], %[n], #64\n"
		"	veor		q8, q8, q0\n"
		"	veor		q9, q9, q1\n"
		"	veor		q10, q10, q2\n"
		"	veor		q11, q11, q3\n"
		"	bne		1b\n"
		"	veor		q8, q8, q9\n"
		"	veor		q10, q10, q11\n"
		"	veor		q8, q8, q10\n"
		"	veor		d16, d16, d17\n"
		"	vmov		%Q[x], %R[x], d16\n"
		: [x] "=r" (x), [s] "+r" (src), [n] "+r" (n)
		:
		: "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7",
		  "d16", "d17", "d18", "d19", "d20", "d21", "d22", "d23", "cc", "memory");
	return x;
}

/* Store the 64-bit v over n bytes at dst. */
static inline void wr_vst1(void *dst, size_t n, uint64_t v)
{
	__asm__ volatile(
		"	vmov		d0, %Q[v], %R[v]\n"
		"	vmov		d1, d0\n"
		"	vmov		q1, q0\n"
		"1:	vst1.64		{d0-d3}, [%[d]:128]!\n"
		"	vst1.64		{d0-d3}, [%[d]:128]!\n"
		"	subs		%[n], %[n], #64\n"
		"	bne		1b\n"
		: [d] "+r" (dst), [n] "+r" (n)
		: [v] "r" (v)
		: "d0", "d1", "d2", "d3", "cc", "memory");
}

uint64_t mem_wr_vst1_neon(void *restrict dst, const void *restrict src, size_t n,
			  uint64_t pattern)
{
	wr_vst1(dst, n, pattern);
	return 0;
}

uint64_t mem_fill_vst1_neon(void *restrict dst, const void *restrict src, size_t n,
			    uint64_t pattern)
{
	wr_vst1(dst, n, 0);
	return 0;
}

uint64_t mem_copy_vld1_neon(void *restrict dst, const void *restrict src, size_t n,
			    uint64_t pattern)
{
	__asm__ volatile(
		"1:	vld1.64		{d0-d3}, [%[s]:128]!\n"
		"	vld1.64		{d4-d7}, [%[s]:128]!\n"
		"	subs		%[n], %[n], #64\n"
		"	vst1.64		{d0-d3}, [%[d]:128]!\n"
		"	vst1.64		{d4-d7}, [%[d]:128]!\n"
		"	bne		1b\n"
		: [d] "+r" (dst), [s] "+r" (src), [n] "+r" (n)
		:
		: "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "cc", "memory");
	return 0;
}

uint64_t mem_copy_vld1_pld256_neon(void *restrict dst, const void *restrict src, size_t n,
				   uint64_t pattern)
{
	__asm__ volatile(
		"1:	pld		[%[s], #256]\n"
		"	vld1.64		{d0-d3}, [%[s]:128]!\n"
		"	vld1.64		{d4-d7}, [%[s]:128]!\n"
		"	subs		%[n], %[n], #64\n"
		"	vst1.64		{d0-d3}, [%[d]:128]!\n"
		"	vst1.64		{d4-d7}, [%[d]:128]!\n"
		"	bne		1b\n"
		: [d] "+r" (dst), [s] "+r" (src), [n] "+r" (n)
		:
		: "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "cc", "memory");
	return 0;
}

#endif /* __arm__ && __ARM_NEON */
