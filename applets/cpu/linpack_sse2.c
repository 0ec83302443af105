/* linpack_sse2.c - LINPACK's BLAS-1 axpy, dot and scal with SSE2 (x86_64
 * baseline), double and single precision
 *
 * SPDX-License-Identifier: MIT
 *
 * dgefa and dgesl hand these column pieces at any alignment and of any
 * length, so the loads and stores are unaligned (movupd/movups, as fast
 * as aligned ones on current cores when the data is aligned), four
 * registers per step (8 doubles, 16 floats), then one register, then
 * single elements. axpy and scal multiply, then add, per element (baseline
 * x86_64 has no FMA): they equal the C reference bit for bit. dot keeps
 * four vector partial sums (8 in double, 16 in single) and adds them at
 * the end, so its rounding differs from the C reference's left-to-right
 * sum in the last bits; the residual check and tests/unit bound that.
 */
#if defined(__x86_64__)
#include "linpack.h"

#include <emmintrin.h>

linpack_axpy_d linpack_axpy_sse2_d;
linpack_dot_d linpack_dot_sse2_d;
linpack_scal_d linpack_scal_sse2_d;
linpack_axpy_s linpack_axpy_sse2_s;
linpack_dot_s linpack_dot_sse2_s;
linpack_scal_s linpack_scal_sse2_s;

/* double ------------------------------------------------------------------ */

void linpack_axpy_sse2_d(int n, double a, const double *x, double *y)
{
	__m128d va = _mm_set1_pd(a);
	int i = 0;

	if (n <= 0 || a == 0)
		return;
	for (; i + 8 <= n; i += 8) {
		__m128d y0 = _mm_loadu_pd(y + i), y1 = _mm_loadu_pd(y + i + 2);
		__m128d y2 = _mm_loadu_pd(y + i + 4), y3 = _mm_loadu_pd(y + i + 6);

		y0 = _mm_add_pd(y0, _mm_mul_pd(va, _mm_loadu_pd(x + i)));
		y1 = _mm_add_pd(y1, _mm_mul_pd(va, _mm_loadu_pd(x + i + 2)));
		y2 = _mm_add_pd(y2, _mm_mul_pd(va, _mm_loadu_pd(x + i + 4)));
		y3 = _mm_add_pd(y3, _mm_mul_pd(va, _mm_loadu_pd(x + i + 6)));
		_mm_storeu_pd(y + i, y0);
		_mm_storeu_pd(y + i + 2, y1);
		_mm_storeu_pd(y + i + 4, y2);
		_mm_storeu_pd(y + i + 6, y3);
	}
	for (; i + 2 <= n; i += 2)
		_mm_storeu_pd(y + i, _mm_add_pd(_mm_loadu_pd(y + i),
						_mm_mul_pd(va, _mm_loadu_pd(x + i))));
	for (; i < n; i++)
		y[i] = y[i] + a * x[i];
}

double linpack_dot_sse2_d(int n, const double *x, const double *y)
{
	__m128d s0 = _mm_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;
	double lane[2], t;
	int i = 0;

	for (; i + 8 <= n; i += 8) {
		s0 = _mm_add_pd(s0, _mm_mul_pd(_mm_loadu_pd(x + i), _mm_loadu_pd(y + i)));
		s1 = _mm_add_pd(s1, _mm_mul_pd(_mm_loadu_pd(x + i + 2), _mm_loadu_pd(y + i + 2)));
		s2 = _mm_add_pd(s2, _mm_mul_pd(_mm_loadu_pd(x + i + 4), _mm_loadu_pd(y + i + 4)));
		s3 = _mm_add_pd(s3, _mm_mul_pd(_mm_loadu_pd(x + i + 6), _mm_loadu_pd(y + i + 6)));
	}
	s0 = _mm_add_pd(_mm_add_pd(s0, s1), _mm_add_pd(s2, s3));
	_mm_storeu_pd(lane, s0);
	t = lane[0] + lane[1];
	for (; i < n; i++)
		t = t + x[i] * y[i];
	return t;
}

