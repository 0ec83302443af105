/* hello.c - lmbench's hello: print one line and exit
 *
 * SPDX-License-Identifier: MIT
 *
 * The program lmbench's lat_proc execs ("Process fork+execve"): it writes
 * "Hello world" and a newline to stdout with one write(2) and exits. It is
 * a command's output, not a result, so it bypasses the emitters.
 */
#include "applet.h"
#include "util.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

static int hello_run(struct run_ctx *ctx)
{
	static const char line[] = "Hello world\n";
	ssize_t n;

	ctx->rep->silent = 1;
	if (ctx->argc) {
		errorf("unexpected argument '%s'", ctx->argv[0]);
		return EXIT_USAGE;
	}
	do
		n = write(STDOUT_FILENO, line, sizeof(line) - 1);
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)sizeof(line) - 1) {
		errorf("cannot write to stdout: %s", n < 0 ? strerror(errno) : "short write");
		return EXIT_FAIL;
	}
	return EXIT_OK;
}

static const struct emitter emit_hello = { .name = "hello" };

TEXT(hello_summary, "the program lat_proc exec runs (lmbench's hello)");
TEXT(hello_usage,
	"usage: hello\n"
	"\n"
	"Writes \"Hello world\" and a newline to stdout with one write(2), as\n"
	"lmbench's hello does: the program that lat_proc exec runs.\n");

const struct applet applet_hello = {
	.name    = "hello",
	.summary = TEXT_PTR(hello_summary),
	.flags   = APPLET_TOOL,
	.usage   = TEXT_PTR(hello_usage),
	.unit    = "",
	.classic = &emit_hello,
	.run     = hello_run,
};
