/* run_child.c - one applet in a forked child: a suite's test with a time
 * budget, or init's run as it streams
 *
 * SPDX-License-Identifier: MIT
 *
 * The child is a fork of this process that calls applet_main() for
 * argv[0]'s applet, its stdout and stderr on two pipes (no exec: this
 * works where the executable cannot run itself again, as under an emulator
 * without binfmt_misc), and ends as main() does: stdout closed and checked,
 * exit(). The parent hands what comes on the pipes to two callbacks as it
 * comes (run_child_stream()), or collects the records and the last stderr
 * line (run_child(), which adds --format=csv).
 *
 * A suite's test leads its own process group, so its own children (echo
 * servers, context-switch rings) go with it. The parent polls both pipes
 * in steps of at most 100 ms and stops the group when the budget is spent
 * or the suite is interrupted: SIGTERM first, so that a test that made
 * files removes them (src/scratch.h), then SIGKILL if the child is still
 * there RUN_GRACE_S seconds later. Nothing outlives a test: the group is
 * killed again once the child has been reaped.
 *
 * init's run has no budget and stays in init's process group, so a
 * terminal's ^C reaches it as it reaches init; nothing kills it, it is
 * only read from (in steps of a second) and reaped, with init's reaper,
 * which takes the orphans PID 1 inherits too.
 */
#define _GNU_SOURCE
#include "run.h"
#include "applet.h"
#include "outfile.h"
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

/* In the child: its own group (or the caller's), default signals, then
 * none blocked (all are from the fork on), the pipes as stdout and
 * stderr, then the applet as if run on its own. Never returns. */
static void __attribute__((noreturn)) child_main(const struct child_spec *c, int outfd, int errfd)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD };
	const struct applet *a = applet_find(c->argv[0]);
	sigset_t all;
	size_t i;
	int rc;

	if (!c->same_group)
		setpgid(0, 0);
	for (i = 0; i < ARRAY_LEN(sigs); i++)
		signal(sigs[i], SIG_DFL);
	sigemptyset(&all);
	sigprocmask(SIG_SETMASK, &all, NULL);
	if (dup2(outfd, STDOUT_FILENO) < 0 || dup2(errfd, STDERR_FILENO) < 0)
		_exit(EXIT_FAIL);
	close(outfd);
	close(errfd);
	rc = a ? applet_main(a, c->argc, c->argv) : EXIT_UNKNOWN;
	if (out_close_stdout() && (rc == EXIT_OK || rc == EXIT_SKIP))
		rc = EXIT_FAIL;
	fflush(NULL);
	exit(rc);
}

/* run_child()'s collector: the records, the last stderr line. */
struct collect {
	struct child_out	*out;
	char			line[512];	/* the stderr line so far */
	size_t			n;
};

