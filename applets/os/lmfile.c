/* lmfile.c - the file, the sum and the output lines that lmbench's
 * file-system and VM applets share (see lmfile.h)
 *
 * SPDX-License-Identifier: MIT
 *
 * The output lines follow lmbench's published formats: sizes in 10^6 bytes
 * (so 1M prints 1.05), latencies in microseconds; the bandwidth line is
 * src/lmbench.c's, which bw_mem's is too. A file made here is filled with zeros, written through
 * and synced (it is then in the page cache, as lmbench's file is after its
 * script writes it), and removed at the end, at exit and on any fatal
 * signal that can be caught (src/scratch.h). It is written only when the
 * directory has room for it with scratch_room()'s margin, else the run
 * skips (exit 77) saying how much is needed and how much is free.
 */
#include "lmfile.h"
#include "applet.h"
#include "lmbench.h"
#include "scratch.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static void micromb_record(struct emit_out *o, const struct result *r)
{
	fprintf(o->f, "%.6f ", r->x / 1e6);
	fprintf(o->f, r->value < 10 ? "%.3f\n" : "%.0f\n", r->value);
}

/* The create record opens a line (kept in o->group), its delete record
 * ends it. */
static void fs_record(struct emit_out *o, const struct result *r)
{
	if (!strcmp(r->test, "create")) {
		snprintf(o->group, sizeof(o->group), "%luk\t%lu\t%.0f",
			 (unsigned long)(r->x / 1024), (unsigned long)r->iters, r->value);
	} else if (o->group[0]) {
		fprintf(o->f, "%s\t%.0f\n", o->group, r->value);
		o->group[0] = 0;
	}
}

const struct emitter emit_lm_micromb = {
	"lmbench", 1, NULL, micromb_record, NULL,
};
const struct emitter emit_lm_fs = { "lmbench", 1, NULL, fs_record, NULL };

enum { BREAD_UNROLL = 128 };

/* lmbench's bread: each block of 128 longs is added up in one chain of its
 * own and the block's sum is added to the total once per block, so an
 * out-of-order core overlaps the chains of neighbouring blocks (lmbench
 * writes the block as one signed expression). The sum here is unsigned, as
 * any file's data may be summed and must wrap, and GCC would regroup and
 * vectorise unsigned adds: the empty asm after each add keeps them one
 * after another, each a load-and-add as lmbench's compiled code has. */
long lm_bread(const void *buf, size_t n)
{
	const long *p = buf;
	const unsigned char *c;
	size_t blocks = n / (BREAD_UNROLL * sizeof(long)), i;
	unsigned long s = 0;

	for (i = 0; i < blocks; i++, p += BREAD_UNROLL) {
		unsigned long b = (unsigned long)p[0];
		unsigned j;

#pragma GCC unroll 128
		for (j = 1; j < BREAD_UNROLL; j++) {
			b += (unsigned long)p[j];
			__asm__("" : "+r"(b));
		}
		s += b;
	}
	for (i = blocks * BREAD_UNROLL * sizeof(long); i + sizeof(long) <= n; i += sizeof(long))
		s += (unsigned long)*p++;
	for (c = (const unsigned char *)p; i < n; i++)
		s += *c++;
	return (long)s;
}

void lm_permute(uint32_t *v, uint32_t n, uint64_t seed)
{
	uint64_t x = seed ? seed : 0x9e3779b97f4a7c15ull;
	uint32_t i;

	for (i = 0; i < n; i++)
		v[i] = i;
	for (i = n; i > 1; i--) {
		uint32_t j, tmp;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		j = (uint32_t)(x % i);
		tmp = v[i - 1];
		v[i - 1] = v[j];
		v[j] = tmp;
	}
}

int lm_size_arg(const char *word, uint64_t min, const char *min_text, uint64_t *out)
{
	if (parse_size(word, out) || *out > (uint64_t)SIZE_MAX / 2) {
		errorf("SIZE: '%s' is not a byte count (e.g. 512, 64k, 1m)", word);
		return -1;
	}
	if (*out < min) {
		errorf("SIZE: '%s' is below the minimum of %s", word, min_text);
		return -1;
	}
	return 0;
}

