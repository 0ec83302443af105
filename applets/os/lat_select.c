/* lat_select.c - select() on N descriptors, lmbench's lat_select method
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_select from its published method
 * (not lmbench's code; its numbers are not "lmbench results"). One
 * descriptor, a scratch file (file) or a TCP connection to a forked
 * server on 127.0.0.1 that accepts and closes (tcp), is dup'ed onto every
 * free descriptor number below N (default 200), all of them put in one
 * fd_set, and each iteration is select(N, NULL, &copy, NULL, &zero): write
 * readiness, no waiting, the first argument N as lmbench passes it. The
 * numbers already open (stdin, stdout, stderr and the like) stay out of
 * the set, as they do in effect in lmbench. The soft RLIMIT_NOFILE is
 * raised to the hard one when N needs it. Every call must find every
 * descriptor ready (self-check, exit 3). Reported in microseconds per
 * call, the median sample.
 */
#include "applet.h"
#include "lmbench.h"
#include "lmnet.h"
#include "proc.h"
#include "scratch.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <unistd.h>

#define OPTIONS(O) \
	O(NUM, "num", OPT_INT, "select's first argument, N", .letter = 'n', .def = "200", \
	  .min = 1, .max = FD_SETSIZE) \
	LMBENCH_OPT_P(O, 1024, "copies at once (processes)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_select, OPTIONS);

#define USAGE "lat_select [-n N] [-P N] [-W US] [-N N] file|tcp"

enum sel_mode { SEL_FILE, SEL_TCP };

static const char *const sel_modes[] = { "file", "tcp" };

struct sel {
	int	n;		/* select's first argument */
	int	ready;		/* descriptors in the set */
	int	err;		/* errno of a failed select, 0 = none */
	int	wrong;		/* a call did not find all ready */
	fd_set	set;
	int	mine[FD_SETSIZE];	/* 1 = we opened it */
};

static void sel_body(void *arg, uint64_t iters)
{
	struct sel *s = arg;

	while (iters-- && !s->err) {
		fd_set copy = s->set;
		struct timeval zero = { 0, 0 };
		int k = select(s->n, NULL, &copy, NULL, &zero);

		if (k < 0 && errno != EINTR)
			s->err = errno;
		else if (k >= 0 && k != s->ready)
			s->wrong = 1;
	}
}

/* Room for descriptors up to n - 1; 0, or -1 with the reason said. */
static int sel_rlimit(int n)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur >= (rlim_t)n)
		return 0;
	if (rl.rlim_max < (rlim_t)n) {
		errorf("-n %d needs %d descriptors; RLIMIT_NOFILE allows %llu (ulimit -Hn)", n,
		       n, (unsigned long long)rl.rlim_max);
		return -1;
	}
	rl.rlim_cur = rl.rlim_max;
	if (setrlimit(RLIMIT_NOFILE, &rl)) {
		errorf("cannot raise RLIMIT_NOFILE to %d: %s", n, strerror(errno));
		return -1;
	}
	return 0;
}

/* Put fd and copies of it on every free number below s->n into the set. */
static int sel_fill(struct sel *s, int fd)
{
	int i;

	for (i = 0; i < s->n; i++) {
		if (i != fd && fcntl(i, F_GETFD) >= 0)
			continue;	/* somebody else's */
		if (i != fd && dup2(fd, i) < 0) {
			errorf("dup2 to descriptor %d: %s", i, strerror(errno));
			return -1;
		}
		s->mine[i] = 1;
		FD_SET(i, &s->set);
		s->ready++;
	}
	if (s->ready)
		return 0;
	errorf("-n %d: no free descriptor below %d", s->n, s->n);
	return -1;
}

static void sel_close(struct sel *s)
{
	int i;

	for (i = 0; i < FD_SETSIZE; i++)
		if (s->mine[i])
			close(i);
}

/* The tcp server child: accept and close until killed. */
static int accept_close(void *arg)
{
	int lfd = *(const int *)arg, fd;

	while ((fd = inet_accept(lfd)) >= 0)
		close(fd);
	return 1;
}

/* A TCP connection to a forked accept-and-close server; fd or -1. */
static int sel_tcp(pid_t *child)
{
	struct inet_addr a;
	char err[128];
	int lfd, fd = -1;

	if (inet_resolve(INET_LOOPBACK, 0, SOCK_STREAM, &a, err, sizeof(err))) {
		errorf("%s", err);
		return -1;
	}
	lfd = inet_listen(&a, SOCK_STREAM, 16);
	if (lfd < 0) {
		errorf("cannot listen on %s: %s", a.text, strerror(errno));
		return -1;
	}
	*child = proc_fork(accept_close, &lfd);
	if (*child < 0)
		errorf("fork: %s", strerror(errno));
	else if ((fd = inet_connect(&a, SOCK_STREAM, 1000)) < 0)
		errorf("connect to %s: %s", a.text, strerror(errno));
	close(lfd);
	return fd;
}

