/* fileio_rand.c - fileio rand: random-offset IOPS, throughput and latency
 *
 * SPDX-License-Identifier: MIT
 *
 * The file is written in full first (fallocate() to reserve it, then
 * sequential writes and fsync), as fio lays out its file: reads of blocks
 * never written, or of unwritten extents, would come back as zeros without
 * touching the device. Then, per block size, a read phase and a write
 * phase of -t seconds each: DEPTH threads, each with its own buffer and
 * random generator, do pread() or pwrite() of one block at a uniformly
 * random block-aligned offset, back to back, so DEPTH I/Os are in flight as
 * with fio --iodepth=DEPTH (the engine is threads, not libaio: no library,
 * and it runs under qemu-user). Every I/O is timed with the monotonic clock
 * into the thread's own histogram (no allocation in the loop); the phase's
 * time runs from releasing the threads until the last one has finished, so
 * I/Os in flight at the end count. With --buffered the page cache is
 * dropped before the read phase and the write phase ends with fsync (fio's
 * end_fsync); with O_DIRECT there is nothing to drop and, as fio
 * --direct=1, no fsync.
 */
#define _GNU_SOURCE
#include "applet.h"
#include "fileio.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { FILL_CHUNK = 1 << 20 };

/* Histogram ------------------------------------------------------------- */

unsigned fio_hist_index(uint64_t ns)
{
	unsigned e;

	if (ns < 2 * FIO_HIST_SUB)
		return (unsigned)ns;
	e = 63u - (unsigned)__builtin_clzll(ns);
	return (e - 3) * FIO_HIST_SUB + (unsigned)((ns >> (e - 4)) & (FIO_HIST_SUB - 1));
}

uint64_t fio_hist_low(unsigned idx)
{
	unsigned e = idx / FIO_HIST_SUB + 3, m = idx % FIO_HIST_SUB;

	if (idx < 2 * FIO_HIST_SUB)
		return idx;
	return (uint64_t)(FIO_HIST_SUB + m) << (e - 4);
}

void fio_hist_merge(struct fio_hist *dst, const struct fio_hist *src)
{
	unsigned i;

	for (i = 0; i < FIO_HIST_BUCKETS; i++)
		dst->count[i] += src->count[i];
	dst->n += src->n;
}

double fio_hist_percentile(const struct fio_hist *h, double pct)
{
	uint64_t rank = (uint64_t)ceil(pct / 100 * (double)h->n), sum = 0;
	unsigned i;

	if (!h->n)
		return NAN;
	if (rank < 1)
		rank = 1;
	for (i = 0; i < FIO_HIST_BUCKETS; i++) {
		sum += h->count[i];
		if (sum >= rank) {
			uint64_t lo = fio_hist_low(i);
			uint64_t hi = i + 1 < FIO_HIST_BUCKETS ? fio_hist_low(i + 1) : lo + 1;

			return (double)lo + (double)(hi - lo - 1) / 2;
		}
	}
	return NAN;
}

/* The threads ------------------------------------------------------------ */

struct rand_job;

struct rand_worker {
	struct rand_job	*job;
	pthread_t	th;
	char		*buf;
	uint64_t	rng, ios;
	int		err;
	struct fio_hist	hist;
};

struct rand_job {
	int			fd, write, go, stop;
	size_t			bs;
	uint64_t		nblocks;
	unsigned		n;
	pthread_mutex_t		lock;
	pthread_cond_t		cond;
	struct rand_worker	*w;
};

static uint64_t rand_next(uint64_t *s)		/* xorshift64* */
{
	uint64_t x = *s;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*s = x;
	return x * 0x2545f4914f6cdd1dull;
}

static void *rand_worker(void *arg)
{
	struct rand_worker *w = arg;
	struct rand_job *j = w->job;

	pthread_mutex_lock(&j->lock);
	while (!j->go)
		pthread_cond_wait(&j->cond, &j->lock);
	pthread_mutex_unlock(&j->lock);
	while (!__atomic_load_n(&j->stop, __ATOMIC_RELAXED)) {
		off_t off = (off_t)(rand_next(&w->rng) % j->nblocks * j->bs);
		uint64_t t0 = bench_clock_ns(), t1;
		ssize_t k = j->write ? pwrite(j->fd, w->buf, j->bs, off)
				     : pread(j->fd, w->buf, j->bs, off);

		t1 = bench_clock_ns();
		if (k != (ssize_t)j->bs) {
			w->err = k < 0 ? errno : EIO;
			break;
		}
		fio_hist_add(&w->hist, t1 - t0);
		w->ios++;
	}
	return NULL;
}

