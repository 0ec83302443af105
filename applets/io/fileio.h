/* fileio.h - the parts of the fileio applet its three modes share (seq in
 * fileio_seq.c, rand in fileio_rand.c, raw in fileio_raw.c, the rest in
 * fileio.c), and the pieces the unit tests check
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_FILEIO_H
#define BENCHBOX_FILEIO_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct run_ctx;
struct result;

enum fio_mode { FIO_SEQ, FIO_RAND, FIO_RAW };

enum {
	FIO_MAX_BS	= 16,		/* buffer sizes in one --bs list */
	FIO_ALIGN	= 4096,		/* buffer alignment (O_DIRECT: the block size) */
	FIO_SECTOR	= 512,		/* O_DIRECT sizes and offsets: multiples of this */
	FIO_FEW_TICKS	= 100,		/* /proc/stat ticks: fewer make a coarse load */
};

/* The command line, checked. */
struct fio_opts {
	enum fio_mode	mode;
	const char	*target;	/* DIR, FILE or DEVICE; NULL = the scratch directory */
	uint64_t	bs[FIO_MAX_BS];	/* --bs, in the order given */
	int		nbs;
	uint64_t	size;		/* --size; 0 = the mode's default */
	unsigned	depth;		/* rand: threads */
	double		secs;		/* rand: seconds per phase */
	int		direct, sync, reads, writes, write, destructive;
	unsigned	samples;	/* --reps (seq, raw) */
};

/* The file seq and rand work on. */
struct fio_file {
	char		path[4096];
	char		dir[4096];
	int		scratch;	/* a scratch_file(): removed at the end or on a signal */
	int		existed;	/* the user's FILE was there (--destructive) */
	int		created;	/* we created the user's FILE */
	char		fs[32];		/* "ext4", "vfat", "tmpfs", or statfs's magic */
	char		source[128];	/* the mounted device ("/dev/mmcblk0p2"), or "" */
	uint64_t	free;		/* bytes available for the file */
};

int  fio_file_resolve(struct run_ctx *ctx, const struct fio_opts *o, struct fio_file *f);
/* EXIT_OK when f->free holds size plus scratch_margin(size), else
 * scratch_room()'s "skipped: ..." message and EXIT_SKIP. */
int  fio_file_room(const struct fio_file *f, uint64_t size);
/* Create (scratch) or open (FILE) the file, plain O_RDWR; then, with
 * extra_flags (O_DIRECT), check that the file system takes them, else
 * fio_file_error(f, what, errno). EXIT_OK, or an exit status with the
 * message printed. */
int  fio_file_open(struct fio_file *f, int extra_flags, const char *what);
/* Remove a scratch file; a FILE we created goes only if the run failed. */
void fio_file_done(struct fio_file *f, int rc);
/* The message and exit status for errno e met on f: EINVAL is "O_DIRECT
 * refused by FS (DIR)what" and 77, ENOSPC and the like "skipped: PATHwhat:
 * reason" and 77, anything else exit 1. */
int  fio_file_error(const struct fio_file *f, const char *what, int e);

/* min(cap, free/2) rounded down to a multiple of unit (0 when none fits). */
uint64_t fio_default_size(uint64_t cap, uint64_t free, uint64_t unit);
/* "100k,256k,1m" -> sizes in list order. Count, or -1 if an item is not a
 * size, is 0, or there are more than max. */
int fio_parse_sizes(const char *text, uint64_t *out, int max);

/* CPU time at one instant. */
struct fio_cpu_snap {
	uint64_t	busy, total;	/* /proc/stat "cpu" ticks; total 0 = unknown */
	double		self_s;		/* user + system seconds of this process */
	uint64_t	wall_ns;
};

/* The load over a timed region. */
struct fio_load {
	double		secs;		/* wall time */
	double		all;		/* % busy over all CPUs; NaN when unknown */
	double		self;		/* % this process's CPU time of the wall time */
	uint64_t	ticks;		/* /proc/stat ticks spanned, all CPUs */
	int		known;		/* /proc/stat could be read */
};

void fio_cpu_snap(struct fio_cpu_snap *s);
void fio_load_between(const struct fio_cpu_snap *a, const struct fio_cpu_snap *b,
		      struct fio_load *out);
/* Make a read pass start cold: "O_DIRECT" (nothing to do), "drop_caches"
 * (root: sync, then 1 into /proc/sys/vm/drop_caches), "fadvise"
 * (POSIX_FADV_DONTNEED on fd) or "none". fio_cache_plan() says which will
 * be tried, for the header line. */
const char *fio_cache_plan(int direct);
const char *fio_drop_cache(int fd, int direct);
/* Percent of the first size bytes of fd in the page cache (mincore), -1
 * when unknown. */
int fio_cached_pct(int fd, uint64_t size);

/* A FIO_ALIGN-aligned buffer of size bytes with non-repeating contents
 * (nothing compresses or dedups it); NULL with a message. */
void *fio_buffer(size_t size);
/* One whole write (wr) or read of n bytes, retried on EINTR and short
 * counts: 0, or an errno (ENOSPC when a write makes no progress, ENODATA
 * when a read meets the end of the file). */
