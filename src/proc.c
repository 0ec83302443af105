/* proc.c - process plumbing: two-way channels, whole reads and writes,
 * forked helpers that die with their parent, reaping
 *
 * SPDX-License-Identifier: MIT
 *
 * A helper child forked by proc_fork() must never outlive the run: it asks
 * the kernel for SIGKILL when the thread that forked it ends
 * (PR_SET_PDEATHSIG), and checks that this thread did not end before the
 * request took effect. The callers close their copies of the other side's
 * ends, so a dead peer shows as EOF or EPIPE (an error), never as a hang.
 */
#define _GNU_SOURCE	/* pipe2() (glibc declares it only then; musl always) */
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

int proc_open(enum proc_kind kind, struct proc_chan *c)
{
	int a[2], b[2];

	c->prd = c->pwr = c->crd = c->cwr = -1;
	if (kind == PROC_UNIX) {
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, a))
			return -1;
		c->prd = c->pwr = a[0];
		c->crd = c->cwr = a[1];
		return 0;
	}
	if (pipe2(a, O_CLOEXEC))
		return -1;
	if (pipe2(b, O_CLOEXEC)) {
		int e = errno;

		close(a[0]);
		close(a[1]);
		errno = e;
		return -1;
	}
	c->cwr = a[1];		/* child -> parent */
	c->prd = a[0];
	c->pwr = b[1];		/* parent -> child */
	c->crd = b[0];
	return 0;
}

/* Close *fd if open and mark it closed; *also is the same descriptor's
 * other name (a socketpair end is both the read and the write end). */
static void close_fd(int *fd, int *also)
{
	if (*fd >= 0)
		close(*fd);
	if (also && *also == *fd)
		*also = -1;
	*fd = -1;
}

void proc_close(struct proc_chan *c)
{
	close_fd(&c->prd, &c->pwr);
	close_fd(&c->pwr, NULL);
	close_fd(&c->crd, &c->cwr);
	close_fd(&c->cwr, NULL);
}

void proc_close_parent(struct proc_chan *c)
{
	close_fd(&c->prd, &c->pwr);
	close_fd(&c->pwr, NULL);
}

void proc_close_child(struct proc_chan *c)
{
	close_fd(&c->crd, &c->cwr);
	close_fd(&c->cwr, NULL);
}

int proc_readn(int fd, void *buf, size_t n)
{
	char *p = buf;

	while (n) {
		ssize_t k = read(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0)
				errno = 0;	/* the end */
			return -1;
		}
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

int proc_writen(int fd, const void *buf, size_t n)
{
	const char *p = buf;

	while (n) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			if (k == 0)
				errno = ENOSPC;	/* nothing taken: no room */
			return -1;
		}
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

int proc_die_with_parent(pid_t parent, int sig)
{
	if (prctl(PR_SET_PDEATHSIG, sig))
		return -1;
	return getppid() == parent ? 0 : -1;	/* else it died before prctl() */
}

pid_t proc_fork(int (*fn)(void *arg), void *arg)
{
	pid_t parent = getpid(), pid = fork();

	if (pid)
		return pid;
	/* the child: only async-signal-safe calls from here on (the parent
	 * may have threads); die with the thread that forked us */
	if (proc_die_with_parent(parent, SIGKILL))
		_exit(1);
	signal(SIGPIPE, SIG_DFL);
	_exit(fn(arg));
}

void proc_reap(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}
