/* par_mem.h - pointer rings and parallel chases, shared by par_mem, line
 * and tlb (lmbench's memory-hierarchy helpers)
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_PAR_MEM_H
#define BENCHBOX_PAR_MEM_H

#include <stddef.h>
#include <stdint.h>

enum { PAR_MAX_CHAINS = 16, PAR_LOADS = 100 };	/* loads per chain per iteration */

/* Link a ring through every multiple of stride below len in base: the
 * pages (of `page` bytes) in a random order, and inside each page its
 * slots in a random order, all of a page before the next (lmbench's
 * mem_initialize walk). seed fixes the order. When order is not NULL it
 * gets the slots in ring order (len / stride entries). Returns the first
 * slot. stride: a multiple of sizeof(void *) dividing page; base
 * page-aligned. Allocates and frees 4 bytes per page and per slot of a
 * page. */
void *par_ring(void *base, size_t len, size_t stride, size_t page, uint64_t seed,
	       void **order);

/* Chase k (1..PAR_MAX_CHAINS) independent rings at once, PAR_LOADS loads
 * of each per iteration, p[0..k) the positions (updated). */
void par_chase(void **p, int k, uint64_t iters);

/* A random number from a splitmix64 state. */
uint64_t par_random(uint64_t *state);

/* Options shared by line, tlb and par_mem: -L LINE (0: none given) must
 * be a power of two from sizeof(void *) to page / 16. 0 or EXIT_USAGE
 * (said). */
int par_check_line(long line, long page);

#endif
