/* membw_aarch64.S - AArch64 membw kernels: LDP/STP vs LD1/ST1, STNP, PRFM, DC ZVA
 *
 * SPDX-License-Identifier: MIT
 *
 * The exact instruction sequence is the point of these kernels, hence
 * assembler and not intrinsics. Every function is a mem_fn (membw.h):
 *
 *   uint64_t f(void *dst, const void *src, size_t n, uint64_t pattern)
 *                   x0          x1              x2           x3
 *
 * Preconditions (the table in membw_kernels.c repeats them): dst and src
 * 16-byte aligned; n a non-zero multiple of 64 (of 256 for dc_zva). Leaf
 * functions, no stack: they use x0-x6 and v0-v3, v16-v19 only (all
 * caller-saved in AAPCS64; v8-v15 are left alone). Only the rd kernels
 * return a value (the XOR of all 64-bit words of src); the others return 0.
 * Each loop moves 64 bytes, one cache line on most cores, per iteration;
 * the prefetching variants issue one PRFM per iteration, DIST bytes ahead
 * (PRFM never faults, so prefetching past the end is harmless).
 */
#if defined(__aarch64__)

dst	.req	x0
src	.req	x1
len	.req	x2
pat	.req	x3

/* Function prologue: own section (for --gc-sections), symbol type, alignment. */
.macro asm_function name
	.section .text.\name, "ax", %progbits
	.global	\name
	.type	\name, %function
	.p2align 6
\name:
.endm

.macro asm_end name
	.size	\name, . - \name
.endm

