/* bw_mmap_rd.c - mapped-file read bandwidth, lmbench's bw_mmap_rd method
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's bw_mmap_rd from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). The first SIZE
 * bytes of FILE are mapped read-only and shared, and one iteration sums
 * them with scalar long loads unrolled 128 times (lmbench's "bread").
 * mmap_only maps once (the first pass takes the page faults, untimed);
 * open2close times open + mmap + sum + close + munmap every pass, so every
 * pass faults the pages in again. MB/s = SIZE / 10^6 / median pass time.
 * SIZE must not exceed the file. Without FILE a SIZE-byte file of zeros is
 * made in --dir and removed afterwards; its sum must then be 0
 * (self-check, exit 3).
 */
#include "applet.h"
#include "lmbench.h"
#include "lmfile.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#define OPTIONS(O) \
	LMBENCH_OPT_C(O) \
	LMBENCH_OPT_P(O, 1024, "copies at once (processes)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(bw_mmap_rd, OPTIONS);

#define USAGE "bw_mmap_rd [-C] [-P N] [-W US] [-N N] SIZE mmap_only|open2close [FILE]"

struct mrd {
	struct lm_bw	b;
	void		*map;		/* mmap_only: the mapping, kept all along */
};

/* open2close: one pass from open() to munmap(). */
static int mrd_o2c_pass(struct mrd *m)
{
	int fd = open(m->b.file.path, O_RDONLY);
	void *p;

	if (fd < 0)
		return -1;
	p = mmap(NULL, m->b.size, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		close(fd);
		return -1;
	}
	lm_bw_sum(&m->b, p, m->b.size);
	close(fd);
	return munmap(p, m->b.size);
}

static void mrd_body(void *arg, uint64_t iters)
{
	struct mrd *m = arg;

	while (iters-- && !m->b.err) {
		if (m->map)
			lm_bw_sum(&m->b, m->map, m->b.size);
		else if (mrd_o2c_pass(m))
			m->b.err = errno;
	}
}

static const char *const mrd_modes[] = { "mmap_only", "open2close" };
static const char *const mrd_keys[] = { "mo", "o2c" };

/* In each copy: its file (lm_bw_setup), and for mmap_only its mapping. */
static int mrd_setup(void *arg, unsigned idx)
{
	struct mrd *m = arg;
	int rc = lm_bw_setup(&m->b);

	(void)idx;
	if (rc || m->b.mode != 0)
		return rc;
	m->map = mmap(NULL, m->b.size, PROT_READ, MAP_SHARED, m->b.file.fd, 0);
	if (m->map == MAP_FAILED) {
		m->map = NULL;
		m->b.err = errno;
	}
	return EXIT_OK;		/* the error is said by lm_bw_done() */
}

static int mrd_done(void *arg, unsigned idx)
{
	struct mrd *m = arg;

	(void)idx;
	if (m->map)
		munmap(m->map, m->b.size);
	m->map = NULL;
	return lm_bw_done(&m->b);
}

static void mrd_run_body(void *arg, uint64_t iters)
{
	struct mrd *m = arg;

	if (!m->b.err)
		mrd_body(m, iters);
}

static int bw_mmap_rd_run(struct run_ctx *ctx)
{
	struct mrd m = { .b = { .modes = mrd_modes, .keys = mrd_keys } };
	struct lm_copies c = { mrd_setup, mrd_run_body, mrd_done, &m };
	struct bench_stats st;
	int rc = lm_bw_start(ctx, USAGE, 1, &m.b);

	if (rc)
		return rc;
	rc = lm_measure(ctx, m.b.P, &c, &st);
	return lm_bw_finish(ctx, &m.b, rc, &st);
}

TEXT(bw_mmap_rd_summary, "mapped-file read bandwidth (lmbench's bw_mmap_rd)");
TEXT(bw_mmap_rd_usage,
	"usage: " USAGE "\n"
	"\n"
	"Sums the first SIZE bytes of FILE (k = 1024, m = 1048576) through a\n"
	"read-only shared mapping, lmbench's way: mmap_only maps it once,\n"
	"open2close opens, maps, unmaps and closes it every pass (page faults\n"
	"included). Without FILE a file of zeros is made in --dir and removed\n"
	"(its sum must be 0). Prints \"SIZE_MB MB/s\" on stderr (MB = 10^6 bytes);\n"
	"--format gives the common record.\n");

const struct applet applet_bw_mmap_rd = {
	.name    = "bw_mmap_rd",
	.summary = TEXT_PTR(bw_mmap_rd_summary),
	.usage   = TEXT_PTR(bw_mmap_rd_usage),
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.flags   = APPLET_NEEDS_DIR,
	.reps    = 11,			/* lmbench's 11 samples */
	.classic = &emit_lmbench_bw,
	.run     = bw_mmap_rd_run,
};
