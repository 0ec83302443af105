/* wiring_bus.c - wiring's MMC/SD/eMMC and USB checks (see wiring.c)
 *
 * SPDX-License-Identifier: MIT
 *
 * MMC: each host of /sys/class/mmc_host and the card under it. The bus
 * mode it runs (timing, data width, clock) is only in debugfs
 * (mmcN/ios), the host's modes in mmcN/caps and caps2, an eMMC's in its
 * EXT_CSD (mmcN/mmcN:RCA/ext_csd, byte 196 DEVICE_TYPE). An eMMC below
 * the fastest timing both it and its host support, or narrower than the
 * host's 8 data lines, is a problem (a failed tuning or bus test: signal
 * integrity, a data line open); an SD card at 1 bit on a 4-bit host is
 * one; an SD card below UHS on a host with UHS modes is a warn (the card
 * may have none). What the files cannot tell is said, and fine.
 * When debugfs is not mounted and we are root, a child mounts it in a
 * mount namespace of its own and hands the files over a pipe: nothing is
 * mounted where the caller lives, and nothing is left behind.
 *
 * USB: each device of /sys/bus/usb/devices against its port and its
 * controller. A USB 3 device at 480 Mb/s or less where its port has a
 * SuperSpeed peer (or, not told, its controller a SuperSpeed root hub)
 * fell back to USB 2: a problem; in a USB 2 port: a warn.
 *
 * The bit numbers and formats are Linux 6.1's (include/linux/mmc/host.h,
 * mmc.h, drivers/mmc/core/debugfs.c and block.c, drivers/usb/core/sysfs.c).
 * The parsers are wiring_parse_ios(), wiring_parse_caps(),
 * wiring_parse_ext_csd(), wiring_parse_usb_speed() and
 * wiring_parse_usb_version() (tests/unit/test_wiring_bus.c,
 * tests/fuzz/wiring_ios.c).
 */
#define _GNU_SOURCE	/* unshare(), pipe2() */
#include "applet.h"
#include "proc.h"
#include "sys.h"
#include "util.h"
#include "wiring.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Parsers ------------------------------------------------------------------ */

static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* " (" anything but a newline ")" and the line's end, from p; the
 * parenthesis' text (begin and length) when wanted */
static int paren_end(const char *p, const char *end, const char **in, size_t *len)
{
	if (end - p < 3 || p[0] != ' ' || p[1] != '(' || end[-1] != ')')
		return -1;
	if (in) {
		*in = p + 2;
		*len = (size_t)(end - 1 - (p + 2));
	}
	return 0;
}

/* One line of ios, from p to end: a field it names into v (the clocks
 * aside); -1 for a line of a known key that is not whole */
static int ios_line(const char *p, const char *end, struct wiring_ios *v, int64_t *clock,
		    int64_t *actual)
{
	const char *colon = memchr(p, ':', (size_t)(end - p)), *s, *in;
	size_t klen, len;
	uint64_t a, b;

	if (!colon)
		return 0;
	klen = (size_t)(colon - p);
	for (s = colon + 1; *s == '\t' || *s == ' '; s++)
		;
	/* scan_decimal() stops at the newline: no digit is read past end */
	if ((klen == 5 && !strncmp(p, "clock", 5)) ||
	    (klen == 12 && !strncmp(p, "actual clock", 12))) {
		if (scan_decimal(&s, UINT32_MAX, &a) || end - s != 3 || strncmp(s, " Hz", 3))
			return -1;
		*(klen == 5 ? clock : actual) = (int64_t)a;
	} else if (klen == 10 && !strncmp(p, "power mode", 10)) {
		if (scan_decimal(&s, 255, &a) || paren_end(s, end, NULL, NULL))
			return -1;
		v->power = (int)a;
	} else if (klen == 9 && !strncmp(p, "bus width", 9)) {
		/* "%u (%u bits)": the code (0, 2, 3), then 1 << code */
		if (scan_decimal(&s, 255, &a) || (a != 0 && a != 2 && a != 3) ||
		    strncmp(s, " (", 2))
			return -1;
		s += 2;
		if (scan_decimal(&s, 255, &b) || b != 1u << a || end - s != 6 ||
		    strncmp(s, " bits)", 6))
			return -1;
		v->width = (int)b;
	} else if (klen == 11 && !strncmp(p, "timing spec", 11)) {
		if (scan_decimal(&s, 255, &a) || paren_end(s, end, &in, &len))
			return -1;
		v->timing = (int)a;
		v->strobe = a == 10 && len == 25 && !strncmp(in, "mmc HS400 enhanced strobe", 25);
	}
	return 0;
}

int wiring_parse_ios(const char *text, struct wiring_ios *out)
{
	struct wiring_ios v = { -1, -1, -1, -1, 0 };
	int64_t clock = -1, actual = -1;
	const char *p = text, *nl;

	for (; *p; p = nl ? nl + 1 : p + strlen(p)) {
		nl = strchr(p, '\n');
		if (ios_line(p, nl ? nl : p + strlen(p), &v, &clock, &actual))
			return -1;
	}
	if (v.timing < 0 || v.width < 0)
		return -1;
	v.clock_hz = actual >= 0 ? actual : clock;
	*out = v;
	return 0;
}

