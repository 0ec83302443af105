/* team.h - N worker threads that run one measured body together (-P N)
 *
 * SPDX-License-Identifier: MIT
 *
 * Each worker is pinned to one CPU of the given list (round robin), runs
 * setup() once on itself (allocate and first-touch its own buffer there),
 * then waits. team_body() has the bench_body signature: it releases every
 * worker to run work(iters) at once behind a barrier and returns when all
 * are done, so bench_measure() times the slowest worker and the aggregate
 * rate is P x work / time.
 *
 * team_start_procs() does the same with n forked processes, as lmbench
 * runs its copies: each child has its own copy of the caller's memory and
 * shares its open files; setup() runs in the child (open, map or make
 * what must be its own), done() there before it leaves: its exit status.
 */
#ifndef BENCHBOX_TEAM_H
#define BENCHBOX_TEAM_H

#include <stdint.h>

struct team;

typedef int  team_setup_fn(void *arg, unsigned idx);	/* 0 ok, else an exit status */
typedef void team_work_fn(void *arg, unsigned idx, uint64_t iters);

/* Start n workers on cpus[0..ncpus) (ncpus 0: not pinned). Returns NULL
 * with *rc set if a thread cannot start or a setup fails (all stopped). */
struct team *team_start(unsigned n, const int *cpus, int ncpus, team_setup_fn *setup,
			team_work_fn *work, void *arg, int *rc);
typedef int  team_done_fn(void *arg, unsigned idx);	/* the child's exit status */

/* n processes; done may be NULL. A child that dies is said (errorf) and
 * ends the run with status 1. */
struct team *team_start_procs(unsigned n, const int *cpus, int ncpus, team_setup_fn *setup,
			      team_work_fn *work, team_done_fn *done, void *arg, int *rc);
void team_body(void *team, uint64_t iters);
/* Stop and join (reap) every worker: 0, or the first child's non-zero exit
 * status (1 for a child killed by a signal). */
int  team_stop(struct team *t);

#endif
