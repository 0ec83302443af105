/* scratch.c - temporary files and directories that never outlive the run
 *
 * SPDX-License-Identifier: MIT
 *
 * The registry is a fixed table so that the signal handler can walk it
 * without locks or allocation: a slot's path is written before its `used`
 * flag is set, and cleared only after the flag is. Removal of a directory
 * tree uses getdents64/unlinkat/openat directly (opendir() allocates, so it
 * is not async-signal-safe).
 *
 * Ownership: the PID in a name cannot say whether its run is alive. A
 * run in another PID namespace (a container sharing /tmp) or on another
 * machine (two boards on one NFS --dir) has a PID that this namespace does
 * not know, so kill(PID, 0) says ESRCH while it runs. So each object is
 * also locked by its owner for as long as it lives: flock(LOCK_EX) on a
 * descriptor kept in the slot, of the file itself, or of LOCK_NAME inside
 * a directory. The kernel drops the lock when the last descriptor of that
 * open file goes, so a SIGKILL or a crash frees it, while a forked child
 * that inherited the descriptor (and closes it, or exits) does not: the
 * lock belongs to the open file, not to a process, and is seen from every
 * PID namespace. On NFS, Linux turns flock() into a whole-file POSIX lock
 * that the server shares with other clients; that needs a file opened for
 * writing, and a directory cannot be locked there at all, hence a file
 * inside it, opened O_RDWR. Names carrying the boot id or the namespace
 * were not taken: a power cut's leftovers would carry a stale boot id and
 * could then only be aged out by a clock that two machines need not share.
 *
 * scratch_sweep() runs when an object is made (create()), never in a
 * handler, so it may use opendir(). It removes an entry only when both
 * say the run is gone: its PID is not alive here (ESRCH; a PID reused
 * since then keeps the leftover, safe) and its lock can be taken, held
 * while the entry goes. Where the file system cannot lock, nothing is
 * removed: what a killed run left there stays for a person to remove.
 * An owner takes its lock just after making the object; a sweep that came
 * in between holds the lock or has removed the object, and the owner,
 * finding its lock refused or its object gone, makes another name.
 *
 * The handler is installed for every signal whose default action ends the
 * process and that can be caught (the list is in scratch.h); it is the one
 * such handler in benchbox (the -o temporary of src/outfile.c is adopted
 * into the registry). It removes the files, restores the default action
 * and raises the signal again; the signal is blocked while the handler
 * runs, so it is delivered on return and the process dies of it (a fault
 * such as SIGSEGV: the instruction faults again, now with the default
 * action). A signal found ignored (nohup) or already caught when the first
 * object is made keeps that action: ignoring it was the caller's choice,
 * and a handler (a test harness's timer, a sanitizer's fault report) may
 * not mean the signal to end the process.
 */
#define _GNU_SOURCE
#include "scratch.h"
#include "sys.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

struct slot {
	char			path[4096];
	pid_t			owner;
	int			isdir;
	int			lock;		/* the flock()ed descriptor, or -1 */
	volatile sig_atomic_t	used;
};

/* A directory's lock: a file inside it, removed with the tree. */
#define LOCK_NAME ".benchbox-lock"

/* The registry and the actions our handler replaced: file scope because
 * the signal handler reads them. */
static struct slot slots[SCRATCH_MAX];
/* the process that hooked the signals: a forked child (run's tests) may
 * have had them reset, and hooks them again for its own objects */
static pid_t hooked;
static void (*at_signal)(int sig);
static pid_t at_signal_pid;
static void (*undo)(void);
static pid_t undo_pid;

/* Default action "terminate" or "core"; SIGKILL and SIGSTOP cannot be
 * caught, SIGCHLD, SIGCONT, SIGURG, SIGWINCH and the stop signals do not
 * end the process. SIGRTMIN..SIGRTMAX are added at run time. */
static const int sigs[] = {
	SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1,
	SIGSEGV, SIGUSR2, SIGPIPE, SIGALRM, SIGTERM, SIGSTKFLT, SIGXCPU, SIGXFSZ,
	SIGVTALRM, SIGPROF, SIGPOLL, SIGPWR, SIGSYS,
};

const char *scratch_dir(const char *given)
{
	const char *d = getenv("TMPDIR");

	if (given && *given)
		return given;
	if (d && *d && access(d, W_OK | X_OK) == 0)
		return d;
	if (access("/tmp", W_OK | X_OK) == 0)
		return "/tmp";
	return ".";
}

int scratch_cannot(int err)
{
	return err == EROFS || err == ENOSPC || err == EACCES || err == EPERM ||
	       err == EDQUOT || err == ENOENT || err == ENOTDIR;
}

struct dirent64_raw {
	uint64_t	ino;
	int64_t		off;
	unsigned short	reclen;
	unsigned char	type;
	char		name[];
};

