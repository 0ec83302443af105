/* test_lat_pipe.c - the process plumbing of lat_pipe, lat_unix, bw_pipe,
 * bw_unix and lat_ctx: channels echo exactly, children end and are reaped
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

/* A child blocked for ever is killed and reaped: no zombie remains. */
TEST(lat_pipe_reap_blocked_child)
{
	struct ipc_echo e = { .msg = 1 };
	pid_t pid;

	REQUIRE(proc_open(PROC_PIPE, &e.c) == 0);
	pid = proc_fork(ipc_echo_child, &e);
	REQUIRE(pid > 0);
	proc_reap(pid);
	errno = 0;
	CHECK(waitpid(pid, NULL, WNOHANG) == -1 && errno == ECHILD);
	proc_close(&e.c);
	proc_reap(0);			/* no child: ignored */
}

/* A peer that has gone away is an error, not a hang or a SIGPIPE. */
TEST(lat_pipe_dead_peer_is_error)
{
	struct proc_chan c;
	void (*old)(int) = signal(SIGPIPE, SIG_IGN);
	char b = 0;

	REQUIRE(proc_open(PROC_PIPE, &c) == 0);
	close(c.crd);
	c.crd = -1;
	CHECK(proc_writen(c.pwr, &b, 1) == -1);
	close(c.cwr);
	c.cwr = -1;
	CHECK(proc_readn(c.prd, &b, 1) == -1);	/* EOF */
	proc_close(&c);
	signal(SIGPIPE, old);
}
