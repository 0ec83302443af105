/* lat_pagefault.c - cost of a page fault on a mapped file, lmbench's method
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_pagefault from its published method
 * (not lmbench's code; its numbers are not "lmbench results"). FILE (at
 * least 1 MiB) is mapped whole, read-only and shared, then msync'ed with
 * MS_INVALIDATE. One iteration reads one byte of every page in a random
 * order (a fixed-seed permutation, the same every run; lmbench seeds with
 * its pid), then unmaps, maps again and msyncs, so the next pass faults
 * again. A second measurement times the unmap + map + msync alone; its
 * median is subtracted and the rest divided by the number of pages: the
 * time per page in microseconds. The kernel may map neighbouring pages on
 * one fault (fault-around), as it does for lmbench. Without FILE an 8 MiB
 * file of zeros is made in --dir and removed afterwards; the bytes read
 * must then sum to 0 (self-check, exit 3).
 */
#include "applet.h"
#include "lmbench.h"
#include "lmfile.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define OPTIONS(O) \
	LMBENCH_OPT_C(O) \
	LMBENCH_OPT_P(O, 1024, "copies at once (processes)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_pagefault, OPTIONS);

enum { MIN_FILE = 1 << 20, SCRATCH_SIZE = 8 << 20 };

#define USAGE "lat_pagefault [-C] [-P N] [-W US] [-N N] [FILE]"
static const uint64_t pf_seed = 0x6c61745f70616765ull;

struct pf {
	struct run_ctx	*ctx;
	struct lm_file	file, orig;	/* orig: the file -C copied */
	int		clone;		/* -C */
	int		zeros;		/* a file of zeros, made here: it sums to 0 */
	size_t		len;		/* the file's size: mapped whole */
	size_t		page;
	uint32_t	npages;		/* whole pages in the file */
	uint32_t	*order;		/* the pages in the order they are read */
	unsigned char	*map;
	int		err;		/* errno of a failed call */
	int		nonzero;	/* the bytes of our file of zeros did not sum to 0 */
};

static int pf_map(struct pf *p)
{
	void *m = mmap(NULL, p->len, PROT_READ, MAP_SHARED, p->file.fd, 0);

	if (m == MAP_FAILED) {
		p->map = NULL;
		p->err = errno;
		return -1;
	}
	p->map = m;
	if (msync(m, p->len, MS_INVALIDATE)) {
		p->err = errno;
		return -1;
	}
	return 0;
}

/* The part both measurements time: unmap, map again, msync. */
static int pf_remap(struct pf *p)
{
	if (munmap(p->map, p->len)) {
		p->err = errno;
		return -1;
	}
	return pf_map(p);
}

static void pf_body(void *arg, uint64_t iters)
{
	struct pf *p = arg;

	while (iters-- && !p->err) {
		unsigned long sum = 0;
		uint32_t i;

		for (i = 0; i < p->npages; i++)
			sum += p->map[(size_t)p->order[i] * p->page];
		bench_keep_u64(sum);
		p->nonzero |= sum != 0;
		pf_remap(p);
	}
}

static void pf_overhead_body(void *arg, uint64_t iters)
{
	struct pf *p = arg;

	while (iters-- && !p->err)
		pf_remap(p);
}

static int pf_report(struct run_ctx *ctx, const struct pf *p, unsigned P,
		     const struct bench_stats *st, const struct bench_stats *ovh, int wrong)
{
	struct result r = { 0 };
	char params[64], label[4200], sz[24];
	double o = ovh->median_ns, scale = 1e-3 / p->npages;
	size_t n;

	n = (size_t)snprintf(params, sizeof(params), "size=%s%s",
			     format_size(p->len, sz, sizeof(sz)), p->clone ? ",clone" : "");
	if (P > 1)
		snprintf(params + n, sizeof(params) - n, ",P=%u", P);
	snprintf(label, sizeof(label), "Pagefaults on %s", p->file.path);
	r.test = "pagefault";
	r.params = params;
	r.group = label;
	r.unit = UNIT_US;
	r.better = -1;
	r.metric = P == 1 ? "lat_pagefault" : NULL;
	r.note = "per page, unmap + map + msync subtracted";
	result_from_time(&r, st, scale);
	r.value -= o * scale;
	r.min -= o * scale;
	r.max -= o * scale;
	r.flags |= ovh->flags;
	lm_mark(ctx, &r, wrong ? "the bytes of a file of zeros did not sum to 0" : NULL);
	result_unresolved(&r);
	emit_result(ctx, &r);
	return lm_verdict(r.flags & RESULT_FAILED ? r.note : NULL);
}

/* In each copy: -C's private copy, then the mapping. */
static int pf_setup(void *arg, unsigned idx)
{
	struct pf *p = arg;
	int rc = p->clone ? lm_file_clone(p->ctx, &p->file, &p->orig) : EXIT_OK;

	(void)idx;
	if (!rc && pf_map(p)) {
		errorf("mapping %s: %s", p->file.path, strerror(p->err));
		rc = EXIT_FAIL;
	}
	return rc;
}

static int pf_done(void *arg, unsigned idx)
{
	struct pf *p = arg;
	int rc = lm_copy_status(p->err, p->zeros && p->nonzero, "mapping %s", p->file.path);

	(void)idx;
	if (p->map)
		munmap(p->map, p->len);
	p->map = NULL;
	if (p->clone)
		lm_file_unclone(&p->file, &p->orig);
	return rc;
}

static int lat_pagefault_run(struct run_ctx *ctx)
{
	struct pf p = { .ctx = ctx, .orig = { .fd = -1 } };
	struct lm_copies faults = { pf_setup, pf_body, pf_done, &p };
	struct lm_copies remaps = { pf_setup, pf_overhead_body, pf_done, &p };
	struct bench_stats st, ovh;
	unsigned P = lmbench_opts(ctx);
	int rc, wrong = 0;

	p.clone = opt_given(ctx, CLONE);
	if (ctx->argc > 1) {
		errorf("usage: " USAGE);
		return EXIT_USAGE;
	}
	rc = lm_file_get(ctx, ctx->argc ? ctx->argv[0] : NULL, "lat_pagefault", MIN_FILE,
			 SCRATCH_SIZE, O_RDONLY, &p.file);
	if (rc)
		return rc;
	p.zeros = p.file.scratch;
	p.len = (size_t)p.file.size;
	p.page = (size_t)sysconf(_SC_PAGESIZE);
	p.npages = (uint32_t)(p.len / p.page);
	if (p.file.size > (uint64_t)SIZE_MAX / 2) {
		errorf("FILE: '%s' is too large to map here", p.file.path);
		rc = EXIT_FAIL;
	} else if (!(p.order = malloc(p.npages * sizeof(*p.order)))) {
		errorf("out of memory");
		rc = EXIT_FAIL;
	} else {
		lm_permute(p.order, p.npages, pf_seed);
		rc = lm_measure(ctx, P, &faults, &st);
		wrong = rc == EXIT_WRONG;
		if (!rc || wrong)
			rc = lm_measure(ctx, P, &remaps, &ovh);
		if (!rc)
			rc = pf_report(ctx, &p, P, &st, &ovh, wrong);
	}
	free(p.order);
	lm_file_put(&p.file);
	return rc;
}

TEXT(lat_pagefault_summary, "page fault on a mapped file (lmbench's lat_pagefault)");
TEXT(lat_pagefault_usage,
	"usage: " USAGE "\n"
	"\n"
	"Microseconds per page fault, lmbench's way: FILE (at least 1 MiB) is\n"
	"mapped read-only, a byte of every page is read in a fixed random order,\n"
	"and it is unmapped; the map and unmap alone are timed too and\n"
	"subtracted. Without FILE an 8 MiB file of zeros is made in --dir, 8 KiB\n"
	"a write as lmbench's driver makes its FILE (how a file was written sets\n"
	"how many pages one fault maps), and removed (its sum must be 0).\n"
	"Prints \"Pagefaults on FILE: T microseconds\" on stderr; --format gives\n"
	"the common record.\n");

const struct applet applet_lat_pagefault = {
	.name    = "lat_pagefault",
	.summary = TEXT_PTR(lat_pagefault_summary),
	.usage   = TEXT_PTR(lat_pagefault_usage),
	.opts    = opts,
	.unit    = UNIT_US,
	.flags   = APPLET_NEEDS_DIR,
	.reps    = 11,			/* lmbench's 11 samples */
	.classic = &emit_lmbench_micro,
	.run     = lat_pagefault_run,
};
