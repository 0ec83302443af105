/* test_lat_mem_rd.c - lat_mem_rd's sweep and its pointer rings
 *
 * SPDX-License-Identifier: MIT
 *
 * A ring must be one cycle through every slot (an offset k*stride below
 * range) exactly once; the sequential one goes forward, the random one
 * changes page on every load when the pages are equally full.
 */
#include "minitest.h"
#include "lat_mem_rd.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

TEST(lat_mem_rd_sweep)
{
	uint64_t s, n = 0, n2 = 0, want[] = { 512, 1024, 2048, 3072, 4096, 6144, 8192 };
	size_t i = 0;

	for (s = LAT_SWEEP_FIRST; s <= 2u << 20; s = lat_sweep_next(s)) {
		if (i < sizeof(want) / sizeof(want[0]))
			CHECK_EQ_U64(s, want[i++]);
		n += s <= 1u << 20;
		n2++;
	}
	CHECK_EQ_U64(n, 59);
	CHECK_EQ_U64(n2, 67);
	CHECK_EQ_U64(lat_sweep_next(30720), 32768);
	CHECK_EQ_U64(lat_sweep_next(32768), 36864);	/* s is greater than size */
	CHECK_EQ_U64(lat_sweep_next(61440), 65536);
	CHECK_EQ_U64(lat_sweep_next(1u << 20), (1u << 20) + (1u << 17));
	CHECK_EQ_U64(lat_chain_slots(3072, 2048), 2);
	CHECK_EQ_U64(lat_chain_slots(4096, 64), 64);
}

/* Walk the ring from head: every step lands on an unseen slot, and after
 * exactly n steps it is back at head. seq: each step goes forward by stride
 * (but the last). pages: count steps that stay on the same page (wrap
 * included) into *same. Returns 1 if the ring is good. */
static int walk(struct mt *t, char *base, void *head, size_t range, size_t stride,
		size_t page, int seq, size_t *same)
{
	size_t n = lat_chain_slots(range, stride), i, off, prev_off = 0;
	unsigned char *seen = calloc(n, 1);
	void *p = head;
	int ok = 1;

	*same = 0;
	if (!CHECK(seen != NULL))
		return 0;
	for (i = 0; i < n && ok; i++) {
		off = (size_t)((char *)p - base);
		ok = CHECK(off < range) && CHECK_EQ_U64(off % stride, 0) &&
		     CHECK(!seen[off / stride]);
		if (!ok)
			break;
		seen[off / stride] = 1;
		if (seq)
			ok = CHECK_EQ_U64(off, i * stride);
		if (i && off / page == prev_off / page)
			++*same;
		prev_off = off;
		p = *(void **)p;
	}
	if (ok) {
		ok = CHECK(p == head);
		if (n > 1 && (size_t)((char *)head - base) / page == prev_off / page)
			++*same;
	}
	free(seen);
	if (!ok)
		mt_fail(t, __FILE__, __LINE__, "  ... range %zu stride %zu page %zu %s", range,
			stride, page, seq ? "seq" : "random");
	return ok;
}

static const size_t ranges[] = { 512, 1024, 3072, 4096, 6144, 32768, 36864, 65536,
				 1u << 20, (1u << 20) + (1u << 17), 3u << 20 };
static const size_t strides[] = { 8, 16, 24, 64, 128, 512, 4096, 8192 };

TEST(lat_mem_rd_chain_seq)
{
	size_t i, j, same;
	char *buf = aligned_alloc(65536, (3u << 20) + 2 * 65536);

	REQUIRE(buf != NULL);
	for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
		for (j = 0; j < sizeof(strides) / sizeof(strides[0]); j++) {
			if (strides[j] > ranges[i] || strides[j] % sizeof(void *))
				continue;
			memset(buf, 0xa5, ranges[i]);
			CHECK(lat_chain_seq(buf, ranges[i], strides[j]) == buf);
			walk(t, buf, buf, ranges[i], strides[j], 4096, 1, &same);
		}
	free(buf);
}

TEST(lat_mem_rd_chain_random)
{
	static const size_t pages[] = { 4096, 16384, 65536 };
	size_t i, j, k, same;
	char *buf = aligned_alloc(65536, (3u << 20) + 2 * 65536);

	REQUIRE(buf != NULL);
	for (k = 0; k < sizeof(pages) / sizeof(pages[0]); k++)
	for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++)
		for (j = 0; j < sizeof(strides) / sizeof(strides[0]); j++) {
			size_t r = ranges[i], s = strides[j], pg = pages[k];
			void *head;

			if (s > r || s % sizeof(void *))
				continue;
			memset(buf, 0xa5, r);
			head = lat_chain_random(buf, r, s, pg);
			if (!walk(t, buf, head, r, s, pg, 0, &same))
				continue;
			/* equally full pages, two or more: never the same page twice */
			if (r % pg == 0 && pg % s == 0 && r / pg >= 2 &&
			    !CHECK_EQ_U64(same, 0))
				mt_fail(t, __FILE__, __LINE__, "  ... range %zu stride %zu page %zu",
					r, s, pg);
		}
	free(buf);
}

/* The order is random (not the forward walk), and the same every time. */
TEST(lat_mem_rd_chain_random_fixed_seed)
{
	size_t range = 256 * 1024, stride = 64, n = range / stride, i, fwd = 0;
	char *a = aligned_alloc(4096, range), *b = aligned_alloc(4096, range);
	void *p, *q;

	REQUIRE(a != NULL && b != NULL);
	p = lat_chain_random(a, range, stride, 4096);
	q = lat_chain_random(b, range, stride, 4096);
	for (i = 0; i < n; i++) {
		void *np = *(void **)p;

		if (!CHECK_EQ_U64((size_t)((char *)p - a), (size_t)((char *)q - b)))
			break;
		fwd += (char *)np == (char *)p + stride;
		p = np;
		q = *(void **)q;
	}
	CHECK(fwd < n / 100);
	/* below a page: a permutation of the slots, still not the forward walk */
	p = lat_chain_random(a, 2048, 64, 4096);
	for (i = 0, fwd = 0; i < 2048 / 64; i++) {
		void *np = *(void **)p;

		fwd += (char *)np == (char *)p + 64;
		p = np;
	}
	CHECK(fwd < 2048 / 64 / 2);
	free(a);
	free(b);
}
