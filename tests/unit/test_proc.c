/* test_proc.c - the process plumbing: channels connect the right ends,
 * whole transfers survive short counts and signals, EOF is an error,
 * forked children exit with fn's value and die with their parent, reaping
 * leaves no zombie and never signals a group
 *
 * SPDX-License-Identifier: MIT
 *
 * The signal tests are made deterministic without timing: a helper child
 * waits until the test process sleeps in the kernel (state S in
 * /proc/PID/stat: it sleeps nowhere else then) before it sends SIGUSR1, and
 * the handler acknowledges each signal on a pipe before the next is sent.
 * Short reads are forced by writing part of a message and waiting until the
 * reader has taken it (FIONREAD 0) before writing the rest.
 */
#include "minitest.h"
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum { WAIT_MS = 60000 };	/* a helper gives up after this: never a hang */

static void sleep_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* waitpid() through the test's own signals: pid's status, or -1. */
static int status_of(pid_t pid)
{
	int status;
	pid_t r;

	while ((r = waitpid(pid, &status, 0)) < 0 && errno == EINTR)
		;
	return r == pid ? status : -1;
}

static int is_open(int fd)
{
	return fd >= 0 && fcntl(fd, F_GETFD) >= 0;
}

static int is_cloexec(int fd)
{
	int fl = fcntl(fd, F_GETFD);

	return fl >= 0 && (fl & FD_CLOEXEC);
}

/* Readable now: a byte written to a pipe or socket is there to read as
 * soon as write() returns (and a wrong end must fail, not hang). */
static int readable(int fd)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	return poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLIN);
}

/* One byte each way: parent to child and child to parent. */
static int two_way(const struct proc_chan *c)
{
	char b = 0;

	if (write(c->pwr, "p", 1) != 1 || !readable(c->crd) || read(c->crd, &b, 1) != 1 ||
	    b != 'p')
		return -1;
	if (write(c->cwr, "c", 1) != 1 || !readable(c->prd) || read(c->prd, &b, 1) != 1 ||
	    b != 'c')
		return -1;
	return 0;
}

TEST(proc_open_pipe)
{
	struct proc_chan c;
	int fds[4];

	REQUIRE(proc_open(PROC_PIPE, &c) == 0);
	fds[0] = c.prd;
	fds[1] = c.pwr;
	fds[2] = c.crd;
	fds[3] = c.cwr;
	CHECK(c.prd != c.pwr && c.crd != c.cwr && c.prd != c.crd && c.pwr != c.cwr);
	CHECK(is_cloexec(c.prd) && is_cloexec(c.pwr) && is_cloexec(c.crd) && is_cloexec(c.cwr));
	CHECK(fcntl(c.prd, F_GETFL) >= 0 && (fcntl(c.prd, F_GETFL) & O_ACCMODE) == O_RDONLY);
	CHECK((fcntl(c.pwr, F_GETFL) & O_ACCMODE) == O_WRONLY);
	CHECK((fcntl(c.crd, F_GETFL) & O_ACCMODE) == O_RDONLY);
	CHECK((fcntl(c.cwr, F_GETFL) & O_ACCMODE) == O_WRONLY);
	CHECK(two_way(&c) == 0);
	proc_close_child(&c);
	CHECK(c.crd == -1 && c.cwr == -1 && is_open(c.prd) && is_open(c.pwr));
	CHECK(!is_open(fds[2]) && !is_open(fds[3]));
	proc_close(&c);
	CHECK(c.prd == -1 && c.pwr == -1 && !is_open(fds[0]) && !is_open(fds[1]));
	proc_close(&c);			/* nothing left: no effect */
}

TEST(proc_open_unix)
{
	struct proc_chan c;
	int type = 0, p, ch;
	socklen_t len = sizeof(type);

	REQUIRE(proc_open(PROC_UNIX, &c) == 0);
	p = c.prd, ch = c.crd;
	CHECK(c.prd == c.pwr && c.crd == c.cwr && c.prd != c.crd);
	CHECK(is_cloexec(c.prd) && is_cloexec(c.crd));
	CHECK(getsockopt(c.prd, SOL_SOCKET, SO_TYPE, &type, &len) == 0 && type == SOCK_STREAM);
	CHECK(two_way(&c) == 0);
	proc_close_parent(&c);		/* one descriptor, both names cleared */
	CHECK(c.prd == -1 && c.pwr == -1 && !is_open(p) && is_open(ch));
	CHECK(c.crd == ch && c.cwr == ch);
	proc_close(&c);
	CHECK(c.crd == -1 && c.cwr == -1 && !is_open(ch));
}

