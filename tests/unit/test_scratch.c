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
	CHECK(scratch_fill(fd, 100000, 'z') == 0);
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

static void run_signal_case(struct mt *t, int sig, int ignored)
{
	char buf[8200] = "", *nl;
	int p[2], status = 0;
	ssize_t n, got = 0;
	pid_t pid;

	REQUIRE(pipe(p) == 0);
	pid = fork();
	REQUIRE(pid >= 0);
	if (pid == 0) {
		close(p[0]);
		child_make_and_wait(p[1], ignored);
	}
	close(p[1]);
	while ((n = read(p[0], buf + got, sizeof(buf) - 1 - (size_t)got)) > 0)
		got += n;
	close(p[0]);
	buf[got] = 0;
	nl = strchr(buf, '\n');
	REQUIRE(nl && strchr(nl + 1, '\n'));
	*nl = 0;
	*strchr(nl + 1, '\n') = 0;
	CHECK(exists(buf));		/* the grandchild's exit left them alone */
	CHECK(exists(nl + 1));
	kill(pid, sig);
	if (ignored) {			/* still alive, files still there */
		usleep(100000);
		CHECK(waitpid(pid, &status, WNOHANG) == 0);
		CHECK(exists(buf));
		kill(pid, SIGTERM);
	}
	REQUIRE(waitpid(pid, &status, 0) == pid);
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
