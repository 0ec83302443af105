/* bw_mem.h - lmbench bw_mem's operations, shared with the unit tests
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_BW_MEM_H
#define BENCHBOX_BW_MEM_H

#include <stddef.h>

enum bw_op { OP_RD, OP_WR, OP_RDWR, OP_CP, OP_FRD, OP_FWR, OP_FCP, OP_BZERO, OP_BCOPY, BW_NOPS };
enum { BW_CHUNK = 512 };	/* bytes: 128 32-bit words */

extern const char *const bw_op_names[BW_NOPS];

/* One pass of op over n bytes of s (and d for cp, fcp, bcopy): chunks of
 * 512 bytes while a chunk fits; rd/wr/rdwr/cp touch words 0, 4, ..., 124
 * of each chunk, frd/fwr/fcp all 128, wr-type ops store 1, bzero and bcopy
 * are libc's memset and memmove over all n bytes. Returns the sum of the
 * words read (0 for ops that only write). */
int bw_run_op(enum bw_op op, int *s, int *d, size_t n);

#endif
