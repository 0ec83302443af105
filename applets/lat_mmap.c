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
#include "lmfile.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

enum { MIN_SIZE = 320 * 1024, STRIDE = 16 * 1024, STRIDE_R = 160 * 1024 };

struct mm {
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

/* Every touched byte holds the last pass's value. */
static int mm_check(const struct mm *m)
{
	size_t off;

	for (off = 0; off < m->span; off += m->stride) {
		unsigned char c;

		if (pread(m->fd, &c, 1, (off_t)off) != 1 || c != m->val)
			return -1;
	}
	return 0;
}

static const struct opt_spec opts[] = {
	{ "whole", 'r', OPT_BOOL, NULL, 0, 0, NULL, "touch every 160 KiB of the whole mapping" },
	{ 0 }
};

static int mm_report(struct run_ctx *ctx, const struct mm *m, int whole,
		     const struct bench_stats *st)
{
	struct result r = { 0 };
	char params[48], sz[24];
	const char *wrong = mm_check(m) ? "a byte written through the mapping is not in the file"
				       : NULL;

	snprintf(params, sizeof(params), "size=%s%s", format_size(m->size, sz, sizeof(sz)),
		 whole ? ",touch=all" : "");
	r.test = "mmap";
	r.params = params;
	r.unit = UNIT_US;
	r.better = -1;
	r.x = (double)m->size;
	r.metric = m->size == 1 << 20 && !whole ? "lat_mmap-1m" : NULL;
	result_from_time(&r, st, 1e-3);
	lm_mark(ctx, &r, wrong);
	report(ctx, &r);
	return lm_verdict(wrong);
}

static int lat_mmap_run(struct run_ctx *ctx)
{
	struct mm m = { 0 };
	struct lm_file f;
	struct bench_stats st;
	int whole = (int)opt_int(ctx, "whole"), rc;
	uint64_t size;

	if (ctx->argc < 1 || ctx->argc > 2) {
		errorf("usage: lat_mmap [-r] SIZE [FILE]");
		return EXIT_USAGE;
	}
	if (lm_size_arg(ctx->argv[0], MIN_SIZE, "320k", &size))
		return EXIT_USAGE;
	rc = lm_file_get(ctx, ctx->argc == 2 ? ctx->argv[1] : NULL, "lat_mmap", size, size,
			 O_RDWR, &f);
	if (rc)
		return rc;
	m.fd = f.fd;
	m.size = (size_t)size;
	m.span = whole ? m.size : m.size / 10;
	m.stride = whole ? STRIDE_R : STRIDE;
	if (bench_measure(&ctx->bench, mm_body, &m, &st) && !m.err)
		m.err = ENOMEM;
	rc = m.err ? EXIT_FAIL : mm_report(ctx, &m, whole, &st);
	lm_file_put(&f);
	if (m.err)
		errorf("mapping %s: %s", f.path, strerror(m.err));
	return rc;
}

const struct applet applet_lat_mmap = {
	.name    = "lat_mmap",
	.summary = "mmap + touch + munmap of a file (lmbench's lat_mmap)",
	.usage   = "usage: lat_mmap [-r] SIZE [FILE]\n"
		   "\n"
		   "Time to map the first SIZE bytes of FILE (at least 320k; k = 1024,\n"
		   "m = 1048576) shared and writable, write one byte every 16 KiB over\n"
		   "the first tenth of it (-r: every 160 KiB over all of it) and unmap it,\n"
		   "lmbench's method, in microseconds (the median). FILE is opened\n"
		   "read-write and those bytes of it are overwritten. Without FILE a file\n"
		   "of SIZE zero bytes is made in --dir ($TMPDIR, /tmp, .) and removed at\n"
		   "the end, also when interrupted. The written bytes are read back\n"
		   "afterwards (self-check, exit 3).\n"
		   "\n"
		   "Default output, like lmbench's, is one line on stderr: \"SIZE_MB US\"\n"
		   "(\"%.6f %.0f\", \"%.3f\" below 10 us; MB = 10^6 bytes). --format=table|\n"
		   "csv|json prints the common record (metric lat_mmap-1m for SIZE 1m).\n",
	.opts    = opts,
	.unit    = UNIT_US,
	.flags   = APPLET_NEEDS_DIR,
	.reps    = 11,			/* lmbench's 11 samples */
	.classic = &emit_lm_micromb,
	.run     = lat_mmap_run,
};
