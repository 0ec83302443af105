/* lmdd.c - lmbench's lmdd: move blocks between files and time it
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's dd-like I/O timer from its manual page
 * and documented options (not lmbench's code). Options are NAME=VALUE
 * words. Numbers take lmbench's suffixes: k m g are 2^10 2^20 2^30, K M G
 * are 10^3 10^6 10^9. "internal" (the default for if= and of=) is a
 * built-in source of zeros or sink: no system call. The clock runs from
 * after the files are open (timeopen=: before) to after fsync=/sync=.
 * Rates: MB = 10^6 bytes, KB = 10^3 bytes, as lmbench counts them. The
 * summary goes to stderr like lmbench's, after label=; print= picks its
 * form:
 *   (none)  "%.4f MB in %.4f secs, %.4f MB/sec"
 *   0       the label alone          1  "N SKB xfers in ..." (latency)
 *   2       ": %.4f microseconds" per block
 *   3       "%.0f KB/sec"            4  "%.2f MB/sec"
 *   5       "MB MB/sec" (MB as %.6f below 1, else %.2f; the same for the rate)
 * lmbench's driver runs `lmdd label="File F write bandwidth: " of=F
 * move=8m fsync=1 print=3`.
 *
 * Files: of= is opened like dd opens it (created, or an existing one
 * truncated unless notrunc=/append=), only after everything was checked,
 * the input opened and the free space found sufficient (src/scratch.h's
 * margin; exit 77 when short), so a refused run leaves it untouched. An
 * existing of= is truncated only after fstat() showed that it is not the
 * input (if=f of=f, or a link to f: exit 2). A FIFO with no reader waits
 * in open() as dd's does, with every signal deliverable. A file
 * lmdd created is removed if the run fails or a signal ends it; one that
 * existed stays. Every write, fsync and close is checked (exit 1).
 */
#define _GNU_SOURCE
#include "applet.h"
#include "proc.h"
#include "scratch.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { FD_INTERNAL = -2, MAX_BUFS = 10, MAX_SHOWN = 10 };

/* What the NAME=VALUE words say. */
enum lm_arg {
	A_IF, A_OF, A_LABEL,			/* strings */
	A_BS, A_BUFS, A_COUNT, A_MOVE, A_SKIP, A_RAND, A_SRAND, A_PRINT,
	A_FSYNC, A_SYNC, A_MISMATCH, A_USLEEP, A_TIME, A_PADIN,
	A_IPAT, A_OPAT, A_TOUCH, A_HASH, A_APPEND, A_NOTRUNC, A_NOCREATE,
	A_OSYNC, A_TIMEOPEN,			/* on when named, whatever the value */
	A_COUNT_
};

static const char *const arg_names[A_COUNT_] = {
	"if", "of", "label", "bs", "bufs", "count", "move", "skip", "rand", "srand",
	"print", "fsync", "sync", "mismatch", "usleep", "time", "padin", "ipat",
	"opat", "touch", "hash", "append", "notrunc", "nocreate", "osync", "timeopen",
};

/* lmbench's names that this lmdd does not do. */
static const char *const refused[] = {
	"direct", "idirect", "odirect", "flush", "rusage", "fork", "awrite",
	"realtime", "mpin", "debug", "rtmax", "rtmin", "wtmax", "wtmin", "start",
	"end", "norepeat", "poff",
};

struct lmdd {
	const char	*val[A_COUNT_];		/* the text, NULL = not given */
	uint64_t	num[A_COUNT_];
	int		in, out;
	const char	*out_path;		/* a file opened by name, else NULL */
	int		created;		/* out_path did not exist before */
	uint64_t	bs, count;		/* count: UINT64_MAX = until EOF/time */
	/* results, for the classic emitter */
	uint64_t	bytes, blocks;
	double		secs;
	double		t_open;			/* timeopen=: the clock at the opens */
	long		print;			/* -1: not given */
	const char	*label;
	uint64_t	bad;			/* words off the pattern */
};

