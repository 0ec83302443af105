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
 * functions, no stack: they use x0-x9 and v0-v7, v16-v23 only (all
 * caller-saved in AAPCS64; v8-v15 are left alone). Only the rd kernels
 * return a value (the XOR of all 64-bit words of src); the others return 0.
 *
 * Each loop moves 128 bytes per iteration, two cache lines on most cores;
 * when n % 128 == 64 the first 64 bytes are done on their own before it,
 * so n need only be a multiple of 64. Nothing is read or written outside
 * [src, src + n) and [dst, dst + n). The instruction order is chosen with
 * LLVM's machine models of the Cortex-A53 and A55 (in-order: an
 * instruction that consumes a load issued just before it stalls the pipe)
 * and of the A57 (the A72's): the rd and copy loops are software-pipelined
 * (each iteration consumes or stores the previous iteration's loads). The
 * prefetching variants issue one PRFM per 64-byte line, DIST bytes ahead
 * (PRFM never faults, so prefetching past the end is harmless).
 */
#define ASM_FUNC_ALIGN 6	/* a loop on a cache line of its own */
#include "asm.h"

#if defined(__aarch64__)

dst	.req	x0
src	.req	x1
len	.req	x2
pat	.req	x3

/* Optional prefetch of src + dist: "prfm pldl1keep, [src, #256]". */
.macro pf hint, dist
	.ifnb \hint
	prfm	\hint, [src, #\dist]
	.endif
.endm

/* v16..v23 = 0: the XOR accumulators of the rd kernels; v4..v7 = 0: the
 * upper half of the batch "before the first" (see rd_head). */
.macro rd_init
	movi	v16.16b, #0
	movi	v17.16b, #0
	movi	v18.16b, #0
	movi	v19.16b, #0
	movi	v20.16b, #0
	movi	v21.16b, #0
	movi	v22.16b, #0
	movi	v23.16b, #0
	movi	v4.16b, #0
	movi	v5.16b, #0
	movi	v6.16b, #0
	movi	v7.16b, #0
.endm

/*
 * The rd loops are software-pipelined: each iteration EORs the batch the
 * previous one loaded (v0..v7) while it loads the next, so no EOR waits
 * for a load issued just before it (an in-order A53/A55 stalls on that).
 * The batch before the first is zeros, or, when n % 128 == 64, the first
 * 64 bytes (loaded here by \load64, which advances src): the loop then
 * runs n / 128 times, and rd_fold EORs in the batch the last one loaded.
 * Ends with len = n rounded down to 128 and the flags of "len == 0".
 */
.macro rd_head load64
	tbz	len, #6, 1f
	\load64
	subs	len, len, #64
	b	2f
1:	movi	v0.16b, #0
	movi	v1.16b, #0
	movi	v2.16b, #0
	movi	v3.16b, #0
	cmp	len, #0
2:
.endm

/* EOR the last batch v0..v7 in, fold v16..v23 into the 64-bit XOR of all
 * lanes; return it in x0. */
.macro rd_fold
	eor	v16.16b, v16.16b, v0.16b
	eor	v17.16b, v17.16b, v1.16b
	eor	v18.16b, v18.16b, v2.16b
	eor	v19.16b, v19.16b, v3.16b
	eor	v20.16b, v20.16b, v4.16b
	eor	v21.16b, v21.16b, v5.16b
	eor	v22.16b, v22.16b, v6.16b
	eor	v23.16b, v23.16b, v7.16b
	eor	v16.16b, v16.16b, v17.16b
	eor	v18.16b, v18.16b, v19.16b
	eor	v20.16b, v20.16b, v21.16b
	eor	v22.16b, v22.16b, v23.16b
	eor	v16.16b, v16.16b, v18.16b
	eor	v20.16b, v20.16b, v22.16b
	eor	v16.16b, v16.16b, v20.16b
	mov	x0, v16.d[0]
	mov	x1, v16.d[1]
	eor	x0, x0, x1
	ret
.endm

/* ---- rd: XOR of the 64-bit words of src ---- */

.macro ldp_q_64
	ldp	q0, q1, [src]
	ldp	q2, q3, [src, #32]
	add	src, src, #64
.endm

/* Four LDP q per 128 bytes, each after the two EORs of the registers it
 * reloads; eight independent EOR chains. */
.macro rd_ldp_q name, hint, dist
asm_function \name
	rd_init
	rd_head	ldp_q_64
	b.eq	3f
2:	subs	len, len, #128
	pf	\hint, \dist
	pf	\hint, \dist+64
	eor	v16.16b, v16.16b, v0.16b
	eor	v17.16b, v17.16b, v1.16b
	ldp	q0, q1, [src]
	eor	v18.16b, v18.16b, v2.16b
	eor	v19.16b, v19.16b, v3.16b
	ldp	q2, q3, [src, #32]
	eor	v20.16b, v20.16b, v4.16b
	eor	v21.16b, v21.16b, v5.16b
	ldp	q4, q5, [src, #64]
	eor	v22.16b, v22.16b, v6.16b
	eor	v23.16b, v23.16b, v7.16b
	ldp	q6, q7, [src, #96]
	add	src, src, #128
	b.ne	2b
3:	rd_fold
asm_end \name
.endm

.macro ld1_64
	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [src], #64
.endm

/* Two LD1 of four registers per 128 bytes, from src and x5 = src + 64:
 * without writeback an LD1 is one micro-op (the A53 pairs it with an
 * EOR) and the A57 gives it a load slot per 16 bytes, as it does LDP. */
.macro rd_ld1 name, hint, dist
asm_function \name
	rd_init
	rd_head	ld1_64
	add	x5, src, #64
	b.eq	3f
2:	.ifb \hint
	subs	len, len, #128
	.endif
	eor	v16.16b, v16.16b, v0.16b
	eor	v17.16b, v17.16b, v1.16b
	eor	v18.16b, v18.16b, v2.16b
	eor	v19.16b, v19.16b, v3.16b
	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [src]
	eor	v20.16b, v20.16b, v4.16b
	eor	v21.16b, v21.16b, v5.16b
	eor	v22.16b, v22.16b, v6.16b
	eor	v23.16b, v23.16b, v7.16b
	ld1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x5]
	.ifnb \hint
	subs	len, len, #128
	.endif
	pf	\hint, \dist
	pf	\hint, \dist+64
	add	src, src, #128
	add	x5, x5, #128
	b.ne	2b
3:	rd_fold
asm_end \name
.endm

/* Eight LDR q per 128 bytes: in LLVM's Cortex-A55 model an LDP q takes
 * the load pipe for six cycles and two LDR q for two, and on the A57 an
 * LDR q costs a load slot per 16 bytes as LDP does. The order is the one
 * the A53 model liked best of those tried. */
.macro ldr_q_64
	ldr	q0, [src]
	ldr	q1, [src, #16]
	ldr	q2, [src, #32]
	ldr	q3, [src, #48]
	add	src, src, #64
.endm

asm_function mem_rd_ldr_q_aarch64
	rd_init
	rd_head	ldr_q_64
	b.eq	3f
2:	eor	v16.16b, v16.16b, v0.16b
	eor	v17.16b, v17.16b, v1.16b
	ldr	q0, [src]
	eor	v18.16b, v18.16b, v2.16b
	ldr	q1, [src, #16]
	eor	v19.16b, v19.16b, v3.16b
	eor	v20.16b, v20.16b, v4.16b
	ldr	q2, [src, #32]
	subs	len, len, #128
	ldr	q3, [src, #48]
	ldr	q4, [src, #64]
	eor	v21.16b, v21.16b, v5.16b
	ldr	q5, [src, #80]
	eor	v22.16b, v22.16b, v6.16b
	ldr	q6, [src, #96]
	eor	v23.16b, v23.16b, v7.16b
	ldr	q7, [src, #112]
	add	src, src, #128
	b.ne	2b
3:	rd_fold
asm_end mem_rd_ldr_q_aarch64

rd_ldp_q mem_rd_ldp_q_aarch64
rd_ldp_q mem_rd_ldp_q_pf256_aarch64, pldl1keep, 256
rd_ldp_q mem_rd_ldp_q_strm512_aarch64, pldl2strm, 512
rd_ld1   mem_rd_ld1_aarch64
rd_ld1   mem_rd_ld1_pf256_aarch64, pldl1keep, 256
rd_ld1   mem_rd_ld1_strm512_aarch64, pldl2strm, 512

/* ---- wr and fill: store v0 (pattern or zero) over dst ---- */

/* STP (or STNP) q pairs, 128 bytes per iteration; a first 64 bytes
 * alone when n % 128 == 64. */
.macro wr_stp_q name, store, init
asm_function \name
	\init
	tbz	len, #6, 1f
	\store	q0, q0, [dst]
	\store	q0, q0, [dst, #32]
	add	dst, dst, #64
	subs	len, len, #64
	b.eq	9f
1:	\store	q0, q0, [dst]
	\store	q0, q0, [dst, #32]
	subs	len, len, #128
	\store	q0, q0, [dst, #64]
	\store	q0, q0, [dst, #96]
	add	dst, dst, #128
	b.ne	1b
9:	mov	x0, #0
	ret
asm_end \name
.endm

.macro dup_pat
	dup	v0.2d, pat
.endm

.macro zero_v0
	movi	v0.16b, #0
.endm

wr_stp_q mem_wr_stp_q_aarch64, stp, dup_pat
wr_stp_q mem_wr_stnp_q_aarch64, stnp, dup_pat
wr_stp_q mem_fill_stp_q_aarch64, stp, zero_v0
wr_stp_q mem_fill_stnp_q_aarch64, stnp, zero_v0

/* Two ST1 of four registers per 128 bytes, to dst and x6 = dst + 64,
 * without writeback (as rd_ld1). */
asm_function mem_wr_st1_aarch64
	dup	v0.2d, pat
	mov	v1.16b, v0.16b
	mov	v2.16b, v0.16b
	mov	v3.16b, v0.16b
	tbz	len, #6, 1f
	st1	{v0.2d, v1.2d, v2.2d, v3.2d}, [dst], #64
	subs	len, len, #64
	b.eq	9f
1:	add	x6, dst, #64
2:	st1	{v0.2d, v1.2d, v2.2d, v3.2d}, [dst]
	subs	len, len, #128
	add	dst, dst, #128
	st1	{v0.2d, v1.2d, v2.2d, v3.2d}, [x6]
	add	x6, x6, #128
	b.ne	2b
9:	mov	x0, #0
	ret
asm_end mem_wr_st1_aarch64

/* ---- copy: dst = src ---- */

/*
 * Software-pipelined like rd: the loop stores the 128 bytes the previous
 * iteration (or the prologue) loaded, each store just before the load
 * that reuses its registers, then loads the next 128 bytes; the epilogue
 * stores the last batch. A first 64 bytes are copied alone when
 * n % 128 == 64. The optional PRFMs, one per 64-byte line, sit between
 * the stores and the loads. The body ends where its caller puts label 9
 * (the 64-byte-only case branches there), with src advanced by n and dst
 * by n - 128 (by n when n is 64).
 */
.macro copy_ldp_q_body store, hint, dist
	tbz	len, #6, 1f
	ldp	q0, q1, [src]
	ldp	q2, q3, [src, #32]
	add	src, src, #64
	\store	q0, q1, [dst]
	\store	q2, q3, [dst, #32]
	add	dst, dst, #64
	subs	len, len, #64
	b.eq	9f
1:	ldp	q0, q1, [src]
	ldp	q2, q3, [src, #32]
	ldp	q4, q5, [src, #64]
	ldp	q6, q7, [src, #96]
	add	src, src, #128
	subs	len, len, #128
	b.eq	3f
2:	\store	q0, q1, [dst]
	ldp	q0, q1, [src]
	\store	q2, q3, [dst, #32]
	\store	q4, q5, [dst, #64]
	\store	q6, q7, [dst, #96]
	add	dst, dst, #128
	pf	\hint, \dist
	subs	len, len, #128
	pf	\hint, \dist+64
	ldp	q2, q3, [src, #32]
	ldp	q4, q5, [src, #64]
	ldp	q6, q7, [src, #96]
	add	src, src, #128
	b.ne	2b
3:	\store	q0, q1, [dst]
	\store	q2, q3, [dst, #32]
	\store	q4, q5, [dst, #64]
	\store	q6, q7, [dst, #96]
.endm

.macro copy_ldp_q name, store, hint, dist
asm_function \name
	copy_ldp_q_body \store, \hint, \dist
9:	mov	x0, #0
	ret
asm_end \name
.endm

copy_ldp_q mem_copy_ldp_q_aarch64, stp
copy_ldp_q mem_copy_ldp_q_stnp_aarch64, stnp
copy_ldp_q mem_copy_ldp_q_pf256_aarch64, stp, pldl1keep, 256
copy_ldp_q mem_copy_ldp_q_pf512_aarch64, stp, pldl1keep, 512
copy_ldp_q mem_copy_ldp_q_stnp_pf512_aarch64, stnp, pldl1keep, 512

/*
 * Two passes over each 4 KiB block: one LDR per 64-byte line of src, so
 * the block sits in the L1 cache, then the block copied with STNP. DRAM
 * reads for a while, then writes, instead of turning round on every line.
 * x7 = bytes left after this block, x8 = dst after it (the copy body
 * leaves dst 128 bytes short), x4/x5/x9 the reading pass's.
 */
asm_function mem_copy_ldp_q_2pass_stnp_aarch64
	mov	x7, len
0:	mov	len, #4096
	cmp	x7, len
	csel	len, x7, len, lo
	sub	x7, x7, len
	add	x8, dst, len
	mov	x4, src
	mov	x5, len
5:	ldr	x9, [x4], #64
	subs	x5, x5, #64
	b.ne	5b
	copy_ldp_q_body stnp
9:	mov	dst, x8
	cbnz	x7, 0b
	mov	x0, #0
	ret
asm_end mem_copy_ldp_q_2pass_stnp_aarch64

/* Eight LDR q, then four STP q, per 128 bytes (LDR q for the A55 model,
 * as in mem_rd_ldr_q_aarch64; the stores come late enough after the loads
 * that this loop needs no pipelining). */
asm_function mem_copy_ldr_q_aarch64
	tbz	len, #6, 1f
	ldr_q_64
	stp	q0, q1, [dst]
	stp	q2, q3, [dst, #32]
	add	dst, dst, #64
	subs	len, len, #64
	b.eq	9f
1:	ldr	q0, [src]
	ldr	q1, [src, #16]
	ldr	q2, [src, #32]
	ldr	q3, [src, #48]
	ldr	q4, [src, #64]
	ldr	q5, [src, #80]
	ldr	q6, [src, #96]
	ldr	q7, [src, #112]
	add	src, src, #128
	stp	q0, q1, [dst]
	subs	len, len, #128
	stp	q2, q3, [dst, #32]
	stp	q4, q5, [dst, #64]
	stp	q6, q7, [dst, #96]
	add	dst, dst, #128
	b.ne	1b
9:	mov	x0, #0
	ret
asm_end mem_copy_ldr_q_aarch64

/* LD1/ST1 of four registers, without writeback, from src and x5 = src + 64
 * to dst and x6 = dst + 64; pipelined as copy_ldp_q. */
asm_function mem_copy_ld1_aarch64
	tbz	len, #6, 1f
	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [src], #64
	st1	{v0.16b, v1.16b, v2.16b, v3.16b}, [dst], #64
	subs	len, len, #64
	b.eq	9f
1:	add	x5, src, #64
	add	x6, dst, #64
	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [src]
	ld1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x5]
	add	src, src, #128
	add	x5, x5, #128
	subs	len, len, #128
	b.eq	3f
2:	st1	{v0.16b, v1.16b, v2.16b, v3.16b}, [dst]
	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [src]
	st1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x6]
	subs	len, len, #128
	ld1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x5]
	add	src, src, #128
	add	dst, dst, #128
	add	x6, x6, #128
	add	x5, x5, #128
	b.ne	2b
3:	st1	{v0.16b, v1.16b, v2.16b, v3.16b}, [dst]
	st1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x6]
9:	mov	x0, #0
	ret
asm_end mem_copy_ld1_aarch64

/* ---- fill: DC ZVA ---- */

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