/* Empty the directory open at fd, depth-first; async-signal-safe. Entries
 * are removed while the directory is being read, so it is read again from
 * the start until a pass finds nothing left. */
static void rm_tree_at(int fd, int depth)
{
	char buf[2048] __attribute__((aligned(8)));
	int again = 1;

	while (again) {
		long n;

		again = 0;
		lseek(fd, 0, SEEK_SET);
		while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
			long off = 0;

			while (off < n) {
				struct dirent64_raw *d = (struct dirent64_raw *)(buf + off);
				const char *s = d->name;

				off += d->reclen;
				if (s[0] == '.' && (!s[1] || (s[1] == '.' && !s[2])))
					continue;
				if (unlinkat(fd, s, 0) == 0) {
					again = 1;
					continue;
				}
				if (depth < 16 && (errno == EISDIR || errno == EPERM)) {
					int sub = openat(fd, s, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
							 O_CLOEXEC);

					if (sub >= 0) {
						rm_tree_at(sub, depth + 1);
						close(sub);
					}
					if (unlinkat(fd, s, AT_REMOVEDIR) == 0)
						again = 1;
				}
			}
		}
	}
}

/* The owner lets go of its lock first: on NFS, a file removed while it is
 * open is only renamed (.nfsXXXX), and its directory could not go. A sweep
 * that takes the lock meanwhile removes the same entries: harmless. */