/* lmbench's number: digits, then one optional suffix k m g (binary) or
 * K M G (decimal). 0, or -1 for anything else or an overflow. */
static int lm_number(const char *s, uint64_t *out)
{
	uint64_t v = 0, mul = 1;

	if (*s < '0' || *s > '9')
		return -1;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(*s - '0');
	}
	switch (*s) {
	case '\0': break;
	case 'k': mul = 1ull << 10; break;
	case 'm': mul = 1ull << 20; break;
	case 'g': mul = 1ull << 30; break;
	case 'K': mul = 1000; break;
	case 'M': mul = 1000000; break;
	case 'G': mul = 1000000000; break;
	default: return -1;
	}
	if (*s && s[1])
		return -1;
	if (v && mul > UINT64_MAX / v)
		return -1;
	*out = v * mul;
	return 0;
}

static int parse_args(struct lmdd *d, int argc, char **argv)
{
	int i;
	size_t j, n;

	for (i = 0; i < argc; i++) {
		const char *w = argv[i], *eq = strchr(w, '=');

		if (!eq || eq == w) {
			errorf("'%s' is not NAME=VALUE (try 'lmdd --help')", w);
			return -1;
		}
		n = (size_t)(eq - w);
		for (j = 0; j < A_COUNT_; j++)
			if (strlen(arg_names[j]) == n && !strncmp(arg_names[j], w, n))
				break;
		if (j == A_COUNT_) {
			size_t k;

			for (k = 0; k < sizeof(refused) / sizeof(refused[0]); k++)
				if (strlen(refused[k]) == n && !strncmp(refused[k], w, n)) {
					errorf("'%.*s=' is not supported by benchbox's lmdd", (int)n, w);
					return -1;
				}
			errorf("unknown option '%.*s=' (try 'lmdd --help')", (int)n, w);
			return -1;
		}
		if (d->val[j]) {
			errorf("'%s=' given twice", arg_names[j]);
			return -1;
		}
		d->val[j] = eq + 1;
		if (j > A_LABEL && lm_number(eq + 1, &d->num[j])) {
			errorf("%s: '%s' is not a number (digits, then k m g or K M G)",
			       arg_names[j], eq + 1);
			return -1;
		}
	}
	return 0;
}

static int given(const struct lmdd *d, enum lm_arg a)
{
	return d->val[a] != NULL;
}

