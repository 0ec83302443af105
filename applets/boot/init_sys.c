/* init_sys.c - the system around a suite run as /init: mounts, console,
 * kernel messages, power off
 *
 * SPDX-License-Identifier: MIT
 *
 * An initramfs that holds only /init starts with an empty root: no /proc,
 * /sys or /dev, maybe no console on fds 0-2. Each mount is tried only
 * where the file system is not there yet (so `benchbox init` on a running
 * system changes nothing), and a failure is reported and tolerated: the
 * tests that need what is missing fail or skip with their own reasons.
 * The tmpfs for scratch files goes on /tmp only as PID 1, where nothing
 * else can be hidden under it.
 *
 * PID 1 of a PID namespace (unshare -p, a container) is not the machine's
 * init: what is the whole machine's - the console log level, a mount
 * namespace it shares with the machine's init - it leaves alone.
 * reboot(2) stays: there it ends the namespace (the kernel kills its init
 * with SIGINT or SIGHUP), not the machine.
 */
#define _GNU_SOURCE
#include "init.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROC_MAGIC	0x9fa0
#define SYSFS_MAGIC	0x62656572
#define TMPFS_MAGIC	0x01021994
#define MODULE_INIT_COMPRESSED_FILE	4	/* <linux/module.h>, Linux 5.17 */
/* PROC_PID_INIT_INO of the kernel's include/linux/proc_ns.h (fixed since
 * Linux 3.8): the inode of the initial PID namespace; the inodes of all
 * other namespaces are allocated from 0xF0000000 up. */
#define PID_NS_INIT_INO	0xEFFFFFFCu

int init_machine_init(void)
{
	struct stat st;

	if (!stat("/proc/self/ns/pid", &st))
		return st.st_ino == PID_NS_INIT_INO;
	/* a kernel without CONFIG_PID_NS has no PID namespace but the first
	 * (its /proc/self/ns lacks pid); no /proc: nothing tells */
	if (errno == ENOENT && !stat("/proc/self/ns", &st))
		return 1;
	return -1;
}

/* PID 1 of a PID namespace whose /proc is still another namespace's
 * (unshare -p without --mount-proc): is the mount namespace the one of
 * that namespace's PID 1 (no unshare -m)? Then a mount here is the
 * machine's too. */
static int mounts_shared(void)
{
	struct stat self, init;
	char pid[16];
	ssize_t n = readlink("/proc/self", pid, sizeof(pid) - 1);

	if (n <= 0)
		return 0;
	pid[n] = '\0';
	if (!strcmp(pid, "1"))
		return 0;		/* a /proc of our own */
	return !stat("/proc/self/ns/mnt", &self) && !stat("/proc/1/ns/mnt", &init) &&
	       self.st_ino == init.st_ino && self.st_dev == init.st_dev;
}

double init_boot_seconds(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_BOOTTIME, &ts))
		return -1;
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int is_fs(const char *dir, unsigned long magic)
{
	struct statfs sf;

	return !statfs(dir, &sf) && (unsigned long)sf.f_type == magic;
}

static int dev_populated(void)
{
	struct stat st;

	return !stat("/dev/null", &st) && S_ISCHR(st.st_mode);
}

/* mkdir + mount, one report line either way. */
static void mount_one(int fd, const char *src, const char *dir, const char *type,
		      unsigned long flags, const char *data)
{
	if (mkdir(dir, 0755) && errno != EEXIST) {
		dprintf(fd, "init: %s: mkdir: %s (no %s)\n", dir, strerror(errno), type);
		return;
	}
	if (mount(src, dir, type, flags, data)) {
		dprintf(fd, "init: %s: mount %s: %s (continuing without it)\n", dir, type,
		    strerror(errno));
		return;
	}
	dprintf(fd, "init: %s: %s mounted\n", dir, type);
}

void init_mounts(int fd, int pid1)
{
	const unsigned long safe = MS_NOSUID | MS_NODEV | MS_NOEXEC;
	int shared = pid1 && mounts_shared();

	if (is_fs("/proc", PROC_MAGIC))
		dprintf(fd, "init: %s: %s already there\n", "/proc", "proc");
	else
		mount_one(fd, "proc", "/proc", "proc", safe, NULL);
	if (is_fs("/sys", SYSFS_MAGIC))
		dprintf(fd, "init: %s: %s already there\n", "/sys", "sysfs");
	else
		mount_one(fd, "sysfs", "/sys", "sysfs", safe, NULL);
	if (dev_populated())
		dprintf(fd, "init: %s: %s already there\n", "/dev", "devices");
	else
		mount_one(fd, "devtmpfs", "/dev", "devtmpfs", MS_NOSUID, "mode=0755");
	if (!pid1)
		return;
	if (shared)
		dprintf(fd, "init: /tmp: no tmpfs (the mount namespace is an outer PID 1's)\n");
	else if (is_fs("/tmp", TMPFS_MAGIC) && !is_fs("/", TMPFS_MAGIC))
		dprintf(fd, "init: %s: %s already there\n", "/tmp", "tmpfs");
	else
		mount_one(fd, "tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=1777");
}

