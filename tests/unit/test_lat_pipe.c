/* test_lat_pipe.c - lat_pipe's and lat_unix's echo child: it echoes
 * exactly and ends by itself at EOF (the plumbing: test_proc.c)
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "lat_pipe.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void echo_once(struct mt *t, enum proc_kind kind)
{
	struct ipc_echo e = { .msg = 3 };
	char in[3];
	int status = -1;
	pid_t pid;

	REQUIRE(proc_open(kind, &e.c) == 0);
	pid = proc_fork(ipc_echo_child, &e);
	REQUIRE(pid > 0);
	proc_close_child(&e.c);
	CHECK(e.c.crd == -1 && e.c.cwr == -1 && e.c.prd >= 0 && e.c.pwr >= 0);
	CHECK(proc_writen(e.c.pwr, "abc", 3) == 0);
	CHECK(proc_readn(e.c.prd, in, 3) == 0);
	CHECK(memcmp(in, "abc", 3) == 0);
	CHECK(proc_writen(e.c.pwr, "xyz", 3) == 0);
	CHECK(proc_readn(e.c.prd, in, 3) == 0);
	CHECK(memcmp(in, "xyz", 3) == 0);
	proc_close(&e.c);		/* EOF: the child ends by itself, status 0 */
	CHECK(waitpid(pid, &status, 0) == pid);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

TEST(lat_pipe_echo_pipe)
{
	echo_once(t, PROC_PIPE);
}

TEST(lat_pipe_echo_unix)
{
	echo_once(t, PROC_UNIX);
}