/* Semantic checks, before anything is opened. */
static int check_args(struct lmdd *d)
{
	int internal_in = !given(d, A_IF) || !strcmp(d->val[A_IF], "internal");
	int file_out = given(d, A_OF) && strcmp(d->val[A_OF], "internal") &&
		       strcmp(d->val[A_OF], "stdout") && strcmp(d->val[A_OF], "-") &&
		       strcmp(d->val[A_OF], "1") && strcmp(d->val[A_OF], "stderr") &&
		       strcmp(d->val[A_OF], "2");

	d->bs = given(d, A_BS) ? d->num[A_BS] : 8192;
	if (d->bs < 4 || d->bs > (1u << 30)) {
		errorf("bs: %llu is not from 4 to 1g", (unsigned long long)d->bs);
		return -1;
	}
	if ((given(d, A_IPAT) || given(d, A_OPAT)) && d->bs % 4) {
		errorf("bs: %llu is not a multiple of 4, which ipat= and opat= need",
		       (unsigned long long)d->bs);
		return -1;
	}
	if (given(d, A_BUFS) && (d->num[A_BUFS] < 1 || d->num[A_BUFS] > MAX_BUFS)) {
		errorf("bufs: %llu is not from 1 to %d", (unsigned long long)d->num[A_BUFS],
		       MAX_BUFS);
		return -1;
	}
	if (given(d, A_PRINT) && d->num[A_PRINT] > 1000) {
		errorf("print: %llu is not a print type (0 to 5)",
		       (unsigned long long)d->num[A_PRINT]);
		return -1;
	}
	if (given(d, A_USLEEP) && d->num[A_USLEEP] > 10000000) {
		errorf("usleep: %llu is over 10 s", (unsigned long long)d->num[A_USLEEP]);
		return -1;
	}
	if (given(d, A_TIME) && (d->num[A_TIME] < 1 || d->num[A_TIME] > 86400)) {
		errorf("time: %llu is not from 1 to 86400 seconds",
		       (unsigned long long)d->num[A_TIME]);
		return -1;
	}
	if (given(d, A_MOVE) && given(d, A_COUNT)) {
		errorf("count= and move= both set the amount: give one");
		return -1;
	}
	d->count = given(d, A_MOVE) ? d->num[A_MOVE] / d->bs :
		   given(d, A_COUNT) ? d->num[A_COUNT] : UINT64_MAX;
	if (given(d, A_RAND)) {
		if (d->num[A_RAND] / d->bs < 2) {
			errorf("rand: %llu is not at least two blocks of %llu bytes",
			       (unsigned long long)d->num[A_RAND], (unsigned long long)d->bs);
			return -1;
		}
		if (d->count == UINT64_MAX && !given(d, A_TIME)) {
			errorf("rand= needs count=, move= or time= (it never reaches an end)");
			return -1;
		}
	}
	if (internal_in && d->count == UINT64_MAX &&
	    !(given(d, A_TIME) && !file_out)) {
		errorf(file_out ? "of=%s from if=internal needs count= or move= (it would fill "
				  "the file system)"
				: "if=internal needs count=, move= or time= (it never ends)%s",
		       file_out ? d->val[A_OF] : "");
		return -1;
	}
	if (d->count != UINT64_MAX && d->count > UINT64_MAX / d->bs) {
		errorf("count: %llu blocks of %llu bytes is too many",
		       (unsigned long long)d->count, (unsigned long long)d->bs);
		return -1;
	}
	if (given(d, A_SKIP) && d->num[A_SKIP] > (uint64_t)INT64_MAX / d->bs) {
		errorf("skip: %llu blocks is beyond any file", (unsigned long long)d->num[A_SKIP]);
		return -1;
	}
	d->print = given(d, A_PRINT) ? (long)d->num[A_PRINT] : -1;
	d->label = d->val[A_LABEL];
	return 0;
}

static int open_in(struct lmdd *d)
{
	const char *s = d->val[A_IF];

	if (!s || !strcmp(s, "internal"))
		d->in = FD_INTERNAL;
	else if (!strcmp(s, "stdin") || !strcmp(s, "0") || !strcmp(s, "-"))
		d->in = STDIN_FILENO;
	else if ((d->in = open(s, O_RDONLY | O_CLOEXEC)) < 0) {
		errorf("cannot open '%s': %s", s, strerror(errno));
		return -1;
	}
	return 0;
}

/* Bytes this run adds to a regular output file, or 0 when unknown. */
static uint64_t bytes_to_write(const struct lmdd *d)
{
	uint64_t skip = given(d, A_SKIP) ? d->num[A_SKIP] * d->bs : 0, n = 0;
	struct stat st;

	if (d->count != UINT64_MAX)
		n = d->count * d->bs;
	else if (d->in >= 0 && !fstat(d->in, &st) && S_ISREG(st.st_mode))
		n = (uint64_t)st.st_size > skip ? (uint64_t)st.st_size - skip : 0;
	if (given(d, A_RAND) && n > d->num[A_RAND])
		return d->num[A_RAND];
	return n > UINT64_MAX - skip ? UINT64_MAX : n + skip;
}

/* The directory a path's file lives in, into buf. */
static const char *dir_of(const char *path, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return ".";
	if (slash == path)
		return "/";
	snprintf(buf, len, "%.*s", (int)(slash - path), path);
	return buf;
}

/* EXIT_OK, or EXIT_USAGE (said) when the output open at fd is the input
 * file itself (the same st_dev and st_ino: the same name, a symbolic or a
 * hard link): writing it would destroy what is to be read. */
