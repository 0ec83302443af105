/* linpack.h - LINPACK 100's pieces and its BLAS-1 kernel table, shared by
 * applets/cpu/linpack.c and tests/unit
 *
 * SPDX-License-Identifier: MIT
 *
 * Everything exists in double (suffix _d) and single precision (_s); both
 * come from one generic source, applets/cpu/linpack_generic.h, compiled twice.
 * Matrices are column-major: element (row i, column j) is a[lda * j + i].
 *
 * The kernel table: one row per BLAS-1 set (axpy, dot, scal, iamax, all on
 * unit stride, the only stride dgefa/dgesl use). Entry 0 is the portable C
 * reference, the classic "rolled" loops; entry 1 the classic "unrolled"
 * C (axpy by 4, dot and scal by 5), bit-identical to entry 0 because it
 * adds in the same order; then the tuned rows of this architecture (SSE2,
 * AArch64 Advanced SIMD). Tuned axpy and scal multiply, then add, per
 * element (no fused multiply-add), so they equal entry 0 bit for bit; tuned
 * dot keeps several partial sums, so it differs from entry 0 in the last
 * bits (tests/unit allows 1e-12 of sum |x*y| in double, 1e-4 in single).
 * dgefa and dgesl (job 0) call iamax, scal and axpy only, so a solve with
 * any row gives entry 0's answer bit for bit; dot is part of the set (the
 * classic BLAS-1 four) and is tested, but the timed solve never calls it.
 */
#ifndef BENCHBOX_LINPACK_H
#define BENCHBOX_LINPACK_H

#include <stddef.h>

#include "kernel.h"

/* The residual check's bound on the normalized residual at n = 100, both
 * precisions (clinpack's runs give about 1-2; far above 10 means wrong
 * arithmetic). residn grows with n (about 1.7, 3.4 and 9.5 at n = 100,
 * 200 and 1000 in double), so the bound is scaled: 10 * n / 100 for
 * n > 100 (linpack_resid_bound()). */
#define LINPACK_RESID_MAX 10.0

typedef void	linpack_axpy_d(int n, double a, const double *x, double *y);
typedef double	linpack_dot_d(int n, const double *x, const double *y);
typedef void	linpack_scal_d(int n, double a, double *x);
typedef int	linpack_iamax_d(int n, const double *x);
typedef void	linpack_axpy_s(int n, float a, const float *x, float *y);
typedef float	linpack_dot_s(int n, const float *x, const float *y);
typedef void	linpack_scal_s(int n, float a, float *x);
typedef int	linpack_iamax_s(int n, const float *x);

struct linpack_blas_d {
	linpack_axpy_d	*axpy;		/* y += a * x */
	linpack_dot_d	*dot;		/* sum of x[i] * y[i] */
	linpack_scal_d	*scal;		/* x *= a */
	linpack_iamax_d	*iamax;		/* first index of the largest |x[i]|; -1 if n < 1 */
};

struct linpack_blas_s {
	linpack_axpy_s	*axpy;
	linpack_dot_s	*dot;
	linpack_scal_s	*scal;
	linpack_iamax_s	*iamax;
};

struct linpack_kernel {
	struct kernel		head;	/* name: "c", "unrolled", "sse2", "neon" (one
					   op; no alignment or length rule: src/kernel.h) */
	int			tuned;	/* 0: one of the two classic C forms */
	struct linpack_blas_d	d;
	struct linpack_blas_s	s;
};

extern const struct linpack_kernel linpack_kernels[];
extern const size_t linpack_kernels_len;

/* What the residual check found (clinpack's row, in double for printing). */
struct linpack_check {
	double	residn;		/* resid / (n * norma * normx * eps) */
	double	resid;		/* max |A x - b| */
	double	eps;		/* machine epsilon of the precision used */
	double	x0, xn1;	/* x[0] - 1, x[n-1] - 1 */
	double	normx, norma;
};

/* Floating-point operations of one solve: 2/3 n^3 + 2 n^2. */
double linpack_ops(int n);
/* The residual check's bound for order n: LINPACK_RESID_MAX * max(1, n / 100). */
double linpack_resid_bound(int n);

/* The generator: init = 1325, then per column j and row i init = 3125 *
 * init mod 65536, a = (init - 32768) / 16384; b[i] = sum of row i (so x =
 * all ones), *norma = the largest element (not absolute). a has n columns
 * of lda >= n elements; the rows past n are left alone. */
void linpack_matgen_d(double *a, int lda, int n, double *b, double *norma);
void linpack_matgen_s(float *a, int lda, int n, float *b, float *norma);
/* LU factorisation with partial pivoting; returns 0, or k + 1 if the pivot
 * of column k was zero (the matrix is singular; dgesl would divide by 0). */
int  linpack_dgefa_d(const struct linpack_blas_d *k, double *a, int lda, int n, int *ipvt);
int  linpack_dgefa_s(const struct linpack_blas_s *k, float *a, int lda, int n, int *ipvt);
/* Solve A x = b (job 0) with dgefa's factors; b becomes x. */
void linpack_dgesl_d(const struct linpack_blas_d *k, const double *a, int lda, int n,
		     const int *ipvt, double *b);
void linpack_dgesl_s(const struct linpack_blas_s *k, const float *a, int lda, int n,
		     const int *ipvt, float *b);
/* y += M x for an n1 x n2 matrix M (column-major, leading dimension ldm). */
void linpack_dmxpy_d(int n1, double *y, int n2, int ldm, const double *x, const double *m);
void linpack_dmxpy_s(int n1, float *y, int n2, int ldm, const float *x, const float *m);
/* Machine epsilon by the 4/3 trick: |3 * (4/3 - 1) - 1|. */
double linpack_epslon_d(void);
double linpack_epslon_s(void);
/* The residual check: regenerate A and b into the scratch a (n x lda) and b
 * (n), r = A x - b, and fill c. 0 if c->residn <= linpack_resid_bound(n),
 * -1 otherwise (NaN included). x must not overlap a or b. */
int  linpack_check_d(int n, int lda, double *a, double *b, const double *x,
		     struct linpack_check *c);
int  linpack_check_s(int n, int lda, float *a, float *b, const float *x,
		     struct linpack_check *c);

#endif
