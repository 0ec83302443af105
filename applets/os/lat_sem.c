/* lat_sem.c - SysV semaphore handoff latency, lmbench's lat_sem method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_sem from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). A private set of
 * two SysV semaphores passes a token between this process and a forked
 * partner: each side, in one two-op semop(), waits for its own semaphore
 * and posts the other's. One iteration is a round trip (two handoffs); the
 * result is the median time per one-way handoff, in microseconds. At the
 * end the token must be back with us and both counts 0 (self-check).
 *
 * The set must not outlive the run, whatever ends it. A third process, the
 * guard, holds the read ends of two pipes whose write ends only this
 * process and the partner hold; when either dies (SIGINT, SIGKILL, a crash)
 * the guard sees the pipe close and removes the set, which also wakes the
 * survivor (its semop fails with EIDRM). The guard leaves our process
 * group (a terminal, or timeout(1), signals the whole group, SIGKILL
 * included) and ignores SIGINT, SIGTERM and SIGHUP. On a normal end
 * this process removes the set itself, then kills and reaps partner and
 * guard.
 */
#define _GNU_SOURCE	/* pipe2() (glibc declares it only then; musl always) */
#include "applet.h"
#include "lmbench.h"
#include "lmfile.h"
#include "proc.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/sem.h>
#include <unistd.h>

#define OPTIONS(O) \
	LMBENCH_OPT_P(O, 1024, "copies at once (processes)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_sem, OPTIONS);

union semun {			/* the caller defines it (POSIX) */
	int		val;
	struct semid_ds	*buf;
	unsigned short	*array;
};

struct sem_run {
	int	id;		/* the set; -1 = none */
	pid_t	guard, partner;
	int	alive;		/* our pipe to the guard: closes when we die */
	int	err;		/* errno of a failed semop */
};

/* The partner's arguments: the set, and our pipe end it must not keep. */
struct sem_partner {
	int	id;
	int	ours;
};

/* Hold off SIGINT, SIGTERM and SIGHUP; *old restores the mask. */
static void sem_hold_signals(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGHUP);
	sigprocmask(SIG_BLOCK, &set, old);
}

static void sem_guard(int id, int a, int b)
{
	struct pollfd pf[2] = { { a, POLLIN, 0 }, { b, POLLIN, 0 } };
	sigset_t none;

	setpgid(0, 0);		/* a kill of our whole group (timeout, a terminal)
				   must not reach us: the pipes tell us */
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	close(0);		/* hold no one's terminal or pipe open */
	close(1);
	close(2);
	while (poll(pf, 2, -1) < 0 && errno == EINTR)
		;
	semctl(id, 0, IPC_RMID);
	_exit(0);
}

/* Wait for semaphore 1, post semaphore 0, until the set is removed. */
static int sem_partner(void *arg)
{
	struct sem_partner *p = arg;
	struct sembuf op[2] = { { 1, -1, 0 }, { 0, 1, 0 } };

	close(p->ours);
	while (semop(p->id, op, 2) == 0 || errno == EINTR)
		;
	return 0;
}

/* Our side: wait for semaphore 0, post semaphore 1; n round trips. */
static void sem_body(void *arg, uint64_t iters)
{
	struct sem_run *s = arg;
	struct sembuf op[2] = { { 0, -1, 0 }, { 1, 1, 0 } };

	while (iters-- && !s->err)
		while (semop(s->id, op, 2)) {
			if (errno != EINTR) {
				s->err = errno;
				break;
			}
		}
}

/* The set, the guard (signals held off until it guards), the partner. */
static int sem_start(struct sem_run *s)
{
	union semun one = { .val = 1 };
	struct sem_partner part;
	int a[2], b[2];
	sigset_t old;

	sem_hold_signals(&old);
	s->id = semget(IPC_PRIVATE, 2, IPC_CREAT | 0600);
	if (s->id < 0 || semctl(s->id, 0, SETVAL, one) || pipe2(a, O_CLOEXEC)) {
		s->err = errno;
		sigprocmask(SIG_SETMASK, &old, NULL);
		return -1;
	}
	if (pipe2(b, O_CLOEXEC)) {
		s->err = errno;
		close(a[0]);
		close(a[1]);
		sigprocmask(SIG_SETMASK, &old, NULL);
		return -1;
	}
	s->guard = fork();
	if (s->guard == 0) {
		close(a[1]);
		close(b[1]);
		sem_guard(s->id, a[0], b[0]);
	}
	if (s->guard < 0)
		s->err = errno;
	else
		setpgid(s->guard, s->guard);	/* whichever of us comes first */
	close(a[0]);
	close(b[0]);
	s->alive = a[1];
	sigprocmask(SIG_SETMASK, &old, NULL);
	part.id = s->id;
	part.ours = s->alive;
	if (!s->err) {
		s->partner = proc_fork(sem_partner, &part);
		if (s->partner < 0)
			s->err = errno;
	}
	close(b[1]);		/* now only the partner holds it */
	return s->err ? -1 : 0;
}