static int same_as_input(const struct lmdd *d, int fd, const char *out)
{
	struct stat si, so;

	if (d->in < 0 || fstat(d->in, &si) || fstat(fd, &so) ||
	    si.st_dev != so.st_dev || si.st_ino != so.st_ino)
		return EXIT_OK;
	errorf("of=%s is the same file as if=%s", out, d->val[A_IF]);
	return EXIT_USAGE;
}

static int open_out(struct lmdd *d)
{
	const char *s = d->val[A_OF];
	int flags = O_WRONLY | O_CLOEXEC, fd, e, rc = EXIT_OK;
	char dbuf[4096];
	struct stat st;
	sigset_t all, old;

	if (!s || !strcmp(s, "internal")) {
		d->out = FD_INTERNAL;
		return 0;
	}
	if (!strcmp(s, "stdout") || !strcmp(s, "1") || !strcmp(s, "-")) {
		d->out = STDOUT_FILENO;
		return 0;
	}
	if (!strcmp(s, "stderr") || !strcmp(s, "2")) {
		d->out = STDERR_FILENO;
		return 0;
	}
	if (stat(s, &st) ? errno == ENOENT : S_ISREG(st.st_mode)) {
		uint64_t need = bytes_to_write(d);

		if (need && scratch_room(dir_of(s, dbuf, sizeof(dbuf)), need, NULL))
			return EXIT_SKIP;
	}
	if (!given(d, A_NOTRUNC) && !given(d, A_APPEND))
		flags |= O_TRUNC;
	if (given(d, A_APPEND))
		flags |= O_APPEND;
	if (given(d, A_OSYNC))
		flags |= O_SYNC;
	/* A new file is made and registered with signals held, so that a
	 * SIGTERM in between cannot leave it behind; O_EXCL makes that open
	 * quick (it never waits for a FIFO's reader). An existing name is
	 * opened with signals deliverable: a FIFO with no reader waits in
	 * open(), and SIGTERM, SIGINT or SIGHUP must still end it. */
	fd = -1;
	if (!given(d, A_NOCREATE)) {
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, &old);
		fd = open(s, flags | O_CREAT | O_EXCL, 0644);
		if (fd >= 0) {
			d->created = 1;
			if (scratch_adopt(s)) {
				e = errno;
				close(fd);
				unlink(s);
				sigprocmask(SIG_SETMASK, &old, NULL);
				errorf("cannot write '%s': %s", s, strerror(e));
				return EXIT_FAIL;
			}
		}
		e = errno;
		sigprocmask(SIG_SETMASK, &old, NULL);
		errno = e;
	}
	if (fd < 0 && (given(d, A_NOCREATE) || errno == EEXIST)) {
		/* not truncated yet: it may be the input (if=f of=f, or a
		 * link to it), which must be refused before it loses a byte */
		fd = open(s, flags & ~O_TRUNC);
		if (fd >= 0 && (rc = same_as_input(d, fd, s)) == EXIT_OK &&
		    (flags & O_TRUNC) && !fstat(fd, &st) && S_ISREG(st.st_mode) &&
		    ftruncate(fd, 0)) {
			errorf("cannot truncate '%s': %s", s, strerror(errno));
			rc = EXIT_FAIL;
		}
		if (rc != EXIT_OK) {
			close(fd);
			return rc;
		}
	}
	if (fd < 0) {
		errorf("cannot open '%s' for writing: %s", s, strerror(errno));
		return EXIT_FAIL;
	}
	d->out = fd;
	d->out_path = s;
	return 0;
}

static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static double now_s(void)
{
	return (double)bench_clock_ns() / 1e9;
}

static const char *out_name(const struct lmdd *d)
{
	return d->val[A_OF] ? d->val[A_OF] : "internal";
}

static void touch_pages(char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i += 4096)
		buf[i] = 0;
}

