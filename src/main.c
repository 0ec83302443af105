/* main.c - dispatch by argv[0] or subcommand, and the multiplexer
 *
 * SPDX-License-Identifier: MIT
 *
 *   APPLET [ARGS]             through a link named after the applet
 *   benchbox APPLET [ARGS]    as a subcommand
 *   benchbox --list | --help [APPLET] | --version | --licenses | --install DIR
 *
 * As PID 1 (the kernel's /init, a container's first process, unshare -p
 * -f) the same words run the same way, in a child that PID 1 waits for
 * while it reaps the orphans it inherits; its exit status is the child's
 * (128 + N for signal N), and the signals PID 1 gets (docker stop's
 * SIGTERM, ^C) are passed on to it. Words that name no other applet -
 * /init, init, benchbox alone, benchbox init, the kernel's extra words
 * ("/init single") - make benchbox init (applets/boot/init.c).
 */
#include "applet.h"
#include "cpu.h"
#include "outfile.h"
#include "util.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void usage(FILE *f)
{
	size_t i;

	fputs("usage: benchbox APPLET [OPTIONS] [ARGS]\n"
	      "       APPLET [OPTIONS] [ARGS]     (through a link named after the applet)\n"
	      "       benchbox --list | --help [APPLET] | --version | --licenses | --install DIR\n"
	      "\n"
	      "One static executable with the benchmarks a board bring-up needs. Applets\n"
	      "named after a classic tool reproduce its method and output; results are\n"
	      "medians of repeated samples with min and max. 1 MB = 1,000,000 bytes.\n"
	      "\nApplets:\n", f);
	for (i = 0; i < applet_count; i++)
		if (!(applet_table[i]->flags & APPLET_PENDING))
			fprintf(f, "  %-14s %s\n", applet_table[i]->name, applet_table[i]->summary);
	fputs("\nGlobal options (every applet):\n", f);
	opt_usage(f, global_opts);
	fputs("\nExit status: 0 ok, 1 failure, 2 usage error, 3 wrong answer, 77 skipped,\n"
	      "127 unknown applet.\n", f);
}

/* "unknown applet 'strem' (did you mean 'stream'?)" or the list's hint */
static void unknown_applet(const char *name)
{
	struct near n = { name };
	char hint[96];
	size_t i;

	for (i = 0; i < applet_count; i++)
		if (!(applet_table[i]->flags & APPLET_PENDING))
			near_see(&n, applet_table[i]->name);
	if (near_best(&n))
		errorf("unknown applet '%s'%s", name, near_hint(&n, hint, sizeof(hint)));
	else
		errorf("unknown applet '%s' (try 'benchbox --list')", name);
}

static void list(FILE *f)
{
	size_t i;

	for (i = 0; i < applet_count; i++)
		if (!(applet_table[i]->flags & APPLET_PENDING))
			fprintf(f, "%-14s %s\n", applet_table[i]->name, applet_table[i]->summary);
}

/* The absolute path of this executable, for --install's links. */
static int self_path(const char *argv0, char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len - 1);

	if (n > 0) {
		buf[n] = '\0';
		return 0;
	}
	if (strchr(argv0, '/') && realpath(argv0, buf))
		return 0;
	return -1;
}

/* One symlink per applet in dir. Never replaces anything that is not
 * already a symlink to this executable. 0 if every applet is linked. */
static int install(const char *argv0, const char *dir)
{
	char self[PATH_MAX], self_real[PATH_MAX], path[PATH_MAX], real[PATH_MAX];
	struct stat st;
	int bad = 0;
	size_t i;

	if (self_path(argv0, self, sizeof(self)) || !realpath(self, self_real)) {
		errorf("--install: cannot find this executable's path");
		return EXIT_FAIL;
	}
	if (stat(dir, &st) || !S_ISDIR(st.st_mode)) {
		errorf("--install: '%s' is not a directory", dir);
		return EXIT_FAIL;
	}
	for (i = 0; i < applet_count; i++) {
		const char *name = applet_table[i]->name;

		if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path)) {
			errorf("--install: path too long in '%s'", dir);
			return EXIT_FAIL;
		}
		if (lstat(path, &st) == 0) {
			if (S_ISLNK(st.st_mode) && realpath(path, real) && !strcmp(real, self_real)) {
				printf("kept %s (already a link to benchbox)\n", path);
			} else {
				printf("skipped %s: exists and is not a link to benchbox\n", path);
				bad = 1;
			}
			continue;
		}
		if (symlink(self, path)) {
			errorf("--install: cannot create %s: %s", path, strerror(errno));
			bad = 1;
			continue;
		}
		printf("linked %s -> %s\n", path, self);
	}
	return bad ? EXIT_FAIL : EXIT_OK;
}