int wiring_parse_caps(const char *s, uint32_t *v)
{
	uint64_t x = 0;
	int n = 0, h;

	if (s[0] != '0' || (s[1] != 'x' && s[1] != 'X'))
		return -1;
	for (s += 2; (h = hexval(*s)) >= 0; s++) {
		if (++n > 16)
			return -1;
		x = x << 4 | (uint64_t)h;
	}
	if (!n || x > UINT32_MAX || (*s && (*s != '\n' || s[1])))
		return -1;
	*v = (uint32_t)x;
	return 0;
}

int wiring_parse_ext_csd(const char *text, unsigned idx, uint8_t *out)
{
	const char *p = text, *q;
	unsigned n = 0, line = 1;
	uint64_t off;
	int b = 0;

	while (*p) {
		if (*p == '\n') {
			line = 1;
			p++;
			continue;
		}
		if (*p == ' ' || *p == '\t') {
			p++;
			continue;
		}
		q = p;
		if (line && !scan_decimal(&q, 511, &off) && *q == ':') {
			if (off != n)	/* an offset label must say where we are */
				return -1;
			p = q + 1;
			line = 0;
			continue;
		}
		line = 0;
		if (hexval(p[0]) < 0 || hexval(p[1]) < 0 || n >= 512)
			return -1;
		if (n++ == idx)
			b = hexval(p[0]) << 4 | hexval(p[1]);
		p += 2;
	}
	if (n != 512 || idx >= 512)
		return -1;
	*out = (uint8_t)b;
	return 0;
}

int wiring_parse_usb_speed(const char *s, unsigned *kbps)
{
	uint64_t whole, frac = 0, scale = 100;
	int f = 0;

	if (scan_decimal(&s, 999999, &whole))
		return -1;
	if (*s == '.') {
		for (s++; *s >= '0' && *s <= '9'; s++, scale /= 10) {
			if (++f > 3)
				return -1;
			frac += (uint64_t)(*s - '0') * scale;
		}
		if (!f)
			return -1;
	}
	if (*s || !(whole * 1000 + frac))
		return -1;
	*kbps = (unsigned)(whole * 1000 + frac);
	return 0;
}

int wiring_parse_usb_version(const char *s, unsigned *v)
{
	unsigned major = 0, minor;
	int d = 0;

	while (*s == ' ')
		s++;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (++d > 2)
			return -1;
		major = major * 10 + (unsigned)(*s - '0');
	}
	if (!d || s[0] != '.' || s[1] < '0' || s[1] > '9' || s[2] < '0' || s[2] > '9' || s[3])
		return -1;
	minor = (unsigned)(s[1] - '0') * 10 + (unsigned)(s[2] - '0');
	*v = major * 100 + minor;
	return 0;
}

/* Helpers ------------------------------------------------------------------ */

/* Text from a file as a record may carry it: cut to max bytes, every byte
 * that is not printable ASCII (or is a quote, which would cut the seen
 * text's 'name') made a '?' */
static void printable(char *s, size_t max)
{
	size_t i;

	for (i = 0; s[i] && i < max; i++)
		if (s[i] < 0x20 || s[i] > 0x7e || s[i] == '\'')
			s[i] = '?';
	s[i] = 0;
}

/* MMC ---------------------------------------------------------------------- */

/* The debugfs files of one host, in the order they are read: ios first
 * (only memory), the card's ext_csd (a command to the card, which also
 * wakes one that runtime PM powered off) and ios again, which then shows
 * the mode it runs in */
enum { F_IOS, F_CAPS, F_CAPS2, F_EXT_CSD, F_IOS2, F_N };
static const size_t f_cap[F_N] = { 1024, 64, 64, 4096, 1024 };
static const char *const f_name[F_N] = { "ios", "caps", "caps2", "ext_csd", "ios" };

struct mmc_dbg {
	char	path[F_N][128];		/* "" not asked */
	char	*text[F_N];		/* f_cap[] bytes each */
	int	err[F_N];		/* 0 read, else an errno */
	int	mount;			/* the child mounts debugfs first */
	int	fd;			/* the child's end of the pipe */
	char	*scratch;		/* the child's buffer (f_cap[F_EXT_CSD]) */
};

/* Linux 6.1 include/linux/mmc/host.h: struct mmc_host caps and caps2 */
enum {
	CAP_4_BIT	= 1 << 0,	/* MMC_CAP_4_BIT_DATA */
	CAP_MMC_HS	= 1 << 1,	/* MMC_CAP_MMC_HIGHSPEED */
	CAP_8_BIT	= 1 << 6,	/* MMC_CAP_8_BIT_DATA */
	CAP_NONREMOVABLE = 1 << 8,	/* MMC_CAP_NONREMOVABLE */
	CAP_DDR_18	= 1 << 11,	/* MMC_CAP_1_8V_DDR */
	CAP_DDR_12	= 1 << 12,	/* MMC_CAP_1_2V_DDR */
	CAP_UHS		= 0x1f << 15,	/* MMC_CAP_UHS_SDR12 ... _DDR50 */
	CAP2_HS200_18	= 1 << 5,	/* MMC_CAP2_HS200_1_8V_SDR */
	CAP2_HS200_12	= 1 << 6,	/* MMC_CAP2_HS200_1_2V_SDR */
	CAP2_HS400_18	= 1 << 15,	/* MMC_CAP2_HS400_1_8V */
	CAP2_HS400_12	= 1 << 16,	/* MMC_CAP2_HS400_1_2V */
};

