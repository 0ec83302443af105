/* outfile.c - opening a file to write output into, whatever the name is
 *
 * SPDX-License-Identifier: MIT
 *
 * See outfile.h for the rule. The point of it: `-o /dev/ttyS1`, `-o FIFO`
 * or `-o LINK` as root must never replace the node or the link with a
 * regular file, and a regular file must appear complete or not at all.
 */
#define _GNU_SOURCE
#include "outfile.h"
#include "scratch.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

enum { MAX_LINKS = 40 };

/* The name at the end of path's chain of symbolic links (path itself when
 * it is no link), malloc'd; *st gets what it is, st->st_mode 0 when it
 * does not exist. NULL with errno set (ELOOP for a loop). */
static char *follow(const char *path, struct stat *st)
{
	char *p = xstrdup(path), *link, *q;
	int n;

	for (n = 0;; n++) {
		ssize_t k;
		size_t dir;

		if (lstat(p, st)) {
			if (errno != ENOENT)
				goto fail;
			memset(st, 0, sizeof(*st));
			return p;
		}
		if (!S_ISLNK(st->st_mode))
			return p;
		if (n == MAX_LINKS) {
			errno = ELOOP;
			goto fail;
		}
		link = xmalloc(4096);
		k = readlink(p, link, 4095);
		if (k <= 0) {
			if (!k)
				errno = ENOENT;
			free(link);
			goto fail;
		}
		link[k] = '\0';
		q = strrchr(p, '/');
		dir = link[0] == '/' || !q ? 0 : (size_t)(q - p) + 1;	/* keep "dir/" */
		q = xmalloc(dir + (size_t)k + 1);
		memcpy(q, p, dir);
		memcpy(q + dir, link, (size_t)k + 1);
		free(link);
		free(p);
		p = q;
	}
fail:
	free(p);
	return NULL;
}

static int set_err(char *err, size_t len, const char *why)
{
	snprintf(err, len, "%s", why);
	return OUT_FAIL;
}

/* A socket: connect to it (stream first, as a log reader's would be). */
static int open_socket(const char *path)
{
	static const int types[] = { SOCK_STREAM, SOCK_DGRAM };
	struct sockaddr_un sa;
	size_t i;

	if (strlen(path) >= sizeof(sa.sun_path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	memcpy(sa.sun_path, path, strlen(path));
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		int fd = socket(AF_UNIX, types[i] | SOCK_CLOEXEC, 0), e;

		if (fd < 0)
			return -1;
		if (!connect(fd, (struct sockaddr *)&sa, sizeof(sa)))
			return fd;
		e = errno;
		close(fd);
		errno = e;
		if (e != EPROTOTYPE)
			break;
	}
	return -1;
}

/* A device, FIFO or socket, opened as it is. */
static int open_direct(struct outfile *o, const struct stat *st, unsigned flags,
		       char *err, size_t len)
{
	int fd, fl;
	struct stat now;

	if (S_ISSOCK(st->st_mode)) {
		fd = open_socket(o->target);
		if (fd < 0)
			return set_err(err, len, strerror(errno));
		o->fd = fd;
		return 0;
	}
	/* O_NONBLOCK: a FIFO with no reader fails at once (ENXIO) instead of
	 * waiting unseen, and a serial line opens without carrier */
	fd = open(o->target, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0 && errno == ENXIO && S_ISFIFO(st->st_mode)) {
		if (flags & OUT_NOWAIT)
			return set_err(err, len, "no process has the FIFO open for reading");
		warnf("waiting for a process to open the FIFO '%s' for reading", o->target);
		do
			fd = open(o->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);
		while (fd < 0 && errno == EINTR);
	}
	if (fd < 0)
		return set_err(err, len, strerror(errno));
	/* the node may have been replaced since lstat(): never write into a
	 * regular file without the temporary */
	if (fstat(fd, &now) || (now.st_mode & S_IFMT) != (st->st_mode & S_IFMT)) {
		close(fd);
		return set_err(err, len, "changed while it was being opened");
	}
	fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);	/* writes wait for the reader */
	o->fd = fd;
	return 0;
}