/* Optional prefetch of src + dist: "prfm pldl1keep, [src, #256]". */
.macro pf hint, dist
	.ifnb \hint
	prfm	\hint, [src, #\dist]
	.endif
.endm

/* v16..v19 = 0: the XOR accumulators of the rd kernels. */
.macro rd_init
	movi	v16.16b, #0
	movi	v17.16b, #0
	movi	v18.16b, #0
	movi	v19.16b, #0
.endm

/* Fold v16..v19 into the 64-bit XOR of all lanes; return it in x0. */
.macro rd_fold
	eor	v16.16b, v16.16b, v17.16b
	eor	v18.16b, v18.16b, v19.16b
	eor	v16.16b, v16.16b, v18.16b
	mov	x0, v16.d[0]
	mov	x1, v16.d[1]
	eor	x0, x0, x1
	ret
.endm

/* ---- rd: XOR of the 64-bit words of src ---- */

/* Two LDP q per 64 bytes; four independent EOR chains. */
.macro rd_ldp_q name, hint, dist
asm_function \name
	rd_init
1:	pf	\hint, \dist
	ldp	q0, q1, [src]
	ldp	q2, q3, [src, #32]
	add	src, src, #64
	subs	len, len, #64
	eor	v16.16b, v16.16b, v0.16b
	eor	v17.16b, v17.16b, v1.16b
	eor	v18.16b, v18.16b, v2.16b
	eor	v19.16b, v19.16b, v3.16b
	b.ne	1b
	rd_fold
asm_end \name
.endm

/* One LD1 of four registers (post-indexed) per 64 bytes. */
.macro rd_ld1 name, hint, dist
asm_function \name
	rd_init
1:	pf	\hint, \dist
	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [src], #64
	subs	len, len, #64
	eor	v16.16b, v16.16b, v0.16b
	eor	v17.16b, v17.16b, v1.16b
	eor	v18.16b, v18.16b, v2.16b
	eor	v19.16b, v19.16b, v3.16b
	b.ne	1b
	rd_fold
asm_end \name
.endm

rd_ldp_q mem_rd_ldp_q_aarch64
rd_ldp_q mem_rd_ldp_q_pf256_aarch64, pldl1keep, 256
rd_ldp_q mem_rd_ldp_q_strm512_aarch64, pldl2strm, 512
rd_ld1   mem_rd_ld1_aarch64
rd_ld1   mem_rd_ld1_pf256_aarch64, pldl1keep, 256
rd_ld1   mem_rd_ld1_strm512_aarch64, pldl2strm, 512

/* ---- wr: store pattern over dst ---- */

asm_function mem_wr_stp_q_aarch64
	dup	v0.2d, pat
1:	stp	q0, q0, [dst]
	stp	q0, q0, [dst, #32]
	add	dst, dst, #64
	subs	len, len, #64
	b.ne	1b
	mov	x0, #0
	ret
asm_end mem_wr_stp_q_aarch64

asm_function mem_wr_st1_aarch64
	dup	v0.2d, pat
	mov	v1.16b, v0.16b
	mov	v2.16b, v0.16b
	mov	v3.16b, v0.16b
1:	st1	{v0.2d, v1.2d, v2.2d, v3.2d}, [dst], #64
	subs	len, len, #64
	b.ne	1b
	mov	x0, #0
	ret
asm_end mem_wr_st1_aarch64

asm_function mem_wr_stnp_q_aarch64
	dup	v0.2d, pat
1:	stnp	q0, q0, [dst]
	stnp	q0, q0, [dst, #32]
	add	dst, dst, #64
	subs	len, len, #64
	b.ne	1b
	mov	x0, #0
	ret
asm_end mem_wr_stnp_q_aarch64

/* ---- copy: dst = src ---- */

/* LDP q pairs in, STP (or STNP) q pairs out, optional PRFM on src. */
.macro copy_ldp_q name, store, hint, dist
asm_function \name
1:	pf	\hint, \dist
	ldp	q0, q1, [src]
	ldp	q2, q3, [src, #32]
	add	src, src, #64
	subs	len, len, #64
	\store	q0, q1, [dst]
	\store	q2, q3, [dst, #32]
	add	dst, dst, #64
	b.ne	1b
	mov	x0, #0
	ret
asm_end \name
.endm

copy_ldp_q mem_copy_ldp_q_aarch64, stp
copy_ldp_q mem_copy_ldp_q_stnp_aarch64, stnp
copy_ldp_q mem_copy_ldp_q_pf256_aarch64, stp, pldl1keep, 256
copy_ldp_q mem_copy_ldp_q_pf512_aarch64, stp, pldl1keep, 512

asm_function mem_copy_ld1_aarch64
1:	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [src], #64
	subs	len, len, #64
	st1	{v0.16b, v1.16b, v2.16b, v3.16b}, [dst], #64
	b.ne	1b
	mov	x0, #0
	ret
asm_end mem_copy_ld1_aarch64

/* ---- fill: zero dst ---- */

asm_function mem_fill_stp_q_aarch64
	movi	v0.16b, #0
1:	stp	q0, q0, [dst]
	stp	q0, q0, [dst, #32]
	add	dst, dst, #64
	subs	len, len, #64
	b.ne	1b
	mov	x0, #0
	ret
asm_end mem_fill_stp_q_aarch64

asm_function mem_fill_stnp_q_aarch64
	movi	v0.16b, #0
1:	stnp	q0, q0, [dst]
	stnp	q0, q0, [dst, #32]
	add	dst, dst, #64
	subs	len, len, #64
	b.ne	1b
	mov	x0, #0
	ret
asm_end mem_fill_stnp_q_aarch64

/*
 * DC ZVA zeroes one naturally aligned block of 4 << DCZID_EL0.BS bytes.
 * Read the block size at run time; if DCZID_EL0.DZP forbids the
 * instruction, or the block is over 256 bytes (the table's gran, so a
 * buffer always holds at least one whole block), fall back to the STP
 * kernel. dst is only 16-aligned: 16-byte STRs zero up to the first block
 * boundary and after the last whole block. n % 256 == 0 keeps every count
 * a multiple of 16 and of the block size (4..256, a power of two).
 */
blk	.req	x5
mask	.req	x6

asm_function mem_fill_dc_zva_aarch64
	mrs	x4, dczid_el0
	tbnz	x4, #4, 9f		/* DZP: DC ZVA prohibited */
	and	x4, x4, #15		/* BS: log2 of the block size in words */
	mov	blk, #4
	lsl	blk, blk, x4
	cmp	blk, #256
	b.hi	9f
	sub	mask, blk, #1
	movi	v0.16b, #0
	b	2f
1:	str	q0, [dst], #16		/* head, up to the first block boundary */
	sub	len, len, #16
2:	tst	dst, mask
	b.ne	1b
	b	4f
3:	dc	zva, dst		/* whole blocks */
	add	dst, dst, blk
	sub	len, len, blk
4:	cmp	len, blk
	b.hs	3b
	cbz	len, 6f
5:	str	q0, [dst], #16		/* tail */
	subs	len, len, #16
	b.ne	5b
6:	mov	x0, #0
	ret
9:	b	mem_fill_stp_q_aarch64
asm_end mem_fill_dc_zva_aarch64

	.unreq	blk
	.unreq	mask
	.unreq	dst
	.unreq	src
	.unreq	len
	.unreq	pat

#endif /* __aarch64__ */

#if defined(__linux__) && defined(__ELF__)
	.section .note.GNU-stack, "", %progbits	/* no executable stack */
#endif
