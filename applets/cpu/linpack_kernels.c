/* linpack_kernels.c - LINPACK 100 in double and single precision, and the
 * BLAS-1 kernel table
 *
 * SPDX-License-Identifier: MIT
 *
 * linpack_generic.h is compiled here twice (double, then single), which
 * gives the classic C loops and the solver in both precisions without two
 * copies of the source. The table's entry 0 is the portable C reference
 * ("c", the classic rolled loops), entry 1 the classic unrolled C; the
 * tuned rows live in their siblings:
 *   linpack_sse2.c   x86_64 SSE2 (baseline): axpy, dot, scal
 *   linpack_neon.c   AArch64 Advanced SIMD: axpy, dot, scal (ARMv7 NEON
 *                    has no double precision, so armv7 has the C rows only)
 *   linpack_riscv64.S  RISC-V RVV 1.0: axpy, dot, scal (LMUL 8,
 *                    vector-length agnostic)
 * Every row uses the rolled C iamax (the classic unrolled build has the
 * same idamax). A row runs only when cpu_features() has its `needs` bits;
 * the rows take any alignment and any n >= 0.
 */
#include "linpack.h"
#include "cpu.h"

#include <stddef.h>

#define REAL double
#define LP(x) x##_d
#include "linpack_generic.h"
#undef REAL
#undef LP

#define REAL float
#define LP(x) x##_s
#include "linpack_generic.h"
#undef REAL
#undef LP

double linpack_ops(int n)
{
	double dn = n;

	return 2.0 / 3.0 * dn * dn * dn + 2.0 * dn * dn;
}

double linpack_resid_bound(int n)
{
	return n > 100 ? LINPACK_RESID_MAX * n / 100 : LINPACK_RESID_MAX;
}

#if defined(__x86_64__)
linpack_axpy_d linpack_axpy_sse2_d;
linpack_dot_d linpack_dot_sse2_d;
linpack_scal_d linpack_scal_sse2_d;
linpack_axpy_s linpack_axpy_sse2_s;
linpack_dot_s linpack_dot_sse2_s;
linpack_scal_s linpack_scal_sse2_s;
#elif defined(__aarch64__)
linpack_axpy_d linpack_axpy_neon_d;
linpack_dot_d linpack_dot_neon_d;
linpack_scal_d linpack_scal_neon_d;
linpack_axpy_s linpack_axpy_neon_s;
linpack_dot_s linpack_dot_neon_s;
linpack_scal_s linpack_scal_neon_s;
#elif defined(__riscv) && __riscv_xlen == 64
linpack_axpy_d linpack_axpy_rvv_d;
linpack_dot_d linpack_dot_rvv_d;
linpack_scal_d linpack_scal_rvv_d;
linpack_axpy_s linpack_axpy_rvv_s;
linpack_dot_s linpack_dot_rvv_s;
linpack_scal_s linpack_scal_rvv_s;
#endif

const struct linpack_kernel linpack_kernels[] = {
	{ { 0, "c", "classic rolled C loops (the reference)", 0, 1, 1 }, 0,
	  { lp_axpy_c_d, lp_dot_c_d, lp_scal_c_d, lp_iamax_c_d },
	  { lp_axpy_c_s, lp_dot_c_s, lp_scal_c_s, lp_iamax_c_s } },
	{ { 0, "unrolled", "classic unrolled C: axpy by 4, dot and scal by 5", 0, 1, 1 }, 0,
	  { lp_axpy_unrolled_d, lp_dot_unrolled_d, lp_scal_unrolled_d, lp_iamax_c_d },
	  { lp_axpy_unrolled_s, lp_dot_unrolled_s, lp_scal_unrolled_s, lp_iamax_c_s } },
#if defined(__x86_64__)
	{ { 0, "sse2", "SSE2 mulpd+addpd (no FMA), dot with 4 vector partial sums", CPU_SSE2,
	    1, 1 }, 1,
	  { linpack_axpy_sse2_d, linpack_dot_sse2_d, linpack_scal_sse2_d, lp_iamax_c_d },
	  { linpack_axpy_sse2_s, linpack_dot_sse2_s, linpack_scal_sse2_s, lp_iamax_c_s } },
#elif defined(__aarch64__)
	{ { 0, "neon", "Advanced SIMD FMUL+FADD (no FMLA), dot with 4 vector partial sums",
	    CPU_ASIMD, 1, 1 }, 1,
	  { linpack_axpy_neon_d, linpack_dot_neon_d, linpack_scal_neon_d, lp_iamax_c_d },
	  { linpack_axpy_neon_s, linpack_dot_neon_s, linpack_scal_neon_s, lp_iamax_c_s } },
#elif defined(__riscv) && __riscv_xlen == 64
	{ { 0, "rvv", "RVV vfmul+vfadd (no vfmacc) at LMUL 8, dot with VLMAX partial sums",
	    CPU_RVV, 1, 1 }, 1,
	  { linpack_axpy_rvv_d, linpack_dot_rvv_d, linpack_scal_rvv_d, lp_iamax_c_d },
	  { linpack_axpy_rvv_s, linpack_dot_rvv_s, linpack_scal_rvv_s, lp_iamax_c_s } },
#endif
};

const size_t linpack_kernels_len = sizeof(linpack_kernels) / sizeof(linpack_kernels[0]);
