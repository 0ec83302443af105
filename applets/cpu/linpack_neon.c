/* linpack_neon.c - LINPACK's BLAS-1 axpy, dot and scal with AArch64
 * Advanced SIMD, double and single precision
 *
 * SPDX-License-Identifier: MIT
 *
 * AArch64 only: ARMv7 NEON has no double-precision arithmetic (and the
 * single-precision NEON unit flushes denormals, unlike VFP), so on armv7
 * this file is empty and linpack runs its C rows. Unaligned loads and
 * stores (the column pieces dgefa and dgesl pass start anywhere), four
 * q-registers per step (8 doubles, 16 floats), then one register, then
 * single elements.
 *
 * No FMLA: the main loops below are FMUL then FADD; in the tails
 * vmulq/vaddq are plain vector * and +, which GCC would contract
 * into a fused multiply-add under -ffp-contract=fast; the build has
 * -ffp-contract=off, and the empty asm makes each product opaque as well,
 * so it is rounded before the add as in the C reference. axpy and scal
 * therefore equal the C reference bit for bit; dot keeps four vector
 * partial sums and differs from the C reference's left-to-right sum in
 * the last bits (bounded by tests/unit).
 *
 * The 64-byte main loops are short inline-assembly blocks (one per shape,
 * for .2d and .4s), in the order the in-order cores want: single LDR/STR q
 * (GCC pairs them into LDP/STP q, which the A55 model of llvm-mca charges
 * 6 cycles of its load pipe), loads first, the 3-cycle pointer and counter
 * updates where they do not wait behind 6-cycle results (the A53 writes
 * back in order). llvm-mca, cycles per 64 bytes A53 / A55 / A57: axpy
 * 28 / 36 / 18 -> 24 / 21 / 15, dot 24 / 34 / 14 -> 23 / 19 / 12, scal
 * 19 / 21 / 11 -> 17 / 14 / 10. Same operations in the same order per
 * element: the product a * x (or x * y), rounded, then the add.
 */
#if defined(__aarch64__)
#include "linpack.h"

#include <arm_neon.h>

linpack_axpy_d linpack_axpy_neon_d;
linpack_dot_d linpack_dot_neon_d;
linpack_scal_d linpack_scal_neon_d;
linpack_axpy_s linpack_axpy_neon_s;
linpack_dot_s linpack_dot_neon_s;
linpack_scal_s linpack_scal_neon_s;

static inline float64x2_t mul_d(float64x2_t a, float64x2_t b)
{
	float64x2_t p = vmulq_f64(a, b);

	__asm__("" : "+w" (p));		/* rounded here: no FMLA */
	return p;
}

static inline float32x4_t mul_s(float32x4_t a, float32x4_t b)
{
	float32x4_t p = vmulq_f32(a, b);

	__asm__("" : "+w" (p));
	return p;
}

/* The main loops: blocks (>= 1) steps of 64 bytes, T the arrangement
 * ("2d" or "4s"). axpy: y += a * x; dot: the four partial sums s[k] +=
 * x * y, vector k of each step into s[k]; scal: x = a * x. */
#define BLAS_LOOPS(S, T)							\
static inline void axpy_loop_##S(uint8x16_t a, const void *x, void *y, size_t blocks) \
{										\
	uint8x16_t x0, x1, x2, x3, y0, y1, y2, y3;				\
										\
	__asm__ volatile("1:\n\t"						\
		"ldr	%q[x0], [%[x]]\n\t"					\
		"ldr	%q[x1], [%[x], #16]\n\t"				\
		"subs	%[n], %[n], #1\n\t"					\
		"ldr	%q[x2], [%[x], #32]\n\t"				\
		"ldr	%q[x3], [%[x], #48]\n\t"				\
		"ldr	%q[y0], [%[y]]\n\t"					\
		"ldr	%q[y1], [%[y], #16]\n\t"				\
		"fmul	%[x0]." T ", %[a]." T ", %[x0]." T "\n\t"		\
		"fmul	%[x1]." T ", %[a]." T ", %[x1]." T "\n\t"		\
		"ldr	%q[y2], [%[y], #32]\n\t"				\
		"fmul	%[x2]." T ", %[a]." T ", %[x2]." T "\n\t"		\
		"fmul	%[x3]." T ", %[a]." T ", %[x3]." T "\n\t"		\
		"ldr	%q[y3], [%[y], #48]\n\t"				\
		"add	%[x], %[x], #64\n\t"					\
		"fadd	%[y0]." T ", %[y0]." T ", %[x0]." T "\n\t"		\
		"fadd	%[y1]." T ", %[y1]." T ", %[x1]." T "\n\t"		\
		"fadd	%[y2]." T ", %[y2]." T ", %[x2]." T "\n\t"		\
		"fadd	%[y3]." T ", %[y3]." T ", %[x3]." T "\n\t"		\
		"str	%q[y0], [%[y]]\n\t"					\
		"str	%q[y1], [%[y], #16]\n\t"				\
		"str	%q[y2], [%[y], #32]\n\t"				\
		"str	%q[y3], [%[y], #48]\n\t"				\
		"add	%[y], %[y], #64\n\t"					\
		"b.ne	1b"							\
		: [x0] "=&w" (x0), [x1] "=&w" (x1), [x2] "=&w" (x2), [x3] "=&w" (x3), \
		  [y0] "=&w" (y0), [y1] "=&w" (y1), [y2] "=&w" (y2), [y3] "=&w" (y3), \
		  [x] "+r" (x), [y] "+r" (y), [n] "+r" (blocks)			\
		: [a] "w" (a) : "cc", "memory");				\
}										\
										\
