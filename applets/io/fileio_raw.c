/* fileio_raw.c - fileio raw: sequential read of a block or MTD device
 *
 * SPDX-License-Identifier: MIT
 *
 * The guides' "Raw Read Throughput": read BYTES from the start of the
 * device in BUFSIZE reads, timed as seq times its reads. A block device is
 * opened O_RDONLY|O_DIRECT (the page cache cannot answer); if it refuses
 * O_DIRECT it is read buffered after posix_fadvise(DONTNEED). An MTD
 * character device (/dev/mtdN, major 90) has no page cache. Anything else,
 * a regular file or /dev/null included, is refused. The device is named
 * from sysfs (size, model, and for eMMC the bus timing the host runs, from
 * debugfs when readable: HS200 or a slow fallback).
 *
 * raw never writes, except with --write --destructive, and then only a
 * block device on which nothing is mounted (nor on a partition of it), that
 * is not swap and that nothing holds (device mapper, md); the open is
 * O_EXCL, which the kernel refuses while anything has the device claimed.
 * Without --destructive it says what would be overwritten.
 */
#define _GNU_SOURCE
#include "applet.h"
#include "fileio.h"
#include "sys.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

enum { MTD_CHAR_MAJOR = 90, MAX_PARTS = 64 };

struct raw_dev {
	const char	*path;
	dev_t		rdev;
	int		mtd;		/* an MTD character device */
	char		sys[64];	/* "/sys/dev/block/179:0" */
	uint64_t	size;		/* bytes */
	int		size_known;
	char		model[128];	/* "DG4016", "" unknown */
	char		timing[64];	/* eMMC bus timing: "mmc HS200", "" unknown */
};

/* The first readable sysfs attribute of a list, relative to d->sys. */
static int sys_attr(const struct raw_dev *d, const char *const *names, size_t n, char *buf,
		    size_t len)
{
	char p[256];
	size_t i;

	for (i = 0; i < n; i++) {
		snprintf(p, sizeof(p), "%s/%s", d->sys, names[i]);
		if (read_text(p, buf, len) > 0)
			return 0;
	}
	buf[0] = '\0';
	return -1;
}

/* The eMMC host's timing from debugfs: "timing spec: 9 (mmc HS200)". */
static void mmc_timing(struct raw_dev *d)
{
	static const char *const dev_links[] = { "device", "../device" };
	char p[300], where[PATH_MAX], real[PATH_MAX], ios[2048], *host = NULL, *t, *lp, *rp;
	size_t i;

	for (i = 0; i < ARRAY_LEN(dev_links); i++) {
		snprintf(p, sizeof(p), "%s/%s", d->sys, dev_links[i]);
		if (realpath(sysroot_path(p, where, sizeof(where)), real) &&
		    (host = strrchr(real, '/')))
			break;
	}
	if (i == ARRAY_LEN(dev_links))
		return;
	*host = '\0';			/* .../mmc_host/mmc0/mmc0:0001 -> .../mmc0 */
	host = strrchr(real, '/');
	if (!host || strncmp(host + 1, "mmc", 3))
		return;
	snprintf(p, sizeof(p), "/sys/kernel/debug/%s/ios", host + 1);
	if (read_text(p, ios, sizeof(ios)) <= 0 || !(t = strstr(ios, "timing spec:")))
		return;
	lp = strchr(t, '(');
	rp = lp ? strchr(lp, ')') : NULL;
	if (rp && !memchr(t, '\n', (size_t)(lp - t)))
		snprintf(d->timing, sizeof(d->timing), "%.*s", (int)(rp - lp - 1), lp + 1);
}

static void describe(struct raw_dev *d)
{
	static const char *const blk_model[] = {
		"device/model", "device/name", "../device/model", "../device/name",
		"loop/backing_file",
	};
	static const char *const mtd_model[] = { "name" };
	uint64_t v;
	char p[128];

	snprintf(p, sizeof(p), "%s/size", d->sys);
	if (read_u64(p, &v) == 0) {
		d->size = d->mtd ? v : v * 512;		/* block: 512-byte sectors */
		d->size_known = 1;
	} else {
		int fd = open(d->path, O_RDONLY | O_CLOEXEC);
		off_t end = fd >= 0 ? lseek(fd, 0, SEEK_END) : -1;

		d->size = end > 0 ? (uint64_t)end : 0;
		d->size_known = end >= 0;
		if (fd >= 0)
			close(fd);
	}
	if (d->mtd)
		sys_attr(d, mtd_model, ARRAY_LEN(mtd_model), d->model, sizeof(d->model));
	else
		sys_attr(d, blk_model, ARRAY_LEN(blk_model), d->model, sizeof(d->model));
	if (!d->mtd)
		mmc_timing(d);
}

