/* stream_kernels.c - the STREAM kernel table and the portable C references
 *
 * SPDX-License-Identifier: MIT
 *
 * One row per kernel, grouped by operation; entry 0 of each operation is
 * the plain C loop ("c") that tests/unit compares every other row with,
 * bit for bit. Copy has one more portable row, "libc": the C library's
 * memcpy, which is what GCC (10 and later, at -O2) makes of STREAM's copy
 * loop, and so what STREAM built the usual way measures; stream.c times
 * it in the C table as STREAM's Copy and the loop as a record of its own
 * (the "libc" row is no kernel set: it has no scale, add or triad). The
 * tuned kernels live in their siblings:
 *   stream_sse2.c   x86_64 SSE2 (baseline)
 *   stream_avx2.c   x86_64 AVX2 (compiled with -mavx2 -mfma)
 *                   both with a non-temporal-store twin of each kernel
 *                   (fn_nt), which stream.c runs instead when the arrays
 *                   are larger than the last-level cache (stream_use_nt)
 *   stream_neon.c   AArch64 Advanced SIMD (ARMv7 NEON has no double
 *                   precision, so armv7 has the C rows only)
 *   stream_riscv64.S  RISC-V RVV 1.0, e64 at LMUL 8, vector-length
 *                   agnostic (vsetvli), any n and 8-byte alignment
 *
 * Triad is b[j] + q * c[j] rounded twice (a multiply, then an add), never
 * a fused multiply-add, on every path. GCC contracts a * b + c into an FMA
 * by default in GNU C mode wherever the target has one (aarch64 always;
 * the AVX2 file); the Makefile's -ffp-contract=off stops that for the C
 * loops, the tuned kernels also keep product and sum apart with an empty
 * asm, and tests/unit checks the C triad against an unfused model. The
 * multiply is a separate statement too, for compilers that contract only
 * within one expression (clang's default).
 */
#include "stream.h"
#include "cpu.h"
#include "mem.h"

#include <string.h>

/* Two elements per step, the pair written as two statements: GCC's -O2
 * (the cheap vectoriser) packs each pair into one 16-byte SIMD operation
 * where the target has double-precision SIMD (SSE2, AArch64), which is
 * what STREAM 5.10's loops over its fixed-size arrays compile to at -O2;
 * armv7 stays scalar, as STREAM does there. An odd last element is done on
 * its own. Elementwise, so the results are the scalar loop's, bit for bit. */
static void stream_copy_c(double *restrict a, double *restrict b, double *restrict c,
			  double q, size_t n)
{
	size_t j;

	for (j = 0; j + 2 <= n; j += 2) {
		c[j] = a[j];
		c[j + 1] = a[j + 1];
	}
	if (j < n)
		c[j] = a[j];
}

static void stream_copy_libc(double *restrict a, double *restrict b, double *restrict c,
			     double q, size_t n)
{
	memcpy(c, a, n * sizeof(*c));
}

static void stream_scale_c(double *restrict a, double *restrict b, double *restrict c,
			   double q, size_t n)
{
	size_t j;

	for (j = 0; j + 2 <= n; j += 2) {
		b[j] = q * c[j];
		b[j + 1] = q * c[j + 1];
	}
	if (j < n)
		b[j] = q * c[j];
}

static void stream_add_c(double *restrict a, double *restrict b, double *restrict c,
			 double q, size_t n)
{
	size_t j;

	for (j = 0; j + 2 <= n; j += 2) {
		c[j] = a[j] + b[j];
		c[j + 1] = a[j + 1] + b[j + 1];
	}
	if (j < n)
		c[j] = a[j] + b[j];
}

static void stream_triad_c(double *restrict a, double *restrict b, double *restrict c,
			   double q, size_t n)
{
	size_t j;

	for (j = 0; j + 2 <= n; j += 2) {
		double t0 = q * c[j], t1 = q * c[j + 1];

		a[j] = b[j] + t0;
		a[j + 1] = b[j + 1] + t1;
	}
	if (j < n) {
		double t = q * c[j];

		a[j] = b[j] + t;
	}
}

int stream_use_nt(size_t n, uint64_t llc)
{
	return mem_past_llc((double)n * 3 * sizeof(double), llc);
}

#if defined(__aarch64__)
stream_fn stream_copy_neon, stream_scale_neon, stream_add_neon, stream_triad_neon;
#elif defined(__riscv) && __riscv_xlen == 64
stream_fn stream_copy_rvv, stream_scale_rvv, stream_add_rvv, stream_triad_rvv;
#elif defined(__x86_64__)
stream_fn stream_copy_sse2, stream_scale_sse2, stream_add_sse2, stream_triad_sse2,
	stream_copy_sse2_nt, stream_scale_sse2_nt, stream_add_sse2_nt, stream_triad_sse2_nt,
	stream_copy_avx2, stream_scale_avx2, stream_add_avx2, stream_triad_avx2,
	stream_copy_avx2_nt, stream_scale_avx2_nt, stream_add_avx2_nt, stream_triad_avx2_nt;
