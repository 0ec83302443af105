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
 * below are the sequence a person would write, with every operand in a
 * register (no stack access inside a loop): VLD1.64/VST1.64 of four
 * d-registers (32 bytes, the most one VLD1 moves) with a :128 alignment
 * hint. The asm lives in this file (not an .S) because only *_neon objects
 * may carry NEON (a CLI test reads the build attributes of every other
 * object).
 *
 * The order is chosen with LLVM's Cortex-A57 model in AArch32 (LLVM 14's
 * only ARMv7 model that gives VLD1/VST1 resources): rd and copy move 128
 * bytes per iteration through two base registers 32 bytes apart, without
 * writeback (a VLD1 with writeback is two micro-ops, and the A57 decodes
 * three a cycle), and rd is software-pipelined (each iteration EORs the
 * batch the previous one loaded). When n % 128 == 64 the first 64 bytes
 * are done on their own. wr and fill stay at 64 bytes per iteration: the
 * model has them at its store bound (one VST1 of 32 bytes a cycle)
 * already. The _pld256 variants issue one PLD per 64-byte line, 256 bytes
 * ahead. The _2pass copy takes 4 KiB blocks in two passes: one LDR per
 * 64-byte line of src, so the block sits in the L1 cache, then the block
 * copied as above (DRAM reads for a while, then writes, instead of turning
 * round on every line). Nothing is read or written outside
 * [src, src + n) and [dst, dst + n).
 *
 * Preconditions: dst and src 16-byte aligned, n a non-zero multiple of 64.
 * Clobbers d0-d7 and d16-d31 (caller-saved in the AAPCS VFP variant). rd
 * returns the XOR of all 64-bit words of src; the others return 0.
 */
#if defined(__arm__) && defined(__ARM_NEON)
#include "membw.h"

mem_fn mem_rd_vld1_neon, mem_rd_vld1_pld256_neon, mem_wr_vst1_neon,
	mem_copy_vld1_neon, mem_copy_vld1_pld256_neon, mem_copy_vld1_2pass_neon,
	mem_fill_vst1_neon;

/*
 * rd, 128 bytes per iteration from s and t = s + 32: the loop EORs the
 * batch the previous iteration loaded (q0-q3 and q12-q15) into q8-q11
 * while it loads the next. The batch before the first is zeros, or the
 * first 64 bytes when n % 128 == 64; after the loop the last batch is
 * EORed in. PLD0 and PLD1 are "" or one PLD each (lines 256 and 320 bytes
 * ahead of the batch).
 */
#define RD_VLD1(PLD0, PLD1)							\
	"	vmov.i64	q8, #0\n"						\
	"	vmov.i64	q9, #0\n"						\
	"	vmov.i64	q10, #0\n"						\
	"	vmov.i64	q11, #0\n"						\
	"	vmov.i64	q12, #0\n"						\
	"	vmov.i64	q13, #0\n"						\
	"	vmov.i64	q14, #0\n"						\
	"	vmov.i64	q15, #0\n"						\
	"	tst		%[n], #64\n"						\
	"	bne		1f\n"							\
	"	vmov.i64	q0, #0\n"						\
	"	vmov.i64	q1, #0\n"						\
	"	vmov.i64	q2, #0\n"						\
	"	vmov.i64	q3, #0\n"						\
	"	b		2f\n"							\
	"1:	vld1.64		{d0-d3}, [%[s]:128]!\n"					\
	"	vld1.64		{d4-d7}, [%[s]:128]!\n"					\
	"	subs		%[n], %[n], #64\n"					\
	"	beq		4f\n"							\
	"2:	add		%[t], %[s], #32\n"					\
	"3:" PLD0								\
	"	veor		q8, q8, q0\n"						\
	"	veor		q9, q9, q1\n"						\
	"	vld1.64		{d0-d3}, [%[s]:128]\n"					\
	"	veor		q10, q10, q2\n"						\
	"	veor		q11, q11, q3\n"						\
	"	vld1.64		{d4-d7}, [%[t]:128]\n"					\
	"	add		%[s], %[s], #64\n"					\
	"	add		%[t], %[t], #64\n"					\
	PLD1									\
	"	veor		q8, q8, q12\n"						\
	"	veor		q9, q9, q13\n"						\
	"	vld1.64		{d24-d27}, [%[s]:128]\n"				\
	"	veor		q10, q10, q14\n"					\
	"	veor		q11, q11, q15\n"					\
	"	vld1.64		{d28-d31}, [%[t]:128]\n"				\
	"	add		%[s], %[s], #64\n"					\
	"	add		%[t], %[t], #64\n"					\
	"	subs		%[n], %[n], #128\n"					\
	"	bne		3b\n"							\
	"4:	veor		q8, q8, q0\n"						\
	"	veor		q9, q9, q1\n"						\
	"	veor		q10, q10, q2\n"						\
	"	veor		q11, q11, q3\n"						\
	"	veor		q8, q8, q12\n"						\
	"	veor		q9, q9, q13\n"						\
	"	veor		q10, q10, q14\n"					\
	"	veor		q11, q11, q15\n"					\
	"	veor		q8, q8, q9\n"						\
	"	veor		q10, q10, q11\n"					\
	"	veor		q8, q8, q10\n"						\
	"	veor		d16, d16, d17\n"					\
	"	vmov		%Q[x], %R[x], d16\n"

#define PLD_S(off)	"	pld		[%[s], #" #off "]\n"

