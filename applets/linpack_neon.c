/* linpack_neon.c - LINPACK's BLAS-1 axpy, dot and scal with AArch64
 * Advanced SIMD, double and single precision
 *
 * SPDX-License-Identifier: MIT
 *
 * AArch64 only: ARMv7 NEON has no double-precision arithmetic (and the
 * single-precision NEON unit flushes denormals, unlike VFP), so on armv7
 * this file is empty and linpack runs its C rows. Unaligned LD1/ST1 (the
 * column pieces dgefa and dgesl pass start anywhere), four q-registers
 * per step (8 doubles, 16 floats), then one register, then single
 * elements.
 *
 * No FMLA: vmulq/vaddq are plain vector * and +, which GCC would contract
 * into a fused multiply-add under -ffp-contract=fast; the build has
 * -ffp-contract=off, and the empty asm makes each product opaque as well,
 * so it is rounded before the add as in the C reference. axpy and scal
 * therefore equal the C reference bit for bit; dot keeps four vector
 * partial sums and differs from the C reference's left-to-right sum in
 * the last bits (bounded by tests/unit).
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

/* double ------------------------------------------------------------------ */

void linpack_axpy_neon_d(int n, double a, const double *x, double *y)
{
	float64x2_t va = vdupq_n_f64(a);
	int i = 0;

	if (n <= 0 || a == 0)
		return;
	for (; i + 8 <= n; i += 8) {
		float64x2_t y0 = vld1q_f64(y + i), y1 = vld1q_f64(y + i + 2);
		float64x2_t y2 = vld1q_f64(y + i + 4), y3 = vld1q_f64(y + i + 6);

		y0 = vaddq_f64(y0, mul_d(va, vld1q_f64(x + i)));
		y1 = vaddq_f64(y1, mul_d(va, vld1q_f64(x + i + 2)));
		y2 = vaddq_f64(y2, mul_d(va, vld1q_f64(x + i + 4)));
		y3 = vaddq_f64(y3, mul_d(va, vld1q_f64(x + i + 6)));
		vst1q_f64(y + i, y0);
		vst1q_f64(y + i + 2, y1);
		vst1q_f64(y + i + 4, y2);
		vst1q_f64(y + i + 6, y3);
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

	for (; i + 8 <= n; i += 8) {
		s0 = vaddq_f64(s0, mul_d(vld1q_f64(x + i), vld1q_f64(y + i)));
		s1 = vaddq_f64(s1, mul_d(vld1q_f64(x + i + 2), vld1q_f64(y + i + 2)));
		s2 = vaddq_f64(s2, mul_d(vld1q_f64(x + i + 4), vld1q_f64(y + i + 4)));
		s3 = vaddq_f64(s3, mul_d(vld1q_f64(x + i + 6), vld1q_f64(y + i + 6)));
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

	for (; i + 8 <= n; i += 8) {
		vst1q_f64(x + i, vmulq_f64(va, vld1q_f64(x + i)));
		vst1q_f64(x + i + 2, vmulq_f64(va, vld1q_f64(x + i + 2)));
		vst1q_f64(x + i + 4, vmulq_f64(va, vld1q_f64(x + i + 4)));
		vst1q_f64(x + i + 6, vmulq_f64(va, vld1q_f64(x + i + 6)));
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
	for (; i + 16 <= n; i += 16) {
		float32x4_t y0 = vld1q_f32(y + i), y1 = vld1q_f32(y + i + 4);
		float32x4_t y2 = vld1q_f32(y + i + 8), y3 = vld1q_f32(y + i + 12);

		y0 = vaddq_f32(y0, mul_s(va, vld1q_f32(x + i)));
		y1 = vaddq_f32(y1, mul_s(va, vld1q_f32(x + i + 4)));
		y2 = vaddq_f32(y2, mul_s(va, vld1q_f32(x + i + 8)));
		y3 = vaddq_f32(y3, mul_s(va, vld1q_f32(x + i + 12)));
		vst1q_f32(y + i, y0);
		vst1q_f32(y + i + 4, y1);
		vst1q_f32(y + i + 8, y2);
		vst1q_f32(y + i + 12, y3);
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

	for (; i + 16 <= n; i += 16) {
		s0 = vaddq_f32(s0, mul_s(vld1q_f32(x + i), vld1q_f32(y + i)));
		s1 = vaddq_f32(s1, mul_s(vld1q_f32(x + i + 4), vld1q_f32(y + i + 4)));
		s2 = vaddq_f32(s2, mul_s(vld1q_f32(x + i + 8), vld1q_f32(y + i + 8)));
		s3 = vaddq_f32(s3, mul_s(vld1q_f32(x + i + 12), vld1q_f32(y + i + 12)));
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

	for (; i + 16 <= n; i += 16) {
		vst1q_f32(x + i, vmulq_f32(va, vld1q_f32(x + i)));
		vst1q_f32(x + i + 4, vmulq_f32(va, vld1q_f32(x + i + 4)));
		vst1q_f32(x + i + 8, vmulq_f32(va, vld1q_f32(x + i + 8)));
		vst1q_f32(x + i + 12, vmulq_f32(va, vld1q_f32(x + i + 12)));
	}
	for (; i < n; i++)
		x[i] = a * x[i];
}

#endif /* __aarch64__ */
