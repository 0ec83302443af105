/* lat_syscall.c - cost of one simple system call, lmbench's method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_syscall from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). Per iteration:
 * null = getppid() through syscall() (no libc caching can hide it), read = a
 * 1-byte read from /dev/zero, write = a 1-byte write to /dev/null, stat =
 * stat(FILE), fstat = fstat() of FILE opened read-only, open = open(FILE,
 * O_RDONLY) + close. The median time per call is reported in microseconds,
 * one line on stderr: "Simple syscall: 0.1234 microseconds". Without FILE a
 * temporary empty file is made in --dir (else $TMPDIR, /tmp, ".") and
 * removed afterwards, as lmbench's script passes an empty file. Nothing is
 * subtracted (lmbench's timing-loop overhead is below our clock's noise).
 */
#include "applet.h"
#include "lmbench.h"
#include "scratch.h"
#include "team.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define OPTIONS(O) \
	LMBENCH_OPT_P(O, 1024, "copies run in parallel (threads)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_syscall, OPTIONS);

enum sc_op { SC_NULL, SC_READ, SC_WRITE, SC_STAT, SC_FSTAT, SC_OPEN, SC_NOPS };

static const char *const sc_names[SC_NOPS] = {
	"null", "read", "write", "stat", "fstat", "open",
};

static const char *const sc_labels[SC_NOPS] = {
	"Simple syscall", "Simple read", "Simple write", "Simple stat", "Simple fstat",
	"Simple open/close",
};

struct sc {
	enum sc_op	op;
	const char	*file;
	int		*fd;		/* one per worker; -1 = none */
	int		err;		/* first errno seen by a worker (racy but only a flag) */
};

static int sc_setup(void *arg, unsigned idx)
{
	struct sc *s = arg;
	const char *path = NULL;
	int flags = O_RDONLY;

	s->fd[idx] = -1;
	if (s->op == SC_READ)
		path = "/dev/zero";
	else if (s->op == SC_WRITE)
		path = "/dev/null", flags = O_WRONLY;
	else if (s->op == SC_FSTAT)
		path = s->file;
	if (!path)
		return EXIT_OK;
	s->fd[idx] = open(path, flags | O_CLOEXEC);
	if (s->fd[idx] < 0) {
		errorf("cannot open %s: %s", path, strerror(errno));
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

static void sc_work(void *arg, unsigned idx, uint64_t iters)
{
	struct sc *s = arg;
	int fd = s->fd[idx], bad = 0;
	struct stat st;
	char c = 0;

	switch (s->op) {
	case SC_NULL:
		while (iters--)
			bench_keep_u64((uint64_t)syscall(SYS_getppid));
		break;
	case SC_READ:
		while (iters--)
			bad |= read(fd, &c, 1) != 1;
		break;
	case SC_WRITE:
		while (iters--)
			bad |= write(fd, &c, 1) != 1;
		break;
	case SC_STAT:
		while (iters--)
			bad |= stat(s->file, &st) != 0;
		break;
	case SC_FSTAT:
		while (iters--)
			bad |= fstat(fd, &st) != 0;
		break;
	case SC_OPEN:
		while (iters--) {
			int f = open(s->file, O_RDONLY);

			bad |= f < 0 || close(f) != 0;
		}
		break;
	case SC_NOPS:
		break;
	}
	if (bad)
		s->err = 1;
}

/* -P 1 runs the calls on this thread, with no worker: lmbench times them
 * in a single-threaded process, and in a process of two threads the kernel
 * takes a reference on the file for every read(), write() and fstat() (the
 * descriptor table is shared), tens of ns more per call. */
static void sc_body(void *arg, uint64_t iters)
{
	sc_work(arg, 0, iters);
}

static int lat_syscall_run(struct run_ctx *ctx)
{
	struct sc s = { 0 };
	struct result r = { 0 };
	struct bench_stats st;
	struct team *t;
	unsigned P = lmbench_opts(ctx), i;
	char tmp[4096] = "", params[32] = "";
	int rc;

	if (ctx->argc < 1 || ctx->argc > 2) {
		errorf("usage: lat_syscall [-P N] [-W US] [-N N] null|read|write|stat|fstat|open [FILE]");
		return EXIT_USAGE;
	}
	for (i = 0; i < SC_NOPS && strcmp(sc_names[i], ctx->argv[0]); i++)
		;
	if (i == SC_NOPS) {
		errorf("'%s' is not one of null read write stat fstat open", ctx->argv[0]);
		return EXIT_USAGE;
	}
	s.op = (enum sc_op)i;
	if (ctx->argc == 2) {
		s.file = ctx->argv[1];
	} else if (s.op >= SC_STAT) {
		int fd;

		fd = scratch_file(scratch_dir(ctx->dir), "lat_syscall", 0, tmp, sizeof(tmp));
		if (fd < 0) {
			errorf("skipped: cannot create a file in %s: %s", scratch_dir(ctx->dir),
			       strerror(errno));
			return EXIT_SKIP;
		}
		close(fd);
		s.file = tmp;
	}
	if (s.file && s.op >= SC_STAT && access(s.file, R_OK)) {
		errorf("FILE: cannot read '%s': %s", s.file, strerror(errno));
		rc = EXIT_FAIL;
		goto out;
	}
	s.fd = xcalloc(P, sizeof(*s.fd));
	for (i = 0; i < P; i++)
		s.fd[i] = -1;
	if (P == 1) {
		rc = sc_setup(&s, 0);
		if (!rc)
			rc = bench_measure(&ctx->bench, sc_body, &s, &st) ? EXIT_FAIL : EXIT_OK;
	} else if ((t = team_start(P, ctx->cpus, ctx->ncpus, sc_setup, sc_work, &s, &rc))) {
		rc = bench_measure(&ctx->bench, team_body, t, &st) ? EXIT_FAIL : EXIT_OK;
		team_stop(t);
	}
	for (i = 0; i < P; i++)
		if (s.fd[i] >= 0)
			close(s.fd[i]);
	free(s.fd);
	if (rc)
		goto out;
	if (s.err) {
		errorf("%s: a call failed during the run", sc_names[s.op]);
		rc = EXIT_FAIL;
		goto out;
	}
	if (P > 1)
		snprintf(params, sizeof(params), "P=%u", P);
	r.test = sc_names[s.op];
	r.group = sc_labels[s.op];
	r.params = params;
	r.unit = UNIT_US;
	r.better = -1;
	{
		char metric[32];

		snprintf(metric, sizeof(metric), "lat_syscall-%s", sc_names[s.op]);
		r.metric = metric;
		result_from_time(&r, &st, 1e-3);
		emit_result(ctx, &r);
	}
out:
	if (tmp[0])
		scratch_remove(tmp);
	return rc;
}

TEXT(lat_syscall_summary, "simple system call latency (lmbench's lat_syscall)");
TEXT(lat_syscall_usage,
	"usage: lat_syscall [-P N] [-W US] [-N N] null|read|write|stat|fstat|open [FILE]\n"
	"\n"
	"Microseconds per system call, lmbench's way: null is getppid(), read one\n"
	"byte from /dev/zero, write one byte to /dev/null, stat and fstat of\n"
	"FILE, open is open() and close() of FILE (default an empty scratch file\n"
	"in --dir). Nothing is subtracted. Prints the median on stderr.\n");

const struct applet applet_lat_syscall = {
	.name    = "lat_syscall",
	.summary = TEXT_PTR(lat_syscall_summary),
	.usage   = TEXT_PTR(lat_syscall_usage),
	.opts    = opts,
	.unit    = UNIT_US,
	.flags   = APPLET_NEEDS_DIR,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_syscall_run,
};
