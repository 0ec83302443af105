/* stream_neon.c - STREAM kernels with AArch64 Advanced SIMD
 *
 * SPDX-License-Identifier: MIT
 *
 * AArch64 only: ARMv7 NEON has no double-precision arithmetic, so on
 * armv7 this file (built with -mfpu=neon like every *_neon.c) is empty and
 * STREAM runs its C rows. Four q-registers (8 doubles) per array per
 * iteration; GCC pairs the loads and stores into LDP/STP q. Preconditions:
 * arrays 16-byte aligned, n a non-zero multiple of 8.
 *
 * Triad must not become FMLA: GCC's vmulq_f64/vaddq_f64 are plain vector
 * * and +, which it contracts by default in GNU C mode. The empty asm
 * makes the product opaque, so it is rounded before the add, as in the C
 * reference.
 */
#if defined(__aarch64__)
#include "stream.h"

#include <arm_neon.h>

stream_fn stream_copy_neon, stream_scale_neon, stream_add_neon, stream_triad_neon;

void stream_copy_neon(double *restrict a, double *restrict b, double *restrict c,
		      double q, size_t n)
{
	size_t j;

	for (j = 0; j < n; j += 8) {
		float64x2_t x0 = vld1q_f64(a + j), x1 = vld1q_f64(a + j + 2);
		float64x2_t x2 = vld1q_f64(a + j + 4), x3 = vld1q_f64(a + j + 6);

		vst1q_f64(c + j, x0);
		vst1q_f64(c + j + 2, x1);
		vst1q_f64(c + j + 4, x2);
		vst1q_f64(c + j + 6, x3);
	}
}

void stream_scale_neon(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	float64x2_t vq = vdupq_n_f64(q);
	size_t j;

	for (j = 0; j < n; j += 8) {
		float64x2_t x0 = vld1q_f64(c + j), x1 = vld1q_f64(c + j + 2);
		float64x2_t x2 = vld1q_f64(c + j + 4), x3 = vld1q_f64(c + j + 6);

		vst1q_f64(b + j, vmulq_f64(vq, x0));
		vst1q_f64(b + j + 2, vmulq_f64(vq, x1));
		vst1q_f64(b + j + 4, vmulq_f64(vq, x2));
		vst1q_f64(b + j + 6, vmulq_f64(vq, x3));
	}
}

void stream_add_neon(double *restrict a, double *restrict b, double *restrict c,
		     double q, size_t n)
{
	size_t j;

	for (j = 0; j < n; j += 8) {
		float64x2_t x0 = vld1q_f64(a + j), x1 = vld1q_f64(a + j + 2);
		float64x2_t x2 = vld1q_f64(a + j + 4), x3 = vld1q_f64(a + j + 6);
		float64x2_t y0 = vld1q_f64(b + j), y1 = vld1q_f64(b + j + 2);
		float64x2_t y2 = vld1q_f64(b + j + 4), y3 = vld1q_f64(b + j + 6);

		vst1q_f64(c + j, vaddq_f64(x0, y0));
		vst1q_f64(c + j + 2, vaddq_f64(x1, y1));
		vst1q_f64(c + j + 4, vaddq_f64(x2, y2));
		vst1q_f64(c + j + 6, vaddq_f64(x3, y3));
	}
}

void stream_triad_neon(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n)
{
	float64x2_t vq = vdupq_n_f64(q);
	size_t j;

	for (j = 0; j < n; j += 8) {
		float64x2_t t0 = vmulq_f64(vq, vld1q_f64(c + j));
		float64x2_t t1 = vmulq_f64(vq, vld1q_f64(c + j + 2));
		float64x2_t t2 = vmulq_f64(vq, vld1q_f64(c + j + 4));
		float64x2_t t3 = vmulq_f64(vq, vld1q_f64(c + j + 6));

		/* no contraction into FMLA */
		__asm__("" : "+w" (t0), "+w" (t1), "+w" (t2), "+w" (t3));
		vst1q_f64(a + j, vaddq_f64(vld1q_f64(b + j), t0));
		vst1q_f64(a + j + 2, vaddq_f64(vld1q_f64(b + j + 2), t1));
		vst1q_f64(a + j + 4, vaddq_f64(vld1q_f64(b + j + 4), t2));
		vst1q_f64(a + j + 6, vaddq_f64(vld1q_f64(b + j + 6), t3));
	}
}

#endif /* __aarch64__ */
