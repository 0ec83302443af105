/* stream_neon.c - STREAM kernels with AArch64 Advanced SIMD
 *
 * SPDX-License-Identifier: MIT
 *
 * AArch64 only: ARMv7 NEON has no double-precision arithmetic, so on
 * armv7 this file (built with -mfpu=neon like every *_neon.c) is empty and
 * STREAM runs its C rows. Four q-registers (8 doubles) per array per
 * iteration. Preconditions: arrays 16-byte aligned, n a non-zero multiple
 * of 8.
 *
 * Each loop is a short inline-assembly block, in the order the in-order
 * cores want: llvm-mca's A53 / A55 / A57 models give, in cycles per 8
 * doubles, copy 10 / 8 / 8, scale 17 / 14 / 11, add 21 / 18 / 12, triad
 * 24 / 21 / 15, where GCC's code for the same intrinsics gave 17 / 17 / 8,
 * 21 / 22 / 11, 28 / 32 / 14, 28 / 38 / 18. Single LDR/STR q, not LDP/STP
 * q (which GCC pairs them into; the A55 model charges a q-register pair 6
 * cycles of its load pipe); the loads first, the counter among them, each
 * multiply at least two instructions after its load, the pointer bumps
 * where a 3-cycle result does not wait behind a 6-cycle one (the A53
 * writes results back in order).
 *
 * The arithmetic is STREAM's: scale q * c, add a + b, triad b + q * c with
 * the product rounded before the add (FMUL then FADD, never FMLA).
 */
#if defined(__aarch64__)
#include "stream.h"

#include <arm_neon.h>

stream_fn stream_copy_neon, stream_scale_neon, stream_add_neon, stream_triad_neon;

void stream_copy_neon(double *restrict a, double *restrict b, double *restrict c,
		      double q, size_t n)
{
	float64x2_t t0, t1, t2, t3;

	__asm__ volatile("1:\n\t"
		"ldr	%q[t0], [%[a]]\n\t"
		"ldr	%q[t1], [%[a], #16]\n\t"
		"subs	%[n], %[n], #8\n\t"
		"ldr	%q[t2], [%[a], #32]\n\t"
		"ldr	%q[t3], [%[a], #48]\n\t"
		"str	%q[t0], [%[c]]\n\t"
		"add	%[a], %[a], #64\n\t"
		"str	%q[t1], [%[c], #16]\n\t"
		"str	%q[t2], [%[c], #32]\n\t"
		"str	%q[t3], [%[c], #48]\n\t"
		"add	%[c], %[c], #64\n\t"
		"b.ne	1b"
		: [t0] "=&w" (t0), [t1] "=&w" (t1), [t2] "=&w" (t2), [t3] "=&w" (t3),
		  [a] "+r" (a), [c] "+r" (c), [n] "+r" (n)
		: : "cc", "memory");
}

void stream_scale_neon(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	float64x2_t vq = vdupq_n_f64(q), t0, t1, t2, t3;

	__asm__ volatile("1:\n\t"
		"subs	%[n], %[n], #8\n\t"
		"ldr	%q[t0], [%[c]]\n\t"
		"ldr	%q[t1], [%[c], #16]\n\t"
		"ldr	%q[t2], [%[c], #32]\n\t"
		"ldr	%q[t3], [%[c], #48]\n\t"
		"add	%[c], %[c], #64\n\t"
		"fmul	%[t0].2d, %[q].2d, %[t0].2d\n\t"
		"fmul	%[t1].2d, %[q].2d, %[t1].2d\n\t"
		"fmul	%[t2].2d, %[q].2d, %[t2].2d\n\t"
		"fmul	%[t3].2d, %[q].2d, %[t3].2d\n\t"
		"str	%q[t0], [%[b]]\n\t"
		"str	%q[t1], [%[b], #16]\n\t"
		"str	%q[t2], [%[b], #32]\n\t"
		"str	%q[t3], [%[b], #48]\n\t"
		"add	%[b], %[b], #64\n\t"
		"b.ne	1b"
		: [t0] "=&w" (t0), [t1] "=&w" (t1), [t2] "=&w" (t2), [t3] "=&w" (t3),
		  [b] "+r" (b), [c] "+r" (c), [n] "+r" (n)
		: [q] "w" (vq) : "cc", "memory");
}