/* include/linux/mmc/mmc.h: EXT_CSD_CARD_TYPE (byte 196) bits */
enum {
	EXT_CSD_CARD_TYPE = 196,
	DT_HS = 0x03,			/* 26 and 52 MHz */
	DT_DDR_18 = 0x04, DT_DDR_12 = 0x08,
	DT_HS200_18 = 0x10, DT_HS200_12 = 0x20,
	DT_HS400_18 = 0x40, DT_HS400_12 = 0x80,
};

/* MMC_TIMING_* (struct mmc_ios) by number, and an eMMC's rank of each
 * (legacy < HS < DDR52 < HS200 < HS400; -1 no eMMC timing) */
static const char *const timing_names[] = {
	"legacy", "HS", "HS", "SDR12", "SDR25", "SDR50", "SDR104", "DDR50", "DDR52", "HS200",
	"HS400",
};
static const signed char mmc_rank[] = { 0, 1, -1, -1, -1, -1, -1, -1, 2, 3, 4 };
static const char *const rank_names[] = { "legacy", "HS", "DDR52", "HS200", "HS400" };

/* The fastest eMMC timing (a rank) that both the host and the card
 * support, as the kernel picks it (mmc_select_card_type()): per I/O
 * voltage, and HS400 on an 8-bit bus only */
static int mmc_best(uint32_t caps, uint32_t caps2, unsigned dt)
{
	if (caps & CAP_8_BIT && ((caps2 & CAP2_HS400_18 && dt & DT_HS400_18) ||
				 (caps2 & CAP2_HS400_12 && dt & DT_HS400_12)))
		return 4;
	if ((caps2 & CAP2_HS200_18 && dt & DT_HS200_18) ||
	    (caps2 & CAP2_HS200_12 && dt & DT_HS200_12))
		return 3;
	if (caps & (CAP_4_BIT | CAP_8_BIT) &&
	    ((caps & CAP_DDR_18 && dt & DT_DDR_18) || (caps & CAP_DDR_12 && dt & DT_DDR_12)))
		return 2;
	return caps & CAP_MMC_HS && dt & DT_HS ? 1 : 0;
}

/* In the child: one file into buf, the length or -errno. Only
 * async-signal-safe calls: the file is opened not to block (a FIFO), and
 * only a regular one is read. */
static int32_t child_slurp(const char *path, char *buf, size_t cap)
{
	struct stat st;
	ssize_t k;
	size_t n = 0;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY), err;

	if (fd < 0)
		return -errno;
	err = fstat(fd, &st) ? errno : S_ISREG(st.st_mode) ? 0 : EBB_NOTREG;
	if (err) {
		close(fd);
		return -err;
	}
	while (n < cap - 1) {
		k = read(fd, buf + n, cap - 1 - n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			err = errno;
			close(fd);
			return -err;
		}
		if (!k)
			break;
		n += (size_t)k;
	}
	close(fd);
	return (int32_t)n;
}

enum { STEP_NONE, STEP_UNSHARE, STEP_PRIVATE, STEP_MOUNT };
enum { DEBUGFS_MAGIC = 0x64626720 };	/* include/uapi/linux/magic.h */
static const char *const step_names[] = { "", "unshare", "making / private", "mount" };

/* The child: [step, errno] ([0, 0] when debugfs is there), then each
 * asked file as its length (or -errno) and its bytes. Its mount namespace
 * is its own: the mount ends with it, and nothing reaches the caller's. */
static int dbg_child(void *arg)
{
	struct mmc_dbg *d = arg;
	int32_t head[2] = { STEP_NONE, 0 }, n;
	int i;

	if (d->mount && unshare(CLONE_NEWNS))
		head[0] = STEP_UNSHARE;
	else if (d->mount && mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL))
		head[0] = STEP_PRIVATE;	/* a shared / would carry the mount back out */
	else if (d->mount && mount("debugfs", "/sys/kernel/debug", "debugfs",
				   MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL))
		head[0] = STEP_MOUNT;
	head[1] = head[0] ? errno : 0;
	if (proc_writen(d->fd, head, sizeof(head)) || head[0])
		return 1;
	for (i = 0; i < F_N; i++) {
		if (!d->path[i][0])
			continue;
		n = child_slurp(d->path[i], d->scratch, f_cap[i]);
		if (proc_writen(d->fd, &n, sizeof(n)) ||
		    (n > 0 && proc_writen(d->fd, d->scratch, (size_t)n)))
			return 1;
	}
	return 0;
}

static long ms_since(const struct timespec *t0)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long)(t.tv_sec - t0->tv_sec) * 1000 + (t.tv_nsec - t0->tv_nsec) / 1000000;
}

/* A dead card can hold a read of its ext_csd until the host's own
 * timeout: the child gets this long, then is killed */
enum { DBG_MS = 3000 };

