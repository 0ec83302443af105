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

TEXT(bw_unix_summary, "AF_UNIX socket bandwidth (lmbench's bw_unix)");
TEXT(bw_unix_usage,
	"usage: bw_unix [-m MSGSIZE] [-M TOTAL] [-P N] [-W US] [-N N]\n"
	"\n"
	"A forked child writes MSGSIZE-byte messages into an AF_UNIX stream\n"
	"socketpair and this process reads TOTAL bytes per iteration\n"
	"(k = 1024, m = 1048576), lmbench's way; the bandwidths of -P pairs add\n"
	"up. Prints \"AF_UNIX sock stream bandwidth: X MB/sec\" on stderr\n"
	"(MB = 10^6 bytes); --format gives the common record.\n");

const struct applet applet_bw_unix = {
	.name    = "bw_unix",
	.summary = TEXT_PTR(bw_unix_summary),
	.usage   = TEXT_PTR(bw_unix_usage),
	.opts    = ipc_bw_opts,
	.unit    = UNIT_MB_S,
	.classic = &emit_lmbench_mb,
	.reps    = 11,
	.run     = bw_unix_run,
};
