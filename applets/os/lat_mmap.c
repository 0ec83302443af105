/* lat_mmap.c - cost of mapping a file and touching it, lmbench's lat_mmap
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_mmap from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). One iteration
 * maps the first SIZE bytes of FILE (opened read-write) shared and
 * writable, writes one byte every 16 KiB over the first SIZE/10 bytes
 * (-r: one byte every 160 KiB over the whole mapping), and unmaps it: the
 * time of mmap, a few write faults on page-cache pages, and munmap, in
 * microseconds (the median). SIZE is at least 320 KiB. FILE's bytes at
 * those offsets are overwritten. Without FILE a file of SIZE zero bytes is
 * made in --dir and removed afterwards. The last pass's bytes are read back
 * with pread() afterwards (self-check, exit 3).
 */
#include "applet.h"
#include "lmbench.h"
#include "lmfile.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define OPTIONS(O) \
	O(WHOLE, "whole", OPT_BOOL, "touch every 160 KiB of the whole mapping", .letter = 'r') \
	LMBENCH_OPT_C(O) \
	LMBENCH_OPT_P(O, 1024, "copies at once (processes)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_mmap, OPTIONS);

enum { MIN_SIZE = 320 * 1024, STRIDE = 16 * 1024, STRIDE_R = 160 * 1024 };

#define USAGE "lat_mmap [-r] [-C] [-P N] [-W US] [-N N] SIZE [FILE]"

struct mm {
	struct run_ctx	*ctx;
	struct lm_file	file, orig;	/* orig: the file -C copied */
	int		clone;		/* -C */
	int		shared;		/* other copies write the same file */
	int		fd;
	size_t		size;
	size_t		span;		/* bytes touched from the start */
	size_t		stride;
	unsigned char	val;		/* the byte the last pass wrote */
	int		err;		/* errno of a failed mmap/munmap */
};

static void mm_body(void *arg, uint64_t iters)
{
	struct mm *m = arg;

	while (iters-- && !m->err) {
		unsigned char *p;
		size_t off;

		p = mmap(NULL, m->size, PROT_READ | PROT_WRITE, MAP_SHARED, m->fd, 0);
		if (p == MAP_FAILED) {
			m->err = errno;
			return;
		}
		m->val = (unsigned char)(m->val % 255 + 1);	/* 1..255: never a zero */
		for (off = 0; off < m->span; off += m->stride)
			p[off] = m->val;
		if (munmap(p, m->size))
			m->err = errno;
	}
}

/* Every touched byte holds the last pass's value (any copy's: not 0 when
 * other copies write the same file). */
static int mm_check(const struct mm *m)
{
	size_t off;

	for (off = 0; off < m->span; off += m->stride) {
		unsigned char c;

		if (pread(m->fd, &c, 1, (off_t)off) != 1 || (m->shared ? !c : c != m->val))
			return -1;
	}
	return 0;
}

/* In each copy: -C's private copy. */
static int mm_setup(void *arg, unsigned idx)
{
	struct mm *m = arg;
	int rc = m->clone ? lm_file_clone(m->ctx, &m->file, &m->orig) : EXIT_OK;

	(void)idx;
	m->fd = m->file.fd;
	return rc;
}

/* Last in each copy: its error said, or its bytes checked (EXIT_WRONG). */
static int mm_done(void *arg, unsigned idx)
{
	struct mm *m = arg;
	int rc = lm_copy_status(m->err, !m->err && mm_check(m), "mapping %s", m->file.path);

	(void)idx;
	if (m->clone)
		lm_file_unclone(&m->file, &m->orig);
	return rc;
}

static int mm_report(struct run_ctx *ctx, const struct mm *m, int whole, unsigned P,
		     const struct bench_stats *st, int wrong)
{
	struct result r = { 0 };
	char params[64], sz[24];
	size_t n;

	n = (size_t)snprintf(params, sizeof(params), "size=%s%s%s",
			     format_size(m->size, sz, sizeof(sz)), whole ? ",touch=all" : "",
			     m->clone ? ",clone" : "");
	if (P > 1)
		snprintf(params + n, sizeof(params) - n, ",P=%u", P);
	r.test = "mmap";
	r.params = params;
	r.unit = UNIT_US;
	r.better = -1;
	r.x = (double)m->size;
	r.metric = m->size == 1 << 20 && !whole && P == 1 ? "lat_mmap-1m" : NULL;
	result_from_time(&r, st, 1e-3);
	lm_mark(ctx, &r, wrong ? "a byte written through the mapping is not in the file" : NULL);
	emit_result(ctx, &r);
	return lm_verdict(r.flags & RESULT_FAILED ? r.note : NULL);
}

static int lat_mmap_run(struct run_ctx *ctx)
{
	struct mm m = { .ctx = ctx, .orig = { .fd = -1 } };
	struct lm_copies c = { mm_setup, mm_body, mm_done, &m };
	struct bench_stats st;
	unsigned P = lmbench_opts(ctx);
	int whole = (int)opt_int(ctx, WHOLE), rc;
	uint64_t size;

	m.clone = opt_given(ctx, CLONE);
	m.shared = P > 1 && !m.clone;
	if (ctx->argc < 1 || ctx->argc > 2) {
		errorf("usage: " USAGE);
		return EXIT_USAGE;
	}
	if (lm_size_arg(ctx->argv[0], MIN_SIZE, "320k", &size))
		return EXIT_USAGE;
	rc = lm_file_get(ctx, ctx->argc == 2 ? ctx->argv[1] : NULL, "lat_mmap", size, size,
			 O_RDWR, &m.file);
	if (rc)
		return rc;
	m.size = (size_t)size;
	m.span = whole ? m.size : m.size / 10;
	m.stride = whole ? STRIDE_R : STRIDE;
	rc = lm_measure(ctx, P, &c, &st);
	if (!rc || rc == EXIT_WRONG)
		rc = mm_report(ctx, &m, whole, P, &st, rc == EXIT_WRONG);
	lm_file_put(&m.file);
	return rc;
}

TEXT(lat_mmap_summary, "mmap + touch + munmap of a file (lmbench's lat_mmap)");
TEXT(lat_mmap_usage,
	"usage: " USAGE "\n"
	"\n"
	"Maps the first SIZE bytes of FILE (at least 320k; k = 1024, m = 1048576)\n"
	"shared and writable, writes a byte every 16 KiB of its first tenth (-r:\n"
	"every 160 KiB of all of it) and unmaps it, lmbench's way: microseconds\n"
	"per pass. FILE's bytes are overwritten; without FILE a file of zeros is\n"
	"made in --dir and removed. The bytes written are read back afterwards.\n"
	"Prints \"SIZE_MB US\" on stderr; --format gives the common record.\n");

const struct applet applet_lat_mmap = {
	.name    = "lat_mmap",
	.summary = TEXT_PTR(lat_mmap_summary),
	.usage   = TEXT_PTR(lat_mmap_usage),
	.opts    = opts,
	.unit    = UNIT_US,
	.flags   = APPLET_NEEDS_DIR,
	.reps    = 11,			/* lmbench's 11 samples */
	.classic = &emit_lm_micromb,
	.run     = lat_mmap_run,
};
