/* test_scratch.c - scratch files and trees are gone after removal, at exit
 * and when a signal kills the process; forked children never remove them
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "scratch.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int exists(const char *p)
{
	struct stat st;

	return lstat(p, &st) == 0;
}

/* A tree two levels deep with files at each level under dir. */
static int populate(const char *dir)
{
	char p[4200];
	int i, fd;

	for (i = 0; i < 150; i++) {		/* more than one getdents buffer */
		snprintf(p, sizeof(p), "%s/file-with-a-long-name-%03d", dir, i);
		fd = open(p, O_WRONLY | O_CREAT, 0600);
		if (fd < 0)
			return -1;
		close(fd);
	}
	snprintf(p, sizeof(p), "%s/sub", dir);
	if (mkdir(p, 0700))
		return -1;
	snprintf(p, sizeof(p), "%s/sub/deeper", dir);
	if (mkdir(p, 0500 | 0200))
		return -1;
	snprintf(p, sizeof(p), "%s/sub/deeper/f", dir);
	fd = open(p, O_WRONLY | O_CREAT, 0400);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

TEST(scratch_file_and_tree_removed)
{
	char f[4096], d[4096], where[4096];
	const char *base = scratch_dir(NULL);
	int fd;

	snprintf(where, sizeof(where), "%s", base);
	fd = scratch_file(where, "unit", 0, f, sizeof(f));
	REQUIRE(fd >= 0);
	CHECK(strstr(f, "/benchbox-unit.") != NULL);
	CHECK(exists(f));
	CHECK(scratch_fill(fd, 100000, 'z', 8192) == 0);
	CHECK(lseek(fd, 0, SEEK_END) == 100000);
	close(fd);
	REQUIRE(scratch_mkdir(where, "unitdir", d, sizeof(d)) == 0);
	CHECK(populate(d) == 0);
	scratch_remove(f);
	scratch_remove(d);
	CHECK(!exists(f));
	CHECK(!exists(d));
	CHECK(scratch_file("/nonexistent-dir-for-benchbox", "unit", 0, f, sizeof(f)) < 0);
	CHECK(scratch_cannot(errno));
}

/* In a child: make a file and a tree, report their paths, wait for a signal. */
static void child_make_and_wait(int wfd, int sig_ignored)
{
	char f[4096], d[4096], msg[8200];
	int fd;

	struct rlimit no_core = { 0, 0 };

	setrlimit(RLIMIT_CORE, &no_core);	/* SIGQUIT, SIGSEGV: no core file */
	if (sig_ignored)
		signal(SIGHUP, SIG_IGN);
	fd = scratch_file(scratch_dir(NULL), "unitsig", 0, f, sizeof(f));
	if (fd < 0 || scratch_mkdir(scratch_dir(NULL), "unitsig", d, sizeof(d)) || populate(d))
		_exit(9);
	/* a grandchild that exits on its own must not remove our files */
	if (fork() == 0)
		exit(0);	/* exit(), so atexit handlers run in it */
	wait(NULL);
	snprintf(msg, sizeof(msg), "%s\n%s\n", f, d);
	if (write(wfd, msg, strlen(msg)) < 0)
		_exit(9);
	close(wfd);
	for (;;)
		pause();
}

/* Read the two lines a child wrote into fd (then closed) into buf, both
 * NUL-terminated: where the first ended (the second starts after it), or
 * NULL when there are not two. */
static char *two_lines(int fd, char *buf, size_t len)
{
	ssize_t n, got = 0;
	char *nl;

	while ((n = read(fd, buf + got, len - 1 - (size_t)got)) > 0)
		got += n;
	close(fd);
	buf[got] = 0;
	nl = strchr(buf, '\n');
	if (!nl || !strchr(nl + 1, '\n'))
		return NULL;
	*nl = 0;
	*strchr(nl + 1, '\n') = 0;
	return nl;
}

static void run_signal_case(struct mt *t, int sig, int ignored)
{
	char buf[8200] = "", *nl;
	int p[2], status = 0, n;
	pid_t pid;

	REQUIRE(pipe(p) == 0);
	pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0) {
		close(p[0]);
		child_make_and_wait(p[1], ignored);
	}
	close(p[1]);
	nl = two_lines(p[0], buf, sizeof(buf));
	REQUIRE(nl != NULL);
	CHECK(exists(buf));		/* the grandchild's exit left them alone */
	CHECK(exists(nl + 1));
	kill(pid, sig);
	if (ignored) {			/* still alive, files still there */
		usleep(100000);
		CHECK(waitpid(pid, &status, WNOHANG) == 0);
		CHECK(exists(buf));
		kill(pid, SIGTERM);
	}
	for (n = 0; n < 600 && waitpid(pid, &status, WNOHANG) == 0; n++)
		usleep(50000);		/* 30 s: never hang on a signal not delivered */
	if (n == 600) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
	}
	CHECK(WIFSIGNALED(status));
	CHECK_EQ_INT(WTERMSIG(status), ignored ? SIGTERM : sig);
	CHECK(!exists(buf));
	CHECK(!exists(nl + 1));
}

