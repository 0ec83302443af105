/* progress.c - the progress line of a long applet (see progress.h)
 *
 * SPDX-License-Identifier: MIT
 *
 * The thread only formats and write()s under the mutex, and sleeps on a
 * condition variable, so stopping it is immediate, not a tick late. Its
 * wake-ups (four a second) cost the measured work microseconds a second.
 * A child forked by the applet shares the memory but not the thread: the
 * pid check keeps it from taking a mutex that may be held for ever there.
 */
#include "progress.h"
#include "bench.h"
#include "util.h"

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { FIRST_MS = 2000, EVERY_MS = 250 };

struct progress {
	pthread_mutex_t	lock;
	pthread_cond_t	wake;
	pthread_t	th;
	const char	*what;
	pid_t		pid;		/* the applet's process, not a forked child */
	uint64_t	t0;		/* bench_clock_ns() at the start */
	unsigned	point, k, n, records;
	int		shown, held, stop;
	int		redraw;		/* shown when held: drawn again on release */
};

static void draw(struct progress *p, int erase)
{
	char line[160];
	int len = 0;

	if (!erase) {
		len = snprintf(line, sizeof(line), "\r%s: ", p->what);
		if (p->point > 1)
			len += snprintf(line + len, sizeof(line) - (size_t)len, "point %u, ",
					p->point);
		if (p->n && p->k)
			len += snprintf(line + len, sizeof(line) - (size_t)len,
					"sample %u of %u, ", p->k, p->n);
		else if (p->n)
			len += snprintf(line + len, sizeof(line) - (size_t)len, "calibrating, ");
		if (p->records)
			len += snprintf(line + len, sizeof(line) - (size_t)len, "records %u, ",
					p->records);
		len += snprintf(line + len, sizeof(line) - (size_t)len, "%.1f s\033[K",
				(double)(bench_clock_ns() - p->t0) / 1e9);
	} else if (p->shown) {
		len = snprintf(line, sizeof(line), "\r\033[K");
	}
	if (len > 0 && write(STDERR_FILENO, line, (size_t)len) == len)
		p->shown = !erase;
}

static void *tick(void *arg)
{
	struct progress *p = arg;
	uint64_t next = p->t0 + FIRST_MS * 1000000ull;
	struct timespec ts;

	pthread_mutex_lock(&p->lock);
	while (!p->stop) {
		clock_gettime(CLOCK_REALTIME, &ts);	/* the condvar's clock */
		ts.tv_nsec += EVERY_MS * 1000000L;
		if (ts.tv_nsec >= 1000000000L) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000L;
		}
		pthread_cond_timedwait(&p->wake, &p->lock, &ts);
		if (!p->stop && !p->held && bench_clock_ns() >= next)
			draw(p, 0);
	}
	draw(p, 1);
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct progress *progress_start(const char *what)
{
	struct progress *p;
	sigset_t all, old;
	int rc;

	if (!isatty(STDERR_FILENO))
		return NULL;
	p = xcalloc(1, sizeof(*p));
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->wake, NULL);
	p->what = what;
	p->pid = getpid();
	p->t0 = bench_clock_ns();
	/* every signal blocked in the thread: a handler that must interrupt
	 * the applet's own wait (a timer, ^C) runs in the applet's thread */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&p->th, NULL, tick, p);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc) {
		free(p);
		return NULL;
	}
	util_set_stderr_guard(progress_hold, p);	/* messages erase it too */
	return p;
}

void progress_stop(struct progress *p)
{
	if (!p)
		return;
	util_set_stderr_guard(NULL, NULL);
	pthread_mutex_lock(&p->lock);
	p->stop = 1;
	pthread_cond_signal(&p->wake);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->th, NULL);
	free(p);
}

void progress_sample(struct progress *p, int begin, unsigned k, unsigned n)
{
	if (!p || p->pid != getpid())
		return;
	pthread_mutex_lock(&p->lock);
	p->point += begin;
	p->k = k;
	p->n = n;
	pthread_mutex_unlock(&p->lock);
}

void progress_hold(void *arg, int how)
{
	struct progress *p = arg;

	if (!p || p->pid != getpid())
		return;
	pthread_mutex_lock(&p->lock);
	p->records += how == PROGRESS_RECORD;
	if (how == PROGRESS_HOLD) {
		p->redraw = p->shown;
		draw(p, 1);
	} else {
		if (p->redraw)	/* at once: no flicker between records */
			draw(p, 0);
		p->redraw = 0;
	}
	p->held = how == PROGRESS_HOLD;
	pthread_mutex_unlock(&p->lock);
}
