/* lat_unix.c - AF_UNIX stream round-trip latency, lmbench's lat_unix method
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_unix from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). Like lat_pipe
 * (the engine is in lat_pipe.c) but over one socketpair(AF_UNIX,
 * SOCK_STREAM): the parent sends -m bytes (default 1), a forked child
 * echoes them, the parent reads them back. One round trip, in
 * microseconds, the median sample; each echo is compared with what was
 * sent (self-check).
 */
#include "applet.h"
#include "lat_pipe.h"
#include "lmbench.h"

#define OPTIONS(O) \
	O(MSG, "msg", OPT_SIZE, "bytes per message", .letter = 'm', .def = "1", .min = 1, \
	  .max = 1 << 20, .metavar = "BYTES", .key = OPTK_MSG) \
	LMBENCH_OPT_P(O, 256, "parent/child pairs run at once") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_unix, OPTIONS);

static int lat_unix_run(struct run_ctx *ctx)
{
	return ipc_lat_run(ctx, PROC_UNIX);
}

TEXT(lat_unix_summary, "AF_UNIX socket round-trip latency (lmbench's lat_unix)");
TEXT(lat_unix_usage,
	"usage: lat_unix [-m BYTES] [-P N] [-W US] [-N N]\n"
	"\n"
	"Round-trip time of a BYTES-byte message between this process and a\n"
	"forked echo child over an AF_UNIX stream socketpair, in microseconds,\n"
	"lmbench's way; -P runs that many pairs at once. Prints \"AF_UNIX sock\n"
	"stream latency: T microseconds\" on stderr; --format gives the common\n"
	"record.\n");

const struct applet applet_lat_unix = {
	.name    = "lat_unix",
	.summary = TEXT_PTR(lat_unix_summary),
	.usage   = TEXT_PTR(lat_unix_usage),
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_unix_run,
};