static int multiplexer(int argc, char **argv)
{
	const char *a = argc > 1 ? argv[1] : "--help";

	if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
		if (argc > 2) {
			const struct applet *ap = applet_find(argv[2]);

			if (!ap) {
				unknown_applet(argv[2]);
				return EXIT_UNKNOWN;
			}
			applet_usage(ap, stdout);
			return EXIT_OK;
		}
		usage(stdout);
		return EXIT_OK;
	}
	if (argc > 2 && strcmp(a, "--install")) {
		errorf("%s takes no arguments", a);
		return EXIT_USAGE;
	}
	if (!strcmp(a, "--list")) {
		list(stdout);
		return EXIT_OK;
	}
	if (!strcmp(a, "--version")) {
		print_version(stdout);
		return EXIT_OK;
	}
	if (!strcmp(a, "--licenses"))
		return print_licenses(stdout) ? EXIT_FAIL : EXIT_OK;
	if (!strcmp(a, "--install")) {
		if (argc != 3) {
			errorf("usage: benchbox --install DIR");
			return EXIT_USAGE;
		}
		return install(argv[0], argv[2]);
	}
	errorf("unknown option '%s' (try 'benchbox --help')", a);
	return EXIT_USAGE;
}

static int dispatch(int argc, char **argv)
{
	const char *name = path_basename(argc > 0 && argv[0] ? argv[0] : "benchbox");
	const struct applet *a = applet_find(name);

	if (a)
		return applet_main(a, argc, argv);
	/* a link named after no applet, with nothing to say: as "benchbox NAME" */
	if (argc <= 1 && strncmp(name, "benchbox", 8)) {
		unknown_applet(name);
		return EXIT_UNKNOWN;
	}
	if (argc > 1 && argv[1][0] != '-') {
		if ((a = applet_find(argv[1])))
			return applet_main(a, argc - 1, argv + 1);
		unknown_applet(argv[1]);
		return EXIT_UNKNOWN;
	}
	return multiplexer(argc, argv);
}

/* Closed descriptors 0-2 get a placeholder first (init does the same
 * after opening the console), so that no file opened later becomes
 * stdout or stderr. Whatever went to stdout outside the reporter (help,
 * lists, usage) is checked at the end: a failed write is exit status 1. */
static int run(int argc, char **argv)
{
	int rc;

	out_guard_stdio();
	rc = dispatch(argc, argv);
	if (out_close_stdout() && (rc == EXIT_OK || rc == EXIT_SKIP))
		rc = EXIT_FAIL;
	return rc;
}

/* As PID 1: do the words name an applet other than init (by the link's
 * name, or after a name that is none), or an option of the multiplexer
 * after benchbox's own name? Else benchbox is init. */
static int pid1_runs_applet(int argc, char **argv)
{
	const char *name = path_basename(argc > 0 && argv[0] ? argv[0] : "init");
	const struct applet *a = applet_find(name);

	if (a)
		return strcmp(a->name, "init") != 0;
	if (argc < 2)
		return 0;
	if ((a = applet_find(argv[1])))
		return strcmp(a->name, "init") != 0;
	return argv[1][0] == '-' && !strncmp(name, "benchbox", 8);
}

static const int pid1_sigs[] = { SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2 };
static volatile pid_t pid1_child;

static void pid1_pass_on(int sig)
{
	if (pid1_child > 0)
		kill(pid1_child, sig);
}

/* PID 1 runs the applet in a child and reaps every process until that
 * child has gone; its status. */
static int pid1_applet(int argc, char **argv)
{
	struct sigaction sa = { .sa_handler = pid1_pass_on, .sa_flags = SA_RESTART };
	sigset_t these, was;
	size_t i;
	pid_t p;
	int st;

	sigemptyset(&these);
	for (i = 0; i < ARRAY_LEN(pid1_sigs); i++) {
		sigaddset(&these, pid1_sigs[i]);
		sigaction(pid1_sigs[i], &sa, NULL);
	}
	sigprocmask(SIG_BLOCK, &these, &was);
	p = fork();
	if (p == 0) {
		sa.sa_handler = SIG_DFL;
		for (i = 0; i < ARRAY_LEN(pid1_sigs); i++)
			sigaction(pid1_sigs[i], &sa, NULL);
		sigprocmask(SIG_SETMASK, &was, NULL);
		exit(run(argc, argv));
	}
	pid1_child = p;
	sigprocmask(SIG_SETMASK, &was, NULL);
	if (p < 0) {
		errorf("cannot fork: %s (running the applet as PID 1 itself)", strerror(errno));
		return run(argc, argv);
	}
	for (;;) {
		p = waitpid(-1, &st, 0);
		if (p == pid1_child)
			break;
		if (p < 0 && errno != EINTR)
			return EXIT_FAIL;	/* ECHILD: cannot be, the child is ours */
	}
	pid1_child = 0;
	return WIFSIGNALED(st) ? 128 + WTERMSIG(st) : WEXITSTATUS(st);
}

/* SIGXFSZ is ignored before anything runs, so that a write past the file
 * size limit (ulimit -f) fails with EFBIG and is said like any other write
 * error (exit 1) instead of killing the process without a word; the
 * scratch files' handler (src/scratch.c) then leaves it ignored. */
int main(int argc, char **argv)
{
	signal(SIGXFSZ, SIG_IGN);
	if (getpid() == 1) {
		if (!pid1_runs_applet(argc, argv))
			init_pid1(argc, argv);
		init_pid1_end(pid1_applet(argc, argv));
	}
	return run(argc, argv);
}