static int user_file(const char *path, uint64_t need, int flags, struct lm_file *f)
{
	struct stat st;

	snprintf(f->path, sizeof(f->path), "%s", path);
	f->fd = open(path, flags | O_CLOEXEC);
	if (f->fd < 0) {
		errorf("FILE: cannot open '%s': %s", path, strerror(errno));
		return EXIT_FAIL;
	}
	if (fstat(f->fd, &st)) {
		errorf("FILE: cannot stat '%s': %s", path, strerror(errno));
		return EXIT_FAIL;
	}
	f->size = (uint64_t)st.st_size;
	if (!S_ISREG(st.st_mode) || f->size < need) {
		errorf("FILE: '%s' is %s%llu bytes; at least %llu are needed", path,
		       S_ISREG(st.st_mode) ? "" : "not a regular file, ",
		       (unsigned long long)f->size, (unsigned long long)need);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Make f a new scratch file in dir with room for size bytes: EXIT_OK, or
 * the status with the problem said ("skipped: ..." where the directory
 * cannot take it). */
static int scratch_new(const char *dir, const char *tag, uint64_t size, struct lm_file *f)
{
	f->fd = scratch_file(dir, tag, 0, f->path, sizeof(f->path));
	if (f->fd < 0) {
		int e = errno;

		f->path[0] = 0;
		errorf("%scannot create a file in %s: %s", scratch_cannot(e) ? "skipped: " : "",
		       dir, strerror(e));
		return scratch_cannot(e) ? EXIT_SKIP : EXIT_FAIL;
	}
	f->scratch = 1;
	f->size = size;
	return scratch_room(dir, size, NULL) ? EXIT_SKIP : EXIT_OK;
}

static int write_failed(int e, uint64_t size, const char *dir)
{
	errorf("%scannot write %llu bytes in %s: %s", scratch_cannot(e) ? "skipped: " : "",
	       (unsigned long long)size, dir, strerror(e));
	return scratch_cannot(e) ? EXIT_SKIP : EXIT_FAIL;
}

/* The file lmbench's own driver would hand lat_pagefault and lat_mmap:
 * written by lmdd, 8 KiB a write. How a file was written sets the size of
 * the page cache's folios that hold it, and with them how many pages one
 * fault maps: on Linux 6.18 and ext4 here, 0.25 us a page for a file
 * written 4 KiB a write, 0.175 for 8 KiB, 0.080 for 64 KiB, 0.009 for one
 * 8 MiB write, the same for lmbench's lat_pagefault and ours. */
static int scratch_zeros(const char *dir, const char *tag, uint64_t size, struct lm_file *f)
{
	int rc = scratch_new(dir, tag, size, f);

	if (!rc && scratch_fill(f->fd, size, 0, 8192))
		rc = write_failed(errno, size, dir);
	return rc;
}

/* Copy size bytes of from to fd, then seek fd to 0: 0, or an errno value
 * (ENODATA: from is shorter). */
static int copy_all(int from, int fd, uint64_t size)
{
	char buf[16384];
	uint64_t at = 0;

	while (at < size) {
		size_t want = size - at < sizeof(buf) ? (size_t)(size - at) : sizeof(buf), done;
		ssize_t k = pread(from, buf, want, (off_t)at);

		if (k <= 0)
			return k ? errno : ENODATA;
		for (done = 0; done < (size_t)k; ) {
			ssize_t w = write(fd, buf + done, (size_t)k - done);

			if (w < 0 && errno != EINTR)
				return errno;
			done += w > 0 ? (size_t)w : 0;
		}
		at += (uint64_t)k;
	}
	return lseek(fd, 0, SEEK_SET) < 0 ? errno : 0;
}

int lm_file_clone(struct run_ctx *ctx, struct lm_file *f, struct lm_file *saved)
{
	const char *dir = scratch_dir(ctx->dir);
	int rc, e;

	*saved = *f;
	memset(f, 0, sizeof(*f));
	rc = scratch_new(dir, ctx->applet->name, saved->size, f);
	if (!rc && (e = copy_all(saved->fd, f->fd, saved->size)) != 0) {
		if (e != ENODATA)
			return write_failed(e, saved->size, dir);
		errorf("FILE: '%s' became shorter than %llu bytes", saved->path,
		       (unsigned long long)saved->size);
		rc = EXIT_FAIL;
	}
	return rc;
}

void lm_file_unclone(struct lm_file *f, struct lm_file *saved)
{
	lm_file_put(f);
	*f = *saved;
	saved->fd = -1;
	saved->path[0] = 0;
}

int lm_file_get(struct run_ctx *ctx, const char *user, const char *tag, uint64_t need,
		uint64_t make, int flags, struct lm_file *f)
{
	int rc;

	memset(f, 0, sizeof(*f));
	f->fd = -1;
	rc = user ? user_file(user, need, flags, f)
		  : scratch_zeros(scratch_dir(ctx->dir), tag, make, f);
	if (rc)
		lm_file_put(f);
	return rc;
}

void lm_file_put(struct lm_file *f)
{
	if (f->fd >= 0)
		close(f->fd);
	f->fd = -1;
	if (f->scratch && f->path[0])
		scratch_remove(f->path);
	f->scratch = 0;
}

void lm_mark(const struct run_ctx *ctx, struct result *r, const char *wrong)
{
	if (ctx->quick)
		r->flags |= RESULT_SHORT;
	if (wrong) {
		r->flags |= RESULT_FAILED;
		r->note = wrong;
	}
}

int lm_verdict(const char *wrong)
{
	if (!wrong)
		return EXIT_OK;
	errorf("self-check failed: %s", wrong);
	return EXIT_WRONG;
}

int lm_bw_start(struct run_ctx *ctx, const char *usage, uint64_t min, struct lm_bw *b)
{
	char min_text[32];
	uint64_t size;
	int rc;

	b->ctx = ctx;
	b->P = lmbench_opts(ctx);
	b->clone = optk_given(ctx, CLONE);
	b->orig.fd = -1;
	if (ctx->argc < 2 || ctx->argc > 3) {
		errorf("usage: %s", usage);
		return EXIT_USAGE;
	}
	snprintf(min_text, sizeof(min_text), "%llu bytes", (unsigned long long)min);
	if (lm_size_arg(ctx->argv[0], min, min_text, &size))
		return EXIT_USAGE;
	b->size = (size_t)size;
	for (b->mode = 0; b->mode < 2 && strcmp(ctx->argv[1], b->modes[b->mode]); b->mode++)
		;
	if (b->mode == 2) {
		errorf("'%s' is not %s or %s", ctx->argv[1], b->modes[0], b->modes[1]);
		return EXIT_USAGE;
	}
	rc = lm_file_get(ctx, ctx->argc == 3 ? ctx->argv[2] : NULL, ctx->applet->name, size,
			 size, O_RDONLY, &b->file);
	b->zeros = b->file.scratch;
	return rc;
}

int lm_bw_setup(struct lm_bw *b)
{
	int fd;

	if (b->clone)
		return lm_file_clone(b->ctx, &b->file, &b->orig);
	if (b->P == 1)
		return EXIT_OK;
	fd = open(b->file.path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		errorf("FILE: cannot open '%s': %s", b->file.path, strerror(errno));
		return EXIT_FAIL;
	}
	close(b->file.fd);
	b->file.fd = fd;
	return EXIT_OK;
}

int lm_bw_done(struct lm_bw *b)
{
	int short_read = b->err == ENODATA;
	int rc = lm_copy_status(short_read ? -1 : b->err, b->zeros && b->nonzero, "%s%s",
				b->file.path, short_read ? ": short read" : "");

	if (b->clone)
		lm_file_unclone(&b->file, &b->orig);
	return rc;
}

void lm_bw_sum(struct lm_bw *b, const void *p, size_t n)
{
	long sum = lm_bread(p, n);

	bench_keep_u64((uint64_t)sum);
	b->nonzero |= sum != 0;
}

int lm_bw_finish(struct run_ctx *ctx, struct lm_bw *b, int rc, const struct bench_stats *st)
{
	struct result r = { 0 };
	char params[64], metric[64], sz[24];
	size_t n;

	lm_file_put(&b->file);
	if (rc && rc != EXIT_WRONG)
		return rc;
	n = (size_t)snprintf(params, sizeof(params), "size=%s%s",
			     format_size(b->size, sz, sizeof(sz)), b->clone ? ",clone" : "");
	if (b->P > 1)
		snprintf(params + n, sizeof(params) - n, ",P=%u", b->P);
	snprintf(metric, sizeof(metric), "%s-%s-1mb", ctx->applet->name, b->keys[b->mode]);
	r.test = b->modes[b->mode];
	r.params = params;
	r.unit = UNIT_MB_S;
	r.x = (double)b->size;
	r.metric = b->size == 1 << 20 && b->P == 1 ? metric : NULL;
	lm_mark(ctx, &r, rc == EXIT_WRONG ? "the sum of a file of zeros was not 0" : NULL);
	emit_rate(ctx, r, st, (double)b->size * b->P / 1e6);
	return lm_verdict(r.note);
}