#define NEON_RD_CLOBBERS							\
	"d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7",				\
	"d16", "d17", "d18", "d19", "d20", "d21", "d22", "d23",			\
	"d24", "d25", "d26", "d27", "d28", "d29", "d30", "d31", "cc", "memory"

uint64_t mem_rd_vld1_neon(void *restrict dst, const void *restrict src, size_t n,
			  uint64_t pattern)
{
	uint64_t x;
	const void *t;

	__asm__ volatile(RD_VLD1("", "")
		: [x] "=r" (x), [s] "+r" (src), [t] "=&r" (t), [n] "+r" (n)
		:
		: NEON_RD_CLOBBERS);
	return x;
}

uint64_t mem_rd_vld1_pld256_neon(void *restrict dst, const void *restrict src, size_t n,
				 uint64_t pattern)
{
	uint64_t x;
	const void *t;

	__asm__ volatile(RD_VLD1(PLD_S(256), PLD_S(256))
		: [x] "=r" (x), [s] "+r" (src), [t] "=&r" (t), [n] "+r" (n)
		:
		: NEON_RD_CLOBBERS);
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

/*
 * copy, 128 bytes per iteration from s and s2 = s + 32 to d and
 * d2 = d + 32, without writeback; the first 64 bytes alone when
 * n % 128 == 64. PLD0 and PLD1 as in RD_VLD1.
 */
#define COPY_VLD1(PLD0, PLD1)							\
	"	tst		%[n], #64\n"						\
	"	beq		1f\n"							\
	"	vld1.64		{d0-d3}, [%[s]:128]!\n"					\
	"	vld1.64		{d4-d7}, [%[s]:128]!\n"					\
	"	vst1.64		{d0-d3}, [%[d]:128]!\n"					\
	"	vst1.64		{d4-d7}, [%[d]:128]!\n"					\
	"	subs		%[n], %[n], #64\n"					\
	"	beq		3f\n"							\
	"1:	add		%[s2], %[s], #32\n"					\
	"	add		%[d2], %[d], #32\n"					\
	"2:" PLD0								\
	"	vld1.64		{d0-d3}, [%[s]:128]\n"					\
	"	vld1.64		{d4-d7}, [%[s2]:128]\n"					\
	"	add		%[s], %[s], #64\n"					\
	"	add		%[s2], %[s2], #64\n"					\
	PLD1									\
	"	vld1.64		{d16-d19}, [%[s]:128]\n"				\
	"	vld1.64		{d20-d23}, [%[s2]:128]\n"				\
	"	add		%[s], %[s], #64\n"					\
	"	add		%[s2], %[s2], #64\n"					\
	"	vst1.64		{d0-d3}, [%[d]:128]\n"					\
	"	vst1.64		{d4-d7}, [%[d2]:128]\n"					\
	"	add		%[d], %[d], #64\n"					\
	"	add		%[d2], %[d2], #64\n"					\
	"	vst1.64		{d16-d19}, [%[d]:128]\n"				\
	"	vst1.64		{d20-d23}, [%[d2]:128]\n"				\
	"	add		%[d], %[d], #64\n"					\
	"	add		%[d2], %[d2], #64\n"					\
	"	subs		%[n], %[n], #128\n"					\
	"	bne		2b\n"							\
	"3:\n"

#define NEON_COPY_CLOBBERS							\
	"d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7",				\
	"d16", "d17", "d18", "d19", "d20", "d21", "d22", "d23", "cc", "memory"

uint64_t mem_copy_vld1_neon(void *restrict dst, const void *restrict src, size_t n,
			    uint64_t pattern)
{
	void *d2;
	const void *s2;

	__asm__ volatile(COPY_VLD1("", "")
		: [d] "+r" (dst), [s] "+r" (src), [n] "+r" (n), [d2] "=&r" (d2), [s2] "=&r" (s2)
		:
		: NEON_COPY_CLOBBERS);
	return 0;
}

uint64_t mem_copy_vld1_pld256_neon(void *restrict dst, const void *restrict src, size_t n,
				   uint64_t pattern)
{
	void *d2;
	const void *s2;

	__asm__ volatile(COPY_VLD1(PLD_S(256), PLD_S(256))
		: [d] "+r" (dst), [s] "+r" (src), [n] "+r" (n), [d2] "=&r" (d2), [s2] "=&r" (s2)
		:
		: NEON_COPY_CLOBBERS);
	return 0;
}

uint64_t mem_copy_vld1_2pass_neon(void *restrict dst, const void *restrict src, size_t n,
				  uint64_t pattern)
{
	while (n) {
		size_t b = n < 4096 ? n : 4096, k = b;
		const void *p = src, *s2;
		void *d2;
		unsigned t;

		__asm__ volatile("4:	ldr	%[t], [%[p]], #64\n"
				 "	subs	%[k], %[k], #64\n"
				 "	bne	4b\n"
			: [p] "+r" (p), [k] "+r" (k), [t] "=&r" (t)
			:
			: "cc", "memory");
		n -= b;
		__asm__ volatile(COPY_VLD1("", "")	/* advances dst and src by b */
			: [d] "+r" (dst), [s] "+r" (src), [n] "+r" (b), [d2] "=&r" (d2),
			  [s2] "=&r" (s2)
			:
			: NEON_COPY_CLOBBERS);
	}
	return 0;
}

#endif /* __arm__ && __ARM_NEON */