/* The child's answer, read whole or until DBG_MS passed; its length */
static size_t dbg_collect(int fd, char *buf, size_t cap)
{
	struct pollfd pfd = { fd, POLLIN, 0 };
	struct timespec t0;
	size_t got = 0;
	ssize_t k;
	long left;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (got < cap && (left = DBG_MS - ms_since(&t0)) > 0) {
		int r = poll(&pfd, 1, (int)left);

		if (r < 0 && errno != EINTR)
			break;
		if (r <= 0 || !(pfd.revents & (POLLIN | POLLHUP | POLLERR)))
			continue;	/* a read now would block */
		k = read(fd, buf + got, cap - got);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	return got;
}

/* The files read by a child (which mounts debugfs privately when
 * d->mount). 0, or -1 with why (no file read then). */
static int dbg_child_read(struct mmc_dbg *d, char *why, size_t wlen)
{
	size_t cap = 8, got, at;
	char *buf;
	int p[2], i, st;
	int32_t head[2], n;
	pid_t pid;

	for (i = 0; i < F_N; i++)
		cap += 4 + f_cap[i];
	if (pipe2(p, O_CLOEXEC)) {
		snprintf(why, wlen, "no pipe (%s)", strerror(errno));
		return -1;
	}
	d->fd = p[1];
	d->scratch = xmalloc(f_cap[F_EXT_CSD]);
	fflush(NULL);
	pid = proc_fork(dbg_child, d);
	close(p[1]);
	free(d->scratch);
	if (pid < 0) {
		snprintf(why, wlen, "no child process (%s)", strerror(errno));
		close(p[0]);
		return -1;
	}
	buf = xmalloc(cap);
	got = dbg_collect(p[0], buf, cap);
	close(p[0]);
	/* killed if still there; one stuck in the kernel (a read the card
	 * never answers) is not waited for past a second: it dies when that
	 * read ends (its namespace, and the mount, with it) */
	kill(pid, SIGKILL);
	for (i = 0; i < 100 && waitpid(pid, &st, WNOHANG) == 0; i++)
		usleep(10000);
	if (got < sizeof(head)) {
		snprintf(why, wlen, "the child reading debugfs said nothing in %d s",
			 DBG_MS / 1000);
		free(buf);
		return -1;
	}
	memcpy(head, buf, sizeof(head));
	if (head[0] != STEP_NONE) {
		snprintf(why, wlen, "debugfs cannot be mounted privately (%s: %s)",
			 head[0] > 0 && head[0] <= STEP_MOUNT ? step_names[head[0]] : "?",
			 strerror(head[1]));
		free(buf);
		return -1;
	}
	for (i = 0, at = sizeof(head); i < F_N; i++) {
		if (!d->path[i][0])
			continue;
		d->err[i] = ETIMEDOUT;		/* unless its frame came whole */
		if (got - at < sizeof(n))
			continue;
		memcpy(&n, buf + at, sizeof(n));
		at += sizeof(n);
		if (n < 0) {			/* not read: the errno */
			d->err[i] = n > -4096 ? -n : EIO;
			continue;
		}
		if ((size_t)n >= f_cap[i] || got - at < (size_t)n) {
			at = got;		/* cut short by the deadline */
			continue;
		}
		memcpy(d->text[i], buf + at, (size_t)n);
		at += (size_t)n;
		while (n > 0 && (d->text[i][n - 1] == '\n' || d->text[i][n - 1] == ' ' ||
				 !d->text[i][n - 1]))
			n--;		/* as read_text() trims */
		d->text[i][n] = 0;
		d->err[i] = 0;
	}
	free(buf);
	return 0;
}

/* The host's debugfs files: under BENCHBOX_SYSROOT as they lie there;
 * live, through a child (bounded in time and size), which first mounts
 * debugfs privately when it is not mounted and we are root. 0 when ios
 * was read, else -1 with why (a finding's note) and *bad when what is
 * there is unusable (a warn), not just out of reach (ok). */
static int dbg_read(struct mmc_dbg *d, const char *host, char *why, size_t wlen, int *bad)
{
	int root = sysroot_dir() != NULL, i, fd, err = 0, mounted = 0;
	struct statfs sf;

	*bad = 0;
	for (i = 0; i < F_N; i++) {
		d->err[i] = ENOENT;
		*d->text[i] = 0;
	}
	if (root) {
		for (i = 0; i < F_N; i++) {
			if (!d->path[i][0])
				continue;
			errno = 0;
			if (read_text(d->path[i], d->text[i], f_cap[i]) < 0) {
				d->err[i] = errno ? errno : EIO;
				*d->text[i] = 0;
			} else {
				d->err[i] = 0;
			}
		}
	} else {
		/* ios is only memory: opening it tells whether it is there; a
		 * debugfs mounted already is not mounted again (EBUSY) */
		if ((fd = sysfile_open(d->path[F_IOS])) >= 0)
			close(fd);
		else
			err = errno;
		mounted = !statfs("/sys/kernel/debug", &sf) && sf.f_type == DEBUGFS_MAGIC;
		d->mount = err != 0;
		if (!err || (err == ENOENT && !mounted && geteuid() == 0)) {
			if (dbg_child_read(d, why, wlen))
				return -1;
		} else {
			d->err[F_IOS] = err;
		}
	}
	err = d->err[F_IOS];
	if (!err)
		return 0;
	if (root && err == ENOENT)
		snprintf(why, wlen, "no debugfs %s/ios in the sysroot", host);
	else if (root)
		snprintf(why, wlen, "its debugfs %s/ios cannot be read (%s)", host,
			 file_strerror(err));
	else if (err == ETIMEDOUT)
		snprintf(why, wlen, "its debugfs files did not answer in %d s", DBG_MS / 1000);
	else if (err == EACCES || err == EPERM)
		snprintf(why, wlen, "debugfs is root's (%s): run as root to see it", strerror(err));
	else if (err == ENOENT && !mounted && geteuid())
		snprintf(why, wlen, "debugfs is not mounted, and only root may mount it");
	else if (err == ENOENT)
		snprintf(why, wlen, "debugfs has no %s/ios", host);
	else
		snprintf(why, wlen, "its debugfs %s/ios cannot be read (%s)", host,
			 file_strerror(err));
	/* out of reach is no finding; there but unreadable, or silent, is */
	*bad = err != ENOENT && err != EACCES && err != EPERM;
	return -1;
}

/* What a card's type file says, as a record names it */
static const char *card_kind(const char *type)
{
	static const char *const kinds[] = { "MMC", "SD", "SDIO", "SDcombo" };
	size_t i;

	for (i = 0; i < ARRAY_LEN(kinds); i++)
		if (!strcmp(type, kinds[i]))
			return kinds[i];
	return "card";
}

/* A card whose ios was read: its grade, the reason into why */
static enum wiring_grade mmc_grade(const char *kind, const struct wiring_ios *ios,
				   const struct mmc_dbg *d, char *why, size_t len)
{
	uint32_t caps = 0, caps2 = 0;
	uint8_t dt = 0;
	int hc = !d->err[F_CAPS] && !wiring_parse_caps(d->text[F_CAPS], &caps);
	int hc2 = !d->err[F_CAPS2] && !wiring_parse_caps(d->text[F_CAPS2], &caps2);
	int hdt = !d->err[F_EXT_CSD] &&
		  !wiring_parse_ext_csd(d->text[F_EXT_CSD], EXT_CSD_CARD_TYPE, &dt);
	int known = ios->timing < (int)ARRAY_LEN(timing_names);
	int rank = known ? mmc_rank[ios->timing] : -1, emmc = !strcmp(kind, "MMC");
	int best = hc && hc2 && hdt ? mmc_best(caps, caps2, dt) : -1;
	char w[64] = "";

	if (!known || (emmc && rank < 0)) {
		snprintf(why, len, "timing %d is %s: not graded", ios->timing,
			 known ? "no eMMC timing" : "unknown to this benchbox");
		return G_OK;
	}
	if (emmc) {
		/* every eMMC has 8 data lines: a host with 8 that runs fewer
		 * failed its bus test (CMD19/CMD14) on one of them */
		if (hc && caps & CAP_8_BIT && ios->width < 8)
			snprintf(w, sizeof(w), "%d bit%s where the host has 8 data lines",
				 ios->width, ios->width > 1 ? "s" : "");
		if (rank < best) {
			snprintf(why, len, "below %s, which both the card and the host support%s%s",
				 rank_names[best], *w ? "; " : "", w);
			return G_PROBLEM;
		}
		if (*w) {
			snprintf(why, len, "%s (a data line open, or its bus test failed)", w);
			return G_PROBLEM;
		}
		snprintf(why, len, "%s", !hc || !hc2 ?
			 "the host's modes unknown (no debugfs caps)" :
			 !hdt ? "the card's modes unknown (no ext_csd)" :
			 "the fastest mode both the card and the host support");
		return G_OK;
	}
	if (strcmp(kind, "SD") && strcmp(kind, "SDcombo")) {
		snprintf(why, len, "%s: its driver picks the mode; not graded",
			 !strcmp(kind, "SDIO") ? "an SDIO device" : "a card of an unknown type");
		return G_OK;
	}
	/* SD: 4 data lines on every card; UHS (SDR12 ... DDR50) only on some */
	if (ios->width == 1 && hc && caps & CAP_4_BIT) {
		snprintf(why, len, "1 bit, where the host has 4 data lines (DAT1-3 open?)");
		return G_PROBLEM;
	}
	if (ios->width == 1 && !hc) {	/* an SPI host (mmc_spi) has only 1 */
		snprintf(why, len, "1 bit, where an SD card has 4 data lines (the host's lines "
			 "unknown: no debugfs caps)");
		return G_WARN;
	}
	if (ios->timing >= 3 && ios->timing <= 7) {
		snprintf(why, len, "a UHS mode%s",
			 ios->width == 1 ? "; 1 bit, as the host has" : "");
		return G_OK;
	}
	if (hc && caps & CAP_UHS) {
		snprintf(why, len, "not UHS, though the host supports it: the card may not support "
			 "UHS (or its switch to 1.8 V failed)");
		return G_WARN;
	}
	snprintf(why, len, "%s%s", hc ? "the host has no UHS mode" :
		 "the host's modes unknown (no debugfs caps)",
		 ios->width == 1 ? "; 1 bit, as the host has" : "");
	return G_OK;
}

/* One host: its card (the first "mmcN:RCA" under it), or none */
static void mmc_host(struct run_ctx *ctx, struct mmc_dbg *d, const char *host, char (*cards)[64])
{
	char path[200], type[32], cname[64], why[200], prefix[24], name[80], card[48];
	char seen[128], attrs[96], tn[16], mhz[24] = "";
	const char *kind = NULL, *c = NULL, *dbg = "/sys/kernel/debug";
	struct wiring_ios ios, ios2;
	enum wiring_grade g;
	int nc, k, bad, got;
	uint32_t caps;

	snprintf(name, sizeof(name), "mmc.%s", host);
	snprintf(prefix, sizeof(prefix), "%s:", host);
	snprintf(path, sizeof(path), "/sys/class/mmc_host/%s", host);
	nc = sys_dir_list(path, prefix, cards, 8);
	for (k = 0; k < nc && !c; k++)	/* "mmc0:0001": the card's address, 4 hex digits */
		if (strlen(cards[k]) == strlen(prefix) + 4 &&
		    strspn(cards[k] + strlen(prefix), "0123456789abcdefABCDEF") == 4)
			c = cards[k];
	memset(d->path, 0, sizeof(d->path));
	for (k = 0; k < F_N; k++)
		if (k != F_EXT_CSD && (c || k != F_IOS2))
			snprintf(d->path[k], sizeof(d->path[k]), "%s/%s/%s", dbg, host, f_name[k]);
	if (c) {
		snprintf(path, sizeof(path), "/sys/class/mmc_host/%s/%s/type", host, c);
		if (read_text(path, type, sizeof(type)) <= 0)
			*type = 0;
		kind = card_kind(type);
		snprintf(path, sizeof(path), "/sys/class/mmc_host/%s/%s/name", host, c);
		if (read_text(path, cname, sizeof(cname)) <= 0)
			*cname = 0;
		printable(cname, 16);
		snprintf(card, sizeof(card), *cname ? "%s '%s'" : "%s", kind, cname);
		if (!strcmp(kind, "MMC"))
			snprintf(d->path[F_EXT_CSD], sizeof(d->path[0]), "%s/%s/%s/ext_csd", dbg,
				 host, c);
	}
	got = !dbg_read(d, host, why, sizeof(why), &bad);
	if (!c) {
		/* an empty SD slot is normal; a slot the devicetree calls
		 * non-removable holds an eMMC or a soldered chip that should
		 * have come up */
		if (!d->err[F_CAPS] && !wiring_parse_caps(d->text[F_CAPS], &caps) &&
		    caps & CAP_NONREMOVABLE)
			wiring_finding(ctx, G_WARN, name, "no card", NULL, "a non-removable slot "
				"(eMMC, a soldered SDIO chip) with no card: it did not come up?");
		else
			wiring_finding(ctx, G_OK, name, "no card", NULL, "an empty slot");
		return;
	}
	snprintf(seen, sizeof(seen), "unknown (%s)", card);
	if (!got) {
		wiring_finding(ctx, bad ? G_WARN : G_OK, name, seen, NULL, "the bus mode is "
			"unknown: %s", why);
		return;
	}
	if (wiring_parse_ios(d->text[F_IOS], &ios)) {
		wiring_finding(ctx, G_WARN, name, seen, NULL, "its debugfs %s/ios cannot be parsed",
			host);
		return;
	}
	if (!d->err[F_IOS2] && !wiring_parse_ios(d->text[F_IOS2], &ios2))
		ios = ios2;	/* after ext_csd woke the card */
	if (ios.power == 0 || ios.clock_hz == 0) {
		snprintf(seen, sizeof(seen), "powered off (%s)", card);
		wiring_finding(ctx, G_OK, name, seen, NULL, "powered off now (runtime PM): the bus "
			"mode it runs at is not known");
		return;
	}
	if (ios.timing < (int)ARRAY_LEN(timing_names))
		snprintf(tn, sizeof(tn), "%s", ios.strobe ? "HS400ES" : timing_names[ios.timing]);
	else
		snprintf(tn, sizeof(tn), "timing%d", ios.timing);
	if (ios.clock_hz > 0)
		snprintf(mhz, sizeof(mhz), "%.4g", (double)ios.clock_hz / 1e6);
	snprintf(seen, sizeof(seen), "%s, %d bit%s%s%s%s (%s)", tn, ios.width,
		 ios.width > 1 ? "s" : "", *mhz ? ", " : "", mhz, *mhz ? " MHz" : "", card);
	snprintf(attrs, sizeof(attrs), "timing=%s,width=%d%s%s", tn, ios.width,
		 *mhz ? ",clock_mhz=" : "", mhz);
	g = mmc_grade(kind, &ios, d, why, sizeof(why));
	wiring_finding(ctx, g, name, seen, attrs, "%s", why);
}

void wiring_check_mmc(struct run_ctx *ctx)
{
	char (*hosts)[64] = xcalloc(64, sizeof(*hosts)), (*cards)[64] = xcalloc(8, sizeof(*cards));
	struct mmc_dbg *d = xcalloc(1, sizeof(*d));
	int n = sys_dir_list("/sys/class/mmc_host", "mmc", hosts, 64), i;

	for (i = 0; i < F_N; i++)
		d->text[i] = xmalloc(f_cap[i]);
	for (i = 0; i < n; i++)
		if (wiring_numbered(hosts[i], "mmc") >= 0)
			mmc_host(ctx, d, hosts[i], cards);
	for (i = 0; i < F_N; i++)
		free(d->text[i]);
	free(d);
	free(cards);
	free(hosts);
}

/* USB ---------------------------------------------------------------------- */

int wiring_usb_bos_ss(const unsigned char *p, size_t len)
{
	size_t total, off;

	if (len < 5 || p[0] < 5 || p[1] != 0x0f)
		return -1;
	total = (size_t)p[2] | (size_t)p[3] << 8;
	len = total < len ? total : len;
	for (off = p[0]; off < len; off += p[off]) {
		if (off + 3 > len || p[off] < 3 || p[off] > len - off)
			return -1;
		if (p[off + 1] == 0x10 && (p[off + 2] == 0x03 || p[off + 2] == 0x0a))
			return 1;
	}
	return 0;
}

/* Whether the device's BOS (where sysfs has it) names SuperSpeed: 1 yes,
 * 0 no or unknown */
static int usb_bos_ss(const char *name)
{
	char path[160];
	unsigned char *p;
	size_t len;
	int ss;

	snprintf(path, sizeof(path), "/sys/bus/usb/devices/%s/bos_descriptors", name);
	p = (unsigned char *)read_sysfile(path, 4096, &len);
	ss = p && wiring_usb_bos_ss(p, len) == 1;
	free(p);
	return ss;
}

struct usb_dev {
	char		name[64];	/* "usb1", "1-1.2" */
	char		up[64];		/* its parent ("usb1", "1-1"), "" unknown */
	char		ctl[256];	/* a root hub's controller: its link less "/usbN" */
	unsigned	kbps;		/* speed; 0 unknown */
	int		root;
};

/* A device name: "B-P" then ".P" for each hub on the way (kernel naming) */
static int usb_devname(const char *s)
{
	size_t d = strspn(s, "0123456789");

	if (!d || d > 3 || s[d] != '-')
		return 0;
	for (s += d + 1; ; s += d + 1) {
		d = strspn(s, "0123456789");
		if (!d || d > 3)
			return 0;
		if (!s[d])
			return 1;
		if (s[d] != '.')
			return 0;
	}
}

/* The entry's link text (e.g. "../../../devices/platform/xhci/usb1/1-1"),
 * read, not followed; "" when it is no link */
static void usb_link(const char *name, char *link, size_t len)
{
	char path[160], at[512];
	ssize_t k;

	snprintf(path, sizeof(path), "/sys/bus/usb/devices/%s", name);
	k = readlink(sysroot_path(path, at, sizeof(at)), link, len - 1);
	link[k > 0 ? k : 0] = 0;
}

/* Whether the path (a /sys one) exists, links followed by the kernel */
static int usb_has(const char *name, const char *what)
{
	char path[200], at[600];

	snprintf(path, sizeof(path), "/sys/bus/usb/devices/%s/%s", name, what);
	return access(sysroot_path(path, at, sizeof(at)), F_OK) == 0;
}

static struct usb_dev *usb_find(struct usb_dev *u, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcmp(u[i].name, name))
			return &u[i];
	return NULL;
}