int fio_transfer(int fd, void *buf, size_t n, int wr);
/* The timed region of seq and raw: n transfers of bs bytes on fd from its
 * offset, and fsync after writes; the load over it in *ld. 0 or an errno. */
int fio_timed(int fd, int wr, char *buf, size_t bs, uint64_t n, struct fio_load *ld);

/* One measured quantity over the samples: value = median, min, max. */
struct fio_series {
	double		*v;		/* samples; NaN = unknown */
	unsigned	n;
};

/* What one phase (a test at one buffer size) measured, sample by sample. */
struct fio_phase {
	const char	*test;		/* "write", "read", "randread", "raw-read" */
	uint64_t	bs;		/* 0: no buffer size in the metric name */
	const char	*params;	/* "bs=1048576" */
	const char	*note;		/* "ext4 /dev/vda, drop_caches" */
	int		metric;		/* the guides' parameters: name metrics */
	uint64_t	iters;		/* I/O calls per sample */
	struct fio_series mbs, cpu, self;
	uint64_t	ticks;		/* fewest /proc/stat ticks of a sample */
	const char	*cpu_why;	/* why a CPU load is unknown */
};

/* Room for n samples of each series; fio_phase_free() releases it. */
void fio_phase_init(struct fio_phase *p, unsigned n);
void fio_phase_free(struct fio_phase *p);
/* Name what the phase measured (the fields above the series). */
void fio_phase_label(struct fio_phase *p, const char *test, uint64_t bs, const char *params,
		     const char *note, int metric, uint64_t iters);
/* Store sample i: MB/s from bytes over ld, and ld's loads. */
void fio_phase_set(struct fio_phase *p, unsigned i, uint64_t bytes, const struct fio_load *ld);
/* Report TEST (MB/s), TEST-cpu and TEST-cpu-self (%); the medians of the
 * first two go to *mbs and *cpu (for the guides' table). */
void fio_phase_report(struct run_ctx *ctx, const struct fio_phase *p, double *mbs, double *cpu);
/* Report one series as test (unit, better) with metric name
 * fileio-TEST[-BS] when p->metric; returns the median. */
double fio_report_series(struct run_ctx *ctx, const struct fio_phase *p, const char *test,
			 const char *unit, int better, const struct fio_series *s);

/* The guides' table: per buffer size write MB/s, write CPU %, read MB/s,
 * read CPU %; printed on stderr after a table-format run. */
enum { FIO_G_WRITE, FIO_G_WRITE_CPU, FIO_G_READ, FIO_G_READ_CPU, FIO_G_COLS };
struct fio_guide {
	int		n;
	uint64_t	bs[FIO_MAX_BS];
	double		v[FIO_MAX_BS][FIO_G_COLS];
};
void fio_guide_init(struct fio_guide *g, const uint64_t *bs, int n);
void fio_guide_set(struct fio_guide *g, uint64_t bs, int col, double v);
void fio_guide_print(struct run_ctx *ctx, const struct fio_guide *g);

/* A progress or method line on stderr: "fileio: ...". */
void fio_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The mount holding device number dev: its file-system type and source.
 * 0 found, -1 not found or no /proc/self/mountinfo. */
int fio_mount_of(dev_t dev, char *fstype, size_t flen, char *source, size_t slen);
/* Call fn for each mount: its device number and mount point. Stops when
 * fn returns non-zero and returns that; -1 when mountinfo is unreadable. */
int fio_mounts_each(int (*fn)(void *arg, dev_t dev, const char *mnt, const char *fstype,
			      const char *source), void *arg);

/* Whether anything uses block device dev (sysfs directory sys, e.g.
 * "/sys/dev/block/7:0"): mounted, itself or a partition of it; held
 * (device mapper, md); swap. 0 free, 1 busy, -1 cannot tell (no
 * mountinfo); why says how. */
int fio_dev_busy(const char *sys, dev_t dev, char *why, size_t len);

/* Log-linear latency histogram: exact below 32 ns, then 16 buckets per
 * power of two (a bucket is at most 1/16 of its lower bound wide). */
enum { FIO_HIST_SUB = 16, FIO_HIST_BUCKETS = 61 * FIO_HIST_SUB };
struct fio_hist {
	uint64_t	n;
	uint32_t	count[FIO_HIST_BUCKETS];
};
unsigned fio_hist_index(uint64_t ns);
uint64_t fio_hist_low(unsigned idx);		/* smallest value in bucket idx */
void	 fio_hist_merge(struct fio_hist *dst, const struct fio_hist *src);
/* The value below which pct % of the samples lie (bucket midpoint), NaN if empty. */
double	 fio_hist_percentile(const struct fio_hist *h, double pct);
static inline void fio_hist_add(struct fio_hist *h, uint64_t ns)
{
	h->count[fio_hist_index(ns)]++;
	h->n++;
}

int fio_seq_run(struct run_ctx *ctx, const struct fio_opts *o);
int fio_rand_run(struct run_ctx *ctx, const struct fio_opts *o);
int fio_raw_run(struct run_ctx *ctx, const struct fio_opts *o);

#endif