TEST(scratch_removed_on_signal)
{
	run_signal_case(t, SIGTERM, 0);
	run_signal_case(t, SIGINT, 0);
	run_signal_case(t, SIGHUP, 1);	/* nohup: SIGHUP stays ignored */
}

/* The sanitizer build's runtime owns SIGSEGV, SIGBUS and SIGFPE: the
 * scratch handler chains to it, and it reports a crash (a report fails
 * the run) and aborts. Those three are checked in the product builds. */
#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#define SANITIZED 0
#endif

/* Every signal whose default action ends the process and that can be
 * caught: the files go, and the process still dies of that signal. */
TEST(scratch_removed_on_every_fatal_signal)
{
	static const int sigs[] = {
		SIGPIPE, SIGQUIT, SIGALRM, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM,
		SIGPROF, SIGPOLL, SIGPWR, SIGSYS, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL,
		SIGTRAP, SIGSTKFLT,
	};
	unsigned i;

	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (!SANITIZED || (sigs[i] != SIGSEGV && sigs[i] != SIGBUS && sigs[i] != SIGFPE))
			run_signal_case(t, sigs[i], 0);
	run_signal_case(t, SIGRTMIN, 0);
	run_signal_case(t, SIGRTMIN + 1, 0);	/* SIGRTMAX: qemu-user cannot deliver it */
}

/* A signal that already had a handler when the first object was made
 * keeps it (a harness's timer, a sanitizer's report): it is not turned
 * into a fatal one, and the files stay until the run ends or removes them. */
static volatile sig_atomic_t usr2_seen;

static void on_usr2(int sig)
{
	(void)sig;
	usr2_seen++;
}

TEST(scratch_keeps_a_handler_it_found)
{
	char f[4096];
	int status = -1, fd;
	pid_t pid = fork();

	REQUIRE(pid >= 0);
	if (pid == 0) {
		signal(SIGUSR2, on_usr2);
		fd = scratch_file(scratch_dir(NULL), "unitkeep", 0, f, sizeof(f));
		if (fd < 0)
			_exit(10);
		raise(SIGUSR2);		/* the handler's: no death */
		if (usr2_seen != 1 || !exists(f))
			_exit(11);
		raise(SIGUSR1);		/* default: the files go, and we die of it */
		_exit(12);
	}
	REQUIRE(waitpid(pid, &status, 0) == pid);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGUSR1);
	if (WIFEXITED(status))
		CHECK_EQ_INT(WEXITSTATUS(status), 0);
}

/* A PID that has just exited (and been reaped): dead unless reused. */
static pid_t dead_pid(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	if (pid > 0)
		waitpid(pid, NULL, 0);
	return pid;
}