/* One module: open, finit_module(2), one line. */
static void load_module(int fd, const char *name, size_t len)
{
	static const unsigned char xz[6] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
	char path[sizeof(INIT_MODULE_DIR) + INIT_MODULE_NAME_MAX + 1];
	unsigned char magic[6];
	int m, flags = 0, err;

	snprintf(path, sizeof(path), "%s/%.*s", INIT_MODULE_DIR, (int)len, name);
	m = sysfile_open(path);		/* never a FIFO's open that waits */
	if (m < 0) {
		dprintf(fd, "init: module %.*s: %s (%s)\n", (int)len, name, file_strerror(errno),
			path);
		return;
	}
	if (pread(m, magic, sizeof(magic), 0) == (ssize_t)sizeof(magic) &&
	    !memcmp(magic, xz, sizeof(xz)))
		flags = MODULE_INIT_COMPRESSED_FILE;
	if (!syscall(SYS_finit_module, m, "", flags))
		dprintf(fd, "init: module %.*s: loaded\n", (int)len, name);
	else if ((err = errno) == EEXIST)
		dprintf(fd, "init: module %.*s: %s (loaded before, or built in: fine)\n",
			(int)len, name, strerror(err));
	else
		dprintf(fd, "init: module %.*s: %s%s\n", (int)len, name, strerror(err),
			flags && (err == EOPNOTSUPP || err == EINVAL)
				? " (xz-compressed: needs a kernel with CONFIG_MODULE_DECOMPRESS)"
				: "");
	close(m);
}

void init_load_modules(int fd, const char *list)
{
	const char *p = list, *e;

	for (;; p = e + 1) {
		e = strchr(p, ',');
		load_module(fd, p, e ? (size_t)(e - p) : strlen(p));
		if (!e)
			return;
	}
}

void init_console(void)
{
	int fd, i;

	for (i = 0; i < 3; i++)
		if (fcntl(i, F_GETFD) < 0)
			break;
	if (i == 3)
		return;
	fd = open("/dev/console", O_RDWR | O_NOCTTY);
	if (fd < 0)
		return;
	for (i = 0; i < 3; i++)
		if (fcntl(i, F_GETFD) < 0)
			dup2(fd, i);
	if (fd > 2)
		close(fd);
}

void init_quiet_kernel(int fd)
{
	int k;

	if (init_machine_init() != 1) {
		dprintf(fd, "init: kernel messages left as they are (a PID namespace: "
			"printk is the machine's)\n");
		return;
	}
	k = open("/proc/sys/kernel/printk", O_WRONLY | O_CLOEXEC);

	/* console_loglevel 1: only KERN_EMERG reaches the console */
	if (k < 0 || write(k, "1", 1) != 1)
		dprintf(fd, "init: kernel messages left on (printk: %s)\n",
		    strerror(errno));
	if (k >= 0)
		close(k);
}

int init_reap(int pid, int *status)
{
	int st, got = 0;
	pid_t p;

	while ((p = waitpid(-1, &st, WNOHANG)) > 0)
		if (p == pid) {
			*status = st;
			got = 1;
		}
	return got;
}

void init_finish(int fd, enum init_then then, int rc)
{
	static const struct {
		int		cmd;
		const char	*what;
	} how[] = {
		[THEN_POWEROFF]	= { RB_POWER_OFF, "powering off" },
		[THEN_HALT]	= { RB_HALT_SYSTEM, "halting" },
		[THEN_REBOOT]	= { RB_AUTOBOOT, "rebooting" },
		[THEN_WAIT]	= { 0, "waiting (benchbox.then=wait)" },
	};
	sigset_t none;

	/* what the tests left behind dies before the file systems sync */
	kill(-1, SIGKILL);
	while (waitpid(-1, NULL, 0) > 0)
		;
	sync();
	dprintf(fd, "init: %s\n", how[then].what);
	if (then != THEN_WAIT) {
		reboot(how[then].cmd);
		/* a container's init without CAP_SYS_BOOT: its end is its exit,
		 * which takes nothing but the namespace down */
		if (init_machine_init() == 0) {
			dprintf(fd, "init: reboot: %s; exiting (a PID namespace's init)\n",
				strerror(errno));
			_exit(rc & 0xff);
		}
		dprintf(fd, "init: reboot: %s; waiting\n", strerror(errno));
	}
	sigemptyset(&none);
	for (;;) {
		while (waitpid(-1, NULL, 0) > 0)
			;
		sigsuspend(&none);
	}
}
