/* msleep.c - lmbench's msleep: sleep MS milliseconds
 *
 * SPDX-License-Identifier: MIT
 *
 * lmbench's driver calls "msleep 250" between phases to let the machine
 * settle. MS is a whole number of milliseconds; nothing is printed. A
 * signal that interrupts the sleep does not shorten it.
 */
#include "applet.h"
#include "util.h"

#include <errno.h>
#include <string.h>
#include <time.h>

static int msleep_run(struct run_ctx *ctx)
{
	struct timespec ts;
	int64_t ms;

	ctx->rep->silent = 1;		/* no records: no empty document either */
	if (ctx->argc != 1) {
		if (ctx->argc)
			errorf("unexpected argument '%s'", ctx->argv[1]);
		else
			errorf("missing MS, the milliseconds to sleep (try 'msleep --help')");
		return EXIT_USAGE;
	}
	if (parse_int(ctx->argv[0], &ms) || ms < 0 || ms > 86400000) {
		errorf("MS: '%s' is not a number of milliseconds from 0 to 86400000",
		       ctx->argv[0]);
		return EXIT_USAGE;
	}
	ts.tv_sec = (time_t)(ms / 1000);
	ts.tv_nsec = (long)(ms % 1000) * 1000000;
	while (nanosleep(&ts, &ts))
		if (errno != EINTR) {
			errorf("cannot sleep: %s", strerror(errno));
			return EXIT_FAIL;
		}
	return EXIT_OK;
}

static const struct emitter emit_msleep = { .name = "msleep" };

TEXT(msleep_summary, "sleep MS milliseconds (lmbench's msleep)");
TEXT(msleep_usage,
	"usage: msleep MS\n"
	"\n"
	"Sleeps MS milliseconds (0 to 86400000) and prints nothing, as lmbench's\n"
	"msleep does between its driver's phases.\n");

const struct applet applet_msleep = {
	.name    = "msleep",
	.summary = TEXT_PTR(msleep_summary),
	.flags   = APPLET_TOOL,
	.usage   = TEXT_PTR(msleep_usage),
	.unit    = "",
	.classic = &emit_msleep,
	.run     = msleep_run,
};
