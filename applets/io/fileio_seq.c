/* fileio_seq.c - fileio seq: dd-style sequential write, then a cold read
 *
 * SPDX-License-Identifier: MIT
 *
 * For each buffer size BS and each sample: open the file O_WRONLY|O_TRUNC
 * (with O_DIRECT and O_SYNC when asked), write FILESIZE/BS buffers of BS
 * bytes, fsync. The time and the CPU load span the writes and the fsync,
 * not the open and the close: `dd bs=BS conv=fsync` to a new file. Then
 * open it O_RDONLY, make it cold (fio_drop_cache()), check with mincore()
 * how much of it is still cached, and time reading the same bytes back.
 * Each write pass starts from an empty file, so it allocates its blocks as
 * dd to a new file does.
 */
#define _GNU_SOURCE
#include "applet.h"
#include "fileio.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { CACHED_WARN = 10 };	/* % of the file still cached that makes reads suspect */

struct seq {
	const struct fio_opts	*o;
	struct fio_file		f;
	char			*buf;
	uint64_t		size;
	int			wflags, rflags;
	const char		*method;	/* how the last read pass was made cold */
	int			cached;		/* % of the file cached before a read */
	int			cached_max;	/* the same over every buffer size */
	const char		*stage;		/* " while writing", " while reading" */
};

static int seq_write(struct seq *s, size_t bs, struct fio_load *ld)
{
	int fd = open(s->f.path, O_WRONLY | O_TRUNC | O_CLOEXEC | s->wflags), e;

	s->stage = " while writing";
	if (fd < 0)
		return errno;
	e = fio_timed(fd, 1, s->buf, bs, s->size / bs, ld);
	if (close(fd) && !e)
		e = errno;
	return e;
}

static int seq_read(struct seq *s, size_t bs, struct fio_load *ld)
{
	int fd = open(s->f.path, O_RDONLY | O_CLOEXEC | s->rflags), e, pct;

	s->stage = " while reading";
	if (fd < 0)
		return errno;
	s->method = fio_drop_cache(fd, s->o->direct);
	if (!s->o->direct && (pct = fio_cached_pct(fd, s->size / bs * bs)) > s->cached)
		s->cached = pct;
	e = fio_timed(fd, 0, s->buf, bs, s->size / bs, ld);
	close(fd);
	return e;
}

/* Every sample of one buffer size, then its records. */
static int seq_one(struct run_ctx *ctx, struct seq *s, size_t bs, struct fio_guide *g)
{
	const struct fio_opts *o = s->o;
	struct fio_phase w = { 0 }, r = { 0 };
	uint64_t bytes = s->size / bs * bs;
	char params[64], wnote[200], rnote[240];
	struct fio_load ld;
	double mbs, cpu;
	unsigned i;
	int e = 0;

	fio_phase_init(&w, o->samples);
	fio_phase_init(&r, o->samples);
	s->cached = 0;
	for (i = 0; i < o->samples && !e; i++) {
		if (!(e = seq_write(s, bs, &ld)))
			fio_phase_set(&w, i, bytes, &ld);
		if (!e && !(e = seq_read(s, bs, &ld)))
			fio_phase_set(&r, i, bytes, &ld);
	}
	if (!e) {
		snprintf(params, sizeof(params), "bs=%zu%s%s", bs, o->direct ? ",direct=1" : "",
			 o->sync ? ",sync=1" : "");
		snprintf(wnote, sizeof(wnote), "%s%s%s", s->f.fs, *s->f.source ? " " : "",
			 s->f.source);
		snprintf(rnote, sizeof(rnote), "%s, %s", wnote, s->method);
		if (s->cached > CACHED_WARN)
			snprintf(rnote + strlen(rnote), sizeof(rnote) - strlen(rnote),
				 ", %d%% cached", s->cached);
		fio_phase_label(&w, "write", bs, params, wnote, !o->sync, s->size / bs);
		fio_phase_label(&r, "read", bs, params, rnote, !o->sync, s->size / bs);
		fio_phase_report(ctx, &w, &mbs, &cpu);
		fio_guide_set(g, bs, FIO_G_WRITE, mbs);
		fio_guide_set(g, bs, FIO_G_WRITE_CPU, cpu);
		fio_phase_report(ctx, &r, &mbs, &cpu);
		fio_guide_set(g, bs, FIO_G_READ, mbs);
		fio_guide_set(g, bs, FIO_G_READ_CPU, cpu);
	}
	if (s->cached > s->cached_max)
		s->cached_max = s->cached;
	fio_phase_free(&w);
	fio_phase_free(&r);
	return e ? fio_file_error(&s->f, s->stage, e) : EXIT_OK;
}

static void seq_header(const struct seq *s)
{
	char size[32], free[32];

	fio_say("seq: a %s file in %s (%s%s%s, %s free); write()%s + fsync, then reads after %s",
		format_human(s->size, size, sizeof(size)), s->f.dir, s->f.fs,
		*s->f.source ? " " : "", s->f.source, format_human(s->f.free, free, sizeof(free)),
		s->o->direct ? " O_DIRECT" : s->o->sync ? " O_SYNC" : "",
		fio_cache_plan(s->o->direct));
}

int fio_seq_run(struct run_ctx *ctx, const struct fio_opts *o)
{
	struct seq s = { .o = o };
	struct fio_guide g;
	uint64_t maxbs = 0;
	int i, rc;

	for (i = 0; i < o->nbs; i++)
		if (o->bs[i] > maxbs)
			maxbs = o->bs[i];
	if ((rc = fio_file_resolve(ctx, o, &s.f)))
		return rc;
	s.size = o->size ? o->size : fio_default_size(ctx->quick ? 16u << 20 : 1u << 30,
						      s.f.free, maxbs);
	if (s.size < maxbs)
		s.size = maxbs;		/* the smallest file that works: room decides */
	if ((rc = fio_file_room(&s.f, s.size)))
		return rc;
	rc = fio_file_open(&s.f, o->direct ? O_DIRECT : 0, ": run without --direct");
	if (!rc && !(s.buf = fio_buffer(maxbs)))
		rc = EXIT_FAIL;
	s.wflags = (o->direct ? O_DIRECT : 0) | (o->sync ? O_SYNC : 0);
	s.rflags = o->direct ? O_DIRECT : 0;
	if (!rc)
		seq_header(&s);
	fio_guide_init(&g, o->bs, o->nbs);
	for (i = 0; !rc && i < o->nbs; i++)
		rc = seq_one(ctx, &s, o->bs[i], &g);
	if (!rc && s.cached_max > CACHED_WARN)
		warnf("%d%% of the file was still in the page cache before reading (%s keeps "
		      "it there): the read numbers are memory speed", s.cached_max, s.f.fs);
	if (!rc)
		fio_guide_print(ctx, &g);
	free(s.buf);
	fio_file_done(&s.f, rc);
	return rc;
}