static void usb_speed_text(unsigned kbps, char *buf, size_t len)
{
	if (kbps % 1000)
		snprintf(buf, len, "%u.%03u", kbps / 1000, kbps % 1000);
	else
		snprintf(buf, len, "%u", kbps / 1000);
	if (strchr(buf, '.'))	/* "1.500" -> "1.5" */
		for (len = strlen(buf); buf[len - 1] == '0'; len--)
			buf[len - 1] = 0;
}

/* A USB 3 device at high speed or less: its grade, the reason into why.
 * Its port says best (a SuperSpeed peer port: the kernel pairs the two
 * halves of a USB 3 connector); without port links, its controller: one
 * with a SuperSpeed root hub has USB 3 ports. */
static enum wiring_grade usb_fallen(const struct usb_dev *e, const struct usb_dev *up, int ss,
				    const char *sp, char *why, size_t len)
{
	if (usb_has(e->name, "port/peer")) {
		snprintf(why, len, "a USB 3 device at %s Mb/s: it fell back to USB 2 (cable, port, "
			 "or signal); its port has a SuperSpeed peer", sp);
		return G_PROBLEM;
	}
	if (usb_has(e->name, "port")) {
		snprintf(why, len, "a USB 3 device in a USB 2 port (its port has no SuperSpeed "
			 "peer)");
		return G_WARN;
	}
	if (up && !up->root) {
		snprintf(why, len, "a USB 3 device at %s Mb/s behind hub %s: a USB 2 hub, or a "
			 "USB 3 one fallen back too", sp, up->name);
		return G_WARN;
	}
	if (ss) {
		snprintf(why, len, "a USB 3 device at %s Mb/s: it fell back to USB 2 (cable, port, "
			 "or signal)", sp);
		return G_PROBLEM;
	}
	snprintf(why, len, "a USB 3 device in a USB 2 port (its controller has no SuperSpeed root "
		 "hub)");
	return G_WARN;
}