static void keep_rows(void *arg, const char *buf, size_t n)
{
	struct child_out *out = ((struct collect *)arg)->out;

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

static void keep_err(void *arg, const char *buf, size_t n)
{
	struct collect *c = arg;
	size_t i;

	for (i = 0; i < n; i++) {
		if (buf[i] == '\n') {
			c->line[c->n] = '\0';
			err_line(c->out, c->line);
			c->n = 0;
		} else if (c->n < sizeof(c->line) - 1) {
			c->line[c->n++] = buf[i];
		}
	}
}

static void kill_group(pid_t pid, int group, int sig)
{
	if (group)
		kill(-pid, sig);
	kill(pid, sig);
}

static int reap_one(int pid, int *status)
{
	return waitpid(pid, status, WNOHANG) == pid;
}

struct watch {
	const struct child_spec	*c;
	pid_t		pid;
	struct pollfd	fd[2];		/* stdout, stderr; fd -1 when closed */
	int		timed;		/* a budget or a stop flag: steps of 100 ms */
	int		exited;
	double		deadline;	/* 0 = none */
	double		kill_at;	/* SIGTERM sent: SIGKILL then; 0 = not yet */
	double		gone;		/* when the child was reaped */
};

/* Read what is there into its callback; returns 0 at EOF or on an error
 * (fd closed). */
static int drain(const struct child_spec *c, int i, int fd)
{
	char buf[4096];
	ssize_t n = read(fd, buf, sizeof(buf));

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 1;
	if (n <= 0) {
		close(fd);
		return 0;
	}
	(i ? c->on_err : c->on_out)(c->arg, buf, (size_t)n);
	return 1;
}

/* One step: kill on budget or interrupt, poll, read, reap. */
static void watch_step(struct watch *w, struct child_out *out)
{
	const struct child_spec *c = w->c;
	int i;

	if (!w->exited && !out->timed_out && !out->stopped) {
		if (w->deadline && now_s() >= w->deadline)
			out->timed_out = 1;
		if (c->stop && *c->stop)
			out->stopped = 1;
		if (out->timed_out || out->stopped) {
			kill_group(w->pid, !c->same_group, SIGTERM);
			w->kill_at = now_s() + RUN_GRACE_S;
		}
	}
	if (!w->exited && w->kill_at && now_s() >= w->kill_at)
		kill_group(w->pid, !c->same_group, SIGKILL);
	if (poll(w->fd, 2, w->timed ? 100 : 1000) > 0) {
		for (i = 0; i < 2; i++)
			if (w->fd[i].fd >= 0 && w->fd[i].revents && !drain(c, i, w->fd[i].fd))
				w->fd[i].fd = -1;
	}
	if (!w->exited && (c->reap ? c->reap : reap_one)(w->pid, &out->status)) {
		w->exited = 1;
		w->gone = now_s();
		if (!c->same_group)
			kill(-w->pid, SIGKILL);		/* whatever it left behind */
	}
}

/* Until both pipes are closed and, when timed, the child is reaped. */
static void watch_child(struct watch *w, struct child_out *out)
{
	int i;

	while (w->fd[0].fd >= 0 || w->fd[1].fd >= 0 || (w->timed && !w->exited)) {
		watch_step(w, out);
		if (w->exited && now_s() - w->gone > 1)
			break;		/* a pipe still held open by a stranger */
	}
	for (i = 0; i < 2; i++)
		if (w->fd[i].fd >= 0)
			close(w->fd[i].fd);
}

/* out's last_err says what failed (WHAT: the errno's text); -1, errno kept. */
static int fail(struct child_out *out, const char *what)
{
	int e = errno;

	snprintf(out->last_err, sizeof(out->last_err), "%s: %s", what, strerror(e));
	errno = e;
	return -1;
}

int run_child_stream(const struct child_spec *c, struct child_out *out)
{
	struct watch w;
	sigset_t all, old;
	int po[2], pe[2];
	double t0;

	memset(&w, 0, sizeof(w));
	if (pipe2(po, O_CLOEXEC))
		return fail(out, "cannot make a pipe");
	if (pipe2(pe, O_CLOEXEC)) {
		close(po[0]);
		close(po[1]);
		return fail(out, "cannot make a pipe");
	}
	fflush(NULL);
	/* a signal that comes as it forks waits for the child's default
	 * handlers: the caller's (run's stop) would swallow it */
	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, &old);
	t0 = now_s();
	w.pid = fork();
	if (w.pid == 0) {
		close(po[0]);
		close(pe[0]);
		child_main(c, po[1], pe[1]);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	close(po[1]);
	close(pe[1]);
	if (w.pid < 0) {
		int e = errno;

		close(po[0]);
		close(pe[0]);
		errno = e;
		return fail(out, "cannot fork");
	}
	if (!c->same_group)
		setpgid(w.pid, w.pid);
	w.c = c;
	w.fd[0].fd = po[0];
	w.fd[1].fd = pe[0];
	w.fd[0].events = w.fd[1].events = POLLIN;
	w.timed = c->budget_s > 0 || c->stop;
	w.deadline = c->budget_s > 0 ? t0 + c->budget_s : 0;
	watch_child(&w, out);
	if (!w.exited) {		/* untimed: its pipes are closed, it exits */
		while (waitpid(w.pid, &out->status, 0) < 0)
			if (errno != EINTR) {
				out->status = EXIT_FAIL << 8;
				break;
			}
		if (!c->same_group)
			kill(-w.pid, SIGKILL);
	}
	out->wall_s = now_s() - t0;
	return 0;
}

int run_child(char **argv, int argc, double budget_s, volatile sig_atomic_t *stop,
	      struct child_out *out)
{
	struct collect col = { .out = out, .n = 0 };
	struct child_spec c = { .argc = argc + 1, .budget_s = budget_s, .stop = stop,
				.on_out = keep_rows, .on_err = keep_err, .arg = &col };
	int rc;

	c.argv = xcalloc((size_t)argc + 2, sizeof(*c.argv));
	c.argv[0] = argv[0];
	c.argv[1] = "--format=csv";
	memcpy(c.argv + 2, argv + 1, (size_t)(argc - 1) * sizeof(*c.argv));
	rc = run_child_stream(&c, out);
	free(c.argv);
	col.line[col.n] = '\0';
	err_line(out, col.line);
	return rc;
}

void child_out_free(struct child_out *out)
{
	free(out->rows);
	memset(out, 0, sizeof(*out));
}