static int identify(const char *path, struct raw_dev *d)
{
	struct stat st;

	memset(d, 0, sizeof(*d));
	d->path = path;
	if (stat(path, &st)) {
		errorf("'%s': %s", path, strerror(errno));
		return EXIT_USAGE;
	}
	if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) {
		errorf("'%s' is a %s, not a device: raw reads block and MTD devices (files: "
		       "fileio seq or rand)", path,
		       S_ISREG(st.st_mode) ? "regular file" : "directory");
		return EXIT_USAGE;
	}
	d->mtd = S_ISCHR(st.st_mode) && major(st.st_rdev) == MTD_CHAR_MAJOR;
	if (!S_ISBLK(st.st_mode) && !d->mtd) {
		errorf("'%s' is %s: raw reads block devices and MTD devices (/dev/mtdN)", path,
		       S_ISCHR(st.st_mode) ? "a character device but not an MTD device" :
		       "not a device");
		return EXIT_USAGE;
	}
	d->rdev = st.st_rdev;
	snprintf(d->sys, sizeof(d->sys), "/sys/dev/%s/%u:%u", d->mtd ? "char" : "block",
		 major(st.st_rdev), minor(st.st_rdev));
	describe(d);
	return EXIT_OK;
}

/* "/dev/sda (8.0 GiB, 'QEMU HARDDISK', mmc HS200)" */
static const char *dev_name(const struct raw_dev *d, char *buf, size_t len)
{
	char size[32];

	snprintf(buf, len, "%s (%s%s%s%s%s%s)", d->path,
		 d->size_known ? format_human(d->size, size, sizeof(size)) : "size unknown",
		 *d->model ? ", '" : "", d->model, *d->model ? "'" : "",
		 *d->timing ? ", " : "", d->timing);
	return buf;
}

/* The bytes to move: --size, else the device up to 256M (--quick 32M), in
 * whole buffers. 0 with a message when not even one buffer fits. */
static uint64_t raw_bytes(struct run_ctx *ctx, const struct fio_opts *o,
			  const struct raw_dev *d)
{
	uint64_t cap = ctx->quick ? 32u << 20 : 256u << 20, n = o->size ? o->size : cap;

	if (d->size && n > d->size) {
		if (o->size)
			warnf("--size %llu is beyond the end of %s: using its %llu bytes",
			      (unsigned long long)o->size, d->path, (unsigned long long)d->size);
		n = d->size;
	}
	n = n / o->bs[0] * o->bs[0];
	if (!n)
		errorf("%s holds %llu bytes, less than one %llu-byte buffer: use a smaller -b",
		       d->path, (unsigned long long)d->size, (unsigned long long)o->bs[0]);
	return n;
}

/* Is anything using the device? ---------------------------------------- */

struct busy {
	dev_t	devs[MAX_PARTS + 1];	/* the device and its partitions */
	int	n;
	char	why[512];
};

static int busy_mount(void *arg, dev_t dev, const char *mnt, const char *fstype,
		      const char *source)
{
	struct busy *b = arg;
	int i;

	(void)fstype;
	for (i = 0; i < b->n; i++)
		if (b->devs[i] == dev) {
			snprintf(b->why, sizeof(b->why), "mounted on %s (%s)", mnt, source);
			return 1;
		}
	return 0;
}

/* The device's partitions from sysfs (DIR/NAME/partition exists) and
 * whether anything holds the device (DIR/holders/ not empty). */
