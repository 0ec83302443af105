/* membw_riscv64.S - RISC-V vector (RVV 1.0) membw kernels, and the VLEN helper
 *
 * SPDX-License-Identifier: MIT
 *
 * Every kernel is a mem_fn (membw.h):
 *
 *   uint64_t f(void *dst, const void *src, size_t n, uint64_t pattern)
 *                   a0          a1              a2           a3
 *
 * Preconditions (the table in membw_kernels.c repeats them): dst and src
 * 8-byte aligned (the element size), n a multiple of 8 (any number of
 * 64-bit elements, 0 included). Vector-length agnostic: nothing assumes a
 * VLEN; vsetvli or vlenb gives the bytes per step. Leaf functions, no
 * stack; vector registers are all caller-saved. Only the rd kernels return
 * a value (the XOR of all 64-bit words of src); the others return 0.
 *
 * Two forms of each operation:
 *   rvv_m8     vsetvli e64, m8 over the remaining elements, then
 *              vle64.v / vse64.v of a group of 8 registers (8 x VLEN bits);
 *              the last step is shorter (vl = what is left)
 *   rvv_whole  whole-register vl8re64.v / vs8r.v, 8 x VLENB bytes a step,
 *              with no vl at all, then the rest (n % (8 x VLENB)) as in
 *              rvv_m8
 * rd XORs the loaded groups into an accumulator group (tail-undisturbed on
 * the short last step, so the lanes past vl keep their sums) and ends with
 * vredxor.vs. Nothing is read or written outside [src, src + n) and
 * [dst, dst + n). Run only when cpu_features() has CPU_RVV.
 */
#include "asm.h"

#if defined(__riscv) && __riscv_xlen == 64

	.option	arch, +v

/* ---- rd: XOR of the 64-bit words of src ---- */

/* v8..v15 = 0 (the accumulator), a2 = elements */
.macro rd_init
	vsetvli	t0, zero, e64, m8, ta, ma
	vmv.v.i	v8, 0
	srli	a2, a2, 3
.endm

/* The rest (a2 elements from a1) XORed into v8, tail-undisturbed; then
 * fold v8..v15 into the XOR of its lanes, returned in a0. */
.macro rd_tail_fold
	beqz	a2, 2f
1:	vsetvli	t0, a2, e64, m8, tu, ma
	vle64.v	v16, (a1)
	sub	a2, a2, t0
	slli	t1, t0, 3
	vxor.vv	v8, v8, v16
	add	a1, a1, t1
	bnez	a2, 1b
2:	vsetvli	t0, zero, e64, m8, ta, ma
	vmv.s.x	v0, zero
	vredxor.vs v0, v8, v0
	vmv.x.s	a0, v0
	ret
.endm

asm_function mem_rd_rvv_m8
	rd_init
	rd_tail_fold
asm_end mem_rd_rvv_m8

asm_function mem_rd_rvv_whole
	rd_init
	csrr	t2, vlenb
	slli	t2, t2, 3		/* bytes per group of 8 registers */
	srli	t3, t2, 3		/* elements per group */
	bltu	a2, t3, 3f
1:	vl8re64.v v16, (a1)
	sub	a2, a2, t3
	add	a1, a1, t2
	vxor.vv	v8, v8, v16
	bgeu	a2, t3, 1b
3:	rd_tail_fold
asm_end mem_rd_rvv_whole

/* ---- wr: pattern over dst; fill: zero over dst ---- */

/* v8..v15 = \val in every lane (vmv.v.\form), a2 = elements */
.macro wr_init form, val
	vsetvli	t0, zero, e64, m8, ta, ma
	vmv.v.\form v8, \val
	srli	a2, a2, 3
.endm

/* The rest (a2 elements to a0) from v8; return 0. */
.macro wr_tail
	beqz	a2, 2f
1:	vsetvli	t0, a2, e64, m8, ta, ma
	vse64.v	v8, (a0)
	sub	a2, a2, t0
	slli	t1, t0, 3
	add	a0, a0, t1
	bnez	a2, 1b
2:	li	a0, 0
	ret
.endm

.macro wr_whole
	csrr	t2, vlenb
	slli	t2, t2, 3
	srli	t3, t2, 3
	bltu	a2, t3, 3f
1:	vs8r.v	v8, (a0)
	sub	a2, a2, t3
	add	a0, a0, t2
	bgeu	a2, t3, 1b
3:	wr_tail
.endm

asm_function mem_wr_rvv_m8
	wr_init x, a3
	wr_tail
asm_end mem_wr_rvv_m8

asm_function mem_wr_rvv_whole
	wr_init x, a3
	wr_whole
asm_end mem_wr_rvv_whole

asm_function mem_fill_rvv_m8
	wr_init i, 0
	wr_tail
asm_end mem_fill_rvv_m8

asm_function mem_fill_rvv_whole
	wr_init i, 0
	wr_whole
asm_end mem_fill_rvv_whole

/* ---- copy: dst = src ---- */

/* The rest (a2 elements from a1 to a0); return 0. */
.macro copy_tail
	beqz	a2, 2f
1:	vsetvli	t0, a2, e64, m8, ta, ma
	vle64.v	v8, (a1)
	sub	a2, a2, t0
	slli	t1, t0, 3
	add	a1, a1, t1
	vse64.v	v8, (a0)
	add	a0, a0, t1
	bnez	a2, 1b
2:	li	a0, 0
	ret
.endm

asm_function mem_copy_rvv_m8
	srli	a2, a2, 3
	copy_tail
asm_end mem_copy_rvv_m8

asm_function mem_copy_rvv_whole
	srli	a2, a2, 3
	csrr	t2, vlenb
	slli	t2, t2, 3
	srli	t3, t2, 3
	bltu	a2, t3, 3f
1:	vl8re64.v v8, (a1)
	sub	a2, a2, t3
	add	a1, a1, t2
	vs8r.v	v8, (a0)
	add	a0, a0, t2
	bgeu	a2, t3, 1b
3:	copy_tail
asm_end mem_copy_rvv_whole

#endif /* riscv64 */