static void sleep_s(double secs)
{
	struct timespec ts = { (time_t)secs, (long)((secs - (double)(time_t)secs) * 1e9) };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* One phase: start the threads, release them together, stop them after
 * secs, and sum their counts into *h. 0, or an errno. */
static int rand_phase(struct rand_job *j, double secs, int end_fsync, struct fio_load *ld,
		      struct fio_hist *h)
{
	struct fio_cpu_snap a, b;
	unsigned i, started;
	int e = 0;

	j->go = j->stop = 0;
	for (started = 0; started < j->n; started++) {
		struct rand_worker *w = &j->w[started];

		w->ios = 0;
		w->err = 0;
		memset(&w->hist, 0, sizeof(w->hist));
		if ((e = pthread_create(&w->th, NULL, rand_worker, w)))
			break;
	}
	fio_cpu_snap(&a);
	pthread_mutex_lock(&j->lock);
	j->go = 1;
	pthread_cond_broadcast(&j->cond);
	pthread_mutex_unlock(&j->lock);
	if (!e)
		sleep_s(secs);
	__atomic_store_n(&j->stop, 1, __ATOMIC_RELAXED);
	for (i = 0; i < started; i++)
		pthread_join(j->w[i].th, NULL);
	if (!e && end_fsync && fsync(j->fd))
		e = errno;
	fio_cpu_snap(&b);
	fio_load_between(&a, &b, ld);
	memset(h, 0, sizeof(*h));
	for (i = 0; i < started; i++) {
		fio_hist_merge(h, &j->w[i].hist);
		if (!e)
			e = j->w[i].err;
	}
	return e;
}

/* The run ------------------------------------------------------------------- */

struct rand {
	const struct fio_opts	*o;
	struct fio_file		f;
	uint64_t		size;
	struct rand_job		job;
	char			note[200];
};

/* Reserve and write the whole file, then fsync. 0 or an errno. */
static int rand_fill(int fd, uint64_t size)
{
	char *buf = fio_buffer(FILL_CHUNK);
	uint64_t off;
	int e = 0;

	if (!buf)
		return ENOMEM;
	if (fallocate(fd, 0, 0, (off_t)size) && errno == ENOSPC)
		e = ENOSPC;
	for (off = 0; off < size && !e; off += FILL_CHUNK)
		e = fio_transfer(fd, buf, size - off < FILL_CHUNK ? (size_t)(size - off)
								     : FILL_CHUNK, 1);
	if (!e && fsync(fd))
		e = errno;
	free(buf);
	return e;
}

static void rand_report(struct run_ctx *ctx, struct rand *r, const char *test, size_t bs,
			const struct fio_load *ld, const struct fio_hist *h, struct fio_guide *g)
{
	const struct fio_opts *o = r->o;
	struct fio_phase p = { 0 };
	struct fio_series one;
	char params[64], name[48];
	double v, mbs, cpu;

	snprintf(params, sizeof(params), "bs=%zu,depth=%u%s", bs, o->depth,
		 o->direct ? "" : ",buffered=1");
	fio_phase_init(&p, 1);
	fio_phase_label(&p, test, bs, params, r->note, o->depth == 4 && o->direct, h->n);
	fio_phase_set(&p, 0, h->n * bs, ld);
	fio_phase_report(ctx, &p, &mbs, &cpu);
	fio_guide_set(g, bs, strcmp(test, "randread") ? FIO_G_WRITE : FIO_G_READ, mbs);
	fio_guide_set(g, bs, strcmp(test, "randread") ? FIO_G_WRITE_CPU : FIO_G_READ_CPU, cpu);
	one = (struct fio_series){ &v, 1 };
	v = ld->secs > 0 ? (double)h->n / ld->secs : NAN;
	snprintf(name, sizeof(name), "%s-iops", test);
	fio_report_series(ctx, &p, name, UNIT_IOPS, 1, &one);
	v = fio_hist_percentile(h, 50) / 1000;
	snprintf(name, sizeof(name), "%s-p50", test);
	fio_report_series(ctx, &p, name, UNIT_US, -1, &one);
	v = fio_hist_percentile(h, 99) / 1000;
	snprintf(name, sizeof(name), "%s-p99", test);
	fio_report_series(ctx, &p, name, UNIT_US, -1, &one);
	fio_phase_free(&p);
}

/* Both phases at one block size. */
static int rand_one(struct run_ctx *ctx, struct rand *r, size_t bs, struct fio_guide *g)
{
	const struct fio_opts *o = r->o;
	struct rand_job *j = &r->job;
	struct fio_hist *h = xcalloc(1, sizeof(*h));
	struct fio_load ld;
	int e = 0;

	j->bs = bs;
	j->nblocks = r->size / bs;
	if (o->reads) {
		j->write = 0;
		if (!o->direct)
			fio_drop_cache(j->fd, 0);
		if (!(e = rand_phase(j, o->secs, 0, &ld, h)))
			rand_report(ctx, r, "randread", bs, &ld, h, g);
	}
	if (o->writes && !e) {
		j->write = 1;
		if (!(e = rand_phase(j, o->secs, !o->direct, &ld, h)))
			rand_report(ctx, r, "randwrite", bs, &ld, h, g);
	}
	free(h);
	return e;
}

static int rand_start(struct run_ctx *ctx, struct rand *r, uint64_t maxbs)
{
	const struct fio_opts *o = r->o;
	unsigned i;
	int rc;

	if ((rc = fio_file_resolve(ctx, o, &r->f)))
		return rc;
	r->size = o->size ? o->size : fio_default_size(ctx->quick ? 32u << 20 : 256u << 20,
						      r->f.free, maxbs);
	if (r->size < maxbs)
		r->size = maxbs;
	r->size = r->size / FIO_SECTOR * FIO_SECTOR;
	if ((rc = fio_file_room(&r->f, r->size)) ||
	    (rc = fio_file_open(&r->f, o->direct ? O_DIRECT : 0,
				": --buffered measures through the page cache")))
		return rc;
	r->job.fd = open(r->f.path, O_RDWR | O_CLOEXEC | (o->direct ? O_DIRECT : 0));
	if (r->job.fd < 0)
		return fio_file_error(&r->f, "", errno);
	r->job.n = o->depth;
	r->job.w = xcalloc(o->depth, sizeof(*r->job.w));
	for (i = 0; i < o->depth; i++) {
		struct rand_worker *w = &r->job.w[i];

		w->job = &r->job;
		w->rng = (bench_clock_ns() ^ ((i + 1) * 0x9e3779b97f4a7c15ull)) | 1;
		if (!(w->buf = fio_buffer(maxbs)))
			return EXIT_FAIL;
	}
	return EXIT_OK;
}

static void rand_header(struct rand *r)
{
	const struct fio_opts *o = r->o;
	char size[32], free[32];

	snprintf(r->note, sizeof(r->note), "%s%s%s, engine: threads, %s", r->f.fs,
		 *r->f.source ? " " : "", r->f.source, o->direct ? "O_DIRECT" : "buffered");
	fio_say("rand: a %s file in %s (%s%s%s, %s free), written first; %u threads of "
		"pread/pwrite (engine: threads), %s, %g s per phase", format_human(r->size, size,
		sizeof(size)), r->f.dir, r->f.fs, *r->f.source ? " " : "", r->f.source,
		format_human(r->f.free, free, sizeof(free)), o->depth,
		o->direct ? "O_DIRECT" : "buffered", o->secs);
}

int fio_rand_run(struct run_ctx *ctx, const struct fio_opts *o)
{
	struct rand r = { .o = o, .job = { .fd = -1 } };
	struct fio_guide g;
	uint64_t maxbs = 0;
	unsigned i;
	int rc, e;

	for (i = 0; i < (unsigned)o->nbs; i++)
		if (o->bs[i] > maxbs)
			maxbs = o->bs[i];
	pthread_mutex_init(&r.job.lock, NULL);
	pthread_cond_init(&r.job.cond, NULL);
	rc = rand_start(ctx, &r, maxbs);
	if (!rc) {
		rand_header(&r);
		if ((e = rand_fill(r.job.fd, r.size)))
			rc = fio_file_error(&r.f, " while writing it", e);
	}
	fio_guide_init(&g, o->bs, o->nbs);
	for (i = 0; !rc && i < (unsigned)o->nbs; i++)
		if ((e = rand_one(ctx, &r, o->bs[i], &g)))
			rc = fio_file_error(&r.f, " during the random I/O", e);
	if (!rc)
		fio_guide_print(ctx, &g);
	if (r.job.fd >= 0)
		close(r.job.fd);
	for (i = 0; r.job.w && i < o->depth; i++)
		free(r.job.w[i].buf);
	free(r.job.w);
	fio_file_done(&r.f, rc);
	return rc;
}
