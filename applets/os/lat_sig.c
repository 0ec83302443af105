/* lat_sig.c - signal costs, lmbench's method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_sig from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). install = one
 * sigaction(SIGUSR1) per iteration. catch = sending SIGUSR1 to ourselves
 * with an empty handler installed, minus the cost of sending signal 0
 * (measured the same way), i.e. the delivery and handler round trip.
 * prot = a store to a read-only private mapping of FILE's first page; the
 * SIGSEGV/SIGBUS handler returns, so the store faults again, and after n
 * faults it makes the page writable to end the loop; the catch figure is
 * then subtracted. Times are medians in microseconds, one line on stderr
 * ("Signal handler overhead: 1.2345 microseconds").
 *
 * Deviations: the signal goes to the calling thread (tgkill) rather than
 * the process (kill), because the timed loop runs on a worker thread and a
 * process-directed signal could be taken by another thread; the mapping is
 * MAP_PRIVATE so that any readable FILE works (the fault is the same
 * protection fault). Without FILE a one-page temporary file is made in
 * --dir (else $TMPDIR, /tmp, ".") and removed afterwards.
 */
#include "applet.h"
#include "lmbench.h"
#include "scratch.h"
#include "team.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#define OPTIONS(O) \
	LMBENCH_OPT_P(O, 1024, "copies run in parallel (threads)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_sig, OPTIONS);

enum sig_op { SG_INSTALL, SG_KILL0, SG_CATCH, SG_PROT };

struct sig_worker {
	long		pid, tid;
	char		*page;		/* prot: the read-only page */
	size_t		len;
	volatile uint64_t left;		/* prot: faults still to take */
};

struct sg {
	enum sig_op		op;
	const char		*file;
	struct sig_worker	*w;	/* one per worker */
	int			err;
};

/* A fault handler gets no argument, so it finds its worker's page through
 * this thread-local pointer; a fault that is not ours goes back to the
 * action found before (scratch.c's, which removes the prot file, then the
 * default). The mutable file-scope variables, needed because of the
 * signal interface. */
static _Thread_local struct sig_worker *prot_self;
static struct sigaction old_segv, old_bus;

static void on_usr1(int sig)
{
	(void)sig;
}

static void on_fault(int sig, siginfo_t *si, void *uc)
{
	struct sig_worker *w = prot_self;
	char *a = si->si_addr;

	(void)uc;
	if (!w || !w->page || a < w->page || a >= w->page + w->len) {
		sigaction(sig, sig == SIGBUS ? &old_bus : &old_segv, NULL);	/* not ours: */
		return;			/* the re-fault goes to the action before */
	}
	if (--w->left == 0)
		mprotect(w->page, w->len, PROT_READ | PROT_WRITE);
}

static int sig_setup(void *arg, unsigned idx)
{
	struct sg *s = arg;
	struct sig_worker *w = &s->w[idx];
	int fd;

	w->pid = getpid();
	w->tid = syscall(SYS_gettid);
	if (s->op != SG_PROT)
		return EXIT_OK;
	w->len = (size_t)sysconf(_SC_PAGESIZE);
	fd = open(s->file, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		errorf("cannot open %s: %s", s->file, strerror(errno));
		return EXIT_FAIL;
	}
	w->page = mmap(NULL, w->len, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (w->page == MAP_FAILED) {
		w->page = NULL;
		errorf("cannot map %s: %s", s->file, strerror(errno));
		return EXIT_FAIL;
	}
	prot_self = w;
	return EXIT_OK;
}

static void sig_work(void *arg, unsigned idx, uint64_t iters)
{
	struct sg *s = arg;
	struct sig_worker *w = &s->w[idx];
	struct sigaction sa, old;
	int bad = 0;

	switch (s->op) {
	case SG_INSTALL:
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_usr1;
		sigemptyset(&sa.sa_mask);
		while (iters--)
			bad |= sigaction(SIGUSR1, &sa, &old) != 0;
		break;
	case SG_KILL0:
		while (iters--)
			bad |= syscall(SYS_tgkill, w->pid, w->tid, 0) != 0;
		break;
	case SG_CATCH:
		while (iters--)
			bad |= syscall(SYS_tgkill, w->pid, w->tid, SIGUSR1) != 0;
		break;
	case SG_PROT:
		if (!iters)
			break;
		w->left = iters;
		*(volatile char *)w->page = 1;	/* faults `iters` times */
		bad |= mprotect(w->page, w->len, PROT_READ) != 0;
		break;
	}
	if (bad)
		s->err = 1;
}

/* -P 1 runs on this thread, with no worker: lmbench times its signals in a
 * single-threaded process, and with a second thread the kernel's signal
 * delivery and fault paths are not the same (shared signal handlers and
 * memory). */
static void sig_body(void *arg, uint64_t iters)
{
	sig_work(arg, 0, iters);
}

/* Time one op with P workers; per-iteration stats in st. */
static int sig_measure(struct run_ctx *ctx, struct sg *s, unsigned P, enum sig_op op,
		       struct bench_stats *st)
{
	struct team *t;
	unsigned i;
	int rc;

	s->op = op;
	s->err = 0;
	memset(s->w, 0, P * sizeof(*s->w));
	if (P == 1) {
		rc = sig_setup(s, 0);
		if (!rc)
			rc = bench_measure(&ctx->bench, sig_body, s, st) ? EXIT_FAIL : EXIT_OK;
		prot_self = NULL;
	} else if ((t = team_start(P, ctx->cpus, ctx->ncpus, sig_setup, sig_work, s, &rc))) {
		rc = bench_measure(&ctx->bench, team_body, t, st) ? EXIT_FAIL : EXIT_OK;
		team_stop(t);
	}
	for (i = 0; i < P; i++)
		if (s->w[i].page)
			munmap(s->w[i].page, s->w[i].len);
	if (!rc && s->err) {
		errorf("a call failed during the run");
		rc = EXIT_FAIL;
	}
	return rc;
}

/* A one-page file for prot; 0 ok, else EXIT_SKIP with the reason said. */
static int make_file(const struct run_ctx *ctx, char *path, size_t len)
{
	char page[4096];
	int fd;

	fd = scratch_file(scratch_dir(ctx->dir), "lat_sig", 0, path, len);
	if (fd < 0) {
		errorf("skipped: cannot create a file in %s: %s", scratch_dir(ctx->dir),
		       strerror(errno));
		*path = '\0';
		return EXIT_SKIP;
	}
	memset(page, 'x', sizeof(page));
	if (write(fd, page, sizeof(page)) != (ssize_t)sizeof(page)) {
		errorf("skipped: cannot write %s: %s", path, strerror(errno));
		close(fd);
		scratch_remove(path);
		*path = '\0';
		return EXIT_SKIP;
	}
	close(fd);
	return EXIT_OK;
}

static const char *const modes[] = { "install", "catch", "prot" };

static int lat_sig_run(struct run_ctx *ctx)
{
	static const struct {
		const char	*label, *metric;
	} out[] = {
		{ "Signal handler installation", "lat_sig-install" },
		{ "Signal handler overhead", "lat_sig-catch" },
		{ "Protection fault", "lat_sig-prot" },
	};
	struct sg s = { 0 };
	struct result r = { 0 };
	struct bench_stats st, k0, sub;
	struct sigaction sa, old_usr1;
	unsigned P = lmbench_opts(ctx), m;
	char tmp[4096] = "", params[32] = "", note[80] = "";
	double less = 0;
	struct stat fs;
	int rc;

	if (ctx->argc < 1 || ctx->argc > 2) {
		errorf("usage: lat_sig [-P N] [-W US] [-N N] install|catch|prot [FILE]");
		return EXIT_USAGE;
	}
	for (m = 0; m < 3 && strcmp(modes[m], ctx->argv[0]); m++)
		;
	if (m == 3) {
		errorf("'%s' is not one of install catch prot", ctx->argv[0]);
		return EXIT_USAGE;
	}
	if (m == 2 && ctx->argc == 2) {
		s.file = ctx->argv[1];
		if (stat(s.file, &fs) || !S_ISREG(fs.st_mode) || fs.st_size < 1) {
			errorf("FILE: '%s' is not a readable non-empty file", s.file);
			return EXIT_USAGE;
		}
	} else if (m == 2) {
		if ((rc = make_file(ctx, tmp, sizeof(tmp))))
			return rc;
		s.file = tmp;
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, &old_usr1);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_fault;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, &old_segv);
	sigaction(SIGBUS, &sa, &old_bus);

	s.w = xcalloc(P, sizeof(*s.w));
	if (m == 0) {
		rc = sig_measure(ctx, &s, P, SG_INSTALL, &st);
	} else {
		rc = sig_measure(ctx, &s, P, SG_KILL0, &k0);
		if (!rc)
			rc = sig_measure(ctx, &s, P, SG_CATCH, m == 1 ? &st : &sub);
		if (!rc && m == 1) {
			less = k0.median_ns;
			snprintf(note, sizeof(note), "minus signal 0: %.4f us", less * 1e-3);
		} else if (!rc) {
			less = sub.median_ns - k0.median_ns;
			if (less < 0)
				less = 0;
			snprintf(note, sizeof(note), "minus catch: %.4f us", less * 1e-3);
			rc = sig_measure(ctx, &s, P, SG_PROT, &st);
		}
	}
	free(s.w);
	sigaction(SIGUSR1, &old_usr1, NULL);
	sigaction(SIGSEGV, &old_segv, NULL);
	sigaction(SIGBUS, &old_bus, NULL);
	if (tmp[0])
		scratch_remove(tmp);
	if (rc)
		return rc;

	if (P > 1)
		snprintf(params, sizeof(params), "P=%u", P);
	r.test = modes[m];
	r.group = out[m].label;
	r.metric = out[m].metric;
	r.params = params;
	r.unit = UNIT_US;
	r.better = -1;
	r.note = note[0] ? note : NULL;
	st.median_ns -= less;		/* at or below zero: flagged, as it is */
	st.min_ns -= less;
	st.max_ns -= less;
	result_from_time(&r, &st, 1e-3);
	result_unresolved(&r);
	emit_result(ctx, &r);
	return EXIT_OK;
}

TEXT(lat_sig_summary, "signal handler costs (lmbench's lat_sig)");
TEXT(lat_sig_usage,
	"usage: lat_sig [-P N] [-W US] [-N N] install|catch|prot [FILE]\n"
	"\n"
	"Microseconds per signal operation, lmbench's way. install: one\n"
	"sigaction(); catch: SIGUSR1 sent to this thread and caught by an empty\n"
	"handler, less the cost of sending signal 0; prot: a store to a read-only\n"
	"mapping of FILE (default a scratch page in --dir), caught as SIGSEGV,\n"
	"less the catch cost. Prints the medians on stderr.\n");

const struct applet applet_lat_sig = {
	.name    = "lat_sig",
	.summary = TEXT_PTR(lat_sig_summary),
	.usage   = TEXT_PTR(lat_sig_usage),
	.opts    = opts,
	.unit    = UNIT_US,
	.flags   = APPLET_NEEDS_DIR,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_sig_run,
};