/* One device against its port and controller */
static void usb_grade(struct run_ctx *ctx, struct usb_dev *u, int n, struct usb_dev *e)
{
	char path[160], v[64], prod[64], manu[64], sp[24], ups[24] = "", seen[160], attrs[64];
	char name[80], bus[16], why[200];
	struct usb_dev *up = *e->up ? usb_find(u, n, e->up) : NULL, *rh;
	enum wiring_grade g = G_OK;
	unsigned ver = 0;
	int hv, ss = 0, i, bos;

	snprintf(name, sizeof(name), "usb.%s", e->name);
	snprintf(path, sizeof(path), "/sys/bus/usb/devices/%s/version", e->name);
	hv = read_text(path, v, sizeof(v)) > 0 && !wiring_parse_usb_version(v, &ver);
	snprintf(path, sizeof(path), "/sys/bus/usb/devices/%s/product", e->name);
	if (read_text(path, prod, sizeof(prod)) <= 0)
		*prod = 0;
	printable(prod, 24);
	snprintf(path, sizeof(path), "/sys/bus/usb/devices/%s/manufacturer", e->name);
	if (read_text(path, manu, sizeof(manu)) <= 0)
		*manu = 0;
	printable(manu, 24);
	if (!e->kbps) {
		snprintf(seen, sizeof(seen), *prod ? "unknown '%s'" : "unknown", prod);
		wiring_finding(ctx, G_WARN, name, seen, NULL, "its speed cannot be read");
		return;
	}
	usb_speed_text(e->kbps, sp, sizeof(sp));
	if (hv)
		snprintf(v, sizeof(v), "%u.%02u", ver / 100, ver % 100);
	else
		snprintf(v, sizeof(v), "?");
	snprintf(seen, sizeof(seen), "%s Mb/s, USB %s%s%s%s%s%s%s", sp, v, *prod ? " '" : "",
		 prod, *prod ? "'" : "", *manu ? " (" : "", manu, *manu ? ")" : "");
	snprintf(attrs, sizeof(attrs), "speed=%s%s%s", sp, hv ? ",version=" : "", hv ? v : "");
	/* its controller: the root hub of its bus, and that root hub's
	 * siblings under the same controller device */
	snprintf(bus, sizeof(bus), "usb%.*s", (int)strcspn(e->name, "-"), e->name);
	if ((rh = usb_find(u, n, bus)) && *rh->ctl)
		for (i = 0; i < n; i++)
			if (u[i].root && !strcmp(u[i].ctl, rh->ctl) && u[i].kbps >= 5000000)
				ss = 1;
	if (up && up->kbps)
		usb_speed_text(up->kbps, ups, sizeof(ups));
	/* a USB 3 device at high speed says 2.10; its BOS still says 3 */
	bos = e->kbps <= 480000 && usb_bos_ss(e->name);
	if (bos && (!hv || ver < 300)) {
		hv = 1;
		ver = 300;
	}
	if (!hv)
		snprintf(why, sizeof(why), "its version cannot be read: not graded");
	else if (ver >= 300 && e->kbps <= 480000) {
		g = usb_fallen(e, up, ss, sp, why, sizeof(why));
		if (bos && strlen(why) + 48 < sizeof(why))
			strcat(why, "; its BOS names SuperSpeed");
	}
	else if (ver >= 300 && up && up->kbps > e->kbps)
		snprintf(why, sizeof(why), "SuperSpeed, below its port's %s Mb/s: the device may "
			 "support no more", ups);
	else if (e->kbps > 480000)
		snprintf(why, sizeof(why), "SuperSpeed%s", ver >= 300 ? ", as its version allows" :
			 "");
	else if (e->kbps == 480000)
		snprintf(why, sizeof(why), "high speed, the most USB 2 allows");
	else if (ver < 200 && e->kbps == 12000)
		snprintf(why, sizeof(why), "full speed, the most USB 1.x allows");
	else
		snprintf(why, sizeof(why), "%s speed: many devices (keyboards, mice) are",
			 e->kbps >= 12000 ? "full" : "low");
	wiring_finding(ctx, g, name, seen, attrs, "%s", why);
}

