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
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { MAX_LINKS = 40, OUT_PATH = 4096 };

/* The directory of the name at the end of a path, as the kernel walks it:
 * every symbolic link on the way is checked against the rule of
 * fs.protected_symlinks (below) and replaced by its text, so that the
 * directory that holds the last name is known for the temporary file.
 * This decides nothing that open(2) does not decide again: the file is
 * opened through the name the user gave, and what was opened must be what
 * the walk found (same device and inode). */
struct walk {
	char		dir[OUT_PATH];	/* "." or the path of the last name's directory */
	char		name[OUT_PATH];	/* the last name */
	struct stat	st;		/* its lstat(); st_mode 0 when it does not exist */
	int		known;		/* the walk reached the last name */
	int		via_link;	/* the last name is a link's text */
	int		fdnum;		/* /proc/PID/fd/N: N (an inherited descriptor), else -1 */
};

static int set_err(char *err, size_t len, const char *why)
{
	snprintf(err, len, "%s", why);
	return OUT_FAIL;
}

/* The kernel's rule for following a link (fs.protected_symlinks=1): in a
 * directory that is sticky and world-writable, only a link owned by the
 * follower or by the directory's owner. */
static int link_allowed(const struct stat *dir, const struct stat *lnk)
{
	if ((dir->st_mode & (S_ISVTX | S_IWOTH)) != (S_ISVTX | S_IWOTH))
		return 1;
	return lnk->st_uid == geteuid() || lnk->st_uid == dir->st_uid;
}

/* The kernel's rule for O_CREAT on an existing regular file or FIFO
 * (fs.protected_regular=1, fs.protected_fifos=1): in a sticky
 * world-writable directory, only one owned by the opener or by the
 * directory's owner. */
static int create_allowed(const struct stat *dir, const struct stat *f)
{
	if (!S_ISREG(f->st_mode) && !S_ISFIFO(f->st_mode))
		return 1;
	return link_allowed(dir, f);
}