/* The transfer loop; EXIT_OK or EXIT_FAIL (said). */
static int transfer(struct lmdd *d)
{
	uint32_t *bufs[MAX_BUFS] = { 0 };
	unsigned nbufs = given(d, A_BUFS) ? (unsigned)d->num[A_BUFS] : 1, next = 0, i;
	uint64_t off = 0, left = d->count, rng, slots = 0, misses = 0;
	double t0, deadline = 0;
	int pad = given(d, A_PADIN) && d->num[A_PADIN] && d->in >= 0;
	int rc = EXIT_OK;
	long pagesize = sysconf(_SC_PAGESIZE);

	if (pagesize <= 0)
		pagesize = 4096;
	for (i = 0; i < nbufs; i++) {
		size_t sz = (d->bs + (size_t)pagesize - 1) / (size_t)pagesize * (size_t)pagesize;

		bufs[i] = aligned_alloc((size_t)pagesize, sz);
		if (!bufs[i]) {
			errorf("cannot allocate %u buffers of %llu bytes", nbufs,
			       (unsigned long long)d->bs);
			rc = EXIT_FAIL;
			goto out;
		}
		memset(bufs[i], 0, d->bs);
	}
	rng = given(d, A_SRAND) ? d->num[A_SRAND] : (uint64_t)getpid() ^ (uint64_t)time(NULL);
	if (given(d, A_RAND))
		slots = d->num[A_RAND] / d->bs - 1;
	if (given(d, A_SKIP)) {
		off = d->num[A_SKIP] * d->bs;
		if (d->in >= 0 && lseek(d->in, (off_t)off, SEEK_SET) < 0) {
			errorf("skip: cannot seek '%s': %s", d->val[A_IF], strerror(errno));
			rc = EXIT_FAIL;
			goto out;
		}
		if (d->out >= 0)
			lseek(d->out, (off_t)off, SEEK_SET);	/* a pipe: no skip, as lmbench */
	}
	t0 = d->t_open ? d->t_open : now_s();
	if (given(d, A_TIME))
		deadline = t0 + (double)d->num[A_TIME];
	for (;;) {
		uint32_t *buf = bufs[next];
		size_t moved = (size_t)d->bs;

		if (left != UINT64_MAX && left-- == 0)
			break;
		if (deadline && now_s() >= deadline)
			break;
		if (slots) {
			off = next_random(&rng) % slots * d->bs;
			if (d->in >= 0 && lseek(d->in, (off_t)off, SEEK_SET) < 0) {
				errorf("rand: cannot seek '%s': %s", d->val[A_IF], strerror(errno));
				rc = EXIT_FAIL;
				break;
			}
			if (d->out >= 0 && lseek(d->out, (off_t)off, SEEK_SET) < 0) {
				errorf("rand: cannot seek '%s': %s", out_name(d), strerror(errno));
				rc = EXIT_FAIL;
				break;
			}
		}
		if (++next == nbufs)
			next = 0;
		if (d->in >= 0) {
			ssize_t n;

			do
				n = read(d->in, buf, (size_t)d->bs);
			while (n < 0 && errno == EINTR);
			if (n < 0) {
				errorf("cannot read '%s': %s", d->val[A_IF], strerror(errno));
				rc = EXIT_FAIL;
				break;
			}
			if (n == 0)
				break;
			moved = (size_t)n;
			if (pad) {		/* an untimed first block */
				pad = 0;
				if (left != UINT64_MAX)
					left++;
				t0 = now_s();
				continue;
			}
			if (given(d, A_IPAT)) {
				size_t w;

				for (w = 0; w < moved / 4; w++)
					if (buf[w] != (uint32_t)(off + w * 4)) {
						if (misses < MAX_SHOWN)
							warnf("off=%llu want=%x got=%x",
							      (unsigned long long)off,
							      (uint32_t)(off + w * 4), buf[w]);
						misses++;
						if (given(d, A_MISMATCH) &&
						    misses == d->num[A_MISMATCH])
							break;
					}
				if (given(d, A_MISMATCH) && d->num[A_MISMATCH] &&
				    misses >= d->num[A_MISMATCH]) {
					off += moved;
					d->bytes += moved;
					d->blocks++;
					break;
				}
			}
			if (given(d, A_TOUCH))
				touch_pages((char *)buf, moved);
		}
		if (d->out >= 0) {
			if (given(d, A_OPAT)) {
				size_t w;

				for (w = 0; w < moved / 4; w++)
					buf[w] = (uint32_t)(off + w * 4);
			}
			if (proc_writen(d->out, buf, moved)) {
				errorf("cannot write '%s': %s", out_name(d), strerror(errno));
				rc = EXIT_FAIL;
				break;
			}
			if (given(d, A_TOUCH))
				touch_pages((char *)buf, moved);
		}
		off += moved;
		d->bytes += moved;
		d->blocks++;
		if (given(d, A_USLEEP) && d->num[A_USLEEP])
			usleep((useconds_t)d->num[A_USLEEP]);
		if (given(d, A_HASH))
			fputc('#', stderr);
	}
	if (given(d, A_HASH))
		fputc('\n', stderr);
	if (rc == EXIT_OK && given(d, A_SYNC) && d->num[A_SYNC])
		sync();
	if (rc == EXIT_OK && given(d, A_FSYNC) && d->num[A_FSYNC] && d->out >= 0 &&
	    fsync(d->out) && errno != EINVAL && errno != EROFS && errno != ENOTSUP) {
		errorf("cannot fsync '%s': %s", out_name(d), strerror(errno));
		rc = EXIT_FAIL;
	}
	d->secs = now_s() - t0;
	if (d->secs <= 0)
		d->secs = 1e-9;
	d->bad = misses;
out:
	for (i = 0; i < nbufs; i++)
		free(bufs[i]);
	return rc;
}