static int touch(const char *dir, const char *name)
{
	char p[4200];
	int fd;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int exists_in(const char *dir, const char *name)
{
	char p[4200];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return exists(p);
}

TEST(scratch_sweep_leftovers)
{
	char d[4096], name[8][96], tree[4200];
	pid_t dead = dead_pid(), live = getppid();
	int i;

	REQUIRE(dead > 0);
	REQUIRE(scratch_mkdir(scratch_dir(NULL), "unitsweep", d, sizeof(d)) == 0);
	snprintf(name[0], 96, "benchbox-t.%d.abc123", (int)dead);	/* removed */
	snprintf(name[1], 96, "benchbox-t.%d.zzzzzz", (int)dead);	/* a tree: removed */
	snprintf(name[2], 96, "benchbox-t.%d.abc123", (int)live);	/* alive */
	snprintf(name[3], 96, "benchbox-t.%d.abc123", (int)getpid());	/* ours */
	snprintf(name[4], 96, "benchbox-other.%d.abc123", (int)dead);	/* other tag */
	snprintf(name[5], 96, "benchbox-t.%d.abc1234", (int)dead);	/* not our name */
	snprintf(name[6], 96, "benchbox-t.%d.ABC123", (int)dead);
	snprintf(name[7], 96, "benchbox-t.0%d.abc123", (int)dead);
	for (i = 0; i < 8; i++)
		if (i != 1)
			REQUIRE(touch(d, name[i]) == 0);
	snprintf(tree, sizeof(tree), "%s/%s", d, name[1]);
	REQUIRE(mkdir(tree, 0700) == 0);
	REQUIRE(populate(tree) == 0);

	CHECK_EQ_INT(scratch_sweep(d, "t"), 2);
	CHECK(!exists_in(d, name[0]));
	CHECK(!exists_in(d, name[1]));
	for (i = 2; i < 8; i++)
		CHECK(exists_in(d, name[i]));
	CHECK_EQ_INT(scratch_sweep(d, "t"), 0);		/* nothing left to remove */
	CHECK_EQ_INT(scratch_sweep("/nonexistent-dir-for-benchbox", "t"), -1);
	scratch_remove(d);
	CHECK(!exists(d));
}

/* The first object made in a directory sweeps the dead leftovers of its
 * tag there: no applet has to remember to call scratch_sweep(). */
TEST(scratch_create_sweeps)
{
	char d[4096], f[4096], dead[96], live[96], other[96];
	int fd;

	REQUIRE(scratch_mkdir(scratch_dir(NULL), "unitcs", d, sizeof(d)) == 0);
	snprintf(dead, sizeof(dead), "benchbox-cs.99999999.abc123");	/* above pid_max */
	snprintf(live, sizeof(live), "benchbox-cs.%d.abc123", (int)getppid());
	snprintf(other, sizeof(other), "benchbox-xx.99999999.abc123");
	REQUIRE(touch(d, dead) == 0 && touch(d, live) == 0 && touch(d, other) == 0);
	fd = scratch_file(d, "cs", 0, f, sizeof(f));
	REQUIRE(fd >= 0);
	close(fd);
	CHECK(!exists_in(d, dead));
	CHECK(exists_in(d, live));
	CHECK(exists_in(d, other));
	scratch_remove(f);
	REQUIRE(touch(d, dead) == 0);
	REQUIRE(scratch_mkdir(d, "cs", f, sizeof(f)) == 0);	/* directories too */
	CHECK(!exists_in(d, dead));
	scratch_remove(f);
	scratch_remove(d);
	CHECK(!exists(d));
}

/* A live run's objects survive a sweep that takes its PID for dead, as a
 * sweep from another PID namespace or machine does: the owner's locks say
 * it lives. Renaming them to a PID above pid_max makes the PID dead here.
 * Neither the owner closing the file's descriptor nor a forked child
 * closing every inherited descriptor frees a lock; a SIGKILL does, and
 * the next sweep removes both. */
TEST(scratch_sweep_keeps_a_locked_object)
{
	char d[4096], f[4096], tr[4096], buf[8200] = "", *nl, moved[2][4200];
	int p[2], fd, i;
	pid_t pid;

	REQUIRE(scratch_mkdir(scratch_dir(NULL), "unitlock", d, sizeof(d)) == 0);
	REQUIRE(pipe(p) == 0);
	pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0) {
		close(p[0]);
		fd = scratch_file(d, "lk", 0, f, sizeof(f));
		if (fd < 0 || scratch_mkdir(d, "lk", tr, sizeof(tr)) || populate(tr))
			_exit(9);
		close(fd);
		if (fork() == 0) {		/* a child drops what it inherited */
			for (i = 3; i < 256; i++)
				close(i);
			_exit(0);
		}
		wait(NULL);
		snprintf(buf, sizeof(buf), "%s\n%s\n", f, tr);
		if (write(p[1], buf, strlen(buf)) < 0)
			_exit(9);
		close(p[1]);
		for (;;)
			pause();
	}
	close(p[1]);
	nl = two_lines(p[0], buf, sizeof(buf));
	if (!nl) {
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		REQUIRE(0);
	}
	snprintf(moved[0], sizeof(moved[0]), "%s/benchbox-lk.99999999.file00", d);
	snprintf(moved[1], sizeof(moved[1]), "%s/benchbox-lk.99999999.tree00", d);
	CHECK(rename(buf, moved[0]) == 0);
	CHECK(rename(nl + 1, moved[1]) == 0);
	CHECK_EQ_INT(scratch_sweep(d, "lk"), 0);	/* locked: alive somewhere */
	CHECK(exists(moved[0]));
	CHECK(exists(moved[1]));
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	CHECK_EQ_INT(scratch_sweep(d, "lk"), 2);	/* killed: both go */
	CHECK(!exists(moved[0]));
	CHECK(!exists(moved[1]));
	scratch_remove(d);
	CHECK(!exists(d));
}