static void remove_slot(struct slot *s)
{
	if (s->lock >= 0) {
		close(s->lock);
		s->lock = -1;
	}
	if (s->isdir) {
		int fd = open(s->path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

		if (fd >= 0) {
			rm_tree_at(fd, 0);
			close(fd);
		}
		rmdir(s->path);
	} else {
		unlink(s->path);
	}
}

static void remove_all(void)
{
	pid_t me = getpid();
	unsigned i;

	if (undo && undo_pid == me)
		undo();

	for (i = 0; i < SCRATCH_MAX; i++)
		if (slots[i].used && slots[i].owner == me) {
			remove_slot(&slots[i]);
			slots[i].used = 0;
		}
}

static void on_signal(int sig)
{
	struct sigaction sa;
	int e = errno;

	if (at_signal && at_signal_pid == getpid())
		at_signal(sig);
	remove_all();
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	sigaction(sig, &sa, NULL);
	raise(sig);		/* blocked here: delivered when the handler returns */
	errno = e;
}

static void hook_one(int sig)
{
	struct sigaction old, sa;

	if (sig <= 0 || sig >= _NSIG || sigaction(sig, NULL, &old) ||
	    (old.sa_flags & SA_SIGINFO) || old.sa_handler != SIG_DFL)
		return;		/* ignored (nohup) or someone's handler: theirs */
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	sigaction(sig, &sa, NULL);
}

static void hook(void)
{
	unsigned i;
	int sig;

	if (hooked == getpid())
		return;
	if (!hooked)
		atexit(remove_all);	/* a child runs the parent's: it removes its own */
	hooked = getpid();
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		hook_one(sigs[i]);
	for (sig = SIGRTMIN; sig <= SIGRTMAX; sig++)
		hook_one(sig);
}

void scratch_at_signal(void (*fn)(int sig))
{
	at_signal_pid = getpid();
	at_signal = fn;
	hook();
}

void scratch_undo(void (*fn)(void))
{
	undo_pid = getpid();
	undo = fn;
	hook();
}

/* Claim a slot for `path`; the caller creates the object afterwards, so a
 * signal in between finds nothing to remove (ENOENT is harmless). */
static struct slot *claim(const char *path, int isdir)
{
	unsigned i;

	hook();
	for (i = 0; i < SCRATCH_MAX; i++)
		if (!slots[i].used) {
			snprintf(slots[i].path, sizeof(slots[i].path), "%s", path);
			slots[i].owner = getpid();
			slots[i].isdir = isdir;
			slots[i].lock = -1;
			slots[i].used = 1;
			return &slots[i];
		}
	errno = EMFILE;
	return NULL;
}

/* A fresh name DIR/benchbox-TAG.PID.XXXXXX in path[len]; -1 if too long. */
static int make_name(const char *dir, const char *tag, char *path, size_t len)
{
	static const char set[] = "abcdefghijklmnopqrstuvwxyz0123456789";
	static unsigned long ctr;
	unsigned long x = (unsigned long)getpid() * 2654435761ul ^
			  (unsigned long)(uintptr_t)&ctr ^ (++ctr * 40503ul);
	char rnd[7];
	struct timespec ts;
	int i, n;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	x ^= (unsigned long)ts.tv_nsec * 2246822519ul;
	for (i = 0; i < 6; i++) {
		rnd[i] = set[x % 36];
		x = x / 36 + (unsigned long)ts.tv_nsec * (unsigned long)(i + 7);
	}
	rnd[6] = 0;
	n = snprintf(path, len, "%s/benchbox-%s.%d.%s", dir, tag, (int)getpid(), rnd);
	if (n < 0 || (size_t)n >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/* Whether the descriptors a and b are one file. */
static int same_file(int a, int b)
{
	struct stat sa, sb;

	return !fstat(a, &sa) && !fstat(b, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* Lock the object s just made (fd: the file's descriptor, unused for a
 * directory) into s->lock. 0: held, or this file system cannot lock (then
 * no sweep can remove it either); 1: a sweep came first and removes it,
 * make another name; -1 with errno set: no descriptor for the lock. */
static int own(struct slot *s, int fd)
{
	char lp[sizeof(s->path) + sizeof(LOCK_NAME) + 1];
	int lk, chk;

	if (s->isdir) {
		snprintf(lp, sizeof(lp), "%s/%s", s->path, LOCK_NAME);
		lk = open(lp, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (lk < 0)	/* EEXIST: a sweep made it; ENOENT: removed the tree */
			return errno == EEXIST || errno == ENOENT ? 1 : -1;
	} else {
		lk = fcntl(fd, F_DUPFD_CLOEXEC, 0);	/* the applet may close fd */
		if (lk < 0)
			return -1;
	}
	if (flock(lk, LOCK_EX | LOCK_NB)) {
		int e = errno;

		close(lk);
		if (e == EWOULDBLOCK || e == EINTR)
			return 1;	/* a sweep holds it: it is going */
		return 0;		/* ENOLCK, EOPNOTSUPP ...: no locks here */
	}
	/* held; still ours unless a sweep removed it before we locked it */
	chk = open(s->isdir ? lp : s->path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (chk < 0 || !same_file(chk, lk)) {
		if (chk >= 0)
			close(chk);
		close(lk);
		return 1;
	}
	close(chk);
	s->lock = lk;
	return 0;
}

/* Make a fresh name and the object under it (a directory when isdir, else
 * a file opened with extra_flags), registered before it exists, and lock
 * it. Returns the fd (0 for a directory), or -1 with errno set. */
static int create(const char *dir, const char *tag, int isdir, int extra_flags,
		  char *path, size_t len)
{
	int tries;

	scratch_sweep(dir, tag);	/* what killed runs left: dead and unlocked */
	for (tries = 0; tries < 100; tries++) {
		struct slot *s;
		int fd, e, r;

		if (make_name(dir, tag, path, len))
			return -1;
		s = claim(path, isdir);
		if (!s)
			return -1;
		fd = isdir ? mkdir(path, 0700)
			   : open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | extra_flags, 0600);
		if (fd >= 0) {
			r = own(s, fd);
			if (r == 0)
				return fd;
			e = errno;
			if (!isdir)
				close(fd);
			if (r < 0) {		/* ours: remove it */
				remove_slot(s);
				s->used = 0;
				errno = e;
				return -1;
			}
			s->used = 0;		/* the sweep's now: another name */
			continue;
		}
		e = errno;
		s->used = 0;
		errno = e;
		if (e != EEXIST)
			return -1;
	}
	errno = EEXIST;
	return -1;
}

int scratch_file(const char *dir, const char *tag, int extra_flags, char *path, size_t len)
{
	return create(dir, tag, 0, extra_flags, path, len);
}

int scratch_mkdir(const char *dir, const char *tag, char *path, size_t len)
{
	return create(dir, tag, 1, 0, path, len);
}

int scratch_adopt(const char *path)
{
	if (strlen(path) >= sizeof(slots[0].path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return claim(path, 0) ? 0 : -1;
}

void scratch_forget(const char *path)
{
	unsigned i;

	for (i = 0; i < SCRATCH_MAX; i++)
		if (slots[i].used && slots[i].owner == getpid() &&
		    strcmp(slots[i].path, path) == 0) {
			slots[i].used = 0;
			if (slots[i].lock >= 0)
				close(slots[i].lock);
			slots[i].lock = -1;
		}
}

void scratch_remove(const char *path)
{
	unsigned i;

	for (i = 0; i < SCRATCH_MAX; i++)
		if (slots[i].used && slots[i].owner == getpid() &&
		    strcmp(slots[i].path, path) == 0) {
			remove_slot(&slots[i]);
			slots[i].used = 0;
		}
}

/* The PID in "benchbox-TAG.PID.XXXXXX" (six of [a-z0-9]), or 0 when name
 * is not exactly that. */
static pid_t leftover_pid(const char *name, const char *tag)
{
	size_t tl = strlen(tag);
	const char *p = name + 9 + tl;
	long pid = 0;
	int i;

	if (strncmp(name, "benchbox-", 9) || strncmp(name + 9, tag, tl) || *p++ != '.')
		return 0;
	if (*p < '1' || *p > '9')
		return 0;
	while (*p >= '0' && *p <= '9' && pid < 100000000)
		pid = pid * 10 + (*p++ - '0');
	if (*p++ != '.')
		return 0;
	for (i = 0; i < 6; i++, p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')))
			return 0;
	return *p ? 0 : (pid_t)pid;
}

/* Remove the leftover name in the directory open at dfd if its lock can
 * be taken: a file's own, or LOCK_NAME's inside a directory (made when
 * missing: a run killed before it made its lock, or an older benchbox's
 * tree). The lock is held until the entry is gone, so an owner that made
 * it a moment ago finds its lock refused or its object removed, never a
 * half-removed tree it believes its own. 0 removed, -1 kept. */
static int remove_locked(int dfd, const char *name)
{
	struct stat st;
	int fd, lk, rc;

	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW))
		return -1;
	if (S_ISREG(st.st_mode)) {
		lk = openat(dfd, name, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (lk < 0)
			return -1;
		if (flock(lk, LOCK_EX | LOCK_NB)) {
			close(lk);
			return -1;
		}
		rc = unlinkat(dfd, name, 0);
		close(lk);
		return rc;
	}
	if (!S_ISDIR(st.st_mode))
		return -1;		/* a link, a FIFO ...: never one of ours */
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	lk = openat(fd, LOCK_NAME, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY |
		    O_CLOEXEC, 0600);
	if (lk < 0 || flock(lk, LOCK_EX | LOCK_NB)) {
		if (lk >= 0)
			close(lk);
		close(fd);
		return -1;
	}
	rm_tree_at(fd, 0);		/* LOCK_NAME too, still held */
	close(fd);
	rc = unlinkat(dfd, name, AT_REMOVEDIR);
	close(lk);
	if (rc)			/* NFS: the lock file's .nfsXXXX went at close */
		rc = unlinkat(dfd, name, AT_REMOVEDIR);
	return rc;
}

int scratch_sweep(const char *dir, const char *tag)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		pid_t pid = leftover_pid(e->d_name, tag);

		if (pid <= 0 || pid == getpid())
			continue;
		if (kill(pid, 0) == 0 || errno != ESRCH)
			continue;	/* alive here (or not ours to signal) */
		if (remove_locked(dirfd(d), e->d_name) == 0)
			n++;
	}
	closedir(d);
	return n;
}

int scratch_fill(int fd, uint64_t size, int byte, size_t chunk)
{
	const size_t CHUNK = chunk && chunk <= (1u << 20) ? chunk : 65536;
	char *buf = malloc(CHUNK);
	uint64_t done = 0;
	int rc = 0, e = 0;

	if (!buf)
		return -1;
	memset(buf, byte, CHUNK);
	if (lseek(fd, 0, SEEK_SET) < 0)
		rc = -1, e = errno;
	while (!rc && done < size) {
		size_t n = size - done < CHUNK ? (size_t)(size - done) : CHUNK;
		ssize_t k = write(fd, buf, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			rc = -1, e = k < 0 ? errno : ENOSPC;
		else
			done += (uint64_t)k;
	}
	free(buf);
	if (!rc && fsync(fd) && errno != EINVAL)	/* EINVAL: a pipe or special file */
		rc = -1, e = errno;
	errno = e;
	return rc;
}

uint64_t scratch_margin(uint64_t size)
{
	return (4u << 20) + size / 32;
}

int scratch_free(const char *dir, uint64_t *bytes)
{
	struct statvfs sv;
	uint64_t total, avail;
	const char *src;

	if (statvfs(dir, &sv))
		return -1;
	*bytes = (uint64_t)sv.f_bavail * sv.f_frsize;
	if (sv.f_blocks == 0 && sys_meminfo(&total, &avail, &src) == 0)
		*bytes = avail;		/* ramfs: no size, only memory limits it */
	return 0;
}

int scratch_room(const char *dir, uint64_t size, const uint64_t *have)
{
	char sz[32], need[32], margin[32], got[32];
	uint64_t m = scratch_margin(size), free_bytes;

	if (have)
		free_bytes = *have;
	else if (scratch_free(dir, &free_bytes))
		return 0;		/* cannot tell: making the files will say */
	if (size <= UINT64_MAX - m && free_bytes >= size + m)
		return 0;
	errorf("skipped: not enough free space: needs %s in %s (%s and a %s margin), %s free",
	       size <= UINT64_MAX - m ? format_human(size + m, need, sizeof(need)) : "more", dir,
	       format_human(size, sz, sizeof(sz)), format_human(m, margin, sizeof(margin)),
	       format_human(free_bytes, got, sizeof(got)));
	errno = ENOSPC;
	return -1;
}