#endif

const struct stream_kernel stream_kernels[] = {
	{ { STREAM_COPY, "c", "portable C loop", 0, 8, 1 }, stream_copy_c },
	{ { STREAM_COPY, "libc", "libc memcpy, what GCC -O2 makes of STREAM's copy loop",
	    0, 8, 1 }, stream_copy_libc },
#if defined(__aarch64__)
	{ { STREAM_COPY, "neon", "LDR/STR q, 8 doubles per step",
	    CPU_ASIMD, 16, 8 }, stream_copy_neon },
#elif defined(__riscv) && __riscv_xlen == 64
	{ { STREAM_COPY, "rvv", "RVV vle64.v/vse64.v at e64/m8 (vsetvli), VLEN-agnostic",
	    CPU_RVV, 8, 1 }, stream_copy_rvv },
#elif defined(__x86_64__)
	{ { STREAM_COPY, "sse2", "SSE2 movapd, 8 doubles per step (movntpd past the LLC)",
	    CPU_SSE2, 16, 8 }, stream_copy_sse2, stream_copy_sse2_nt },
	{ { STREAM_COPY, "avx2", "AVX 32-byte vmovapd, 16 doubles per step (vmovntpd past the LLC)",
	    CPU_AVX2, 32, 16 }, stream_copy_avx2, stream_copy_avx2_nt },
#endif

	{ { STREAM_SCALE, "c", "portable C loop", 0, 8, 1 }, stream_scale_c },
#if defined(__aarch64__)
	{ { STREAM_SCALE, "neon", "FMUL v.2d, 8 doubles per step",
	    CPU_ASIMD, 16, 8 }, stream_scale_neon },
#elif defined(__riscv) && __riscv_xlen == 64
	{ { STREAM_SCALE, "rvv", "RVV vfmul.vf at e64/m8 (vsetvli), VLEN-agnostic",
	    CPU_RVV, 8, 1 }, stream_scale_rvv },
#elif defined(__x86_64__)
	{ { STREAM_SCALE, "sse2", "SSE2 mulpd, 8 doubles per step (movntpd past the LLC)",
	    CPU_SSE2, 16, 8 }, stream_scale_sse2, stream_scale_sse2_nt },
	{ { STREAM_SCALE, "avx2", "AVX vmulpd, 16 doubles per step (vmovntpd past the LLC)",
	    CPU_AVX2, 32, 16 }, stream_scale_avx2, stream_scale_avx2_nt },
#endif

	{ { STREAM_ADD, "c", "portable C loop", 0, 8, 1 }, stream_add_c },
#if defined(__aarch64__)
	{ { STREAM_ADD, "neon", "FADD v.2d, 8 doubles per step",
	    CPU_ASIMD, 16, 8 }, stream_add_neon },
#elif defined(__riscv) && __riscv_xlen == 64
	{ { STREAM_ADD, "rvv", "RVV vfadd.vv at e64/m8 (vsetvli), VLEN-agnostic",
	    CPU_RVV, 8, 1 }, stream_add_rvv },
#elif defined(__x86_64__)
	{ { STREAM_ADD, "sse2", "SSE2 addpd, 8 doubles per step (movntpd past the LLC)",
	    CPU_SSE2, 16, 8 }, stream_add_sse2, stream_add_sse2_nt },
	{ { STREAM_ADD, "avx2", "AVX vaddpd, 16 doubles per step (vmovntpd past the LLC)",
	    CPU_AVX2, 32, 16 }, stream_add_avx2, stream_add_avx2_nt },
#endif

	{ { STREAM_TRIAD, "c", "portable C loop, multiply then add (no FMA)",
	    0, 8, 1 }, stream_triad_c },
#if defined(__aarch64__)
	{ { STREAM_TRIAD, "neon", "FMUL then FADD v.2d (no FMLA), 8 doubles per step",
	    CPU_ASIMD, 16, 8 }, stream_triad_neon },
#elif defined(__riscv) && __riscv_xlen == 64
	{ { STREAM_TRIAD, "rvv", "RVV vfmul.vf then vfadd.vv (no vfmacc) at e64/m8, VLEN-agnostic",
	    CPU_RVV, 8, 1 }, stream_triad_rvv },
#elif defined(__x86_64__)
	{ { STREAM_TRIAD, "sse2", "SSE2 mulpd then addpd, 8 doubles per step (movntpd past the LLC)",
	    CPU_SSE2, 16, 8 }, stream_triad_sse2, stream_triad_sse2_nt },
	{ { STREAM_TRIAD, "avx2",
	    "AVX vmulpd then vaddpd (no FMA), 16 doubles per step (vmovntpd past the LLC)",
	    CPU_AVX2, 32, 16 }, stream_triad_avx2, stream_triad_avx2_nt },
#endif
};

const size_t stream_kernels_len = sizeof(stream_kernels) / sizeof(stream_kernels[0]);
