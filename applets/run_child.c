/* run_child.c - one test of a suite in a forked child, with a time budget
 *
 * SPDX-License-Identifier: MIT
 *
 * The child is a fork of this process that calls applet_main() for the
 * test's applet with --format=csv, its stdout and stderr on two pipes (no
 * exec: this works where the executable cannot run itself again, as under
 * an emulator without binfmt_misc). It leads its own process group, so a
 * test's own children (echo servers, context-switch rings) go with it. The
 * parent polls both pipes in steps of at most 100 ms, collects the records
 * and the last stderr line, and stops the group when the budget is spent
 * or the suite is interrupted: SIGTERM first, so that a test that made
 * files removes them (src/scratch.h), then SIGKILL if the child is still
 * there RUN_GRACE_S seconds later. Nothing outlives a test: the group is
 * killed again once the child has been reaped.
 */
#define _GNU_SOURCE
#include "run.h"
#include "applet.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { RUN_GRACE_S = 5 };	/* seconds between SIGTERM and SIGKILL */

static const struct {
	int		sig;
	const char	*name;
} sig_names[] = {
	{ SIGHUP, "SIGHUP" }, { SIGINT, "SIGINT" }, { SIGQUIT, "SIGQUIT" },
	{ SIGILL, "SIGILL" }, { SIGTRAP, "SIGTRAP" }, { SIGABRT, "SIGABRT" },
	{ SIGBUS, "SIGBUS" }, { SIGFPE, "SIGFPE" }, { SIGKILL, "SIGKILL" },
	{ SIGUSR1, "SIGUSR1" }, { SIGSEGV, "SIGSEGV" }, { SIGUSR2, "SIGUSR2" },
	{ SIGPIPE, "SIGPIPE" }, { SIGALRM, "SIGALRM" }, { SIGTERM, "SIGTERM" },
	{ SIGXCPU, "SIGXCPU" }, { SIGXFSZ, "SIGXFSZ" }, { SIGSYS, "SIGSYS" },
};

const char *signal_name(int sig, char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_LEN(sig_names); i++)
		if (sig_names[i].sig == sig)
			return sig_names[i].name;
	snprintf(buf, len, "signal %d", sig);
	return buf;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* In the child: default signals, the pipes as stdout and stderr, then the
 * applet as if run on its own, with --format=csv. Never returns. */
static void child_main(char **argv, int argc, int outfd, int errfd)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD };
	const struct applet *a = applet_find(argv[0]);
	char **av = xcalloc((size_t)argc + 2, sizeof(*av));
	sigset_t all;
	size_t i;
	int rc;

	setpgid(0, 0);
	for (i = 0; i < ARRAY_LEN(sigs); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
	if (dup2(outfd, STDOUT_FILENO) < 0 || dup2(errfd, STDERR_FILENO) < 0)
		_exit(EXIT_FAIL);
	close(outfd);
	close(errfd);
	av[0] = argv[0];
	av[1] = "--format=csv";
	memcpy(av + 2, argv + 1, (size_t)(argc - 1) * sizeof(*av));
	rc = a ? applet_main(a, argc + 1, av) : EXIT_UNKNOWN;
	fflush(NULL);
	exit(rc);
}

static void keep_rows(struct child_out *out, const char *buf, size_t n)
{
	if (out->len + n + 1 > out->cap) {
		size_t cap = (out->len + n + 1) * 2;
		char *p = realloc(out->rows, cap);

		if (!p)
			return;		/* keep what fits */
		out->rows = p;
		out->cap = cap;
	}
	memcpy(out->rows + out->len, buf, n);
	out->len += n;
	out->rows[out->len] = '\0';
}

/* One complete stderr line: remembered, and passed on if a warning. */
static void err_line(struct child_out *out, const char *line)
{
	const char *s;

	if (!*line)
		return;
	snprintf(out->last_err, sizeof(out->last_err), "%s", line);
	if (!out->skip_why[0] && (s = strstr(line, "skipped: ")))
		snprintf(out->skip_why, sizeof(out->skip_why), "%s", s + 9);
	if (strstr(line, "warning: "))
		fprintf(stderr, "%s\n", line);
}

struct err_buf {
	char	line[512];
	size_t	n;
};

