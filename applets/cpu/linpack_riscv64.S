/* linpack_riscv64.S - LINPACK's BLAS-1 axpy, dot and scal with the RISC-V
 * vector extension (RVV 1.0), double and single precision
 *
 * SPDX-License-Identifier: MIT
 *
 * The linpack.h signatures (n is an int, sign-extended in a0 as the
 * LP64D ABI passes it; the scalar a in fa0):
 *
 *   void  axpy(int n, REAL a, const REAL *x, REAL *y)   y += a * x
 *   REAL  dot(int n, const REAL *x, const REAL *y)      sum of x * y
 *   void  scal(int n, REAL a, REAL *x)                  x *= a
 *
 * Vector-length agnostic: each step takes vl = vsetvli(remaining, e64 or
 * e32, m8) elements, the last step what is left; any n (n <= 0 does
 * nothing, as in the C reference) and any alignment of the element size
 * (the column pieces dgefa and dgesl pass start anywhere). Leaf functions,
 * no stack; vector registers are all caller-saved.
 *
 * axpy and scal multiply, then add (vfmul then vfadd, never vfmacc), per
 * element in the dynamic rounding mode (round to nearest), so they equal
 * the C reference bit for bit; axpy returns at once when a == 0, as the
 * classic loop does. dot keeps VLMAX partial sums (tail-undisturbed, so
 * the lanes past a short last step keep theirs) and ends with an unordered
 * vfredusum: it differs from the C reference's left-to-right sum in the
 * last bits (tests/unit bounds it). Run only when cpu_features() has
 * CPU_RVV.
 */
#include "asm.h"

#if defined(__riscv) && __riscv_xlen == 64

	.option	arch, +v

/* \bits: the element width (64, 32); \sh: log2 of its bytes; \f: d or s
 * (the scalar instructions' suffix), \mv: d or w (fmv's) */
.macro axpy name, bits, sh, f, mv
asm_function \name
	blez	a0, 2f
	fmv.\mv\().x ft0, zero
	feq.\f	t2, fa0, ft0
	bnez	t2, 2f			/* a == 0: y stays as it is */
1:	vsetvli	t0, a0, e\bits, m8, ta, ma
	vle\bits\().v	v8, (a1)	/* x */
	vle\bits\().v	v16, (a2)	/* y */
	sub	a0, a0, t0
	slli	t1, t0, \sh
	vfmul.vf v8, v8, fa0		/* a * x, rounded */
	add	a1, a1, t1
	vfadd.vv v16, v16, v8		/* y + a * x, rounded */
	vse\bits\().v	v16, (a2)
	add	a2, a2, t1
	bnez	a0, 1b
2:	ret
asm_end \name
.endm

.macro dot name, bits, sh
asm_function \name
	vsetvli	t0, zero, e\bits, m8, ta, ma
	vmv.v.i	v24, 0			/* partial sums, +0.0 */
	blez	a0, 2f
1:	vsetvli	t0, a0, e\bits, m8, tu, ma
	vle\bits\().v	v8, (a1)
	vle\bits\().v	v16, (a2)
	sub	a0, a0, t0
	slli	t1, t0, \sh
	vfmul.vv v8, v8, v16		/* x * y, rounded */
	add	a1, a1, t1
	add	a2, a2, t1
	vfadd.vv v24, v24, v8
	bnez	a0, 1b
2:	vsetvli	t0, zero, e\bits, m8, ta, ma
	vmv.s.x	v0, zero
	vfredusum.vs v0, v24, v0
	vfmv.f.s fa0, v0
	ret
asm_end \name
.endm

.macro scal name, bits, sh
asm_function \name
	blez	a0, 2f
1:	vsetvli	t0, a0, e\bits, m8, ta, ma
	vle\bits\().v	v8, (a1)
	sub	a0, a0, t0
	slli	t1, t0, \sh
	vfmul.vf v8, v8, fa0
	vse\bits\().v	v8, (a1)
	add	a1, a1, t1
	bnez	a0, 1b
2:	ret
asm_end \name
.endm

	axpy	linpack_axpy_rvv_d, 64, 3, d, d
	axpy	linpack_axpy_rvv_s, 32, 2, s, w
	dot	linpack_dot_rvv_d, 64, 3
	dot	linpack_dot_rvv_s, 32, 2
	scal	linpack_scal_rvv_d, 64, 3
	scal	linpack_scal_rvv_s, 32, 2

#endif /* riscv64 */
