/* team.c - N worker threads that run one measured body together
 *
 * SPDX-License-Identifier: MIT
 */
#define _GNU_SOURCE
#include "team.h"
#include "util.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

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
};

static void *worker_main(void *p)
{
	struct worker *w = p;
	struct team *t = w->t;

	if (w->cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(w->cpu, &set);
		sched_setaffinity(0, sizeof(set), &set);	/* best effort */
	}
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

void team_body(void *team, uint64_t iters)
{
	struct team *t = team;

	t->iters = iters;
	pthread_barrier_wait(&t->start);
	pthread_barrier_wait(&t->done);
}

void team_stop(struct team *t)
{
	unsigned i;

	if (!t)
		return;
	t->stop = 1;
	pthread_barrier_wait(&t->start);
	for (i = 0; i < t->n; i++)
		pthread_join(t->w[i].th, NULL);
	pthread_barrier_destroy(&t->start);
	pthread_barrier_destroy(&t->done);
	free(t->w);
	free(t);
}