/* The scheduler state letter of pid ('R', 'S', ...), 0 if unknown. */
static char proc_state(pid_t pid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	p = strrchr(buf, ')');
	return p && p[1] == ' ' ? p[2] : 0;
}

/* Wait until pid sleeps in the kernel: 0, or -1 after WAIT_MS. */
static int wait_sleeping(pid_t pid)
{
	int ms;

	for (ms = 0; ms < WAIT_MS; ms++) {
		if (proc_state(pid) == 'S')
			return 0;
		sleep_ms(1);
	}
	return -1;
}

/* Wait until fd has nothing left to read: 0, or -1 after WAIT_MS. */
static int wait_drained(int fd)
{
	int ms, left = -1;

	for (ms = 0; ms < WAIT_MS; ms++) {
		if (ioctl(fd, FIONREAD, &left) == 0 && left == 0)
			return 0;
		sleep_ms(1);
	}
	return -1;
}

/* The SIGUSR1 handler: count and acknowledge on a pipe (one of the
 * mutable globals the house style allows: a handler needs them). */
static volatile sig_atomic_t usr1_count;
static volatile sig_atomic_t usr1_ack = -1;

static void on_usr1(int sig)
{
	int e = errno;

	(void)sig;
	usr1_count++;
	if (usr1_ack >= 0 && write(usr1_ack, "!", 1) < 0)
		usr1_count = -1000;	/* the test then fails on the count */
	errno = e;
}

/* SIGUSR1 caught with SA_RESTART off: a blocked read or write returns
 * EINTR (or its partial count). Saves the old action in *old. */
static int catch_usr1(int ack_fd, struct sigaction *old)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0;
	usr1_count = 0;
	usr1_ack = ack_fd;
	return sigaction(SIGUSR1, &sa, old);
}

static void release_usr1(const struct sigaction *old)
{
	sigaction(SIGUSR1, old, NULL);
	usr1_ack = -1;
}

/* In a helper child: signal the parent n times, each time once it sleeps
 * in the kernel and only after the previous signal was handled. */
static int interrupt_parent(pid_t parent, int ack_rd, int n)
{
	char b;

	while (n--) {
		if (wait_sleeping(parent))
			return -1;
		if (kill(parent, SIGUSR1) || proc_readn(ack_rd, &b, 1))
			return -1;
	}
	return 0;
}

struct feeder {
	int	wr;		/* the write end to feed */
	int	rd;		/* the same pipe's read end: FIONREAD */
	int	ack;		/* the handler's acknowledgements, or -1 */
	pid_t	parent;
	int	signals;	/* before each part after the first */
	const char *msg;
};

/* Write msg a byte at a time, each byte only once the reader has taken
 * everything before it, so that every read() of the reader is short; with
 * signals, interrupt the reader's blocked read() first each time. */
static int feed(void *arg)
{
	struct feeder *f = arg;
	size_t i, n = strlen(f->msg);

	for (i = 0; i < n; i++) {
		if (i && wait_drained(f->rd))
			return 2;
		if (i && f->signals && interrupt_parent(f->parent, f->ack, f->signals))
			return 3;
		if (write(f->wr, f->msg + i, 1) != 1)
			return 4;
	}
	return 0;
}

static void readn_through(struct mt *t, int signals)
{
	static const char msg[] = "whole message";
	struct feeder f = { .msg = msg, .signals = signals, .ack = -1 };
	struct sigaction old;
	char buf[sizeof(msg)] = { 0 };
	int p[2], ack[2] = { -1, -1 }, status = -1, got;
	pid_t pid;

	if (signals && proc_state(getpid()) == 0)
		SKIP("no /proc/PID/stat to see the process sleep");
	REQUIRE(pipe(p) == 0);
	if (signals) {
		REQUIRE(pipe(ack) == 0);
		REQUIRE(catch_usr1(ack[1], &old) == 0);
	}
	f.wr = p[1];
	f.rd = p[0];
	f.ack = ack[0];
	f.parent = getpid();
	pid = proc_fork(feed, &f);
	REQUIRE(pid > 0);
	close(p[1]);
	got = proc_readn(p[0], buf, sizeof(msg) - 1);
	CHECK_EQ_INT(got, 0);
	CHECK_STR(buf, msg);
	if (got || strcmp(buf, msg))
		kill(pid, SIGKILL);	/* it would wait for reads that never come */
	status = status_of(pid);
	CHECK(status != -1 && WIFEXITED(status) && WEXITSTATUS(status) == 0);
	if (signals) {
		CHECK_EQ_INT(usr1_count, (int)(sizeof(msg) - 2) * signals);
		release_usr1(&old);
		close(ack[0]);
		close(ack[1]);
	}
	close(p[0]);
}

