/* proc.h - process plumbing: two-way channels, whole reads and writes,
 * forked helpers that die with their parent, reaping
 *
 * SPDX-License-Identifier: MIT
 *
 * The applets that fork a partner (an echo or writer child, a ring, a local
 * server) and everything that must write a whole buffer use these; nothing
 * here measures anything.
 */
#ifndef BENCHBOX_PROC_H
#define BENCHBOX_PROC_H

#include <stddef.h>
#include <sys/types.h>

enum proc_kind { PROC_PIPE, PROC_UNIX };

/* A two-way channel: the parent uses prd/pwr, the child crd/cwr. For
 * PROC_PIPE two pipes, for PROC_UNIX one stream socketpair (prd == pwr,
 * crd == cwr). Every end is close-on-exec; a closed end is -1. */
struct proc_chan {
	int	prd, pwr, crd, cwr;
};

int	proc_open(enum proc_kind kind, struct proc_chan *c);	/* 0, or -1 + errno */
void	proc_close(struct proc_chan *c);			/* every end still open */
void	proc_close_parent(struct proc_chan *c);			/* in the child: prd, pwr */
void	proc_close_child(struct proc_chan *c);			/* in the parent: crd, cwr */
/* Whole transfers, retried on EINTR and short counts: 0 ok, -1 and errno
 * for an error, or errno 0 for EOF (also after part of the message);
 * a write that takes nothing is ENOSPC. */
int	proc_readn(int fd, void *buf, size_t n);
int	proc_writen(int fd, const void *buf, size_t n);
/* In a child just forked by parent (its getpid() before fork()): sig to
 * this process when the thread that forked it ends. 0, or -1 when the
 * parent is gone already or prctl() failed: the caller then _exit()s.
 * Async-signal-safe. */
int	proc_die_with_parent(pid_t parent, int sig);
/* fork(); the child dies (SIGKILL) with the thread that forked it, has
 * SIGPIPE at its default action, runs fn(arg) and _exit()s with its return
 * value. Returns the pid, or -1 + errno. */
pid_t	proc_fork(int (*fn)(void *arg), void *arg);
/* SIGKILL (if still running) and waitpid; pid <= 0 is ignored (never a
 * process group, never every process). */
void	proc_reap(pid_t pid);

#endif
