/* lat_pipe.h - the process plumbing shared by lat_pipe, lat_unix, bw_pipe,
 * bw_unix and lat_ctx (all in lat_pipe.c and bw_pipe.c)
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_LAT_PIPE_H
#define BENCHBOX_LAT_PIPE_H

#include <stddef.h>
#include <sys/types.h>

#include "opt.h"

struct run_ctx;

enum ipc_kind { IPC_PIPE, IPC_UNIX };

/* A two-way channel: the parent uses prd/pwr, the child crd/cwr. For
 * IPC_PIPE two pipes, for IPC_UNIX one socketpair (prd == pwr). */
struct ipc_chan {
	int	prd, pwr, crd, cwr;
};

int	ipc_open(enum ipc_kind kind, struct ipc_chan *c);	/* 0, or -1 + errno */
void	ipc_close(struct ipc_chan *c);				/* every end still open */
void	ipc_close_parent(struct ipc_chan *c);			/* in the child: prd, pwr */
void	ipc_close_child(struct ipc_chan *c);			/* in the parent: crd, cwr */
/* Whole transfers, retried on EINTR and short counts: 0 ok, -1 error or EOF. */
int	ipc_readn(int fd, void *buf, size_t n);
int	ipc_writen(int fd, const void *buf, size_t n);
/* fork(); the child dies with its parent, runs fn(arg) and _exit()s with
 * its return value. Returns the pid, or -1 + errno. */
pid_t	ipc_fork(int (*fn)(void *arg), void *arg);
/* SIGKILL (if still running) and waitpid; pid <= 0 is ignored. */
void	ipc_reap(pid_t pid);

/* The lat_pipe/lat_unix child: echo `msg`-byte messages from crd back to
 * cwr until EOF or an error. Exposed for tests. */
struct ipc_echo {
	struct ipc_chan	c;
	size_t		msg;
};
int	ipc_echo_child(void *echo);		/* arg: struct ipc_echo * */

int	ipc_lat_run(struct run_ctx *ctx, enum ipc_kind kind);	/* lat_pipe.c */
int	ipc_bw_run(struct run_ctx *ctx, enum ipc_kind kind);	/* bw_pipe.c */
/* bw_pipe's and bw_unix's options (lmbench's: -m -M -P -W -N) */
extern const struct opt_spec ipc_bw_opts[];

#endif
