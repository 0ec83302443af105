/* main.c - dispatch by argv[0] or subcommand, and the multiplexer
 *
 * SPDX-License-Identifier: MIT
 *
 *   APPLET [ARGS]             through a link named after the applet
 *   benchbox APPLET [ARGS]    as a subcommand; global options may come
 *                             before APPLET too (benchbox -o F stream)
 *   benchbox                  where to start: three commands
 *   benchbox --list | --help [APPLET] | --version | --licenses
 *   benchbox --install [--all] DIR
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

static const char exit_line[] =
	"Exit status: 0 ok, 1 failure, 2 usage error, 3 wrong answer, 77 skipped,\n"
	"127 unknown applet; --install: 1 when DIR holds another file of a name\n"
	"or a link failed (a name skipped for a command of PATH is no failure).\n";

static void usage(FILE *f)
{
	size_t i;

	fputs("usage: benchbox APPLET [OPTIONS] [ARGS]\n"
	      "       APPLET [OPTIONS] [ARGS]     (through a link named after the applet)\n"
	      "       benchbox --list | --help [APPLET] | --version | --licenses\n"
	      "       benchbox --install [--all] DIR\n"
	      "\n"
	      "One static executable with the benchmarks a board bring-up needs. Applets\n"
	      "named after a classic tool reproduce its method and output; results are\n"
	      "medians of repeated samples with min and max. 1 MB = 1,000,000 bytes.\n"
	      "--install links benchbox and the classic tools' names in DIR (--all:\n"
	      "every applet's); a name that PATH has as another command is skipped,\n"
	      "never shadowed, and nothing in DIR but a link to benchbox is replaced.\n"
	      "\nApplets:\n", f);
	for (i = 0; i < applet_count; i++)
		if (!(applet_table[i]->flags & APPLET_PENDING))
			fprintf(f, "  %-14s %s\n", applet_table[i]->name,
				applet_summary_text(applet_table[i]));
	fputs("\nGlobal options (every applet; before its name too):\n", f);
	opt_usage(f, global_opts);
	fputc('\n', f);
	fputs(exit_line, f);
}

/* benchbox alone: where to start, on one screen */
static void intro(FILE *f)
{
	fputs("benchbox: the benchmarks a board bring-up needs, in one executable.\n"
	      "\n"
	      "Start here:\n"
	      "  benchbox run quick --board auto\n"
	      "      a sanity check of this board in seconds, judged against the\n"
	      "      published numbers of the board it finds ('benchbox boards')\n"
	      "  benchbox run quick -o run.json && benchbox report run.json -o run.html\n"
	      "      the same, kept as JSON and written as one HTML page\n"
	      "  benchbox stream\n"
	      "      one benchmark on its own (STREAM's memory bandwidth)\n"
	      "\n"
	      "Next:\n"
	      "  benchbox --help          the applets and the options every one takes\n"
	      "  benchbox APPLET --help   what APPLET measures, how, and its options\n"
	      "  benchbox --list          the applets, one line each\n", f);
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
			fprintf(f, "%-14s %s\n", applet_table[i]->name,
				applet_summary_text(applet_table[i]));
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

/* The names --install links without --all: the classic tools benchbox
 * reproduces. Applets of generic words (run, compare, report, init ...)
 * would shadow other programs' commands. */
static const char *const classic_names[] = {
	"bw_file_rd", "bw_mem", "bw_mmap_rd", "bw_pipe", "bw_tcp", "bw_unix",
	"lat_connect", "lat_ctx", "lat_fs", "lat_mem_rd", "lat_mmap", "lat_ops",
	"lat_pagefault", "lat_pipe", "lat_proc", "lat_select", "lat_sem", "lat_sig",
	"lat_syscall", "lat_tcp", "lat_udp", "lat_unix", "lmdd", "mhz", "msleep",
	"par_mem", "par_ops", "tlb",
	"stream", "dhrystone", "whetstone", "linpack", "coremark", "nbench",
};

static int is_classic(const char *name)
{
	size_t i;

	for (i = 0; i < ARRAY_LEN(classic_names); i++)
		if (!strcmp(classic_names[i], name))
			return 1;
	return 0;
}

/* Another command called name in a PATH directory other than dir (and
 * not this executable): its path in buf, else 0. */
static int on_path(const char *name, const char *dir_real, const char *self_real,
		   char *buf, size_t len)
{
	const char *p = getenv("PATH"), *end;
	char d[PATH_MAX], real[PATH_MAX];
	struct stat st;

	for (; p && *p; p = *end ? end + 1 : end) {
		end = strchr(p, ':');
		if (!end)
			end = p + strlen(p);
		if (end == p || end - p >= (long)sizeof(d))
			continue;
		snprintf(d, sizeof(d), "%.*s", (int)(end - p), p);
		if (realpath(d, real) && !strcmp(real, dir_real))
			continue;
		if (snprintf(buf, len, "%s/%s", d, name) >= (int)len)
			continue;
		if (stat(buf, &st) || S_ISDIR(st.st_mode) || access(buf, X_OK))
			continue;
		if (realpath(buf, real) && !strcmp(real, self_real))
			continue;
		return 1;
	}
	return 0;
}

/* One symlink in dir for benchbox and each classic tool's name, or with
 * all for every applet. A name another command of PATH has is skipped:
 * the link would shadow it (or be shadowed). Never replaces anything that
 * is not already a symlink to this executable. 0 unless something in dir
 * was in the way or a link failed. */
static int install(const char *argv0, const char *dir, int all)
{
	char self[PATH_MAX], self_real[PATH_MAX], dir_real[PATH_MAX], path[PATH_MAX];
	char real[PATH_MAX], other[PATH_MAX];
	struct stat st;
	int bad = 0;
	size_t i;

	if (self_path(argv0, self, sizeof(self)) || !realpath(self, self_real)) {
		errorf("--install: cannot find this executable's path");
		return EXIT_FAIL;
	}
	if (stat(dir, &st) || !S_ISDIR(st.st_mode) || !realpath(dir, dir_real)) {
		errorf("--install: '%s' is not a directory", dir);
		return EXIT_FAIL;
	}
	for (i = 0; i <= applet_count; i++) {
		const char *name = i < applet_count ? applet_table[i]->name : "benchbox";

		if (i < applet_count && !all && !is_classic(name))
			continue;
		if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path)) {
			errorf("--install: path too long in '%s'", dir);
			return EXIT_FAIL;
		}
		if (lstat(path, &st) == 0) {
			if (realpath(path, real) && !strcmp(real, self_real)) {
				printf("kept %s (already %s)\n", path, S_ISLNK(st.st_mode) ?
				       "a link to benchbox" : "benchbox");
			} else {
				printf("skipped %s: exists and is not a link to benchbox\n", path);
				bad = 1;
			}
			continue;
		}
		if (on_path(name, dir_real, self_real, other, sizeof(other))) {
			printf("skipped %s: %s exists (a link would shadow it)\n", name, other);
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

static const char *const mux_words[] = {
	"--help", "--list", "--version", "--licenses", "--install",
};

/* "unknown option '--lst' (did you mean '--list'?)" */
static void unknown_option(const char *a)
{
	struct near n = { a };
	char hint[96], dashed[16][24];
	size_t i;

	for (i = 0; i < ARRAY_LEN(mux_words); i++)
		near_see(&n, mux_words[i]);
	for (i = 0; global_opts[i].name && i < ARRAY_LEN(dashed); i++) {	/* --outpt */
		snprintf(dashed[i], sizeof(dashed[i]), "--%s", global_opts[i].name);
		near_see(&n, dashed[i]);
	}
	if (near_best(&n))
		errorf("unknown option '%s'%s", a, near_hint(&n, hint, sizeof(hint)));
	else
		errorf("unknown option '%s' (try 'benchbox --help')", a);
}

static int multiplexer(int argc, char **argv)
{
	const char *a = argv[1];

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
	if (!strcmp(a, "--install")) {
		int all = argc == 4 && (!strcmp(argv[2], "--all") || !strcmp(argv[3], "--all"));
		const char *dir = argc == 3 ? argv[2] : all ? argv[!strcmp(argv[2], "--all") ? 3 : 2]
							 : NULL;

		if (!dir || (argc == 3 && !strcmp(dir, "--all"))) {
			errorf("usage: benchbox --install [--all] DIR");
			return EXIT_USAGE;
		}
		return install(argv[0], dir, all);
	}
	if (argc > 2 && (!strcmp(a, "--list") || !strcmp(a, "--version") ||
			 !strcmp(a, "--licenses"))) {
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
	unknown_option(a);
	return EXIT_USAGE;
}

/* benchbox [GLOBAL OPTIONS] APPLET [ARGS]: the applet with the options
 * moved after its name; -1 when argv[1] starts no such line. */
static int global_first(int argc, char **argv)
{
	const struct opt_spec *gtab = global_opts;
	const struct applet *ap;
	char **v;
	int i = 1, n, rc;

	while (i < argc && (n = opt_words(1, &gtab, argc, argv, i)))
		i += n;
	if (i == 1)
		return -1;
	if (i == argc || argv[i][0] == '-') {
		errorf("%s: global options go with an applet: benchbox [OPTIONS] APPLET ...",
		       argv[1]);
		return EXIT_USAGE;
	}
	if (!(ap = applet_find(argv[i]))) {
		unknown_applet(argv[i]);
		return EXIT_UNKNOWN;
	}
	v = xcalloc((size_t)argc + 1, sizeof(*v));
	v[0] = argv[i];
	memcpy(v + 1, argv + 1, (size_t)(i - 1) * sizeof(*v));
	memcpy(v + i, argv + i + 1, (size_t)(argc - i - 1) * sizeof(*v));
	rc = applet_main(ap, argc - 1, v);
	free(v);
	return rc;
}

static int dispatch(int argc, char **argv)
{
	const char *name = path_basename(argc > 0 && argv[0] ? argv[0] : "benchbox");
	const struct applet *a = applet_find(name);
	int rc;

	if (a)
		return applet_main(a, argc, argv);
	/* a link named after no applet, with nothing to say: as "benchbox NAME" */
	if (argc <= 1 && strncmp(name, "benchbox", 8)) {
		unknown_applet(name);
		return EXIT_UNKNOWN;
	}
	if (argc <= 1) {
		intro(stdout);
		return EXIT_OK;
	}
	if (argv[1][0] != '-') {
		if ((a = applet_find(argv[1])))
			return applet_main(a, argc - 1, argv + 1);
		unknown_applet(argv[1]);
		return EXIT_UNKNOWN;
	}
	if (strcmp(argv[1], "-h") && strcmp(argv[1], "--help") && strcmp(argv[1], "--version") &&
	    (rc = global_first(argc, argv)) >= 0)
		return rc;
	return multiplexer(argc, argv);
}

/* Closed descriptors 0-2 get a placeholder first (init does the same
 * after opening the console), so that no file opened later becomes
 * stdout or stderr. Whatever went to stdout outside the emit sink (help,
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
