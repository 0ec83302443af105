/* lat_mem_rd.h - the pointer-chain builders and the sweep of lat_mem_rd,
 * shared with tests/unit/test_lat_mem_rd.c
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_LAT_MEM_RD_H
#define BENCHBOX_LAT_MEM_RD_H

#include <stddef.h>
#include <stdint.h>

/* Number of slots of a chain over range bytes: one pointer at every
 * multiple of stride below range, i.e. ceil(range / stride). */
size_t lat_chain_slots(size_t range, size_t stride);

/* Forward sequential ring: the word at k*stride holds the address of
 * (k+1)*stride, the last slot points back to base. Returns base.
 * base must be pointer-aligned; stride a multiple of sizeof(void *). */
void *lat_chain_seq(void *base, size_t range, size_t stride);

/* The -t ring: the pages (of `page` bytes) covering range in a random
 * order, the slots inside each page in a random order; the walk takes one
 * slot from each page in turn (the first slot of every page in page order,
 * then the second, ...), so successive loads hit different pages. Below a
 * page it is a random permutation of the slots. The generator has a fixed
 * seed: the same arguments give the same ring. Returns the first slot.
 * Allocates (and frees) two words of bookkeeping per page. */
void *lat_chain_random(void *base, size_t range, size_t stride, size_t page);

/* The sweep: the first point, then the next after size. Start at 512 B;
 * double below 1 KiB, +1 KiB below 4 KiB, then +s/16 with s the smallest
 * power of two >= 32 KiB greater than size. */
enum { LAT_SWEEP_FIRST = 512 };
uint64_t lat_sweep_next(uint64_t size);

#endif
