/* stream.h - STREAM's four kernels: the C reference (entry 0 of each) and
 * tuned variants, in one typed table
 *
 * SPDX-License-Identifier: MIT
 *
 * Shared by applets/mem/stream.c and tests/unit. Each kernel works on elements
 * [0, n) of double arrays; q is STREAM's scalar (3.0):
 *   STREAM_COPY   c[j] = a[j]
 *   STREAM_SCALE  b[j] = q * c[j]
 *   STREAM_ADD    c[j] = a[j] + b[j]
 *   STREAM_TRIAD  a[j] = b[j] + q * c[j]
 * Tuned kernels must give bit-identical results to the C reference (no
 * fused multiply-add in triad: STREAM's validation and our tests compare
 * exactly).
 */
#ifndef BENCHBOX_STREAM_H
#define BENCHBOX_STREAM_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

enum stream_op { STREAM_COPY, STREAM_SCALE, STREAM_ADD, STREAM_TRIAD, STREAM_NOPS };

typedef void stream_fn(double *restrict a, double *restrict b, double *restrict c,
		       double q, size_t n);

struct stream_kernel {
	struct kernel	head;	/* op: enum stream_op; name: "c", "sse2", "avx2",
				   "neon", the same for a set's four ops;
				   align: of the arrays; gran: n % gran == 0,
				   in elements (src/kernel.h) */
	stream_fn	*fn;
	stream_fn	*fn_nt;	/* the same with non-temporal stores, run when the
				 * three arrays together exceed the last-level
				 * cache (stream_use_nt); NULL: fn at any size */
};

/* 1 if arrays of n elements each call for the rows' fn_nt: 3 x 8 x n bytes
 * exceed the last-level cache of llc bytes (0 = unknown: 32 MiB assumed). */
int  stream_use_nt(size_t n, uint64_t llc);

extern const struct stream_kernel stream_kernels[];
extern const size_t stream_kernels_len;

/* STREAM's expected final a, b, c after ntimes passes (a = 2a first):
 * for 10 passes 1153300781250, 230660156250, 307546875000. */
void stream_expected(unsigned ntimes, double *ea, double *eb, double *ec);
/* STREAM's check: for each array the mean |x - expected| / expected must
 * be <= 1e-13. Fills err (those means) and bad (elements off by more than
 * that). 0 if all three pass, -1 otherwise. */
int  stream_validate(const double *a, const double *b, const double *c, size_t n,
		     unsigned ntimes, double err[3], size_t bad[3]);

#endif
