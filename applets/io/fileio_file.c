/* fileio_file.c - fileio's test file, mounts, page cache and I/O helpers
 *
 * SPDX-License-Identifier: MIT
 *
 * Where the file goes: a DIR (or nothing: the scratch directory) gets a
 * scratch file, made by scratch_file() after scratch_sweep() removed what
 * killed runs left there; a FILE is the user's own path, overwritten only
 * with --destructive when it exists. The free space comes from
 * scratch_free() (plus the blocks of a FILE about to be rewritten) after
 * the sweep, and scratch_room() judges it; the file system's name
 * and source from the /proc/self/mountinfo line whose major:minor is the
 * directory's st_dev, else from the statfs() magic number.
 */
#define _GNU_SOURCE
#include "applet.h"
#include "fileio.h"
#include "proc.h"
#include "scratch.h"
#include "sys.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>
#include <unistd.h>

uint64_t fio_default_size(uint64_t cap, uint64_t free, uint64_t unit)
{
	uint64_t s = free / 2 < cap ? free / 2 : cap;

	return unit ? s / unit * unit : s;
}

/* Mounts ------------------------------------------------------------------ */

/* Undo mountinfo's octal escapes (\040 for a space) in place. */
static void unescape(char *s)
{
	char *d = s;

	for (; *s; s++, d++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			*d = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			*d = *s;
		}
	}
	*d = '\0';
}

/* "36 35 98:0 /root /mnt rw,noatime shared:1 - ext4 /dev/sda1 rw": 0 with
 * the fields filled (pointing into line), -1 if malformed. */
static int parse_mountinfo(char *line, dev_t *dev, char **mnt, char **fstype, char **source)
{
	char *f[6], *dash, *save = NULL;
	int i;

	dash = strstr(line, " - ");
	if (!dash)
		return -1;
	*dash = '\0';
	for (i = 0; i < 5; i++)
		if (!(f[i] = strtok_r(i ? NULL : line, " ", &save)))
			return -1;
	if (sys_parse_devnum(f[2], dev))
		return -1;
	*mnt = f[4];
	save = NULL;
	*fstype = strtok_r(dash + 3, " ", &save);
	*source = strtok_r(NULL, " \n", &save);
	if (!*fstype || !*source)
		return -1;
	unescape(*mnt);
	unescape(*source);
	return 0;
}

int fio_mounts_each(int (*fn)(void *arg, dev_t dev, const char *mnt, const char *fstype,
			      const char *source), void *arg)
{
	char line[4096];
	FILE *f = sysfile_fopen("/proc/self/mountinfo");
	int rc = 0;

	if (!f)
		return -1;
	while (!rc && fgets(line, sizeof(line), f)) {
		char *mnt, *fstype, *source;
		dev_t dev;

		if (!parse_mountinfo(line, &dev, &mnt, &fstype, &source))
			rc = fn(arg, dev, mnt, fstype, source);
	}
	fclose(f);
	return rc;
}

struct mount_query {
	dev_t	dev;
	char	*fstype, *source;
	size_t	flen, slen;
};

static int match_mount(void *arg, dev_t dev, const char *mnt, const char *fstype,
		       const char *source)
{
	struct mount_query *q = arg;

	(void)mnt;
	if (dev != q->dev)
		return 0;
	snprintf(q->fstype, q->flen, "%s", fstype);
	snprintf(q->source, q->slen, "%s", source);
	return 1;
}

int fio_mount_of(dev_t dev, char *fstype, size_t flen, char *source, size_t slen)
{
	struct mount_query q = { dev, fstype, source, flen, slen };

	return fio_mounts_each(match_mount, &q) == 1 ? 0 : -1;
}

/* The file system's name without mountinfo: statfs() magic numbers. */
static void fs_from_magic(const char *dir, char *out, size_t len)
{
	static const struct { unsigned long magic; const char *name; } known[] = {
		{ 0xEF53, "ext2/3/4" }, { 0x01021994, "tmpfs" }, { 0x4d44, "vfat" },
		{ 0x24051905, "ubifs" }, { 0x858458f6, "ramfs" }, { 0x58465342, "xfs" },
		{ 0x9123683e, "btrfs" }, { 0xf2f52010, "f2fs" }, { 0x6969, "nfs" },
	};
	struct statfs sf;
	size_t i;

	if (statfs(dir, &sf)) {
		snprintf(out, len, "?");
		return;
	}
	for (i = 0; i < ARRAY_LEN(known); i++)
		if ((unsigned long)sf.f_type == known[i].magic) {
			snprintf(out, len, "%s", known[i].name);
			return;
		}
	snprintf(out, len, "fs 0x%lx", (unsigned long)sf.f_type);
}

