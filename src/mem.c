/* mem.c - buffers for memory benchmarks
 *
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include "mem.h"
#include "sys.h"
#include "util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int mem_map(struct mem_region *r, size_t size, size_t align, enum mem_huge huge)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), len, head;
	uintptr_t base, start;
	void *m;

	memset(r, 0, sizeof(*r));
	if (align < page)
		align = page;
	if (!size || (align & (align - 1)) || size > SIZE_MAX - align - page) {
		errno = EINVAL;
		return -1;
	}
	size = (size + page - 1) / page * page;
	len = size + align;
	m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return -1;
	base = (uintptr_t)m;
	start = (base + align - 1) & ~(uintptr_t)(align - 1);
	head = start - base;
	if (head)			/* give back what alignment did not need */
		munmap(m, head);
	if (len - head - size)
		munmap((void *)(start + size), len - head - size);
	r->p = (void *)start;
	r->size = size;
	r->map = r->p;
	r->maplen = size;
#ifdef MADV_HUGEPAGE
	if (huge == MEM_HUGE_ON)
		r->huge_ok = madvise(r->p, size, MADV_HUGEPAGE) == 0;
	else if (huge == MEM_HUGE_OFF)
		r->huge_ok = madvise(r->p, size, MADV_NOHUGEPAGE) == 0;
#else
	(void)huge;
#endif
	return 0;
}

void mem_unmap(struct mem_region *r)
{
	if (r->map)
		munmap(r->map, r->maplen);
	memset(r, 0, sizeof(*r));
}

void mem_prefault(void *p, size_t n)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i;
	volatile char *c = p;

	for (i = 0; i < n; i += page)
		c[i] = 0;
	if (n)
		c[n - 1] = 0;
}

int mem_past_llc(double bytes, uint64_t llc)
{
	return bytes > (double)(llc ? llc : 32u << 20);
}

int mem_fits(uint64_t bytes, char *why, size_t len)
{
	uint64_t total, avail;
	const char *src;

	if (sys_meminfo(&total, &avail, &src))
		return 0;
	if (bytes <= avail)
		return 0;
	snprintf(why, len, "needs %.1f MiB of memory but only %.1f MiB are available (%s)",
		 (double)bytes / 1048576, (double)avail / 1048576, src);
	return -1;
}

int mem_parse_huge(const char *s, enum mem_huge *out)
{
	if (!strcmp(s, "default"))
		*out = MEM_HUGE_DEFAULT;
	else if (!strcmp(s, "on"))
		*out = MEM_HUGE_ON;
	else if (!strcmp(s, "off"))
		*out = MEM_HUGE_OFF;
	else
		return -1;
	return 0;
}

const char *mem_huge_name(enum mem_huge h)
{
	return h == MEM_HUGE_ON ? "on" : h == MEM_HUGE_OFF ? "off" : "default";
}