static inline void dot_loop_##S(uint8x16_t s[4], const void *x, const void *y, \
				size_t blocks)					\
{										\
	uint8x16_t x0, x1, x2, x3, y0, y1, y2, y3;				\
										\
	__asm__("1:\n\t"							\
		"ldr	%q[x0], [%[x]]\n\t"					\
		"ldr	%q[y0], [%[y]]\n\t"					\
		"subs	%[n], %[n], #1\n\t"					\
		"ldr	%q[x1], [%[x], #16]\n\t"				\
		"ldr	%q[y1], [%[y], #16]\n\t"				\
		"ldr	%q[x2], [%[x], #32]\n\t"				\
		"ldr	%q[y2], [%[y], #32]\n\t"				\
		"ldr	%q[x3], [%[x], #48]\n\t"				\
		"ldr	%q[y3], [%[y], #48]\n\t"				\
		"add	%[x], %[x], #64\n\t"					\
		"add	%[y], %[y], #64\n\t"					\
		"fmul	%[x0]." T ", %[x0]." T ", %[y0]." T "\n\t"		\
		"fmul	%[x1]." T ", %[x1]." T ", %[y1]." T "\n\t"		\
		"fmul	%[x2]." T ", %[x2]." T ", %[y2]." T "\n\t"		\
		"fmul	%[x3]." T ", %[x3]." T ", %[y3]." T "\n\t"		\
		"fadd	%[s0]." T ", %[s0]." T ", %[x0]." T "\n\t"		\
		"fadd	%[s1]." T ", %[s1]." T ", %[x1]." T "\n\t"		\
		"fadd	%[s2]." T ", %[s2]." T ", %[x2]." T "\n\t"		\
		"fadd	%[s3]." T ", %[s3]." T ", %[x3]." T "\n\t"		\
		"b.ne	1b"							\
		: [x0] "=&w" (x0), [x1] "=&w" (x1), [x2] "=&w" (x2), [x3] "=&w" (x3), \
		  [y0] "=&w" (y0), [y1] "=&w" (y1), [y2] "=&w" (y2), [y3] "=&w" (y3), \
		  [s0] "+w" (s[0]), [s1] "+w" (s[1]), [s2] "+w" (s[2]), [s3] "+w" (s[3]), \
		  [x] "+r" (x), [y] "+r" (y), [n] "+r" (blocks)			\
		: : "cc", "memory");						\
}										\
										\
static inline void scal_loop_##S(uint8x16_t a, void *x, size_t blocks)	\
{										\
	uint8x16_t x0, x1, x2, x3;						\
										\
	__asm__ volatile("1:\n\t"						\
		"subs	%[n], %[n], #1\n\t"					\
		"ldr	%q[x0], [%[x]]\n\t"					\
		"ldr	%q[x1], [%[x], #16]\n\t"				\
		"ldr	%q[x2], [%[x], #32]\n\t"				\
		"ldr	%q[x3], [%[x], #48]\n\t"				\
		"fmul	%[x0]." T ", %[a]." T ", %[x0]." T "\n\t"		\
		"fmul	%[x1]." T ", %[a]." T ", %[x1]." T "\n\t"		\
		"fmul	%[x2]." T ", %[a]." T ", %[x2]." T "\n\t"		\
		"fmul	%[x3]." T ", %[a]." T ", %[x3]." T "\n\t"		\
		"str	%q[x0], [%[x]]\n\t"					\
		"str	%q[x1], [%[x], #16]\n\t"				\
		"str	%q[x2], [%[x], #32]\n\t"				\
		"str	%q[x3], [%[x], #48]\n\t"				\
		"add	%[x], %[x], #64\n\t"					\
		"b.ne	1b"							\
		: [x0] "=&w" (x0), [x1] "=&w" (x1), [x2] "=&w" (x2), [x3] "=&w" (x3), \
		  [x] "+r" (x), [n] "+r" (blocks)				\
		: [a] "w" (a) : "cc", "memory");				\
}

BLAS_LOOPS(d, "2d")
BLAS_LOOPS(s, "4s")