static void busy_sysfs(const char *sys, struct busy *b)
{
	char p[300], real[4200], dev[32];
	struct dirent *e;
	DIR *dir;

	snprintf(p, sizeof(p), "%s/holders", sys);
	if ((dir = opendir(sysroot_path(p, real, sizeof(real))))) {
		while ((e = readdir(dir)))
			if (e->d_name[0] != '.') {
				snprintf(b->why, sizeof(b->why), "held by %s", e->d_name);
				break;
			}
		closedir(dir);
	}
	if (!(dir = opendir(sysroot_path(sys, real, sizeof(real)))))
		return;
	while ((e = readdir(dir)) && b->n <= MAX_PARTS) {
		snprintf(p, sizeof(p), "%s/%s/partition", sys, e->d_name);
		if (e->d_name[0] == '.' || read_text(p, dev, sizeof(dev)) <= 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s/dev", sys, e->d_name);
		if (read_text(p, dev, sizeof(dev)) > 0 && !sys_parse_devnum(dev, &b->devs[b->n]))
			b->n++;
	}
	closedir(dir);
}

static void busy_swap(struct busy *b)
{
	char line[4200], name[4096];
	FILE *f = sysfile_fopen("/proc/swaps");
	struct stat st;
	int i;

	if (!f)
		return;
	while (!b->why[0] && fgets(line, sizeof(line), f)) {
		size_t k = strcspn(line, " \t\n");	/* the first field, a path */

		if (line[0] != '/' || k >= sizeof(name))
			continue;
		memcpy(name, line, k);
		name[k] = '\0';
		if (stat(name, &st) || !S_ISBLK(st.st_mode))
			continue;
		for (i = 0; i < b->n; i++)
			if (st.st_rdev == b->devs[i])
				snprintf(b->why, sizeof(b->why), "in use as swap");
	}
	fclose(f);
}

int fio_dev_busy(const char *sys, dev_t dev, char *why, size_t len)
{
	struct busy b = { .n = 1 };

	b.devs[0] = dev;
	busy_sysfs(sys, &b);
	if (!b.why[0] && fio_mounts_each(busy_mount, &b) < 0) {
		snprintf(why, len, "of unknown use: /proc/self/mountinfo cannot be read");
		return -1;
	}
	if (!b.why[0])
		busy_swap(&b);
	snprintf(why, len, "%s", b.why);
	return b.why[0] ? 1 : 0;
}

/* Measuring ------------------------------------------------------------ */

/* Open for the test: O_DIRECT when the device takes it. */
static int raw_open(const struct raw_dev *d, int flags, const char **method)
{
	int fd = d->mtd ? -1 : open(d->path, flags | O_CLOEXEC | O_DIRECT);

	*method = "O_DIRECT";
	if (fd < 0 && (d->mtd || errno == EINVAL)) {
		*method = d->mtd ? "MTD, uncached" : "fadvise";
		fd = open(d->path, flags | O_CLOEXEC);
	}
	if (fd < 0) {
		int e = errno;

		if (e == EBUSY)
			errorf("refused: %s is busy (mounted or claimed: O_EXCL open failed)",
			       d->path);
		else
			errorf("%s%s: %s", e == EACCES || e == EPERM ? "skipped: " : "", d->path,
			       strerror(e));
		return e == EACCES || e == EPERM ? -EXIT_SKIP : -EXIT_FAIL;
	}
	return fd;
}

static int raw_measure(struct run_ctx *ctx, const struct fio_opts *o, const struct raw_dev *d,
		       int write, uint64_t bytes)
{
	size_t bs = (size_t)o->bs[0];
	struct fio_phase p = { 0 };
	const char *method;
	char params[64], note[200], name[300];
	char *buf = fio_buffer(bs);
	struct fio_load ld;
	double mbs, cpu;
	unsigned i;
	int fd, e = 0;

	fd = buf ? raw_open(d, write ? O_WRONLY | O_EXCL : O_RDONLY, &method) : -EXIT_FAIL;
	if (fd < 0) {
		free(buf);
		return -fd;
	}
	fio_say("raw: %s %s with %zu-byte %ss, %s", write ? "writing" : "reading",
		dev_name(d, name, sizeof(name)), bs, write ? "write" : "read", method);
	fio_phase_init(&p, o->samples);
	for (i = 0; i < o->samples && !e; i++) {
		if (lseek(fd, 0, SEEK_SET) < 0)
			e = errno;
		else if (!write && !strcmp(method, "fadvise"))
			posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
		if (!e && !(e = fio_timed(fd, write, buf, bs, bytes / bs, &ld)))
			fio_phase_set(&p, i, bytes, &ld);
	}
	close(fd);
	free(buf);
	if (e) {
		errorf("%s %s: %s", write ? "writing" : "reading", d->path, strerror(e));
		fio_phase_free(&p);
		return EXIT_FAIL;
	}
	snprintf(params, sizeof(params), "bs=%zu,size=%llu", bs, (unsigned long long)bytes);
	snprintf(note, sizeof(note), "%s%s%s", d->model, *d->model ? ", " : "", method);
	fio_phase_label(&p, write ? "raw-write" : "raw-read", 0, params, note, !write, bytes / bs);
	fio_phase_report(ctx, &p, &mbs, &cpu);
	fio_phase_free(&p);
	return EXIT_OK;
}

static int raw_write(struct run_ctx *ctx, const struct fio_opts *o, const struct raw_dev *d)
{
	char why[512], name[300];
	uint64_t bytes;
	int busy;

	if (d->mtd) {
		errorf("--write: %s is an MTD device; raw writes block devices only", d->path);
		return EXIT_USAGE;
	}
	if (!(bytes = raw_bytes(ctx, o, d)))
		return EXIT_USAGE;
	busy = fio_dev_busy(d->sys, d->rdev, why, sizeof(why));
	if (!o->destructive) {
		errorf("this would overwrite the first %llu bytes of %s; add --destructive "
		       "to do it", (unsigned long long)bytes, dev_name(d, name, sizeof(name)));
		if (busy)
			errorf("and %s is %s: refused even with --destructive", d->path, why);
		return EXIT_USAGE;
	}
	if (busy) {
		errorf("refused: %s is %s", d->path, why);
		return EXIT_FAIL;
	}
	return raw_measure(ctx, o, d, 1, bytes);
}

int fio_raw_run(struct run_ctx *ctx, const struct fio_opts *o)
{
	struct raw_dev d;
	uint64_t bytes;
	int rc;

	if ((rc = identify(o->target, &d)))
		return rc;
	if (d.size_known && !d.size) {
		errorf("skipped: %s holds 0 bytes (no medium, or a loop device with no file)",
		       d.path);
		return EXIT_SKIP;
	}
	if (o->write)
		return raw_write(ctx, o, &d);
	if (!(bytes = raw_bytes(ctx, o, &d)))
		return EXIT_USAGE;
	return raw_measure(ctx, o, &d, 0, bytes);
}
