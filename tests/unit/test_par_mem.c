/* test_par_mem.c - the rings and parallel chases of par_mem, line and tlb
 *
 * SPDX-License-Identifier: MIT
 *
 * A ring must be one cycle through every slot (a multiple of the stride
 * below the length) exactly once, all of a page's slots before the next
 * page's; the order array must be the ring's order; and k parallel chases
 * must each advance PAR_LOADS hops per iteration along their own ring.
 */
#include "minitest.h"
#include "par_mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Walk n steps from head; 1 if every step was a new slot, pages were
 * visited whole and the walk came back to head. */
static int ring_ok(struct mt *t, char *base, void *head, size_t len, size_t stride,
		   size_t page, void **order)
{
	size_t n = len / stride, i, off, pg = 0, in_page = 0;
	size_t per = len < page ? n : page / stride;
	unsigned char *seen = calloc(n, 1);
	void *p = head;
	int ok = 1;

	if (!CHECK(seen != NULL))
		return 0;
	for (i = 0; i < n && ok; i++) {
		off = (size_t)((char *)p - base);
		ok = CHECK(off < len) && CHECK_EQ_U64(off % stride, 0) &&
		     CHECK(!seen[off / stride]) && (!order || CHECK(order[i] == p));
		if (!ok)
			break;
		seen[off / stride] = 1;
		if (in_page == 0)
			pg = off / page;
		ok = CHECK_EQ_U64(off / page, pg);	/* a page is finished first */
		in_page = (in_page + 1) % per;
		p = *(void **)p;
	}
	ok = ok && CHECK(p == head);
	free(seen);
	return ok;
}

TEST(par_mem_ring)
{
	size_t page = 4096, len = 64 * 4096, strides[] = { sizeof(void *), 64, 256 }, s;
	char *base = aligned_alloc(page, len);
	void **order = calloc(len / sizeof(void *), sizeof(*order));

	REQUIRE(base && order);
	for (s = 0; s < sizeof(strides) / sizeof(strides[0]); s++) {
		void *head = par_ring(base, len, strides[s], page, 42, order);

		CHECK(ring_ok(t, base, head, len, strides[s], page, order));
		CHECK(order[0] == head);
		/* below a page: one page's slots only */
		head = par_ring(base, 1024, strides[s], page, 7, NULL);
		CHECK(ring_ok(t, base, head, 1024, strides[s], page, NULL));
	}
	free(order);
	free(base);
}

TEST(par_mem_ring_random_fixed_seed)
{
	size_t page = 4096, len = 16 * 4096, n = len / 64, i, same = 0, inorder = 0;
	char *base = aligned_alloc(page, len);
	void **a = calloc(n, sizeof(*a)), **b = calloc(n, sizeof(*b));

	REQUIRE(base && a && b);
	par_ring(base, len, 64, page, 5, a);
	par_ring(base, len, 64, page, 5, b);
	for (i = 0; i < n; i++) {
		same += a[i] == b[i];
		inorder += (size_t)((char *)a[i] - base) == i * 64;
	}
	CHECK_EQ_U64(same, n);		/* the seed fixes the order */
	CHECK(inorder < n / 4);		/* and the order is not the memory order */
	free(a);
	free(b);
	free(base);
}

TEST(par_mem_chase)
{
	size_t page = 4096, len = 8 * 4096, stride = 64, n = len / stride, i;
	char *base = aligned_alloc(page, len);
	void **order = calloc(n, sizeof(*order));
	int k, j;

	REQUIRE(base && order);
	par_ring(base, len, stride, page, 3, order);
	for (k = 1; k <= PAR_MAX_CHAINS; k++) {
		void *p[PAR_MAX_CHAINS];
		uint64_t iters = 3;

		for (j = 0; j < k; j++)
			p[j] = order[(size_t)j * n / (size_t)k];
		par_chase(p, k, iters);
		for (j = 0; j < k; j++) {
			i = ((size_t)j * n / (size_t)k + PAR_LOADS * iters) % n;
			if (!CHECK(p[j] == order[i]))
				mt_fail(MT_AT, "  ... k=%d chain %d", k, j);
		}
	}
	free(order);
	free(base);
}
