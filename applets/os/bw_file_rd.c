/* bw_file_rd.c - file read bandwidth, lmbench's bw_file_rd method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's bw_file_rd from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). One iteration
 * reads the first SIZE bytes of FILE with read()s of 64 KiB (SIZE when
 * smaller) into one page-aligned buffer, and after each read sums the bytes
 * just read with scalar long loads unrolled 128 times (lmbench's "bread").
 * io_only opens the file once and seeks to 0 before every pass; open2close
 * also times open() and close() every pass. So this is mostly page-cache
 * copy bandwidth plus the sum. MB/s = SIZE / 10^6 / median pass time.
 * Without FILE a SIZE-byte file of zeros is made in --dir and removed
 * afterwards; its sum must then come out 0 and every read must return what
 * was asked (self-check, exit 3).
 */
#include "applet.h"
#include "lmbench.h"
#include "lmfile.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#define OPTIONS(O) \
	LMBENCH_OPT_C(O) \
	LMBENCH_OPT_P(O, 1024, "copies at once (processes)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(bw_file_rd, OPTIONS);

enum { XFER = 64 * 1024, MIN_SIZE = 512 };

#define USAGE "bw_file_rd [-C] [-P N] [-W US] [-N N] SIZE io_only|open2close [FILE]"

struct frd {
	struct lm_bw	b;
	char		*buf;
};

/* Read the first size bytes from fd in XFER pieces, summing each piece. */
static void frd_pass(struct frd *r, int fd)
{
	size_t left = r->b.size;

	while (left) {
		ssize_t k = read(fd, r->buf, left < XFER ? left : XFER);

		if (k <= 0) {
			r->b.err = k < 0 ? errno : ENODATA;
			return;
		}
		lm_bw_sum(&r->b, r->buf, (size_t)k);
		left -= (size_t)k;
	}
}

static void frd_body(void *arg, uint64_t iters)
{
	struct frd *r = arg;
	int o2c = r->b.mode == 1;

	while (iters-- && !r->b.err) {
		int fd = o2c ? open(r->b.file.path, O_RDONLY) : r->b.file.fd;

		if (fd < 0 || (!o2c && lseek(fd, 0, SEEK_SET) < 0)) {
			r->b.err = errno;
			return;
		}
		frd_pass(r, fd);
		if (o2c)
			close(fd);
	}
}

static const char *const frd_modes[] = { "io_only", "open2close" };
static const char *const frd_keys[] = { "io", "o2c" };

static int frd_setup(void *arg, unsigned idx)
{
	struct frd *r = arg;

	(void)idx;
	return lm_bw_setup(&r->b);
}

static int frd_done(void *arg, unsigned idx)
{
	struct frd *r = arg;

	(void)idx;
	return lm_bw_done(&r->b);
}

static int bw_file_rd_run(struct run_ctx *ctx)
{
	struct frd r = { .b = { .modes = frd_modes, .keys = frd_keys } };
	struct lm_copies c = { frd_setup, frd_body, frd_done, &r };
	struct bench_stats st;
	int rc = lm_bw_start(ctx, USAGE, MIN_SIZE, &r.b);

	if (rc)
		return rc;
	r.buf = aligned_alloc(4096, XFER);
	if (!r.buf) {
		errorf("out of memory");
		rc = EXIT_FAIL;
	} else {
		rc = lm_measure(ctx, r.b.P, &c, &st);
	}
	free(r.buf);
	return lm_bw_finish(ctx, &r.b, rc, &st);
}

TEXT(bw_file_rd_summary, "file read bandwidth (lmbench's bw_file_rd)");
TEXT(bw_file_rd_usage,
	"usage: " USAGE "\n"
	"\n"
	"Reads the first SIZE bytes of FILE (at least 512; k = 1024, m = 1048576)\n"
	"in 64 KiB read()s and sums them, lmbench's way: io_only keeps the file\n"
	"open, open2close times open() and close() too. Without FILE a file of\n"
	"zeros is made in --dir and removed (its sum must be 0). The pages come\n"
	"from the page cache: this is not disk bandwidth. Prints \"SIZE_MB MB/s\"\n"
	"on stderr (MB = 10^6 bytes); --format gives the common record.\n");

const struct applet applet_bw_file_rd = {
	.name    = "bw_file_rd",
	.summary = TEXT_PTR(bw_file_rd_summary),
	.usage   = TEXT_PTR(bw_file_rd_usage),
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.flags   = APPLET_NEEDS_DIR,
	.reps    = 11,			/* lmbench's 11 samples */
	.classic = &emit_lmbench_bw,
	.run     = bw_file_rd_run,
};
