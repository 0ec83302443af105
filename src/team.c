/* team.c - N worker threads that run one measured body together
 *
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include "team.h"
#include "proc.h"
#include "util.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

struct worker {
	struct team	*t;
	unsigned	idx;
	int		cpu;		/* -1: not pinned */
	int		rc;		/* setup's answer */
	pthread_t	th;
};

struct team {
	unsigned		n;
	team_setup_fn		*setup;
	team_work_fn		*work;
	void			*arg;
	uint64_t		iters;	/* written before the start barrier */
	int			stop;
	pthread_barrier_t	start, done;
	struct worker		*w;
	int			procs;	/* processes: each has a socket and a pid */
	int			*fd;	/* -1: gone */
	pid_t			*pid;	/* 0: not started or reaped */
	team_done_fn		*finish;
};

static void pin(int cpu)
{
	cpu_set_t set;

	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);	/* best effort */
}

static void *worker_main(void *p)
{
	struct worker *w = p;
	struct team *t = w->t;

	pin(w->cpu);
	w->rc = t->setup ? t->setup(t->arg, w->idx) : 0;
	pthread_barrier_wait(&t->done);		/* setup finished */
	for (;;) {
		pthread_barrier_wait(&t->start);
		if (t->stop)
			break;
		t->work(t->arg, w->idx, t->iters);
		pthread_barrier_wait(&t->done);
	}
	return NULL;
}

struct team *team_start(unsigned n, const int *cpus, int ncpus, team_setup_fn *setup,
			team_work_fn *work, void *arg, int *rc)
{
	struct team *t = xcalloc(1, sizeof(*t));
	pthread_attr_t attr;
	unsigned i, started = 0;

	*rc = 0;
	t->n = n;
	t->setup = setup;
	t->work = work;
	t->arg = arg;
	t->w = xcalloc(n, sizeof(*t->w));
	pthread_barrier_init(&t->start, NULL, n + 1);
	pthread_barrier_init(&t->done, NULL, n + 1);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 1 << 20);
	for (i = 0; i < n; i++) {
		t->w[i].t = t;
		t->w[i].idx = i;
		t->w[i].cpu = ncpus > 0 ? cpus[i % (unsigned)ncpus] : -1;
		if (pthread_create(&t->w[i].th, &attr, worker_main, &t->w[i]))
			break;
		started++;
	}
	pthread_attr_destroy(&attr);
	if (started < n) {
		/* the barriers count n + 1: nobody could pass them; give up loudly */
		errorf("cannot start %u threads (started %u)", n, started);
		exit(1);
	}
	pthread_barrier_wait(&t->done);		/* every setup has finished */
	for (i = 0; i < n; i++)
		if (t->w[i].rc && !*rc)
			*rc = t->w[i].rc;
	if (*rc) {
		team_stop(t);
		return NULL;
	}
	return t;
}

/* One whole message (SOCK_SEQPACKET keeps them whole): 0, or -1 for the
 * end (the other side closed) or an error. */
static int full_io(int fd, void *buf, size_t len, int out)
{
	ssize_t k;

	do
		k = out ? send(fd, buf, len, MSG_NOSIGNAL) : recv(fd, buf, len, 0);
	while (k < 0 && errno == EINTR);
	return k == (ssize_t)len ? 0 : -1;
}

/* The child: setup, its answer, then one work() per count received until
 * the socket closes; done() gives the exit status. */
static void __attribute__((noreturn)) child_main(struct team *t, unsigned idx, int fd, int cpu,
						       pid_t parent)
{
	uint64_t iters;
	int rc;
	char ok = 1;

	/* die with the parent: SIGTERM, so that what this copy made (its
	 * scratch files) is removed by the handler that src/scratch.c set */
	if (proc_die_with_parent(parent, SIGTERM))
		_exit(1);
	pin(cpu);
	rc = t->setup ? t->setup(t->arg, idx) : 0;
	if (full_io(fd, &rc, sizeof(rc), 1) == 0 && rc == 0)
		while (full_io(fd, &iters, sizeof(iters), 0) == 0) {
			t->work(t->arg, idx, iters);
			if (full_io(fd, &ok, 1, 1))
				break;
		}
	if (t->finish) {
		int st = t->finish(t->arg, idx);

		if (!rc)
			rc = st;
	}
	_exit(rc);
}