/* The test file ------------------------------------------------------------ */

static void dir_of(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(dir, len, ".");
	else if (slash == path)
		snprintf(dir, len, "/");
	else
		snprintf(dir, len, "%.*s", (int)(slash - path), path);
}

/* A FILE named by the user: an existing regular file (with --destructive)
 * or a new name in an existing directory. */
static int resolve_file(const struct fio_opts *o, struct fio_file *f, uint64_t *old_bytes)
{
	struct stat st;

	snprintf(f->path, sizeof(f->path), "%s", o->target);
	dir_of(o->target, f->dir, sizeof(f->dir));
	if (stat(o->target, &st) == 0) {
		if (!S_ISREG(st.st_mode)) {
			errorf("'%s' is not a directory or a regular file%s", o->target,
			       S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode) ?
			       " (devices: fileio raw)" : "");
			return EXIT_USAGE;
		}
		if (!o->destructive) {
			errorf("'%s' exists and would be overwritten: add --destructive "
			       "to allow it", o->target);
			return EXIT_USAGE;
		}
		f->existed = 1;
		*old_bytes = (uint64_t)st.st_blocks * 512;
		return EXIT_OK;
	}
	if (errno != ENOENT) {
		errorf("'%s': %s", o->target, strerror(errno));
		return EXIT_FAIL;
	}
	if (stat(f->dir, &st) || !S_ISDIR(st.st_mode)) {
		errorf("'%s': no such directory for FILE '%s'", f->dir, o->target);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

int fio_file_resolve(struct run_ctx *ctx, const struct fio_opts *o, struct fio_file *f)
{
	struct stat st;
	uint64_t old_bytes = 0;
	int rc, n;

	memset(f, 0, sizeof(*f));
	if (!o->target || (stat(o->target, &st) == 0 && S_ISDIR(st.st_mode))) {
		snprintf(f->dir, sizeof(f->dir), "%s",
			 o->target ? o->target : scratch_dir(ctx->dir));
		f->scratch = 1;
	} else if ((rc = resolve_file(o, f, &old_bytes))) {
		return rc;
	}
	if (f->scratch && (n = scratch_sweep(f->dir, "fileio")) > 0)	/* before counting */
		fio_say("removed %d leftover%s of killed runs from %s", n, n > 1 ? "s" : "",
			f->dir);
	if (stat(f->dir, &st) || scratch_free(f->dir, &f->free)) {
		int e = errno;

		errorf("%s%s: %s", scratch_cannot(e) ? "skipped: cannot use " : "", f->dir,
		       strerror(e));
		return scratch_cannot(e) ? EXIT_SKIP : EXIT_FAIL;
	}
	f->free += old_bytes;
	if (fio_mount_of(st.st_dev, f->fs, sizeof(f->fs), f->source, sizeof(f->source)))
		fs_from_magic(f->dir, f->fs, sizeof(f->fs));
	if (f->source[0] != '/')
		f->source[0] = '\0';		/* "tmpfs", "none": says nothing */
	return EXIT_OK;
}

int fio_file_room(const struct fio_file *f, uint64_t size)
{
	return scratch_room(f->dir, size, &f->free) ? EXIT_SKIP : EXIT_OK;
}

int fio_file_error(const struct fio_file *f, const char *what, int e)
{
	if (e == EINVAL) {
		errorf("O_DIRECT refused by %s (%s)%s", f->fs, f->dir, what);
		return EXIT_SKIP;
	}
	if (e == ENOSPC || scratch_cannot(e)) {
		errorf("skipped: %s%s: %s", f->path, what, strerror(e));
		return EXIT_SKIP;
	}
	errorf("%s%s: %s", f->path, what, strerror(e));
	return EXIT_FAIL;
}

int fio_file_open(struct fio_file *f, int extra_flags, const char *what)
{
	int fd;

	if (f->scratch) {
		fd = scratch_file(f->dir, "fileio", 0, f->path, sizeof(f->path));
	} else {
		fd = open(f->path, O_RDWR | O_CREAT | O_CLOEXEC | (f->existed ? 0 : O_EXCL), 0644);
		f->created = fd >= 0 && !f->existed;
	}
	if (fd < 0) {
		int e = errno;

		errorf("%s%s: %s", scratch_cannot(e) ? "skipped: cannot create a file in " : "",
		       f->scratch ? f->dir : f->path, strerror(e));
		return scratch_cannot(e) ? EXIT_SKIP : EXIT_FAIL;
	}
	close(fd);
	if (!extra_flags)
		return EXIT_OK;
	fd = open(f->path, O_RDWR | O_CLOEXEC | extra_flags);
	if (fd >= 0) {
		close(fd);
		return EXIT_OK;
	}
	return fio_file_error(f, what, errno);
}

void fio_file_done(struct fio_file *f, int rc)
{
	if (f->scratch && f->path[0])
		scratch_remove(f->path);
	else if (f->created && rc != EXIT_OK)
		unlink(f->path);
}

/* The page cache ------------------------------------------------------------ */

/* Never under $BENCHBOX_SYSROOT: this is an action, not a fact to read. */
static const char drop_caches[] = "/proc/sys/vm/drop_caches";

const char *fio_cache_plan(int direct)
{
	if (direct)
		return "O_DIRECT";
	if (geteuid() == 0 && access(drop_caches, W_OK) == 0)
		return "drop_caches";
	return "fadvise";
}

const char *fio_drop_cache(int fd, int direct)
{
	if (direct)
		return "O_DIRECT";
	if (!strcmp(fio_cache_plan(0), "drop_caches")) {
		int d, ok;

		sync();
		d = open(drop_caches, O_WRONLY | O_CLOEXEC);
		ok = d >= 0 && write(d, "1", 1) == 1;
		if (d >= 0)
			close(d);
		if (ok)
			return "drop_caches";
	}
	return posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED) == 0 ? "fadvise" : "none";
}

