/* test_outfile.c - src/outfile.c: what a name is decides how it is written
 *
 * SPDX-License-Identifier: MIT
 */
#include "minitest.h"
#include "outfile.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int put(struct outfile *o, const char *s)
{
	return write(o->fd, s, strlen(s)) == (ssize_t)strlen(s) ? 0 : -1;
}

static char *in(const char *dir, const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s", dir, name);
	return buf;
}

TEST(outfile_regular_atomic)
{
	char dir[] = "/tmp/bbout.XXXXXX", p[256], text[64], err[128];
	struct outfile o;
	struct stat st;

	mode_t old = umask(022);
	char tmp[256];

	REQUIRE(mkdtemp(dir) != NULL);
	in(dir, "f", p, sizeof(p));
	REQUIRE(CHECK_EQ_INT(out_open(&o, p, 0, err, sizeof(err)), 0));
	in(dir, ".benchbox-out.", tmp, sizeof(tmp));	/* beside it, a name of its own */
	CHECK(o.atomic && o.tmp && !strncmp(o.tmp, tmp, strlen(tmp)));
	CHECK(access(p, F_OK) != 0);			/* not there until committed */
	CHECK_EQ_INT(put(&o, "new\n"), 0);
	CHECK_EQ_INT(out_commit(&o), 0);
	CHECK_EQ_INT(o.fd, -1);
	CHECK(read_text(p, text, sizeof(text)) > 0 && !strcmp(text, "new"));
	CHECK(stat(p, &st) == 0 && (st.st_mode & 0777) == 0644);

	/* abort: the old file stays as it was, no temporary is left */
	REQUIRE(CHECK_EQ_INT(out_open(&o, p, 0, err, sizeof(err)), 0));
	CHECK_EQ_INT(put(&o, "half"), 0);
	out_abort(&o);
	CHECK(read_text(p, text, sizeof(text)) > 0 && !strcmp(text, "new"));

	/* a file replaced keeps its mode; a new one gets 0666 less the umask */
	REQUIRE(chmod(p, 0640) == 0);
	REQUIRE(CHECK_EQ_INT(out_open(&o, p, 0, err, sizeof(err)), 0));
	CHECK_EQ_INT(out_commit(&o), 0);
	CHECK(stat(p, &st) == 0 && (st.st_mode & 07777) == 0640);
	unlink(p);
	umask(077);
	REQUIRE(CHECK_EQ_INT(out_open(&o, p, 0, err, sizeof(err)), 0));
	CHECK_EQ_INT(out_commit(&o), 0);
	CHECK(stat(p, &st) == 0 && (st.st_mode & 07777) == 0600);
	umask(old);
	unlink(p);
	CHECK_EQ_INT(rmdir(dir), 0);			/* empty: no temporary */
}