/* Every read() returns one byte: the message is still whole. */
TEST(proc_readn_short_reads)
{
	readn_through(t, 0);
}

/* And a signal (SA_RESTART off) interrupts each blocked read() twice. */
TEST(proc_readn_eintr)
{
	readn_through(t, 2);
}

enum { BIG = 1 << 20 };		/* many times a pipe's capacity */

static unsigned char pattern(size_t i)
{
	return (unsigned char)(i * 7 + (i >> 12));
}

struct drain {
	int	rd, wr, ack;
	pid_t	parent;
};

/* Interrupt the parent's blocked write() three times (the first returns
 * a partial count, the next two EINTR: the pipe is still full), then read
 * and check everything: exit 0 if exactly BIG bytes of the pattern came. */
static int drain(void *arg)
{
	struct drain *d = arg;
	unsigned char buf[4096];
	size_t at = 0, i;
	ssize_t k;

	close(d->wr);			/* the parent's close is then our EOF */
	if (interrupt_parent(d->parent, d->ack, 3))
		return 2;
	while ((k = read(d->rd, buf, sizeof(buf))) > 0) {
		for (i = 0; i < (size_t)k; i++)
			if (buf[i] != pattern(at + i))
				return 3;
		at += (size_t)k;
	}
	return k == 0 && at == BIG ? 0 : 1;
}

TEST(proc_writen_short_writes_and_eintr)
{
	struct drain d;
	struct sigaction old;
	void (*oldpipe)(int);
	unsigned char *buf;
	int p[2], ack[2], status = -1;
	size_t i;
	pid_t pid;

	if (proc_state(getpid()) == 0)
		SKIP("no /proc/PID/stat to see the process sleep");
	buf = malloc(BIG);
	REQUIRE(buf);
	for (i = 0; i < BIG; i++)
		buf[i] = pattern(i);
	REQUIRE(pipe(p) == 0 && pipe(ack) == 0);
	REQUIRE(catch_usr1(ack[1], &old) == 0);
	oldpipe = signal(SIGPIPE, SIG_IGN);	/* a reader that gave up: -1, not death */
	d.rd = p[0];
	d.wr = p[1];
	d.ack = ack[0];
	d.parent = getpid();
	pid = proc_fork(drain, &d);
	REQUIRE(pid > 0);
	close(p[0]);
	CHECK_EQ_INT(proc_writen(p[1], buf, BIG), 0);
	close(p[1]);			/* the reader's EOF */
	status = status_of(pid);
	CHECK(status != -1 && WIFEXITED(status));
	CHECK_EQ_INT(WEXITSTATUS(status), 0);
	CHECK_EQ_INT(usr1_count, 3);
	signal(SIGPIPE, oldpipe);
	release_usr1(&old);
	close(ack[0]);
	close(ack[1]);
	free(buf);
}

/* EOF after part of a message is an error, not a short success. */
TEST(proc_readn_eof_mid_message)
{
	char buf[8];
	int p[2];

	REQUIRE(pipe(p) == 0);
	CHECK(write(p[1], "abc", 3) == 3);
	close(p[1]);
	errno = EINVAL;
	CHECK_EQ_INT(proc_readn(p[0], buf, sizeof(buf)), -1);
	CHECK_EQ_INT(errno, 0);				/* the end, not an error */
	CHECK_EQ_INT(proc_readn(p[0], buf, 1), -1);	/* and at a message boundary */
	CHECK_EQ_INT(proc_readn(p[0], buf, 0), 0);	/* nothing asked: nothing to fail */
	close(p[0]);
}

/* A peer that has gone away is an error, not a hang or a SIGPIPE. */
TEST(proc_writen_dead_peer_is_error)
{
	struct proc_chan c;
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);
	char b = 0;

	REQUIRE(proc_open(PROC_PIPE, &c) == 0);
	close(c.crd);
	c.crd = -1;
	errno = 0;
	CHECK_EQ_INT(proc_writen(c.pwr, &b, 1), -1);
	CHECK_EQ_INT(errno, EPIPE);
	proc_close(&c);
	signal(SIGPIPE, old);
}

static int return_arg(void *arg)
{
	return *(int *)arg;
}

static int write_to_nobody(void *arg)
{
	int fd = *(int *)arg;

	if (write(fd, "x", 1) < 0)	/* SIGPIPE: the default action ends us */
		return 1;
	return 0;
}

