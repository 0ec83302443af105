/* bw_unix.c - AF_UNIX stream bandwidth, lmbench's bw_unix method and output
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's bw_unix from its published method (not
 * lmbench's code; its numbers are not "lmbench results"): bw_pipe (the
 * engine is in bw_pipe.c) over one socketpair(AF_UNIX, SOCK_STREAM). A
 * forked child writes -m byte messages (default 64 KiB), the parent reads
 * -M bytes (default 10 MiB) per iteration. MB/s with MB = 10^6 bytes, the
 * median sample; -P N runs N pairs and reports the aggregate.
 */
#include "applet.h"
#include "lat_pipe.h"
#include "lmbench.h"

static int bw_unix_run(struct run_ctx *ctx)
{
	return ipc_bw_run(ctx, PROC_UNIX);
}

const struct applet applet_bw_unix = {
	.name    = "bw_unix",
	.summary = "AF_UNIX socket bandwidth (lmbench's bw_unix)",
	.usage   = "usage: bw_unix [-m MSGSIZE] [-M TOTAL] [-P N] [-W US] [-N N]\n"
		   "\n"
		   "A forked child writes MSGSIZE-byte messages (default 64k) into an\n"
		   "AF_UNIX SOCK_STREAM socketpair and this process reads TOTAL bytes\n"
		   "(default 10m) per iteration; lmbench's method. k/m are powers of 1024,\n"
		   "MB = 10^6 bytes; the median sample. Nothing is pinned unless --cpu is\n"
		   "given. The child is killed and reaped on every exit. A copy of -P\n"
		   "is a reader/writer pair.\n"
		   LMBENCH_HELP_BW
		   "\n"
		   "Default output, like lmbench's, is one line on stderr:\n"
		   "\"AF_UNIX sock stream bandwidth: X MB/sec\".\n"
		   "--format=table|csv|json prints the common record (metric bw_unix at\n"
		   "the defaults).\n",
	.opts    = ipc_bw_opts,
	.unit    = UNIT_MB_S,
	.classic = &emit_lmbench_mb,
	.reps    = 11,
	.run     = bw_unix_run,
};