int fio_cached_pct(int fd, uint64_t size)
{
	const size_t chunk = 64u << 20;
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	unsigned char *vec = malloc(chunk / pg);
	uint64_t off, in = 0, pages = 0;

	if (!vec)
		return -1;
	for (off = 0; off < size; off += chunk) {
		size_t len = size - off < chunk ? (size_t)(size - off) : chunk, i;
		void *p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, (off_t)off);
		int bad = p == MAP_FAILED || mincore(p, len, vec);

		if (p != MAP_FAILED)
			munmap(p, len);
		if (bad) {
			free(vec);
			return -1;
		}
		for (i = 0; i < (len + pg - 1) / pg; i++)
			in += vec[i] & 1;
		pages += (len + pg - 1) / pg;
	}
	free(vec);
	return pages ? (int)(in * 100 / pages) : 0;
}

/* Buffers and whole transfers ---------------------------------------------- */

void *fio_buffer(size_t size)
{
	uint64_t x = 0x9e3779b97f4a7c15ull ^ size, *w;
	size_t i;
	void *p;

	if (posix_memalign(&p, FIO_ALIGN, size ? size : 1)) {
		errorf("cannot allocate a %zu-byte buffer", size);
		return NULL;
	}
	w = p;
	for (i = 0; i < size / 8; i++) {	/* xorshift64: no two blocks alike */
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		w[i] = x;
	}
	return p;
}

int fio_transfer(int fd, void *buf, size_t n, int wr)
{
	if (!(wr ? proc_writen(fd, buf, n) : proc_readn(fd, buf, n)))
		return 0;
	return errno ? errno : ENODATA;	/* 0: the end of the file */
}

int fio_timed(int fd, int wr, char *buf, size_t bs, uint64_t n, struct fio_load *ld)
{
	struct fio_cpu_snap a, b;
	uint64_t i;
	int e = 0;

	fio_cpu_snap(&a);
	for (i = 0; i < n && !e; i++)
		e = fio_transfer(fd, buf, bs, wr);
	if (!e && wr && fsync(fd))
		e = errno;
	fio_cpu_snap(&b);
	fio_load_between(&a, &b, ld);
	return e;
}