/* The scratch file; fd, or -1 with *rc set. */
static int sel_file(const struct run_ctx *ctx, char *path, size_t len, int *rc)
{
	const char *dir = scratch_dir(ctx->dir);
	int fd = scratch_file(dir, "lat_select", 0, path, len);

	if (fd < 0) {
		*rc = scratch_cannot(errno) ? EXIT_SKIP : EXIT_FAIL;
		errorf("%scannot create a file in %s: %s", *rc == EXIT_SKIP ? "skipped: " : "",
		       dir, strerror(errno));
		*path = '\0';
	}
	return fd;
}

/* Last in each copy: its error said, EXIT_WRONG for a short count. */
static int sel_done(void *arg, unsigned idx)
{
	struct sel *s = arg;

	(void)idx;
	return lm_copy_status(s->err, s->wrong, "select");
}

static int sel_measure(struct run_ctx *ctx, struct sel *s, enum sel_mode mode, unsigned P)
{
	struct lm_copies c = { NULL, sel_body, sel_done, s };
	struct result r = { 0 };
	struct bench_stats st;
	char label[64], params[32], metric[32];
	int rc = lm_measure(ctx, P, &c, &st);

	if (rc && rc != EXIT_WRONG)
		return rc;
	snprintf(label, sizeof(label), "Select on %d %sfd's", s->n, mode == SEL_TCP ? "tcp " : "");
	snprintf(params, sizeof(params), P > 1 ? "n=%d,P=%u" : "n=%d", s->n, P);
	snprintf(metric, sizeof(metric), "select_on_200_%sfds", mode == SEL_TCP ? "tcp_" : "");
	r.test = sel_modes[mode];
	r.params = params;
	r.group = label;
	r.unit = UNIT_US;
	r.better = -1;
	r.metric = s->n == 200 && P == 1 ? metric : NULL;
	if (ctx->quick)
		r.flags |= RESULT_SHORT;
	result_from_time(&r, &st, 1e-3);
	return lmnet_report(ctx, &r,
			    rc == EXIT_WRONG ? "select did not find every descriptor ready" : NULL);
}

static int sel_mode_of(const struct run_ctx *ctx, enum sel_mode *mode)
{
	if (ctx->argc != 1) {
		errorf("usage: " USAGE);
		return EXIT_USAGE;
	}
	for (*mode = SEL_FILE; *mode <= SEL_TCP; (*mode)++)
		if (!strcmp(ctx->argv[0], sel_modes[*mode]))
			return EXIT_OK;
	errorf("'%s' is not file or tcp", ctx->argv[0]);
	return EXIT_USAGE;
}

static int lat_select_run(struct run_ctx *ctx)
{
	struct sel s = { .n = (int)opt_int(ctx, NUM) };
	unsigned P = lmbench_opts(ctx);
	enum sel_mode mode;
	char path[4096] = "";
	pid_t child = 0;
	int fd, rc = sel_mode_of(ctx, &mode);

	if (!rc && sel_rlimit(s.n))
		rc = EXIT_FAIL;
	if (rc)
		return rc;
	FD_ZERO(&s.set);
	rc = EXIT_FAIL;
	fd = mode == SEL_TCP ? sel_tcp(&child) : sel_file(ctx, path, sizeof(path), &rc);
	if (fd >= 0 && !sel_fill(&s, fd))
		rc = sel_measure(ctx, &s, mode, P);
	sel_close(&s);
	if (fd >= 0 && (fd >= FD_SETSIZE || !s.mine[fd]))
		close(fd);
	proc_reap(child);
	if (path[0])
		scratch_remove(path);
	return rc;
}

TEXT(lat_select_summary, "select() on N descriptors (lmbench's lat_select)");
TEXT(lat_select_usage,
	"usage: " USAGE "\n"
	"\n"
	"Time of one select() for write readiness on copies of one descriptor\n"
	"filling the free numbers below N (at most 1024), in microseconds,\n"
	"lmbench's way. file: a scratch file in --dir; tcp: a connection to a\n"
	"forked server on 127.0.0.1. Prints \"Select on N fd's: T microseconds\" on\n"
	"stderr; --format gives the common record.\n");

const struct applet applet_lat_select = {
	.name    = "lat_select",
	.summary = TEXT_PTR(lat_select_summary),
	.usage   = TEXT_PTR(lat_select_usage),
	.opts    = opts,
	.unit    = UNIT_US,
	.flags   = APPLET_NEEDS_DIR,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_select_run,
};
