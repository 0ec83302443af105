/* stream_riscv64.S - STREAM's four kernels with the RISC-V vector extension
 * (RVV 1.0)
 *
 * SPDX-License-Identifier: MIT
 *
 * Every kernel is a stream_fn (stream.h):
 *
 *   void f(double *a, double *b, double *c, double q, size_t n)
 *             a0         a1         a2        fa0       a3
 *
 * Vector-length agnostic: each step takes vl = vsetvli(remaining, e64, m8)
 * doubles (8 x VLEN bits per register group), the last step what is left,
 * so any n (0 included) and any 8-byte alignment will do. Leaf functions,
 * no stack; vector registers are all caller-saved.
 *
 * The arithmetic is STREAM's and the C reference's, element by element:
 * scale q * c, add a + b, triad b + q * c with the product rounded before
 * the add (vfmul then vfadd, never vfmacc), in the dynamic rounding mode
 * (round to nearest), so the results equal the C rows bit for bit. Run
 * only when cpu_features() has CPU_RVV.
 */
#include "asm.h"

#if defined(__riscv) && __riscv_xlen == 64

	.option	arch, +v

/* c[j] = a[j] */
asm_function stream_copy_rvv
	beqz	a3, 2f
1:	vsetvli	t0, a3, e64, m8, ta, ma
	vle64.v	v8, (a0)
	sub	a3, a3, t0
	slli	t1, t0, 3
	add	a0, a0, t1
	vse64.v	v8, (a2)
	add	a2, a2, t1
	bnez	a3, 1b
2:	ret
asm_end stream_copy_rvv

/* b[j] = q * c[j] */
asm_function stream_scale_rvv
	beqz	a3, 2f
1:	vsetvli	t0, a3, e64, m8, ta, ma
	vle64.v	v8, (a2)
	sub	a3, a3, t0
	slli	t1, t0, 3
	vfmul.vf v8, v8, fa0
	add	a2, a2, t1
	vse64.v	v8, (a1)
	add	a1, a1, t1
	bnez	a3, 1b
2:	ret
asm_end stream_scale_rvv

/* c[j] = a[j] + b[j] */
asm_function stream_add_rvv
	beqz	a3, 2f
1:	vsetvli	t0, a3, e64, m8, ta, ma
	vle64.v	v8, (a0)
	vle64.v	v16, (a1)
	sub	a3, a3, t0
	slli	t1, t0, 3
	vfadd.vv v8, v8, v16
	add	a0, a0, t1
	add	a1, a1, t1
	vse64.v	v8, (a2)
	add	a2, a2, t1
	bnez	a3, 1b
2:	ret
asm_end stream_add_rvv

/* a[j] = b[j] + q * c[j]: the product rounded, then the add */
asm_function stream_triad_rvv
	beqz	a3, 2f
1:	vsetvli	t0, a3, e64, m8, ta, ma
	vle64.v	v8, (a2)
	vle64.v	v16, (a1)
	sub	a3, a3, t0
	slli	t1, t0, 3
	vfmul.vf v8, v8, fa0
	add	a2, a2, t1
	add	a1, a1, t1
	vfadd.vv v8, v16, v8
	vse64.v	v8, (a0)
	add	a0, a0, t1
	bnez	a3, 1b
2:	ret
asm_end stream_triad_rvv

#endif /* riscv64 */