/* classic output ------------------------------------------------------------ */

static void classic_record(struct emit_out *o, const struct result *r)
{
	const struct lmdd *d = o->arg;
	double s = d->secs, mb = (double)d->bytes / 1e6;
	uint64_t xfers = d->blocks;
	FILE *f = o->f;

	(void)r;
	if (d->label)
		fputs(d->label, f);
	switch (d->print) {
	case 0:
		break;
	case 1:
		if (xfers > 1)
			fprintf(f, "%llu %lluKB xfers in %.2f secs, ", (unsigned long long)xfers,
				(unsigned long long)(d->bs / 1000), s);
		else
			fprintf(f, "%.1fKB in ", (double)d->bytes / 1000);
		if (!xfers)
			xfers = 1;
		fprintf(f, s * 1000 / (double)xfers > 100 ? "%.0f millisec%s, " : "%.4f millisec%s, ",
			s * 1000 / (double)xfers, d->blocks > 1 ? "/xfer" : "s");
		if (mb / s > 1)
			fprintf(f, "%.2f MB/sec\n", mb / s);
		else
			fprintf(f, "%.2f KB/sec\n", (double)d->bytes / 1000 / s);
		break;
	case 2:
		fprintf(f, ": %.4f microseconds\n", s * 1e6 / (double)(xfers ? xfers : 1));
		break;
	case 3:
		fprintf(f, "%.0f KB/sec\n", (double)d->bytes / 1000 / s);
		break;
	case 4:
		fprintf(f, "%.2f MB/sec\n", mb / s);
		break;
	case 5:
		fprintf(f, mb < 1 ? "%.6f " : "%.2f ", mb);
		fprintf(f, mb / s < 1 ? "%.6f\n" : "%.2f\n", mb / s);
		break;
	default:
		fprintf(f, "%.4f MB in %.4f secs, %.4f MB/sec\n", mb, s, mb / s);
		break;
	}
}

static const struct emitter emit_lmdd = {
	"lmdd", 1, NULL, classic_record, NULL,
};

/* run ------------------------------------------------------------------------- */