static void sem_stop(struct sem_run *s)
{
	if (s->id >= 0)
		semctl(s->id, 0, IPC_RMID);	/* the partner's semop fails: it ends */
	s->id = -1;
	proc_reap(s->partner);
	proc_reap(s->guard);
	if (s->alive >= 0)
		close(s->alive);
	s->alive = -1;
}

/* The token must come back, leaving both counts at 0. */
static int sem_check(struct sem_run *s)
{
	struct sembuf take = { 0, -1, 0 };

	while (semop(s->id, &take, 1))
		if (errno != EINTR) {
			s->err = errno;
			return -1;
		}
	return semctl(s->id, 0, GETVAL) == 0 && semctl(s->id, 1, GETVAL) == 0 ? 0 : -1;
}

static int sem_report(struct run_ctx *ctx, const struct bench_stats *st, unsigned P,
		      const char *wrong)
{
	struct result r = { 0 };
	char params[24] = "";

	if (P > 1)
		snprintf(params, sizeof(params), "P=%u", P);
	r.test = "handoff";
	r.params = params;
	r.unit = UNIT_US;
	r.better = -1;
	r.group = "Semaphore latency";
	r.metric = P == 1 ? "semaphore_latency" : NULL;
	result_from_time(&r, st, 1e-3 / 2);	/* a round trip is two handoffs */
	lm_mark(ctx, &r, wrong);
	emit_result(ctx, &r);
	return lm_verdict(wrong);
}

/* In each copy (lm_measure): its own set, guard and partner. */
static int sem_setup(void *arg, unsigned idx)
{
	struct sem_run *s = arg;
	int skip;

	(void)idx;
	if (!sem_start(s))
		return EXIT_OK;
	skip = s->id < 0 && (s->err == ENOSYS || s->err == ENOSPC);
	if (s->id < 0)
		errorf("%sno SysV semaphore set: %s", skip ? "skipped: " : "", strerror(s->err));
	else
		errorf("cannot start the other processes: %s", strerror(s->err));
	s->err = 0;		/* said */
	return skip ? EXIT_SKIP : EXIT_FAIL;
}

/* Last in each copy: the token checked (EXIT_WRONG), the set removed, the
 * other processes reaped. */
static int sem_done(void *arg, unsigned idx)
{
	struct sem_run *s = arg;
	int wrong = !s->err && s->id >= 0 && sem_check(s) != 0;

	(void)idx;
	sem_stop(s);
	return lm_copy_status(s->err, wrong, "semop (the partner process died?)");
}

static int lat_sem_run(struct run_ctx *ctx)
{
	struct sem_run s = { .id = -1, .alive = -1 };
	struct lm_copies c = { sem_setup, sem_body, sem_done, &s };
	struct bench_stats st;
	unsigned P = lmbench_opts(ctx);
	int rc;

	if (ctx->argc) {
		errorf("unexpected argument '%s' (try 'lat_sem --help')", ctx->argv[0]);
		return EXIT_USAGE;
	}
	rc = lm_measure(ctx, P, &c, &st);
	if (rc && rc != EXIT_WRONG)
		return rc;
	return sem_report(ctx, &st, P, rc == EXIT_WRONG ? "the token was lost or doubled "
					"(counts not 0 at the end)" : NULL);
}

TEXT(lat_sem_summary, "SysV semaphore handoff latency (lmbench's lat_sem)");
TEXT(lat_sem_usage,
	"usage: lat_sem [-P N] [-W US] [-N N]\n"
	"\n"
	"Time of one handoff between this process and a forked partner through a\n"
	"pair of SysV semaphores (half a round trip), in microseconds, lmbench's\n"
	"way; the semaphores are removed on every exit. Prints \"Semaphore\n"
	"latency: T microseconds\" on stderr; --format gives the common record.\n");

const struct applet applet_lat_sem = {
	.name    = "lat_sem",
	.summary = TEXT_PTR(lat_sem_summary),
	.usage   = TEXT_PTR(lat_sem_usage),
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_sem_run,
};