TEST(proc_fork_exit_status)
{
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);
	int v = 42, status = -1, p[2];
	pid_t pid;

	pid = proc_fork(return_arg, &v);
	REQUIRE(pid > 0);
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 42);
	/* SIGPIPE ignored here is at its default action in the child */
	REQUIRE(pipe(p) == 0);
	close(p[0]);
	pid = proc_fork(write_to_nobody, &p[1]);
	close(p[1]);
	REQUIRE(pid > 0);
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGPIPE);
	signal(SIGPIPE, old);
}

/* The grandchild: tell the middle process that PR_SET_PDEATHSIG is set
 * (proc_fork() did it before calling us), then wait to be killed. */
static int wait_forever(void *arg)
{
	int fd = *(int *)arg;

	if (write(fd, "r", 1) != 1)
		return 1;
	for (;;)
		pause();
}

/* A child of proc_fork() is killed when its parent dies: the grandchild's
 * copy of the pipe's write end closes (EOF here) without anyone signalling
 * it. The middle process exits only once the grandchild runs fn. */
TEST(proc_fork_child_dies_with_parent)
{
	struct pollfd pfd;
	pid_t mid, orphan = 0;
	int p[2], status = -1, r;
	char b;

	REQUIRE(pipe(p) == 0);
	mid = fork();
	REQUIRE(mid >= 0);
	if (mid == 0) {
		int ready[2];
		pid_t pid;

		close(p[0]);
		if (pipe(ready))
			_exit(1);
		pid = proc_fork(wait_forever, &ready[1]);
		if (pid < 0 || proc_readn(ready[0], &b, 1) ||
		    proc_writen(p[1], &pid, sizeof(pid)))
			_exit(2);
		_exit(0);
	}
	close(p[1]);
	CHECK(waitpid(mid, &status, 0) == mid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CHECK(proc_readn(p[0], &orphan, sizeof(orphan)) == 0 && orphan > 0);
	pfd.fd = p[0];
	pfd.events = POLLIN;
	do
		r = poll(&pfd, 1, WAIT_MS);
	while (r < 0 && errno == EINTR);
	CHECK_EQ_INT(r, 1);		/* 0: still alive after a minute */
	CHECK(r == 1 && read(p[0], &b, 1) == 0);
	if (r != 1 && orphan > 0)
		kill(orphan, SIGKILL);
	close(p[0]);
}

/* The child's request: its signal is set, 0 while the parent is the one
 * named; -1 for any other (the parent died before the request). */
TEST(proc_die_with_parent)
{
	pid_t pid;
	int status = -1;

	pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0) {
		int sig = 0, rc = 0;

		if (proc_die_with_parent(getppid(), SIGTERM) != 0)
			rc |= 1;
		if (prctl(PR_GET_PDEATHSIG, &sig) || sig != SIGTERM)
			rc |= 2;
		if (proc_die_with_parent(getpid(), SIGKILL) != -1)	/* not our parent */
			rc |= 4;
		_exit(rc);
	}
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status));
	CHECK_EQ_INT(WEXITSTATUS(status), 0);
}

static int block_forever(void *arg)
{
	(void)arg;
	for (;;)
		pause();
	return 0;		/* not reached */
}

/* A child blocked for ever is killed and reaped: no zombie remains. */
TEST(proc_reap_running_child)
{
	pid_t pid = proc_fork(block_forever, NULL);

	REQUIRE(pid > 0);
	proc_reap(pid);
	errno = 0;
	CHECK(waitpid(pid, NULL, WNOHANG) == -1 && errno == ECHILD);
}

/* pid 0 and a negative pid are no child: no process group is signalled.
 * Tried in a child leading its own group, with a sibling in that group
 * that must survive, so that a fault kills nothing outside it (pid -1,
 * every process, is not tried: a fault there would be a disaster). */
TEST(proc_reap_ignores_nonpositive)
{
	pid_t box, sib;
	int status = -1;

	box = fork();
	REQUIRE(box >= 0);
	if (box == 0) {
		int alive;

		if (setpgid(0, 0))
			_exit(2);
		sib = proc_fork(block_forever, NULL);
		if (sib < 0)
			_exit(3);
		proc_reap(0);
		proc_reap(-getpgrp());
		alive = waitpid(sib, NULL, WNOHANG) == 0;
		proc_reap(sib);
		_exit(alive ? 0 : 1);
	}
	CHECK(waitpid(box, &status, 0) == box);
	CHECK(WIFEXITED(status));
	CHECK_EQ_INT(WEXITSTATUS(status), 0);
}
