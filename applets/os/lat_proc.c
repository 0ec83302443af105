/* lat_proc.c - procedure call and process creation costs, lmbench's method
 *
 * SPDX-License-Identifier: MIT
 *
 * A reimplementation of lmbench's lat_proc from its published method (not
 * lmbench's code; its numbers are not "lmbench results"). procedure = one
 * call of a function the compiler may not inline or analyse; fork = fork,
 * the child _exit()s at once, the parent waits; exec = fork, the child closes
 * stdout and execs a small program, the parent waits; shell = the same with
 * /bin/sh -c running that program. Medians in microseconds, one line on
 * stderr ("Process fork+exit: 123.4567 microseconds").
 *
 * Deviation: lmbench's helper is /tmp/hello (writes 12 bytes to the closed
 * stdout); benchbox runs PROGRAM when given (exec PROGRAM, shell PROGRAM:
 * `/bin/sh -c PROGRAM`, its exit status taken from an untimed first run),
 * else itself (/proc/self/exe as "lat_proc
 * --help": parse, one failing write, exit), so no helper file and no shell
 * are needed. A failed write of stdout is exit status 1 for benchbox, so
 * that is the helper's success; its stderr is closed too, so the message
 * about it is one more failing write, not a line per run. Under qemu-user
 * without binfmt_misc an Arm binary cannot exec itself (ENOEXEC): exec and
 * shell are then skipped with that reason, as is shell when /bin/sh is
 * missing.
 */
#include "applet.h"
#include "lmbench.h"
#include "team.h"
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define OPTIONS(O) \
	LMBENCH_OPT_P(O, 1024, "copies run in parallel (threads)") \
	LMBENCH_OPTS_WN(O)
OPT_TABLE(lat_proc, OPTIONS);

#define USAGE "lat_proc [-P N] [-W US] [-N N] procedure|fork|exec|shell [PROGRAM]"

enum pr_op { PR_PROC, PR_FORK, PR_EXEC, PR_SHELL, PR_NOPS };

static const struct {
	const char	*name, *label, *metric;
} pr_ops[PR_NOPS] = {
	{ "procedure", "Procedure call", "lat_proc-proccall" },
	{ "fork", "Process fork+exit", "lat_proc-fork" },
	{ "exec", "Process fork+execve", "lat_proc-exec" },
	{ "shell", "Process fork+/bin/sh -c", NULL },
};

enum { CHILD_NOEXEC = 126, CHILD_NOFILE = 127 };

struct pr {
	enum pr_op	op;
	const char	*path;		/* what exec runs */
	char		*argv[4];
	int		status;		/* last bad wait status; 0 = all fine */
	int		expect;		/* the helper's wait status when all is well */
};

/* Not inlined, cloned or analysed across the call: a real call each time.
 * (clang, for the sanitizer build, has no noipa: not inlined, not optimised,
 * so nothing about it is inferred for the caller either.) */
#ifdef __clang__
__attribute__((noinline, optnone))
#else
__attribute__((noipa))
#endif
static unsigned call_nop(unsigned x)
{
	return x + 1;
}

/* One fork (+ exec) and wait; returns the wait status, or -1 if fork failed. */
static int spawn(const struct pr *p)
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (p->op == PR_FORK)
			_exit(0);
		close(1);
		close(2);
		execv(p->path, p->argv);
		_exit(errno == ENOEXEC ? CHILD_NOEXEC : CHILD_NOFILE);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return status;
}

static void pr_work(void *arg, unsigned idx, uint64_t iters)
{
	struct pr *p = arg;
	unsigned x = idx;
	int s;

	if (p->op == PR_PROC) {
		while (iters--)
			x = call_nop(x);
		bench_keep_u64(x);
		return;
	}
	while (iters--)
		if ((s = spawn(p)) != p->expect)
			p->status = s ? s : -1;
}

/* Say why on stderr; a record only where it is not the classic line. */
static int skip(struct run_ctx *ctx, enum pr_op op, const char *why)
{
	struct result r = { 0 };

	warnf("%s skipped: %s", pr_ops[op].name, why);
	if (ctx->rep->em != ctx->applet->classic) {
		r.test = pr_ops[op].name;
		r.group = pr_ops[op].label;
		r.metric = pr_ops[op].metric;
		r.unit = UNIT_US;
		r.better = -1;
		r.flags = RESULT_SKIPPED;
		r.note = why;
		emit_result(ctx, &r);
	}
	return EXIT_SKIP;
}