struct team *team_start_procs(unsigned n, const int *cpus, int ncpus, team_setup_fn *setup,
			      team_work_fn *work, team_done_fn *done, void *arg, int *rc)
{
	struct team *t = xcalloc(1, sizeof(*t));
	pid_t self = getpid();
	unsigned i, j;

	*rc = 0;
	t->n = n;
	t->procs = 1;
	t->setup = setup;
	t->work = work;
	t->finish = done;
	t->arg = arg;
	t->fd = xcalloc(n, sizeof(*t->fd));
	t->pid = xcalloc(n, sizeof(*t->pid));
	fflush(NULL);		/* nothing buffered is written twice */
	for (i = 0; i < n; i++) {
		int sv[2];

		t->fd[i] = -1;
		if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv)) {
			errorf("cannot start copy %u of %u: socketpair: %s", i + 1, n, strerror(errno));
			*rc = 1;
			break;
		}
		t->pid[i] = fork();
		if (t->pid[i] == 0) {
			close(sv[0]);
			for (j = 0; j < i; j++)	/* the parent's ends: EOF when it goes */
				close(t->fd[j]);
			child_main(t, i, sv[1], ncpus > 0 ? cpus[i % (unsigned)ncpus] : -1, self);
		}
		close(sv[1]);
		if (t->pid[i] < 0) {
			t->pid[i] = 0;
			close(sv[0]);
			errorf("cannot start copy %u of %u: fork: %s", i + 1, n, strerror(errno));
			*rc = 1;
			break;
		}
		t->fd[i] = sv[0];
	}
	for (i = 0; i < n && !*rc; i++) {
		int answer = 0;

		if (full_io(t->fd[i], &answer, sizeof(answer), 0))
			answer = 1;	/* died in its setup */
		*rc = answer;
	}
	if (*rc) {
		team_stop(t);
		return NULL;
	}
	return t;
}

static void procs_body(struct team *t, uint64_t iters)
{
	unsigned i;
	char ok;

	for (i = 0; i < t->n; i++)
		if (full_io(t->fd[i], &iters, sizeof(iters), 1))
			break;
	for (i = 0; i < t->n; i++)
		if (full_io(t->fd[i], &ok, 1, 0))
			break;
	if (i < t->n) {
		errorf("copy %u of %u died during the run", i + 1, t->n);
		team_stop(t);
		exit(1);
	}
}

void team_body(void *team, uint64_t iters)
{
	struct team *t = team;

	if (t->procs) {
		procs_body(t, iters);
		return;
	}
	t->iters = iters;
	pthread_barrier_wait(&t->start);
	pthread_barrier_wait(&t->done);
}

static int procs_stop(struct team *t)
{
	unsigned i;
	int rc = 0, st;

	for (i = 0; i < t->n; i++)
		if (t->fd[i] >= 0)
			close(t->fd[i]);	/* the child leaves its loop */
	for (i = 0; i < t->n; i++) {
		if (!t->pid[i])
			continue;
		while (waitpid(t->pid[i], &st, 0) < 0 && errno == EINTR)
			;
		if (!rc)
			rc = WIFEXITED(st) ? WEXITSTATUS(st) : 1;
	}
	free(t->fd);
	free(t->pid);
	free(t);
	return rc;
}

int team_stop(struct team *t)
{
	unsigned i;

	if (!t)
		return 0;
	if (t->procs)
		return procs_stop(t);
	t->stop = 1;
	pthread_barrier_wait(&t->start);
	for (i = 0; i < t->n; i++)
		pthread_join(t->w[i].th, NULL);
	pthread_barrier_destroy(&t->start);
	pthread_barrier_destroy(&t->done);
	free(t->w);
	free(t);
	return 0;
}
