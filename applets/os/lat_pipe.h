/* lat_pipe.h - the engines of lat_pipe and lat_unix (lat_pipe.c), bw_pipe
 * and bw_unix (bw_pipe.c); the process plumbing they use is src/proc.h
 *
 * SPDX-License-Identifier: MIT
 */
#ifndef BENCHBOX_LAT_PIPE_H
#define BENCHBOX_LAT_PIPE_H

#include <stddef.h>

#include "opt.h"
#include "proc.h"

struct run_ctx;

/* The lat_pipe/lat_unix child: echo `msg`-byte messages from crd back to
 * cwr until EOF or an error. Exposed for tests. */
struct ipc_echo {
	struct proc_chan	c;
	size_t		msg;
};
int	ipc_echo_child(void *echo);		/* arg: struct ipc_echo * */

int	ipc_lat_run(struct run_ctx *ctx, enum proc_kind kind);	/* lat_pipe.c */
int	ipc_bw_run(struct run_ctx *ctx, enum proc_kind kind);	/* bw_pipe.c */
/* bw_pipe's and bw_unix's options (lmbench's: -m -M -P -W -N) */
extern const struct opt_spec ipc_bw_opts[];

#endif
