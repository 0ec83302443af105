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

static const struct opt_spec opts[] = {
	{ "parallel", 'P', OPT_INT, "1", 1, 256, NULL, "reader/writer pairs run at once" },
	{ "msg", 'm', OPT_SIZE, "64k", 1, 1 << 26, NULL, "bytes per write and per read" },
	{ "total", 'M', OPT_SIZE, "10m", 1, 1e12, NULL, "bytes read per iteration" },
	{ 0 }
};

static int bw_unix_run(struct run_ctx *ctx)
{
	return ipc_bw_run(ctx, IPC_UNIX);
}

const struct applet applet_bw_unix = {
	.name    = "bw_unix",
	.summary = "AF_UNIX socket bandwidth (lmbench's bw_unix)",
	.usage   = "usage: bw_unix [-P N] [-m MSGSIZE] [-M TOTAL]\n"
		   "\n"
		   "A forked child writes MSGSIZE-byte messages (default 64k) into an\n"
		   "AF_UNIX SOCK_STREAM socketpair and this process reads TOTAL bytes\n"
		   "(default 10m) per iteration; lmbench's method. k/m are powers of 1024,\n"
		   "MB = 10^6 bytes; the median sample. Nothing is pinned unless --cpu is\n"
		   "given. -P N runs N pairs at once and reports the aggregate. The child\n"
		   "is killed and reaped on every exit.\n"
		   "\n"
		   "Default output, like lmbench's, is one line on stderr: \"B MB/sec\".\n"
		   "--format=table|csv|json prints the common record (metric bw_unix at\n"
		   "the defaults).\n",
	.opts    = opts,
	.unit    = UNIT_MB_S,
	.classic = &emit_lmbench_mb,
	.reps    = 11,
	.run     = bw_unix_run,
};