static void keep_err(struct child_out *out, struct err_buf *e, const char *buf, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (buf[i] == '\n') {
			e->line[e->n] = '\0';
			err_line(out, e->line);
			e->n = 0;
		} else if (e->n < sizeof(e->line) - 1) {
			e->line[e->n++] = buf[i];
		}
	}
}

/* Read what is there; returns 0 at EOF or on an error (fd closed). */
static int drain(int fd, struct child_out *out, struct err_buf *e)
{
	char buf[4096];
	ssize_t n = read(fd, buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 1;
	if (n <= 0) {
		close(fd);
		return 0;
	}
	if (e)
		keep_err(out, e, buf, (size_t)n);
	else
		keep_rows(out, buf, (size_t)n);
	return 1;
}

static void kill_group(pid_t pid, int sig)
{
	kill(-pid, sig);
	kill(pid, sig);
}

struct watch {
	pid_t		pid;
	struct pollfd	fd[2];		/* stdout, stderr; fd -1 when closed */
	int		exited;
	double		deadline;	/* 0 = none */
	double		kill_at;	/* SIGTERM sent: SIGKILL then; 0 = not yet */
	double		gone;		/* when the child was reaped */
};

/* One step: kill on budget or interrupt, poll, read, reap. */
static void watch_step(struct watch *w, volatile sig_atomic_t *stop, struct child_out *out,
		       struct err_buf *e)
{
	int i;

	if (!w->exited && !out->timed_out && !out->stopped) {
		if (w->deadline && now_s() >= w->deadline)
			out->timed_out = 1;
		if (*stop)
			out->stopped = 1;
		if (out->timed_out || out->stopped) {
			kill_group(w->pid, SIGTERM);
			w->kill_at = now_s() + RUN_GRACE_S;
		}
	}
	if (!w->exited && w->kill_at && now_s() >= w->kill_at)
		kill_group(w->pid, SIGKILL);
	if (poll(w->fd, 2, 100) > 0) {
		for (i = 0; i < 2; i++)
			if (w->fd[i].fd >= 0 && w->fd[i].revents &&
			    !drain(w->fd[i].fd, out, i ? e : NULL))
				w->fd[i].fd = -1;
	}
	if (!w->exited && waitpid(w->pid, &out->status, WNOHANG) == w->pid) {
		w->exited = 1;
		w->gone = now_s();
		kill(-w->pid, SIGKILL);		/* whatever it left behind */
	}
}

static void watch_child(struct watch *w, volatile sig_atomic_t *stop, struct child_out *out)
{
	struct err_buf e = { .n = 0 };
	int i;

	while (!w->exited || w->fd[0].fd >= 0 || w->fd[1].fd >= 0) {
		watch_step(w, stop, out, &e);
		if (w->exited && now_s() - w->gone > 1)
			break;		/* a pipe still held open by a stranger */
	}
	for (i = 0; i < 2; i++)
		if (w->fd[i].fd >= 0)
			close(w->fd[i].fd);
	e.line[e.n] = '\0';
	err_line(out, e.line);
}

int run_child(char **argv, int argc, double budget_s, volatile sig_atomic_t *stop,
	      struct child_out *out)
{
	struct watch w;
	int po[2], pe[2];
	double t0;

	memset(&w, 0, sizeof(w));
	if (pipe2(po, O_CLOEXEC))
		return -1;
	if (pipe2(pe, O_CLOEXEC)) {
		close(po[0]);
		close(po[1]);
		return -1;
	}
	fflush(NULL);
	t0 = now_s();
	w.pid = fork();
	if (w.pid == 0) {
		close(po[0]);
		close(pe[0]);
		child_main(argv, argc, po[1], pe[1]);
	}
	close(po[1]);
	close(pe[1]);
	if (w.pid < 0) {
		close(po[0]);
		close(pe[0]);
		return -1;
	}
	setpgid(w.pid, w.pid);
	w.fd[0].fd = po[0];
	w.fd[1].fd = pe[0];
	w.fd[0].events = w.fd[1].events = POLLIN;
	w.deadline = budget_s > 0 ? t0 + budget_s : 0;
	watch_child(&w, stop, out);
	if (!w.exited) {
		kill_group(w.pid, SIGKILL);
		waitpid(w.pid, &out->status, 0);
	}
	out->wall_s = now_s() - t0;
	return 0;
}

void child_out_free(struct child_out *out)
{
	free(out->rows);
	memset(out, 0, sizeof(*out));
}
