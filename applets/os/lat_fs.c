/* lat_fs.c - file creates and deletes per second, lmbench's lat_fs method
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_fs from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). For each SIZE a
 * new directory is made in DIR and a sample handles n files in a tree under
 * it, at most MAXPERDIR entries a directory (the directories are made
 * untimed). Create pass: per file creat(0666), SIZE bytes written in pieces
 * of at most 128 KiB, close. Delete pass: unlink of the same files. lmbench
 * times the two in separate runs, removing and re-creating the files
 * untimed in between; here the delete pass follows the create pass at once,
 * which leaves the file system in the same state and halves the run time.
 * n is raised until a create pass lasts --min-time, then fixed; the results
 * are medians over --reps samples, in files per second (rate = n / pass
 * time), with n, the files per interval, in the record's iters.
 */
#include "applet.h"
#include "lmbench.h"
#include "lmfile.h"
#include "scratch.h"
#include "stats.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define OPTIONS(O) \
	O(SIZE, "size", OPT_STR, "bytes per file (k = 1024)", .letter = 's', \
	  .def = "0,1k,4k,10k", .metavar = "SIZE[,SIZE...]") \
	O(PER_DIR, "per-dir", OPT_INT, "entries per directory at most", .letter = 'n', \
	  .def = "100", .min = 10, .max = 1000000) \
	LMBENCH_OPT_P(O, 1024, "copies at once (processes)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_fs, OPTIONS);

enum { MAX_SIZES = 16, PIECE = 128 * 1024, MAX_FILES = 1 << 20 };

#define USAGE "lat_fs [-s SIZE[,SIZE...]] [-n MAXPERDIR] [-P N] [-W US] [-N N] [DIR]"

/* ---- names: an odometer of fixed-width decimal components ---- */

static void put_component(struct lm_fs_names *nm, unsigned k)
{
	char *p = nm->path + nm->base + k * (nm->width + 1);
	unsigned v = nm->dig[k], i;

	for (i = nm->width; i > 0; i--) {
		p[i - 1] = (char)('0' + v % 10);
		v /= 10;
	}
}

void lm_fs_names_rewind(struct lm_fs_names *nm)
{
	unsigned k;

	for (k = 0; k < nm->depth; k++) {
		nm->dig[k] = 0;
		put_component(nm, k);
	}
}

int lm_fs_names_init(struct lm_fs_names *nm, const char *root, unsigned per_dir, uint64_t n)
{
	uint64_t v;
	size_t len = strlen(root), k;

	memset(nm, 0, sizeof(*nm));
	if (per_dir < 2)
		return -1;
	nm->per_dir = per_dir;
	for (v = per_dir - 1; v; v /= 10)
		nm->width++;
	for (v = n > 1 ? n - 1 : 1; v; v /= per_dir)
		nm->depth++;
	if (nm->depth > LM_FS_MAXDEPTH ||
	    len + 1 + nm->depth * (nm->width + 1) >= sizeof(nm->path))
		return -1;
	memcpy(nm->path, root, len);
	nm->path[len] = '/';
	nm->base = len + 1;
	for (k = 1; k < nm->depth; k++)
		nm->path[nm->base + k * (nm->width + 1) - 1] = '/';
	nm->path[nm->base + nm->depth * (nm->width + 1) - 1] = 0;
	lm_fs_names_rewind(nm);
	return 0;
}

int lm_fs_names_next(struct lm_fs_names *nm)
{
	unsigned k = nm->depth;

	while (k-- > 0) {
		if (++nm->dig[k] < nm->per_dir) {
			put_component(nm, k);
			return k + 1 < nm->depth;
		}
		nm->dig[k] = 0;
		put_component(nm, k);
	}
	return 1;
}

/* ---- one size: the tree, the two passes, the samples ---- */

struct fs {
	struct lm_fs_names	nm;
	const char		*dir;		/* where root is made (DIR, --dir) */
	const char		*root;
	unsigned		per_dir;
	size_t			size;		/* bytes per file */
	char			*buf;		/* PIECE bytes of zeros */
	int			err;		/* errno of the first failure */
	int			said;		/* and its message is out */
};

/* mkdir each directory on the current name's path (they may exist). */
static int fs_mkdirs(struct fs *f)
{
	struct lm_fs_names *nm = &f->nm;
	unsigned k;

	for (k = 1; k < nm->depth; k++) {
		char *slash = nm->path + nm->base + k * (nm->width + 1) - 1;
		int bad;

		*slash = 0;
		bad = mkdir(nm->path, 0700) && errno != EEXIST;
		*slash = '/';
		if (bad) {
			f->err = errno;
			return -1;
		}
	}
	return 0;
}

/* Names for n files, and their directories (untimed). */
static int fs_prepare(struct fs *f, uint64_t n)
{
	uint64_t i;

	if (scratch_room(f->dir, n * f->size, NULL)) {	/* n files of size at once */
		f->err = errno;
		f->said = 1;
		return -1;
	}
	if (lm_fs_names_init(&f->nm, f->root, f->per_dir, n)) {
		f->err = ENAMETOOLONG;
		return -1;
	}
	for (i = 0; i < n; i++)
		if ((i == 0 || lm_fs_names_next(&f->nm)) && fs_mkdirs(f))
			return -1;
	lm_fs_names_rewind(&f->nm);
	return 0;
}

static int fs_write(struct fs *f, int fd)
{
	size_t left = f->size;

	while (left) {
		ssize_t k = write(fd, f->buf, left < PIECE ? left : PIECE);

		if (k <= 0) {
			f->err = k < 0 ? errno : ENOSPC;
			return -1;
		}
		left -= (size_t)k;
	}
	return 0;
}

static int fs_create(struct fs *f, uint64_t n)
{
	for (lm_fs_names_rewind(&f->nm); n--; lm_fs_names_next(&f->nm)) {
		int fd = creat(f->nm.path, 0666);

		if (fd < 0) {
			f->err = errno;
			return -1;
		}
		if (fs_write(f, fd) | close(fd)) {
			if (!f->err)
				f->err = errno;
			return -1;
		}
	}
	return 0;
}

static int fs_delete(struct fs *f, uint64_t n)
{
	for (lm_fs_names_rewind(&f->nm); n--; lm_fs_names_next(&f->nm))
		if (unlink(f->nm.path)) {
			f->err = errno;
			return -1;
		}
	return 0;
}

/* One sample: create n files, delete them; each pass's time in ns. */
static int fs_sample(struct fs *f, uint64_t (*clk)(void), uint64_t n, double *c, double *d)
{
	uint64_t t0 = clk(), t1, t2;

	if (fs_create(f, n))
		return -1;
	t1 = clk();
	if (fs_delete(f, n))
		return -1;
	t2 = clk();
	*c = (double)(t1 - t0);
	*d = (double)(t2 - t1);
	return 0;
}

/* Per-file times v[0..k) (ns) into a bench_stats of n files a sample. */
static void fs_stats(const struct bench_opts *o, double *v, unsigned k, uint64_t n,
		     unsigned flags, struct bench_stats *st)
{
	struct stats s;

	stats_compute(v, k, &s);
	if (k > 1 && s.median > 0 && (s.max - s.min) / s.median > o->noisy)
		flags |= BENCH_NOISY;
	*st = (struct bench_stats){
		.iters = n, .n = k, .flags = flags,
		.min_ns = s.min, .median_ns = s.median, .max_ns = s.max,
		.mean_ns = s.mean, .stddev_ns = s.stddev,
		.clock_res_ns = bench_clock_info()->res_ns,
	};
}

/* Raise n until a create pass lasts min_sample_s (as bench_measure does). */
static int fs_calibrate(const struct bench_opts *o, struct fs *f, uint64_t (*clk)(void),
			uint64_t start, uint64_t *n, unsigned *flags)
{
	double c, d;

	for (*n = 1;; *n = bench_next_iters(*n, c / 1e9, o->min_sample_s)) {
		if (*n > MAX_FILES)
			*n = MAX_FILES;
		if (fs_prepare(f, *n) || fs_sample(f, clk, *n, &c, &d))
			return -1;
		if (c >= o->min_sample_s * 1e9)
			return 0;
		if ((double)(clk() - start) > o->budget_s * 1e9) {
			*flags |= BENCH_BUDGET;
			return 0;
		}
		if (*n == MAX_FILES) {
			*flags |= BENCH_TOO_FAST;
			return 0;
		}
	}
}

static int fs_measure(const struct bench_opts *o, struct fs *f, struct bench_stats *cst,
		      struct bench_stats *dst)
{
	uint64_t (*clk)(void) = o->clock_ns ? o->clock_ns : bench_clock_ns;
	uint64_t start = clk(), n;
	unsigned want = o->samples ? o->samples : 1, flags = 0, k;
	double *vc = xcalloc(want, sizeof(*vc)), *vd = xcalloc(want, sizeof(*vd)), c, d;
	int rc = fs_calibrate(o, f, clk, start, &n, &flags);

	for (k = 0; !rc && k < o->warmup && !(flags & BENCH_BUDGET); k++)
		rc = fs_sample(f, clk, n, &c, &d);
	for (k = 0; !rc && k < want; k++) {
		if (k > 0 && (double)(clk() - start) > o->budget_s * 1e9) {
			flags |= BENCH_BUDGET;
			break;
		}
		rc = fs_sample(f, clk, n, &vc[k], &vd[k]);
		vc[k] /= (double)n;
		vd[k] /= (double)n;
	}
	if (!rc) {
		fs_stats(o, vc, k, n, flags, cst);
		fs_stats(o, vd, k, n, flags, dst);
	}
	free(vc);
	free(vd);
	return rc;
}

/* ---- the applet ---- */

static void fs_report(struct run_ctx *ctx, size_t size, unsigned P, const struct bench_stats *c,
		      const struct bench_stats *d)
{
	struct result r = { 0 };
	char params[48];
	int n;

	if (size % 1024)
		n = snprintf(params, sizeof(params), "size=%zu", size);
	else
		n = snprintf(params, sizeof(params), "size=%zuk", size / 1024);
	if (P > 1)
		snprintf(params + n, sizeof(params) - (size_t)n, ",P=%u", P);
	r.params = params;
	r.unit = UNIT_OPS_S;
	r.x = (double)size;
	r.note = "files per second; iters = files per sample";
	if (ctx->quick)
		r.flags |= RESULT_SHORT;
	r.test = "create";
	emit_rate(ctx, r, c, 1);
	r.test = "delete";
	emit_rate(ctx, r, d, 1);
}

/* One size in its own scratch directory under dir; EXIT_OK with c and d
 * filled, or the status with the problem said. */
static int fs_one(struct run_ctx *ctx, const char *dir, struct fs *f, struct bench_stats *c,
		  struct bench_stats *d)
{
	char root[4096];

	f->err = 0;
	f->said = 0;
	f->dir = dir;
	if (scratch_mkdir(dir, "lat_fs", root, sizeof(root))) {
		f->err = errno;
		root[0] = 0;
	} else {
		f->root = root;
		if (fs_measure(&ctx->bench, f, c, d) && !f->err)
			f->err = EIO;
		scratch_remove(root);
	}
	if (!f->err)
		return EXIT_OK;
	if (scratch_cannot(f->err)) {
		if (!f->said)
			errorf("skipped: %s: %s", dir, strerror(f->err));
		return EXIT_SKIP;
	}
	errorf("%s: %s", root[0] ? root : dir, strerror(f->err));
	return EXIT_FAIL;
}

/* -P: what each copy found, in memory the copies share with us. */
struct fs_out {
	int			rc;
	struct bench_stats	c, d;
};

struct fs_copies {
	struct run_ctx	*ctx;
	const char	*dir;
	struct fs	*f;
	struct fs_out	*out;
};

/* A copy: the whole measurement of one size, in a directory of its own. */
static void fs_copy_work(void *arg, unsigned idx, uint64_t iters)
{
	struct fs_copies *k = arg;
	struct fs_out *o = &k->out[idx];

	(void)iters;
	o->rc = fs_one(k->ctx, k->dir, k->f, &o->c, &o->d);
}

/* The copies' results as one: the median of their medians, the lowest
 * minimum, the highest maximum (per copy, as lmbench reports). */
static void fs_merge(const struct fs_out *out, unsigned P, int delete, struct bench_stats *st)
{
	double *med = xcalloc(P, sizeof(*med));
	const struct bench_stats *one;
	struct stats s;
	unsigned i;

	*st = delete ? out[0].d : out[0].c;
	for (i = 0; i < P; i++) {
		one = delete ? &out[i].d : &out[i].c;
		med[i] = one->median_ns;
		st->min_ns = one->min_ns < st->min_ns ? one->min_ns : st->min_ns;
		st->max_ns = one->max_ns > st->max_ns ? one->max_ns : st->max_ns;
		st->flags |= one->flags;
	}
	stats_compute(med, P, &s);
	st->median_ns = s.median;
	free(med);
}

/* P copies (forked processes) measure at once. */
static int fs_parallel(struct run_ctx *ctx, const char *dir, struct fs *f, unsigned P,
		       struct bench_stats *c, struct bench_stats *d)
{
	size_t len = P * sizeof(struct fs_out);
	struct fs_copies k = { ctx, dir, f, NULL };
	struct team *t;
	unsigned i;
	int rc;

	k.out = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (k.out == MAP_FAILED) {
		errorf("cannot map %zu bytes: %s", len, strerror(errno));
		return EXIT_FAIL;
	}
	for (i = 0; i < P; i++)
		k.out[i].rc = EXIT_FAIL;	/* until the copy says otherwise */
	t = team_start_procs(P, ctx->cpus, ctx->cpus_given ? ctx->ncpus : 0, NULL, fs_copy_work,
			     NULL, &k, &rc);
	if (t) {
		team_body(t, 1);
		rc = team_stop(t);
	}
	for (i = 0; i < P && !rc; i++)
		rc = k.out[i].rc;
	if (!rc) {
		fs_merge(k.out, P, 0, c);
		fs_merge(k.out, P, 1, d);
	}
	munmap(k.out, len);
	return rc;
}

/* "0,1k,4k,10k" into sizes[]; the count, or -1 with the problem said. */
static int fs_sizes(const char *list, size_t *sizes)
{
	char buf[256], *w, *save = NULL;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", list);
	for (w = strtok_r(buf, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		uint64_t v;

		if (n == MAX_SIZES || parse_size(w, &v) || v > 1u << 30) {
			errorf("-s: '%s' is not a list of at most %d sizes up to 1g", list,
			       MAX_SIZES);
			return -1;
		}
		sizes[n++] = (size_t)v;
	}
	if (!n)
		errorf("-s: no size in '%s'", list);
	return n ? n : -1;
}

static int lat_fs_run(struct run_ctx *ctx)
{
	struct fs f = { 0 };
	struct bench_stats c, d;
	unsigned P = lmbench_opts(ctx);
	size_t sizes[MAX_SIZES];
	const char *dir;
	int n, i, rc = EXIT_OK;

	if (ctx->argc > 1) {
		errorf("usage: " USAGE);
		return EXIT_USAGE;
	}
	n = fs_sizes(opt_str(ctx, SIZE), sizes);
	if (n < 0)
		return EXIT_USAGE;
	dir = ctx->argc ? ctx->argv[0] : scratch_dir(ctx->dir);
	f.per_dir = (unsigned)opt_int(ctx, PER_DIR);
	f.buf = xcalloc(1, PIECE);
	for (i = 0; i < n && rc == EXIT_OK; i++) {
		f.size = sizes[i];
		rc = P > 1 ? fs_parallel(ctx, dir, &f, P, &c, &d) : fs_one(ctx, dir, &f, &c, &d);
		if (!rc)
			fs_report(ctx, f.size, P, &c, &d);
	}
	free(f.buf);
	return rc;
}

TEXT(lat_fs_summary, "file creates and deletes per second (lmbench's lat_fs)");
TEXT(lat_fs_usage,
	"usage: " USAGE "\n"
	"\n"
	"Files created and deleted per second for each SIZE (default 0, 1k, 4k,\n"
	"10k; k = 1024), lmbench's way: creat, write and close n files, then\n"
	"unlink them, at most MAXPERDIR to a directory, in a new directory in DIR\n"
	"(default --dir) that is removed at the end; n grows until a pass lasts\n"
	"--min-time. A directory that cannot take the files skips (exit 77).\n"
	"Prints \"SIZEk N CREATES DELETES\" per SIZE on stderr; --format gives the\n"
	"common records.\n");

const struct applet applet_lat_fs = {
	.name    = "lat_fs",
	.summary = TEXT_PTR(lat_fs_summary),
	.usage   = TEXT_PTR(lat_fs_usage),
	.opts    = opts,
	.unit    = UNIT_OPS_S,
	.flags   = APPLET_NEEDS_DIR,
	.classic = &emit_lm_fs,
	.min_time = 0.025,		/* four sizes, two passes each: a few seconds */
	.reps    = 11,			/* lmbench's -N default */
	.run     = lat_fs_run,
};