static int lat_proc_run(struct run_ctx *ctx)
{
	struct pr p = { 0 };
	struct result r = { 0 };
	struct bench_stats st;
	struct team *t;
	unsigned P = lmbench_opts(ctx), i;
	char self[PATH_MAX], cmd[PATH_MAX + 32], params[32] = "", note[PATH_MAX + 64] = "";
	char *prog;
	ssize_t n;
	int rc, s;

	if (ctx->argc < 1 || ctx->argc > 2) {
		errorf("usage: " USAGE);
		return EXIT_USAGE;
	}
	for (i = 0; i < PR_NOPS && strcmp(pr_ops[i].name, ctx->argv[0]); i++)
		;
	if (i == PR_NOPS) {
		errorf("'%s' is not one of procedure fork exec shell", ctx->argv[0]);
		return EXIT_USAGE;
	}
	p.op = (enum pr_op)i;
	if (ctx->argc == 2 && p.op < PR_EXEC) {
		errorf("%s takes no PROGRAM (only exec and shell do)", ctx->argv[0]);
		return EXIT_USAGE;
	}
	prog = ctx->argc == 2 ? ctx->argv[1] : NULL;

	if (p.op >= PR_EXEC) {
		if (prog && access(prog, X_OK)) {
			errorf("PROGRAM: cannot execute '%s': %s", prog, strerror(errno));
			return EXIT_FAIL;
		}
		n = readlink("/proc/self/exe", self, sizeof(self) - 1);
		if (n <= 0 && !prog)
			return skip(ctx, p.op, "cannot find this executable (/proc/self/exe)");
		self[n > 0 ? n : 0] = '\0';
		if (p.op == PR_EXEC) {
			p.path = prog ? prog : self;
			p.argv[0] = prog ? prog : "lat_proc";
			p.argv[1] = prog ? NULL : "--help";
			snprintf(note, sizeof(note), "ran %s%s", p.path, prog ? "" : " lat_proc --help");
		} else {
			if (access("/bin/sh", X_OK))
				return skip(ctx, p.op, "no /bin/sh");
			if (!prog && strchr(self, '\''))
				return skip(ctx, p.op, "this executable's path has a quote");
			if (prog)
				snprintf(cmd, sizeof(cmd), "%s", prog);
			else
				snprintf(cmd, sizeof(cmd), "'%s' lat_proc --help", self);
			p.path = "/bin/sh";
			p.argv[0] = "sh";
			p.argv[1] = "-c";
			p.argv[2] = cmd;
			snprintf(note, sizeof(note), "ran /bin/sh -c %s", cmd);
		}
		/* one untimed try: emulators without binfmt_misc cannot exec us */
		s = spawn(&p);
		if (s < 0) {
			errorf("%s: fork failed: %s", p.op == PR_EXEC ? "exec" : "shell",
			       strerror(errno));
			return EXIT_FAIL;
		}
		if (!prog && WIFEXITED(s) && (WEXITSTATUS(s) == CHILD_NOEXEC ||
					      WEXITSTATUS(s) == CHILD_NOFILE))
			return skip(ctx, p.op, "cannot execute this binary again (emulated, "
				    "e.g. qemu-user without binfmt_misc?)");
		/* a PROGRAM's own exit status is what it answers every time */
		p.expect = prog ? s : EXIT_FAIL << 8;	/* ours: exit 1, stdout was closed */
		if (s != p.expect || (prog && (!WIFEXITED(s) ||
					       (p.op == PR_EXEC && WEXITSTATUS(s) >= CHILD_NOEXEC)))) {
			errorf("%s: the child failed (wait status %#x)", pr_ops[p.op].name,
			       (unsigned)s);
			return EXIT_FAIL;
		}
	}

	t = team_start(P, ctx->cpus, ctx->ncpus, NULL, pr_work, &p, &rc);
	if (!t)
		return rc;
	rc = bench_measure(&ctx->bench, team_body, t, &st) ? EXIT_FAIL : EXIT_OK;
	team_stop(t);
	if (rc)
		return rc;
	if (p.status) {
		errorf("%s: a child failed (wait status %#x)", pr_ops[p.op].name,
		       (unsigned)p.status);
		return EXIT_FAIL;
	}
	if (P > 1)
		snprintf(params, sizeof(params), "P=%u", P);
	r.test = pr_ops[p.op].name;
	r.group = pr_ops[p.op].label;
	r.metric = pr_ops[p.op].metric;
	r.params = params;
	r.unit = UNIT_US;
	r.better = -1;
	r.note = note[0] ? note : NULL;
	result_from_time(&r, &st, 1e-3);
	if (p.op == PR_FORK)	/* lmbench's is dynamically linked: more to copy */
		r.note = "static binary: fewer mappings to copy than a dynamic lmbench's";
	emit_result(ctx, &r);
	return EXIT_OK;
}

TEXT(lat_proc_summary, "procedure call and process creation (lmbench's lat_proc)");
TEXT(lat_proc_usage,
	"usage: " USAGE "\n"
	"\n"
	"Microseconds per operation, lmbench's way. procedure: a call of an\n"
	"opaque function; fork: fork, the child exits, the parent waits; exec:\n"
	"fork and exec PROGRAM (default 'lat_proc --help' of this static binary;\n"
	"give lmbench's hello for a like-for-like figure); shell: the same\n"
	"through /bin/sh -c. exec and shell skip (exit 77) where this binary\n"
	"cannot exec itself or there is no /bin/sh. Prints the medians on stderr.\n");

const struct applet applet_lat_proc = {
	.name    = "lat_proc",
	.summary = TEXT_PTR(lat_proc_summary),
	.usage   = TEXT_PTR(lat_proc_usage),
	.opts    = opts,
	.unit    = UNIT_US,
	.classic = &emit_lmbench_micro,
	.reps    = 11,
	.run     = lat_proc_run,
};
