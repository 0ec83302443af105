/* mem.h - buffers for memory benchmarks: aligned, huge pages on request,
 * checked against available memory, prefaulted
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_MEM_H
#define BENCHBOX_MEM_H

#include <stddef.h>
#include <stdint.h>

enum mem_huge { MEM_HUGE_DEFAULT, MEM_HUGE_ON, MEM_HUGE_OFF };

struct mem_region {
	void		*p;		/* aligned start */
	size_t		size;		/* usable bytes from p */
	void		*map;		/* the mapping, for munmap */
	size_t		maplen;
	int		huge_ok;	/* madvise accepted the hugepage request */
};

/* mmap an anonymous region of size bytes starting at an address aligned
 * to align (a power of two, at least the page size), madvise'd as asked,
 * not touched. 0 ok, -1 with errno. */
int  mem_map(struct mem_region *r, size_t size, size_t align, enum mem_huge huge);
void mem_unmap(struct mem_region *r);
/* Touch every page (a write), so page faults happen here, not while timed. */
void mem_prefault(void *p, size_t n);

/* Can `bytes` more be allocated without swapping or the OOM killer?
 * 0 yes; -1 no, with a message naming the sizes in why. Uses
 * MemAvailable, else sysinfo(2); unknown means yes. */
int  mem_fits(uint64_t bytes, char *why, size_t len);
/* 1 when `bytes` exceed the last-level cache `llc` (0: unknown, taken as
 * 32 MiB): where x86 non-temporal stores beat normal ones. */
int  mem_past_llc(double bytes, uint64_t llc);

/* Parse "on", "off" or "default" (--hugepages). -1 on anything else. */
int  mem_parse_huge(const char *s, enum mem_huge *out);
const char *mem_huge_name(enum mem_huge h);

#endif