static int lmdd_run(struct run_ctx *ctx)
{
	struct lmdd d;
	struct result r = { 0 };
	char params[96];
	int rc;

	memset(&d, 0, sizeof(d));
	d.in = d.out = FD_INTERNAL;
	if (parse_args(&d, ctx->argc, ctx->argv) || check_args(&d))
		return EXIT_USAGE;
	if (given(&d, A_TIMEOPEN))
		d.t_open = now_s();
	if (open_in(&d))
		return EXIT_FAIL;
	rc = open_out(&d);
	if (rc == EXIT_OK)
		rc = transfer(&d);
	if (d.out_path && close(d.out) && rc == EXIT_OK) {
		errorf("cannot write '%s': %s", d.out_path, strerror(errno));
		rc = EXIT_FAIL;
	}
	if (d.in > STDERR_FILENO)
		close(d.in);
	if (d.created) {
		if (rc == EXIT_OK)
			scratch_forget(d.out_path);
		else
			scratch_remove(d.out_path);
	}
	if (rc != EXIT_OK)
		return rc;

	emit_set_arg(ctx->rep, &d);
	snprintf(params, sizeof(params), "bs=%llu", (unsigned long long)d.bs);
	r.test = d.in == FD_INTERNAL ? (d.out == FD_INTERNAL ? "move" : "write")
				     : (d.out == FD_INTERNAL ? "read" : "copy");
	r.params = params;
	r.unit = UNIT_MB_S;
	r.better = 1;
	r.value = r.min = r.max = (double)d.bytes / 1e6 / d.secs;
	r.iters = d.blocks;
	r.samples = 1;
	emit_result(ctx, &r);
	if (d.bad) {
		errorf("%llu words did not match ipat='s pattern", (unsigned long long)d.bad);
		return EXIT_WRONG;
	}
	return EXIT_OK;
}

TEXT(lmdd_summary, "timed block moves between files (lmbench's lmdd)");
TEXT(lmdd_usage,
	"usage: lmdd [NAME=VALUE]...\n"
	"\n"
	"Copies if= to of= in bs= blocks and prints the bytes, seconds and MB/sec\n"
	"(MB = 10^6 bytes) on stderr, lmbench's way. Numbers take k m g (powers\n"
	"of 1024) or K M G (of 1000); a flag is on when named, whatever its\n"
	"value. if=internal needs count=, move= or (not into a file) time=;\n"
	"lmbench's other names (direct, fork, rusage ...) are refused.\n"
	"\n"
	"  if=FILE     input: a file, stdin (0, -), or internal (zeros) [internal]\n"
	"  of=FILE     output: a file (created or truncated; never if='s file),\n"
	"              stdout (1, -), stderr (2), or internal (discard) [internal]\n"
	"  bs=N        block size, 4 to 1g [8192]    bufs=N  buffers, 1-10 [1]\n"
	"  count=N     blocks to move     move=N  bytes to move (count=N/bs)\n"
	"  skip=N      seek input and output N blocks first\n"
	"  rand=N      each block at a random offset below N (srand=N: seed)\n"
	"  fsync=1     fsync of= before the clock stops; sync=1: sync(2)\n"
	"  time=S      stop after S seconds     usleep=N  pause after each block\n"
	"  print=N     summary: 0 label only, 1 latency, 2 us/block, 3 KB/sec,\n"
	"              4 MB/sec, 5 'MB MB/sec'; default 'X MB in S secs, R MB/sec'\n"
	"  label=TEXT  printed before the summary\n"
	"  opat=1      write lmbench's pattern (each 32-bit word = its offset);\n"
	"  ipat=1      check it on input (mismatch=N: stop after N mismatches)\n"
	"  padin=1     an untimed first block; timeopen=1: time the opens\n"
	"  notrunc=1, append=1, nocreate=1, osync=1: open of= so; touch=1:\n"
	"  write a byte per 4 KiB of each buffer; hash=1: '#' per block\n");

const struct applet applet_lmdd = {
	.name    = "lmdd",
	.summary = TEXT_PTR(lmdd_summary),
	.flags   = APPLET_TOOL,		/* needs a file and an amount: no defaults */
	.usage   = TEXT_PTR(lmdd_usage),
	.unit    = UNIT_MB_S,
	.classic = &emit_lmdd,
	.run     = lmdd_run,
};
