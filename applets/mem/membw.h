/* membw.h - the memory bandwidth kernels: one typed table, entry 0 of each
 * operation is the portable C reference
 *
 * SPDX-License-Identifier: MIT
 *
 * Shared by applets/mem/membw.c (which times them) and tests/unit (which checks
 * every kernel usable on this CPU against the C reference).
 *
 * Operations, all on n bytes:
 *   MEM_RD    read src; return the XOR of its 64-bit words (the loads feed a
 *             value, so they cannot be removed, and the value checks the kernel)
 *   MEM_WR    store the 64-bit `pattern` repeatedly over dst
 *   MEM_COPY  dst = src (non-overlapping)
 *   MEM_FILL  zero dst (memset 0; where DC ZVA and rep stosb apply)
 * The return value is meaningful for MEM_RD only (0 otherwise).
 */
#ifndef BENCHBOX_MEMBW_H
#define BENCHBOX_MEMBW_H

#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

enum mem_op { MEM_RD, MEM_WR, MEM_COPY, MEM_FILL, MEM_NOPS };

typedef uint64_t mem_fn(void *restrict dst, const void *restrict src, size_t n,
			uint64_t pattern);

struct mem_kernel {
	struct kernel	head;	/* op: enum mem_op; name: "c", "libc", "ldp_q_pf256";
				   align: of dst and src; gran: n % gran == 0
				   and n >= gran (src/kernel.h) */
	mem_fn		*fn;
};

extern const struct mem_kernel mem_kernels[];
extern const size_t mem_kernels_len;
extern const char *const mem_op_names[MEM_NOPS];	/* "rd", "wr", "copy", "fill" */

#endif