void linpack_scal_sse2_d(int n, double a, double *x)
{
	__m128d va = _mm_set1_pd(a);
	int i = 0;

	for (; i + 8 <= n; i += 8) {
		_mm_storeu_pd(x + i, _mm_mul_pd(va, _mm_loadu_pd(x + i)));
		_mm_storeu_pd(x + i + 2, _mm_mul_pd(va, _mm_loadu_pd(x + i + 2)));
		_mm_storeu_pd(x + i + 4, _mm_mul_pd(va, _mm_loadu_pd(x + i + 4)));
		_mm_storeu_pd(x + i + 6, _mm_mul_pd(va, _mm_loadu_pd(x + i + 6)));
	}
	for (; i < n; i++)
		x[i] = a * x[i];
}

/* single ------------------------------------------------------------------ */

void linpack_axpy_sse2_s(int n, float a, const float *x, float *y)
{
	__m128 va = _mm_set1_ps(a);
	int i = 0;

	if (n <= 0 || a == 0)
		return;
	for (; i + 16 <= n; i += 16) {
		__m128 y0 = _mm_loadu_ps(y + i), y1 = _mm_loadu_ps(y + i + 4);
		__m128 y2 = _mm_loadu_ps(y + i + 8), y3 = _mm_loadu_ps(y + i + 12);

		y0 = _mm_add_ps(y0, _mm_mul_ps(va, _mm_loadu_ps(x + i)));
		y1 = _mm_add_ps(y1, _mm_mul_ps(va, _mm_loadu_ps(x + i + 4)));
		y2 = _mm_add_ps(y2, _mm_mul_ps(va, _mm_loadu_ps(x + i + 8)));
		y3 = _mm_add_ps(y3, _mm_mul_ps(va, _mm_loadu_ps(x + i + 12)));
		_mm_storeu_ps(y + i, y0);
		_mm_storeu_ps(y + i + 4, y1);
		_mm_storeu_ps(y + i + 8, y2);
		_mm_storeu_ps(y + i + 12, y3);
	}
	for (; i + 4 <= n; i += 4)
		_mm_storeu_ps(y + i, _mm_add_ps(_mm_loadu_ps(y + i),
						_mm_mul_ps(va, _mm_loadu_ps(x + i))));
	for (; i < n; i++)
		y[i] = y[i] + a * x[i];
}

float linpack_dot_sse2_s(int n, const float *x, const float *y)
{
	__m128 s0 = _mm_setzero_ps(), s1 = s0, s2 = s0, s3 = s0;
	float lane[4], t;
	int i = 0;

	for (; i + 16 <= n; i += 16) {
		s0 = _mm_add_ps(s0, _mm_mul_ps(_mm_loadu_ps(x + i), _mm_loadu_ps(y + i)));
		s1 = _mm_add_ps(s1, _mm_mul_ps(_mm_loadu_ps(x + i + 4), _mm_loadu_ps(y + i + 4)));
		s2 = _mm_add_ps(s2, _mm_mul_ps(_mm_loadu_ps(x + i + 8), _mm_loadu_ps(y + i + 8)));
		s3 = _mm_add_ps(s3, _mm_mul_ps(_mm_loadu_ps(x + i + 12), _mm_loadu_ps(y + i + 12)));
	}
	s0 = _mm_add_ps(_mm_add_ps(s0, s1), _mm_add_ps(s2, s3));
	_mm_storeu_ps(lane, s0);
	t = (lane[0] + lane[1]) + (lane[2] + lane[3]);
	for (; i < n; i++)
		t = t + x[i] * y[i];
	return t;
}

void linpack_scal_sse2_s(int n, float a, float *x)
{
	__m128 va = _mm_set1_ps(a);
	int i = 0;

	for (; i + 16 <= n; i += 16) {
		_mm_storeu_ps(x + i, _mm_mul_ps(va, _mm_loadu_ps(x + i)));
		_mm_storeu_ps(x + i + 4, _mm_mul_ps(va, _mm_loadu_ps(x + i + 4)));
		_mm_storeu_ps(x + i + 8, _mm_mul_ps(va, _mm_loadu_ps(x + i + 8)));
		_mm_storeu_ps(x + i + 12, _mm_mul_ps(va, _mm_loadu_ps(x + i + 12)));
	}
	for (; i < n; i++)
		x[i] = a * x[i];
}

#endif /* __x86_64__ */