/* The free-space rule: size plus 4 MiB plus size/32 must be free. */
TEST(scratch_room_rule)
{
	const uint64_t M = 1u << 20;
	uint64_t have = 0, small = 100 * M;
	const char *dir = scratch_dir(NULL);

	CHECK_EQ_U64(scratch_margin(0), 4 * M);
	CHECK_EQ_U64(scratch_margin(1024 * M), 36 * M);
	REQUIRE(scratch_free(dir, &have) == 0);
	CHECK(have > 0);
	CHECK_EQ_INT(scratch_room(dir, 0, NULL), 0);
	errno = 0;
	CHECK_EQ_INT(scratch_room(dir, UINT64_MAX / 4, NULL), -1);	/* no disk holds that */
	CHECK_EQ_INT(errno, ENOSPC);
	CHECK_EQ_INT(scratch_room(dir, small, &have), have >= small + scratch_margin(small) ? 0 : -1);
	have = 104 * M + small / 32;					/* exactly enough */
	CHECK_EQ_INT(scratch_room(dir, small, &have), 0);
	have--;
	CHECK_EQ_INT(scratch_room(dir, small, &have), -1);
	CHECK_EQ_INT(scratch_room("/nonexistent-dir-for-benchbox", M, NULL), 0); /* cannot tell */
}

/* The undo hook: what a process made that is not a file (ipsec's SAs) is
 * undone at exit() and on a fatal signal, by that process only, and the
 * process still dies of the signal. Seen through a pipe the hook writes. */
static int undo_fd = -1;

static void undo_write(void)
{
	if (undo_fd >= 0)
		(void)write(undo_fd, "u", 1);
	undo_fd = -1;		/* once: the hook may be called again */
}

/* fork a child that sets the hook, then ends by sig (0: exit(0)); the
 * bytes the hook wrote, and how the child ended */
static int undo_case(int sig, int *status)
{
	int fds[2], n;
	char buf[8];
	pid_t pid;

	if (pipe(fds))
		return -1;
	fflush(NULL);		/* the children's exit() flushes no copy of ours */
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		undo_fd = fds[1];
		scratch_undo(undo_write);
		if (fork() == 0)	/* a grandchild's exit() is not the owner's */
			exit(0);
		wait(NULL);
		if (sig)
			raise(sig);
		exit(0);
	}
	close(fds[1]);
	n = (int)read(fds[0], buf, sizeof(buf));
	close(fds[0]);
	waitpid(pid, status, 0);
	return n;
}

TEST(scratch_undo_at_exit_and_on_signal)
{
	int status = 0;

	CHECK_EQ_INT(undo_case(0, &status), 1);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CHECK_EQ_INT(undo_case(SIGTERM, &status), 1);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM);
	CHECK_EQ_INT(undo_case(SIGINT, &status), 1);
	CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGINT);
}