void wiring_check_usb(struct run_ctx *ctx)
{
	char (*names)[64] = xcalloc(512, sizeof(*names)), path[300], link[512], v[32];
	int n = sys_dir_list("/sys/bus/usb/devices", "", names, 512), i, m = 0;
	struct usb_dev *u = xcalloc(n > 0 ? (size_t)n : 1, sizeof(*u));

	for (i = 0; i < n; i++) {
		struct usb_dev *e = &u[m];
		char *slash;

		e->root = wiring_numbered(names[i], "usb") >= 0;
		if (!e->root && !usb_devname(names[i]))
			continue;	/* interfaces ("1-1:1.0"), anything else */
		snprintf(e->name, sizeof(e->name), "%s", names[i]);
		snprintf(path, sizeof(path), "/sys/bus/usb/devices/%s/speed", names[i]);
		if (read_text(path, v, sizeof(v)) <= 0 || wiring_parse_usb_speed(v, &e->kbps))
			e->kbps = 0;
		usb_link(names[i], link, sizeof(link));
		if ((slash = strrchr(link, '/')) && !strcmp(slash + 1, names[i])) {
			*slash = 0;	/* the directory it sits in: its parent */
			slash = strrchr(link, '/');
			snprintf(e->root ? e->ctl : e->up, e->root ? sizeof(e->ctl) : sizeof(e->up),
				 "%s", e->root ? link : slash ? slash + 1 : link);
		} else if (!e->root) {	/* no link: the parent from the kernel's naming */
			slash = strrchr(names[i], '.');
			if (slash)
				snprintf(e->up, sizeof(e->up), "%.*s", (int)(slash - names[i]),
					 names[i]);
			else
				snprintf(e->up, sizeof(e->up), "usb%.*s",
					 (int)strcspn(names[i], "-"), names[i]);
		}
		m++;
	}
	for (i = 0; i < m; i++)
		if (!u[i].root)
			usb_grade(ctx, u, m, &u[i]);
	free(u);
	free(names);
}