TEST(outfile_symlinks)
{
	char dir[] = "/tmp/bbout.XXXXXX", p[256], l1[256], l2[256], sub[256], text[64];
	char err[128], target[256];
	struct outfile o;
	struct stat st;

	REQUIRE(mkdtemp(dir) != NULL);
	in(dir, "sub", sub, sizeof(sub));
	REQUIRE(mkdir(sub, 0755) == 0);
	/* l2 -> l1 -> sub/t (relative, each from its own directory) */
	in(dir, "l1", l1, sizeof(l1));
	in(dir, "l2", l2, sizeof(l2));
	REQUIRE(symlink("sub/t", l1) == 0 && symlink("l1", l2) == 0);
	REQUIRE(CHECK_EQ_INT(out_open(&o, l2, 0, err, sizeof(err)), 0));
	CHECK_STR(o.target, in(dir, "sub/t", target, sizeof(target)));	/* dangling: made */
	CHECK(!strncmp(o.tmp, in(sub, ".benchbox-out.", p, sizeof(p)), strlen(p)));	/* in sub/ */
	CHECK_EQ_INT(put(&o, "x\n"), 0);
	CHECK_EQ_INT(out_commit(&o), 0);
	CHECK(lstat(l1, &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(lstat(l2, &st) == 0 && S_ISLNK(st.st_mode));
	CHECK(read_text(target, text, sizeof(text)) > 0 && !strcmp(text, "x"));

	/* a loop */
	in(dir, "a", p, sizeof(p));
	REQUIRE(symlink("b", p) == 0);
	REQUIRE(symlink("a", in(dir, "b", l1, sizeof(l1))) == 0);
	CHECK_EQ_INT(out_open(&o, p, 0, err, sizeof(err)), OUT_FAIL);
	CHECK_STR(err, strerror(ELOOP));
	unlink(p);
	unlink(l1);
	unlink(l2);
	unlink(in(dir, "l1", l1, sizeof(l1)));
	unlink(target);
	rmdir(sub);
	CHECK_EQ_INT(rmdir(dir), 0);
}

TEST(outfile_refusals)
{
	char dir[] = "/tmp/bbout.XXXXXX", p[256], err[128];
	struct outfile o;

	REQUIRE(mkdtemp(dir) != NULL);
	CHECK_EQ_INT(out_open(&o, dir, 0, err, sizeof(err)), OUT_ISDIR);
	CHECK_STR(err, strerror(EISDIR));
	CHECK_EQ_INT(out_open(&o, in(dir, "no/such", p, sizeof(p)), 0, err, sizeof(err)),
		     OUT_FAIL);
	CHECK_STR(err, strerror(ENOENT));
	CHECK_EQ_INT(out_open(&o, in(dir, "new", p, sizeof(p)), OUT_NOCREATE, err,
			      sizeof(err)), OUT_FAIL);
	CHECK(access(p, F_OK) != 0);
	CHECK_EQ_INT(out_open(&o, "", 0, err, sizeof(err)), OUT_FAIL);

	/* a FIFO with no reader: OUT_NOWAIT fails at once, the FIFO stays */
	in(dir, "fifo", p, sizeof(p));
	REQUIRE(mkfifo(p, 0600) == 0);
	CHECK_EQ_INT(out_open(&o, p, OUT_NOWAIT, err, sizeof(err)), OUT_FAIL);
	CHECK_STR(err, "no process has the FIFO open for reading");
	unlink(p);
	CHECK_EQ_INT(rmdir(dir), 0);
}

TEST(outfile_direct)
{
	char dir[] = "/tmp/bbout.XXXXXX", p[256], err[128], buf[16];
	struct outfile o;
	struct stat st;
	int r;

	/* a FIFO with a reader: written directly, blocking writes */
	REQUIRE(mkdtemp(dir) != NULL);
	in(dir, "fifo", p, sizeof(p));
	REQUIRE(mkfifo(p, 0600) == 0);
	r = open(p, O_RDONLY | O_NONBLOCK);
	REQUIRE(r >= 0);
	REQUIRE(CHECK_EQ_INT(out_open(&o, p, OUT_NOWAIT, err, sizeof(err)), 0));
	CHECK(!o.atomic && !o.tmp);
	CHECK(!(fcntl(o.fd, F_GETFL) & O_NONBLOCK));
	CHECK_EQ_INT(put(&o, "hi"), 0);
	CHECK_EQ_INT(out_commit(&o), 0);
	CHECK_EQ_INT((int)read(r, buf, sizeof(buf)), 2);
	close(r);
	CHECK(lstat(p, &st) == 0 && S_ISFIFO(st.st_mode));
	unlink(p);
	CHECK_EQ_INT(rmdir(dir), 0);

	/* a character device: opened as it is, never replaced */
	if (stat("/dev/null", &st) || !S_ISCHR(st.st_mode))
		SKIP("no /dev/null");
	REQUIRE(CHECK_EQ_INT(out_open(&o, "/dev/null", 0, err, sizeof(err)), 0));
	CHECK(!o.atomic && !o.tmp);
	CHECK_EQ_INT(out_commit(&o), 0);
	CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode));
}