/* double ------------------------------------------------------------------ */

void linpack_axpy_neon_d(int n, double a, const double *x, double *y)
{
	float64x2_t va = vdupq_n_f64(a);
	int i = 0;

	if (n <= 0 || a == 0)
		return;
	if (n >= 8) {
		axpy_loop_d(vreinterpretq_u8_f64(va), x, y, (size_t)n / 8);
		i = n / 8 * 8;
	}
	for (; i + 2 <= n; i += 2)
		vst1q_f64(y + i, vaddq_f64(vld1q_f64(y + i), mul_d(va, vld1q_f64(x + i))));
	for (; i < n; i++) {
		double p = a * x[i];

		__asm__("" : "+w" (p));
		y[i] = y[i] + p;
	}
}

double linpack_dot_neon_d(int n, const double *x, const double *y)
{
	float64x2_t s0 = vdupq_n_f64(0), s1 = s0, s2 = s0, s3 = s0;
	double t;
	int i = 0;

	if (n >= 8) {
		uint8x16_t sv[4] = { vreinterpretq_u8_f64(s0), vreinterpretq_u8_f64(s1),
				     vreinterpretq_u8_f64(s2), vreinterpretq_u8_f64(s3) };

		dot_loop_d(sv, x, y, (size_t)n / 8);
		s0 = vreinterpretq_f64_u8(sv[0]);
		s1 = vreinterpretq_f64_u8(sv[1]);
		s2 = vreinterpretq_f64_u8(sv[2]);
		s3 = vreinterpretq_f64_u8(sv[3]);
		i = n / 8 * 8;
	}
	s0 = vaddq_f64(vaddq_f64(s0, s1), vaddq_f64(s2, s3));
	t = vgetq_lane_f64(s0, 0) + vgetq_lane_f64(s0, 1);
	for (; i < n; i++) {
		double p = x[i] * y[i];

		__asm__("" : "+w" (p));
		t = t + p;
	}
	return t;
}

void linpack_scal_neon_d(int n, double a, double *x)
{
	float64x2_t va = vdupq_n_f64(a);
	int i = 0;

	if (n >= 8) {
		scal_loop_d(vreinterpretq_u8_f64(va), x, (size_t)n / 8);
		i = n / 8 * 8;
	}
	for (; i < n; i++)
		x[i] = a * x[i];
}

/* single ------------------------------------------------------------------ */

void linpack_axpy_neon_s(int n, float a, const float *x, float *y)
{
	float32x4_t va = vdupq_n_f32(a);
	int i = 0;

	if (n <= 0 || a == 0)
		return;
	if (n >= 16) {
		axpy_loop_s(vreinterpretq_u8_f32(va), x, y, (size_t)n / 16);
		i = n / 16 * 16;
	}
	for (; i + 4 <= n; i += 4)
		vst1q_f32(y + i, vaddq_f32(vld1q_f32(y + i), mul_s(va, vld1q_f32(x + i))));
	for (; i < n; i++) {
		float p = a * x[i];

		__asm__("" : "+w" (p));
		y[i] = y[i] + p;
	}
}

float linpack_dot_neon_s(int n, const float *x, const float *y)
{
	float32x4_t s0 = vdupq_n_f32(0), s1 = s0, s2 = s0, s3 = s0;
	float t;
	int i = 0;

	if (n >= 16) {
		uint8x16_t sv[4] = { vreinterpretq_u8_f32(s0), vreinterpretq_u8_f32(s1),
				     vreinterpretq_u8_f32(s2), vreinterpretq_u8_f32(s3) };

		dot_loop_s(sv, x, y, (size_t)n / 16);
		s0 = vreinterpretq_f32_u8(sv[0]);
		s1 = vreinterpretq_f32_u8(sv[1]);
		s2 = vreinterpretq_f32_u8(sv[2]);
		s3 = vreinterpretq_f32_u8(sv[3]);
		i = n / 16 * 16;
	}
	s0 = vaddq_f32(vaddq_f32(s0, s1), vaddq_f32(s2, s3));
	t = (vgetq_lane_f32(s0, 0) + vgetq_lane_f32(s0, 1)) +
	    (vgetq_lane_f32(s0, 2) + vgetq_lane_f32(s0, 3));
	for (; i < n; i++) {
		float p = x[i] * y[i];

		__asm__("" : "+w" (p));
		t = t + p;
	}
	return t;
}

void linpack_scal_neon_s(int n, float a, float *x)
{
	float32x4_t va = vdupq_n_f32(a);
	int i = 0;

	if (n >= 16) {
		scal_loop_s(vreinterpretq_u8_f32(va), x, (size_t)n / 16);
		i = n / 16 * 16;
	}
	for (; i < n; i++)
		x[i] = a * x[i];
}

#endif /* __aarch64__ */