void stream_add_neon(double *restrict a, double *restrict b, double *restrict c,
		     double q, size_t n)
{
	float64x2_t x0, x1, x2, x3, y0, y1, y2, y3;

	__asm__ volatile("1:\n\t"
		"ldr	%q[x0], [%[a]]\n\t"
		"ldr	%q[x1], [%[a], #16]\n\t"
		"subs	%[n], %[n], #8\n\t"
		"ldr	%q[x2], [%[a], #32]\n\t"
		"ldr	%q[x3], [%[a], #48]\n\t"
		"ldr	%q[y0], [%[b]]\n\t"
		"ldr	%q[y1], [%[b], #16]\n\t"
		"ldr	%q[y2], [%[b], #32]\n\t"
		"ldr	%q[y3], [%[b], #48]\n\t"
		"add	%[a], %[a], #64\n\t"
		"add	%[b], %[b], #64\n\t"
		"fadd	%[x0].2d, %[x0].2d, %[y0].2d\n\t"
		"fadd	%[x1].2d, %[x1].2d, %[y1].2d\n\t"
		"fadd	%[x2].2d, %[x2].2d, %[y2].2d\n\t"
		"fadd	%[x3].2d, %[x3].2d, %[y3].2d\n\t"
		"str	%q[x0], [%[c]]\n\t"
		"str	%q[x1], [%[c], #16]\n\t"
		"str	%q[x2], [%[c], #32]\n\t"
		"str	%q[x3], [%[c], #48]\n\t"
		"add	%[c], %[c], #64\n\t"
		"b.ne	1b"
		: [x0] "=&w" (x0), [x1] "=&w" (x1), [x2] "=&w" (x2), [x3] "=&w" (x3),
		  [y0] "=&w" (y0), [y1] "=&w" (y1), [y2] "=&w" (y2), [y3] "=&w" (y3),
		  [a] "+r" (a), [b] "+r" (b), [c] "+r" (c), [n] "+r" (n)
		: : "cc", "memory");
}

void stream_triad_neon(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	float64x2_t vq = vdupq_n_f64(q), x0, x1, x2, x3, y0, y1, y2, y3;

	__asm__ volatile("1:\n\t"
		"ldr	%q[x0], [%[c]]\n\t"
		"ldr	%q[x1], [%[c], #16]\n\t"
		"subs	%[n], %[n], #8\n\t"
		"ldr	%q[x2], [%[c], #32]\n\t"
		"ldr	%q[x3], [%[c], #48]\n\t"
		"ldr	%q[y0], [%[b]]\n\t"
		"ldr	%q[y1], [%[b], #16]\n\t"
		"fmul	%[x0].2d, %[q].2d, %[x0].2d\n\t"
		"fmul	%[x1].2d, %[q].2d, %[x1].2d\n\t"
		"ldr	%q[y2], [%[b], #32]\n\t"
		"fmul	%[x2].2d, %[q].2d, %[x2].2d\n\t"
		"fmul	%[x3].2d, %[q].2d, %[x3].2d\n\t"
		"ldr	%q[y3], [%[b], #48]\n\t"
		"add	%[c], %[c], #64\n\t"
		"fadd	%[y0].2d, %[y0].2d, %[x0].2d\n\t"
		"fadd	%[y1].2d, %[y1].2d, %[x1].2d\n\t"
		"fadd	%[y2].2d, %[y2].2d, %[x2].2d\n\t"
		"fadd	%[y3].2d, %[y3].2d, %[x3].2d\n\t"
		"add	%[b], %[b], #64\n\t"
		"str	%q[y0], [%[a]]\n\t"
		"str	%q[y1], [%[a], #16]\n\t"
		"str	%q[y2], [%[a], #32]\n\t"
		"str	%q[y3], [%[a], #48]\n\t"
		"add	%[a], %[a], #64\n\t"
		"b.ne	1b"
		: [x0] "=&w" (x0), [x1] "=&w" (x1), [x2] "=&w" (x2), [x3] "=&w" (x3),
		  [y0] "=&w" (y0), [y1] "=&w" (y1), [y2] "=&w" (y2), [y3] "=&w" (y3),
		  [a] "+r" (a), [b] "+r" (b), [c] "+r" (c), [n] "+r" (n)
		: [q] "w" (vq) : "cc", "memory");
}

#endif /* __aarch64__ */