static int join(char *out, const char *dir, const char *name)
{
	int n = snprintf(out, OUT_PATH, "%s%s%s", dir,
			 dir[0] && dir[strlen(dir) - 1] != '/' ? "/" : "", name);

	if (n < 0 || n >= OUT_PATH) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/* /proc/PID/fd or /proc/PID/task/TID/fd, PID this process's: the links
 * in it stand for this process's descriptors, not for their text */
static int own_fd_dir(const char *dir)
{
	char pid[16], *end;
	size_t n;

	n = (size_t)snprintf(pid, sizeof(pid), "/proc/%d/", (int)getpid());
	if (strncmp(dir, pid, n))
		return 0;
	dir += n;
	if (!strncmp(dir, "task/", 5)) {
		strtoul(dir + 5, &end, 10);
		if (end == dir + 5 || *end != '/')
			return 0;
		dir = end + 1;
	}
	return !strcmp(dir, "fd");
}

/* 0 (w->known says whether the last name was reached: a missing or
 * non-directory component on the way is left for open(2) to name), -1 with
 * errno (ELOOP, ENAMETOOLONG), or 1 with the refusal in err. */
static int walk(const char *path, struct walk *w, char *err, size_t len)
{
	char rest[OUT_PATH], next[OUT_PATH], cand[OUT_PATH], *r;
	char *cur = w->dir;
	int links = 0;
	int64_t fdn;

	memset(w, 0, sizeof(*w));
	w->fdnum = -1;
	if (strlen(path) >= OUT_PATH) {
		errno = ENAMETOOLONG;
		return -1;
	}
	strcpy(rest, path);
	strcpy(cur, *path == '/' ? "/" : ".");
	r = rest;
	for (;;) {
		struct stat dst;
		char *comp, *slash;
		ssize_t k;
		int last;

		while (*r == '/')
			r++;
		if (!*r)
			return 0;	/* "/" or a path that ends in '/': open(2) says */
		comp = r;
		slash = strchr(r, '/');
		r = slash ? slash + 1 : r + strlen(r);
		if (slash)
			*slash = '\0';
		while (*r == '/')
			r++;
		last = !*r;
		if (join(cand, strcmp(cur, ".") ? cur : "", comp))
			return -1;
		if (lstat(cand, &w->st)) {
			memset(&w->st, 0, sizeof(w->st));
			if (errno != ENOENT || !last)
				return 0;
			strcpy(w->name, comp);
			w->known = 1;
			return 0;
		}
		if (!S_ISLNK(w->st.st_mode)) {
			if (last) {
				strcpy(w->name, comp);
				w->known = 1;
				return 0;
			}
			if (!S_ISDIR(w->st.st_mode))
				return 0;
			strcpy(cur, cand);
			continue;
		}
		if (stat(cur, &dst))
			return 0;
		if (!link_allowed(&dst, &w->st)) {
			snprintf(err, len, "a symbolic link owned by another user in a sticky "
				 "world-writable directory: not followed");
			return 1;
		}
		if (last && own_fd_dir(cur) && !parse_int(comp, &fdn) && fdn >= 0 &&
		    fdn <= INT_MAX) {
			w->fdnum = (int)fdn;
			return 0;
		}
		if (++links > MAX_LINKS) {
			errno = ELOOP;
			return -1;
		}
		k = readlink(cand, next, sizeof(next) - 1);
		if (k <= 0)
			return 0;
		next[k] = '\0';
		if (!last && (size_t)k + 1 + strlen(r) >= sizeof(next)) {
			errno = ENAMETOOLONG;
			return -1;
		}
		if (!last) {
			strcat(next, "/");
			strcat(next, r);
		}
		w->via_link = last;
		if (next[0] == '/')
			strcpy(cur, "/");
		strcpy(rest, next);
		r = rest;
	}
}

/* /dev/stdout, /dev/fd/N, /proc/self/fd/N: a copy of descriptor N, written
 * at its offset, as the shell's '>&N' would. */
static int open_inherited(struct outfile *o, int n, char *err, size_t len)
{
	int fl = fcntl(n, F_GETFL);

	if (fl < 0)
		return set_err(err, len, strerror(EBADF));
	if ((fl & O_ACCMODE) == O_RDONLY)
		return set_err(err, len, "the descriptor is not open for writing");
	o->fd = fcntl(n, F_DUPFD_CLOEXEC, 3);
	if (o->fd < 0)
		return set_err(err, len, strerror(errno));
	return 0;
}

/* A new file for the temporary: in dir, mode 0666 less the umask (open(2)
 * applies it), made and registered with every signal held, so none can
 * end the process in between and leave it behind; PID 1 registers nothing
 * (the signals that end other processes do not end it). The name does not
 * grow with the target's, so a target of NAME_MAX bytes is fine. */
static int make_tmp(struct outfile *o, const char *dir)
{
	static const char digits[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	static unsigned long seq;
	sigset_t all, old;
	int tries, e = EEXIST, fd = -1;

	o->tmp = xmalloc(OUT_PATH);
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &old);
	for (tries = 0; fd < 0 && e == EEXIST && tries < 100; tries++) {
		struct timespec ts;
		unsigned long x;
		char sfx[7];
		int i;

		clock_gettime(CLOCK_MONOTONIC, &ts);
		x = (unsigned long)ts.tv_nsec * 2654435761u ^ (unsigned long)getpid() << 16 ^ ++seq * 40503u;
		for (i = 0; i < 6; i++, x /= 36)
			sfx[i] = digits[x % 36];
		sfx[6] = '\0';
		if (snprintf(o->tmp, OUT_PATH, "%s/.benchbox-out.%s", dir, sfx) >= OUT_PATH) {
			e = ENAMETOOLONG;
			break;
		}
		fd = open(o->tmp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
		e = fd < 0 ? errno : 0;
	}
	if (fd >= 0 && getpid() != 1 && scratch_adopt(o->tmp)) {
		e = errno;
		close(fd);
		unlink(o->tmp);
		fd = -1;
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (fd < 0) {
		free(o->tmp);
		o->tmp = NULL;
		errno = e;
		return -1;
	}
	o->fd = fd;
	o->atomic = 1;
	return 0;
}

/* A regular file: the temporary beside target. old: the file it replaces
 * (NULL for a new name) and its descriptor, whose mode and owner the
 * temporary takes; where there can be no temporary (a directory the user
 * cannot write) or they cannot be kept (the owner, for a user who is not
 * root), the file is truncated and written in place instead, as '>' does. */
static int open_regular(struct outfile *o, const char *target, const struct stat *old,
			int oldfd, char *err, size_t len)
{
	char dir[OUT_PATH];
	const char *slash = strrchr(target, '/');
	struct stat me;

	if (!slash)
		strcpy(dir, ".");
	else
		snprintf(dir, sizeof(dir), "%.*s", slash == target ? 1 : (int)(slash - target), target);
	o->target = xstrdup(target);
	if (make_tmp(o, dir) && !old) {
		set_err(err, len, strerror(errno));
		goto fail;
	}
	if (old && (o->fd < 0 || fstat(o->fd, &me) ||
		    ((me.st_uid != old->st_uid || me.st_gid != old->st_gid) &&
		     fchown(o->fd, old->st_uid, old->st_gid)) ||
		    fchmod(o->fd, old->st_mode & 07777))) {
		out_abort(o);		/* the temporary, if any */
		if (ftruncate(oldfd, 0)) {
			set_err(err, len, strerror(errno));
			goto fail;
		}
		o->fd = oldfd;
		return 0;
	}
	if (oldfd >= 0)
		close(oldfd);
	return 0;
fail:
	if (oldfd >= 0)
		close(oldfd);
	free(o->target);
	memset(o, 0, sizeof(*o));
	o->fd = -1;
	return OUT_FAIL;
}

int out_open(struct outfile *o, const char *path, unsigned flags, char *err, size_t len)
{
	struct walk *w;
	struct stat now, dst;
	char *target = NULL;
	int fd, rc, fl, made;

	memset(o, 0, sizeof(*o));
	o->fd = -1;
	if (!*path)
		return set_err(err, len, strerror(ENOENT));
	w = xmalloc(sizeof(*w));
	rc = walk(path, w, err, len);
	if (rc) {
		if (rc == -1)
			set_err(err, len, strerror(errno));
		rc = OUT_FAIL;
		goto out;
	}
	if (w->fdnum >= 0) {
		rc = open_inherited(o, w->fdnum, err, len);
		goto out;
	}
	if (w->known && !w->st.st_mode && !w->via_link) {	/* a new name */
		if (flags & OUT_NOCREATE)
			rc = set_err(err, len, strerror(ENOENT));
		else if (!(rc = open_regular(o, path, NULL, -1, err, len)))
			o->noreplace = 1;
		goto out;
	}
	if (w->known && w->st.st_mode && !stat(w->dir, &dst) && !create_allowed(&dst, &w->st)) {
		rc = set_err(err, len, "owned by another user in a sticky world-writable "
			     "directory: not opened");
		goto out;
	}
	if (w->known && S_ISSOCK(w->st.st_mode)) {
		rc = set_err(err, len, "a socket: not written (a file, device or FIFO is)");
		goto out;
	}
	if (w->known && !w->st.st_mode && (flags & OUT_NOCREATE)) {
		rc = set_err(err, len, strerror(ENOENT));
		goto out;
	}
	/* as the shell's '>' opens it, less O_TRUNC; O_NONBLOCK: a FIFO with
	 * no reader fails at once (ENXIO) instead of waiting unseen, and a
	 * serial line opens without carrier */
	fd = open(path, O_WRONLY | O_CREAT | O_NOCTTY | O_NONBLOCK | O_CLOEXEC, 0666);
	if (fd < 0 && errno == ENXIO && w->known && S_ISFIFO(w->st.st_mode)) {
		if (flags & OUT_NOWAIT) {
			rc = set_err(err, len, "no process has the FIFO open for reading");
			goto out;
		}
		warnf("waiting for a process to open the FIFO '%s' for reading", path);
		do
			fd = open(path, O_WRONLY | O_CREAT | O_NOCTTY | O_CLOEXEC, 0666);
		while (fd < 0 && errno == EINTR);
	}
	if (fd < 0) {
		rc = errno == EISDIR ? OUT_ISDIR : OUT_FAIL;
		set_err(err, len, strerror(errno));
		goto out;
	}
	/* what was opened must be what the walk found: else the directory
	 * that holds the temporary could be another one */
	if (fstat(fd, &now) || (w->known && w->st.st_mode &&
				(now.st_dev != w->st.st_dev || now.st_ino != w->st.st_ino))) {
		close(fd);
		rc = set_err(err, len, "changed while it was being opened");
		goto out;
	}
	if (S_ISREG(now.st_mode)) {
		if (!w->known) {
			target = xstrdup(path);
		} else {
			target = xmalloc(OUT_PATH);
			if (join(target, w->dir, w->name)) {
				close(fd);
				rc = set_err(err, len, strerror(errno));
				goto out;
			}
		}
		made = w->known && !w->st.st_mode;	/* through a dangling link */
		rc = open_regular(o, target, &now, fd, err, len);
		if (rc && made && !lstat(target, &dst) && dst.st_dev == now.st_dev &&
		    dst.st_ino == now.st_ino)
			unlink(target);
		if (!rc && made && o->target) {	/* removed as the temporary is */
			o->created = 1;
			o->dev = now.st_dev;
			o->ino = now.st_ino;
			if (getpid() != 1)
				scratch_adopt(o->target);
		}
		goto out;
	}
	fl = fcntl(fd, F_GETFL);
	if (fl >= 0)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);	/* writes wait for the reader */
	o->fd = fd;
	rc = 0;
out:
	free(target);
	free(w);
	return rc;
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
	if (o->created && o->target)
		scratch_forget(o->target);
	free(o->tmp);
	free(o->target);
	o->tmp = o->target = NULL;
	o->atomic = o->noreplace = o->created = 0;
}

/* rename(2) that never replaces: renameat2's RENAME_NOREPLACE, else (an
 * old kernel, a file system without it) link(2) and unlink(2), else (no
 * hard links: vfat) a plain rename. */
static int rename_noreplace(const char *from, const char *to)
{
#ifdef SYS_renameat2
	if (!syscall(SYS_renameat2, AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */))
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
#endif
	if (!link(from, to)) {
		unlink(from);
		return 0;
	}
	if (errno != EPERM && errno != EOPNOTSUPP && errno != ENOSYS)
		return -1;
	return rename(from, to);
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
	if (!e && o->atomic &&
	    (o->noreplace ? rename_noreplace(o->tmp, o->target) : rename(o->tmp, o->target)))
		e = errno;
	if (e)
		out_abort(o);
	else
		out_free(o);
	errno = e;
	return e ? -1 : 0;
}

void out_abort(struct outfile *o)
{
	struct stat st;

	if (o->fd >= 0)
		close(o->fd);
	o->fd = -1;
	if (o->atomic)
		unlink(o->tmp);
	/* the empty file open(2) made through a dangling link, if it is still
	 * the one made */
	if (o->created && o->target && !lstat(o->target, &st) && st.st_dev == o->dev &&
	    st.st_ino == o->ino && st.st_size == 0)
		unlink(o->target);
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