int out_open(struct outfile *o, const char *path, unsigned flags, char *err, size_t len)
{
	sigset_t all, old;
	struct stat st;
	int rc;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	if (!*path)
		return set_err(err, len, strerror(ENOENT));
	o->target = follow(path, &st);
	if (!o->target)
		return set_err(err, len, strerror(errno));
	if (S_ISDIR(st.st_mode)) {
		set_err(err, len, strerror(EISDIR));
		free(o->target);
		o->target = NULL;
		return OUT_ISDIR;
	}
	if (st.st_mode && !S_ISREG(st.st_mode)) {
		rc = open_direct(o, &st, flags, err, len);
		if (rc) {
			free(o->target);
			o->target = NULL;
		}
		return rc;
	}
	if (!st.st_mode && (flags & OUT_NOCREATE)) {
		free(o->target);
		o->target = NULL;
		return set_err(err, len, strerror(ENOENT));
	}
	o->atomic = 1;
	o->tmp = xmalloc(strlen(o->target) + 8);
	sprintf(o->tmp, "%s.XXXXXX", o->target);
	/* made and registered with every signal held, so none can end the
	 * process in between and leave the temporary behind; PID 1 registers
	 * nothing (the signals that end other processes do not end it) */
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	o->fd = mkostemp(o->tmp, O_CLOEXEC);
	if (o->fd >= 0 && getpid() != 1 && scratch_adopt(o->tmp)) {
		int e = errno;

		close(o->fd);
		unlink(o->tmp);
		o->fd = -1;
		errno = e;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (o->fd < 0) {
		rc = set_err(err, len, strerror(errno));
		free(o->tmp);
		free(o->target);
		memset(o, 0, sizeof(*o));
		o->fd = -1;
		return rc;
	}
	fchmod(o->fd, 0644);
	return 0;
}

int out_sync(struct outfile *o)
{
	/* EINVAL: a pipe, socket or character device has nothing to sync */
	if (o->fd >= 0 && fsync(o->fd) && errno != EINVAL && errno != EROFS)
		return -1;
	return 0;
}

static void out_free(struct outfile *o)
{
	if (o->tmp)
		scratch_forget(o->tmp);
	free(o->tmp);
	free(o->target);
	o->tmp = o->target = NULL;
	o->atomic = 0;
}

int out_commit(struct outfile *o)
{
	int e = 0;

	if (o->fd >= 0) {
		if (out_sync(o))
			e = errno;
		if (close(o->fd) && !e)
			e = errno;
		o->fd = -1;
	}
	if (!e && o->atomic && rename(o->tmp, o->target))
		e = errno;
	if (e && o->atomic)
		unlink(o->tmp);
	out_free(o);
	errno = e;
	return e ? -1 : 0;
}

void out_abort(struct outfile *o)
{
	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	if (o->atomic)
		unlink(o->tmp);
	out_free(o);
}

void out_guard_stdio(void)
{
	int fd;

	/* each open takes the lowest free number: the first closed one */
	while (fcntl(0, F_GETFD) < 0 || fcntl(1, F_GETFD) < 0 || fcntl(2, F_GETFD) < 0) {
		fd = open("/", O_RDONLY);
		if (fd < 0)
			return;
		if (fd > 2) {
			close(fd);
			return;
		}
	}
}

int out_close_stdout(void)
{
	int bad = fflush(stdout) || ferror(stdout);
	int e = errno;

	if (close(STDOUT_FILENO) && !bad && errno != EBADF) {
		bad = 1;
		e = errno;
	}
	if (bad) {
		errorf("write error on stdout: %s", strerror(e ? e : EIO));
		return -1;
	}
	return 0;
}
