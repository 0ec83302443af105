/* wiring_kernel.c - wiring's storage, crypto driver, thermal, taint,
 * kernel log and CPU idle checks (see wiring.c)
 *
 * SPDX-License-Identifier: MIT
 *
 * What the kernel made of the board's parts, as a benchmark feels it: a
 * block device without read-ahead or taken for a rotating disk, the
 * directory the file-I/O tests write to on memory or mounted sync, the
 * crypto API in portable C while the CPU has AES or SHA-2 instructions
 * (their module not loaded), a zone at its trip point or a clock capped
 * by a cooling device now, a taint that says the kernel oopsed, error
 * lines in the kernel log, an idle state switched off. A class whose
 * files are absent makes no record (a captured sysroot holds what it
 * holds); on this system, no cpuidle at all is one record. The parsers
 * are wiring_crypto_next() and wiring_crypto_pick() (tests/fuzz/
 * wiring_crypto.c) and wiring_kmsg_record() (tests/fuzz/wiring_kmsg.c);
 * wiring_crypto_kind() names what runs a driver.
 */
#include "applet.h"
#include "cpu.h"
#include "scratch.h"
#include "sys.h"
#include "util.h"
#include "wiring.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

/* Helpers ---------------------------------------------------------------- */

/* At most n bytes of s (up to a NUL) into buf, cut to len - 1, each byte
 * outside printable ASCII as '?': text from a file, fit for a record */
static char *printable(char *buf, size_t len, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i] && i + 1 < len; i++)
		buf[i] = (unsigned char)s[i] >= 0x20 && (unsigned char)s[i] < 0x7f ? s[i] : '?';
	buf[i] = '\0';
	return buf;
}

/* A record name's THING from a name a file gave: [A-Za-z0-9._+:-] kept,
 * any other byte '_', at most 40 bytes */
static char *safe_name(char *buf, size_t len, const char *s)
{
	static const char ok[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				 "0123456789._+:-";
	size_t i;

	for (i = 0; s[i] && i < 40 && i + 1 < len; i++)
		buf[i] = strchr(ok, s[i]) ? s[i] : '_';
	buf[i] = '\0';
	return buf;
}

/* Whether path (a /proc or /sys path, through sysroot_path()) is there at
 * all: what is absent makes no record, what is there but cannot be read
 * makes a warn */
static int present(const char *path)
{
	char real[4096];
	struct stat st;

	return stat(sysroot_path(path, real, sizeof(real)), &st) == 0;
}

/* A signed decimal file (a temperature in millidegrees): 0, or -1 */
static int read_int(const char *path, int64_t *v)
{
	char buf[64];

	return read_text(path, buf, sizeof(buf)) > 0 && !parse_int(buf, v) ? 0 : -1;
}

/* Whether word is one of s's words, split at any byte of seps */
static int has_word(const char *s, const char *word, const char *seps)
{
	size_t n = strlen(word), w;

	while (*s) {
		s += strspn(s, seps);
		w = strcspn(s, seps);
		if (w == n && !strncmp(s, word, n))
			return 1;
		s += w;
	}
	return 0;
}

/* Storage ------------------------------------------------------------------ */

static void check_block(struct run_ctx *ctx, const char *dev)
{
	char path[200], name[64], seen[200], attrs[128], why[300], v[128], sched[48] = "", hs[32];
	uint64_t sectors, rot = 2, ra = UINT64_MAX, rem = 0;
	int flash_name = !strncmp(dev, "mmcblk", 6) || !strncmp(dev, "nvme", 4), n;
	size_t at = 0;
	const char *b;

	snprintf(name, sizeof(name), "block.");
	safe_name(name + 6, sizeof(name) - 6, dev);
	snprintf(path, sizeof(path), "/sys/block/%s/size", dev);
	if (read_u64(path, &sectors) || sectors > UINT64_MAX / 512) {
		wiring_finding(ctx, G_WARN, name, "unknown", NULL, "its size cannot be read");
		return;
	}
	if (!sectors)
		return;	/* nothing to read: no medium, a loop or nbd device not attached */
	snprintf(path, sizeof(path), "/sys/block/%s/queue/rotational", dev);
	if (read_u64(path, &rot) || rot > 1)
		rot = 2;
	snprintf(path, sizeof(path), "/sys/block/%s/queue/read_ahead_kb", dev);
	if (read_u64(path, &ra) || ra > UINT32_MAX)
		ra = UINT64_MAX;
	snprintf(path, sizeof(path), "/sys/block/%s/removable", dev);
	if (read_u64(path, &rem))
		rem = 0;
	/* "[mq-deadline] kyber bfq none": the one in brackets; one word alone
	 * (an old kernel's "none") is the one */
	snprintf(path, sizeof(path), "/sys/block/%s/queue/scheduler", dev);
	if (read_text(path, v, sizeof(v)) > 0) {
		const char *o = strchr(v, '['), *c = o ? strchr(o, ']') : NULL;

		if (o && c)
			printable(sched, sizeof(sched), o + 1, (size_t)(c - o - 1));
		else if (!strchr(v, ' '))
			printable(sched, sizeof(sched), v, sizeof(v));
	}
	n = snprintf(seen, sizeof(seen), "%s", format_human(sectors * 512, hs, sizeof(hs)));
	at = (size_t)n;
	if (rot < 2)
		at += (size_t)snprintf(seen + at, sizeof(seen) - at, ", %s",
				       rot ? "rotating" : "flash");
	if (*sched && at < sizeof(seen))
		at += (size_t)snprintf(seen + at, sizeof(seen) - at, ", %s", sched);
	if (ra != UINT64_MAX && at < sizeof(seen))
		at += (size_t)snprintf(seen + at, sizeof(seen) - at, ", read-ahead %llu KiB",
				       (unsigned long long)ra);
	if (rem == 1 && at < sizeof(seen))
		snprintf(seen + at, sizeof(seen) - at, ", removable");
	at = 0;
	*attrs = '\0';
	if (rot < 2)
		at += (size_t)snprintf(attrs + at, sizeof(attrs) - at, "rotational=%d", (int)rot);
	if (wiring_word_ok(sched) && at < sizeof(attrs))
		at += (size_t)snprintf(attrs + at, sizeof(attrs) - at, "%sscheduler=%s",
				       at ? "," : "", sched);
	if (ra != UINT64_MAX && at < sizeof(attrs))
		snprintf(attrs + at, sizeof(attrs) - at, "%sread_ahead_kb=%llu", at ? "," : "",
			 (unsigned long long)ra);
	b = name + 6;
	at = 0;
	*why = '\0';
	if (ra == 0)
		at += (size_t)snprintf(why, sizeof(why), "read-ahead is 0: each sequential read "
				       "waits for the device (echo 128 > "
				       "/sys/block/%s/queue/read_ahead_kb)", b);
	if (rot == 1 && flash_name && at < sizeof(why))
		snprintf(why + at, sizeof(why) - at, "%sthe kernel takes this flash device for a "
			 "rotating disk and schedules it as one (echo 0 > "
			 "/sys/block/%s/queue/rotational)", at ? "; " : "", b);
	if (*why)
		wiring_finding(ctx, G_WARN, name, seen, attrs, "%s", why);
	else
		wiring_finding(ctx, G_OK, name, seen, attrs, "%s%s",
			       ra != UINT64_MAX ? "read-ahead on" : "its read-ahead unknown",
			       rot == 2 ? "" : rot ? ", scheduled as a rotating disk" :
			       ", scheduled as flash");
}

/* One line of /proc/self/mountinfo ("36 35 98:0 /root /mnt rw,noatime
 * shared:1 - ext4 /dev/sda1 rw,errors=remount-ro"), its fields cut to fit
 * and mountinfo's octal escapes (\040 a blank) undone */
struct mount {
	char	point[512], fstype[64], source[256], opts[256], super[256];
	dev_t	dev;
};

static void unescape(char *dst, size_t len, const char *s)
{
	size_t n = 0;

	for (; *s && n + 1 < len; s++, n++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
		    s[3] >= '0' && s[3] <= '7') {
			dst[n] = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
			s += 3;
		} else {
			dst[n] = *s;
		}
	}
	dst[n] = '\0';
}

static int mount_line(char *line, struct mount *m)
{
	char *f[6], *dash, *save = NULL, *fstype, *source, *super;
	int i;

	line[strcspn(line, "\n")] = '\0';
	if (!(dash = strstr(line, " - ")))
		return -1;
	*dash = '\0';
	for (i = 0; i < 6; i++)
		if (!(f[i] = strtok_r(i ? NULL : line, " ", &save)))
			return -1;
	if (sys_parse_devnum(f[2], &m->dev) || f[4][0] != '/')
		return -1;
	save = NULL;
	fstype = strtok_r(dash + 3, " ", &save);
	source = strtok_r(NULL, " ", &save);
	super = strtok_r(NULL, " ", &save);
	if (!fstype || !source)
		return -1;
	unescape(m->point, sizeof(m->point), f[4]);
	unescape(m->source, sizeof(m->source), source);
	snprintf(m->fstype, sizeof(m->fstype), "%s", fstype);
	snprintf(m->opts, sizeof(m->opts), "%s", f[5]);
	snprintf(m->super, sizeof(m->super), "%s", super ? super : "");
	return 0;
}

/* How much of dir the mount point covers (its length), -1 when it is no
 * prefix of dir; path components whole ("/mnt" is no prefix of "/mntx") */
static long mount_prefix(const char *point, const char *dir)
{
	size_t n = strlen(point);

	if (!strcmp(point, "/"))
		return *dir == '/' ? 1 : -1;
	return n && !strncmp(dir, point, n) && (dir[n] == '/' || !dir[n]) ? (long)n : -1;
}

static int memory_fs(const char *fstype)
{
	return !strcmp(fstype, "tmpfs") || !strcmp(fstype, "ramfs");
}

/* The mount that holds dir: on this system the one whose MAJOR:MINOR is
 * dir's st_dev (have_dev), the longest mount point over dir among them
 * (a bind mount shares the number); else, and in a captured sysroot,
 * the longest mount point that is a prefix of dir's path. The later of
 * equals: a mount on top hides the one below. disk gets a writable
 * mount of a /dev block device ("/" first): where --dir could point. */
static int mount_of(const char *dir, int have_dev, dev_t dev, struct mount *best,
		    struct mount *disk)
{
	FILE *f = sysfile_fopen("/proc/self/mountinfo");
	char *line = xmalloc(4096);
	struct mount *m = xmalloc(sizeof(*m));
	long score, top = -1, lines = 0;
	int found = 0, cut = 0;

	*disk->point = '\0';
	while (f && lines++ < 100000 && fgets(line, 4096, f)) {
		int whole = strchr(line, '\n') != NULL;

		if (cut || !whole) {	/* a line over 4095 bytes: not taken */
			cut = !whole;
			continue;
		}
		if (mount_line(line, m))
			continue;
		if (!strncmp(m->source, "/dev/", 5) && !memory_fs(m->fstype) &&
		    strcmp(m->fstype, "devtmpfs") && !has_word(m->opts, "ro", ",") &&
		    (!*disk->point || !strcmp(m->point, "/")) && strcmp(disk->point, "/"))
			*disk = *m;
		score = mount_prefix(m->point, dir);
		if (have_dev && m->dev == dev)
			score += 1L << 20;	/* the device number first */
		if (score >= 0 && score >= top) {
			top = score;
			*best = *m;
			found = 1;
		}
	}
	if (f)
		fclose(f);
	free(line);
	free(m);
	return found ? 0 : -1;
}

static void check_scratch(struct run_ctx *ctx)
{
	struct mount *m = xmalloc(sizeof(*m)), *disk = xmalloc(sizeof(*disk));
	char real[PATH_MAX], seen[200], d[64], p[64], src[64], o[64], attrs[80], hint[200] = "";
	const char *dir;
	struct stat st;
	int have_dev = 0, sync;

	/* what fileio and the os applets use: --dir, else scratch_dir()'s
	 * choice here; a captured board's own: --dir, else /tmp, where
	 * scratch_dir() goes on a board (this system's $TMPDIR is not its) */
	if (sysroot_dir()) {
		dir = *ctx->dir ? ctx->dir : "/tmp";
	} else {
		dir = scratch_dir(ctx->dir);
		have_dev = !stat(dir, &st);
		if (realpath(dir, real))
			dir = real;
	}
	if (mount_of(dir, have_dev, have_dev ? st.st_dev : 0, m, disk))
		goto out;	/* no mountinfo, or no mount over dir */
	printable(d, sizeof(d), dir, 60);
	printable(src, sizeof(src), m->source, 60);
	printable(o, sizeof(o), m->opts, 60);
	snprintf(seen, sizeof(seen), "%s: %s on %s, %s", d, printable(p, sizeof(p), m->fstype, 40),
		 src, o);
	snprintf(attrs, sizeof(attrs), "fstype=%s",
		 wiring_word_ok(m->fstype) ? m->fstype : "other");
	if (*disk->point && strcmp(disk->point, m->point))
		snprintf(hint, sizeof(hint), " (%s is %s on %s)",
			 printable(d, sizeof(d), disk->point, 50),
			 printable(p, sizeof(p), disk->fstype, 20),
			 printable(src, sizeof(src), disk->source, 50));
	sync = has_word(m->opts, "sync", ",") || has_word(m->super, "sync", ",");
	if (memory_fs(m->fstype))
		wiring_finding(ctx, G_WARN, "mount.scratch", seen, attrs, "%s is memory: a "
			       "file-I/O test there measures RAM, not a disk; point --dir at a "
			       "directory on a disk%s", m->fstype, hint);
	else if (has_word(m->opts, "ro", ",") || has_word(m->super, "ro", ","))
		wiring_finding(ctx, G_WARN, "mount.scratch", seen, attrs, "mounted read-only: a "
			       "file-I/O test cannot write there; point --dir at a writable disk%s",
			       hint);
	else if (sync || has_word(m->opts, "dirsync", ",") || has_word(m->super, "dirsync", ","))
		wiring_finding(ctx, G_WARN, "mount.scratch", seen, attrs, "mounted %s: each write "
			       "waits for the device, so file-I/O figures fall far below what it "
			       "does mounted async", sync ? "sync" : "dirsync");
	else
		wiring_finding(ctx, G_OK, "mount.scratch", seen, attrs, "where a file-I/O test "
			       "writes%s", *ctx->dir ? " (--dir)" : " by default (--dir moves it)");
out:
	free(m);
	free(disk);
}

void wiring_check_storage(struct run_ctx *ctx)
{
	char (*names)[64] = xcalloc(1024, sizeof(*names));
	int n = sys_dir_list("/sys/block", "", names, 1024), i;

	for (i = 0; i < n; i++)
		if (strncmp(names[i], "ram", 3) && strncmp(names[i], "zram", 4))	/* memory */
			check_block(ctx, names[i]);
	free(names);
	check_scratch(ctx);
}

/* Crypto drivers ---------------------------------------------------------- */

/* The value of "key : value" when line (n bytes) is key's line: its start
 * and length, trailing blanks off; 0 for another line */
static int crypto_field(const char *line, size_t n, const char *key, const char **v, size_t *vn)
{
	size_t k = strlen(key), i;

	if (n <= k || memcmp(line, key, k))
		return 0;
	for (i = k; i < n && (line[i] == ' ' || line[i] == '\t'); i++)
		;
	if (i == n || line[i] != ':')
		return 0;
	for (i++; i < n && (line[i] == ' ' || line[i] == '\t'); i++)
		;
	while (n > i && (line[n - 1] == ' ' || line[n - 1] == '\t' || line[n - 1] == '\r'))
		n--;
	*v = line + i;
	*vn = n - i;
	return 1;
}

/* A value into a field of len bytes; one that does not fit is left ""
 * (whole or nothing: a cut name would be another name), unless cut */
static void crypto_copy(char *dst, size_t len, const char *v, size_t n, int cut)
{
	if (n >= len) {
		if (!cut)
			n = 0;
		else
			n = len - 1;
	}
	memcpy(dst, v, n);
	dst[n] = '\0';
}

const char *wiring_crypto_next(const char *p, struct wiring_crypto *out)
{
	struct wiring_crypto e;
	int lines = 0, passed = 1, internal = 0;
	const char *v;
	size_t vn;

	memset(&e, 0, sizeof(e));
	e.priority = -1;
	for (;;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char num[16];
		int64_t pr;
		int ok;

		if (!n && !*p)
			break;
		if (strspn(p, " \t\r") >= n) {	/* a blank line ends an entry */
			if (lines)
				break;
			p += n + (nl != NULL);
			continue;
		}
		lines++;
		if (crypto_field(p, n, "name", &v, &vn)) {
			crypto_copy(e.name, sizeof(e.name), v, vn, 0);
		} else if (crypto_field(p, n, "driver", &v, &vn)) {
			crypto_copy(e.driver, sizeof(e.driver), v, vn, 0);
		} else if (crypto_field(p, n, "module", &v, &vn)) {
			crypto_copy(e.module, sizeof(e.module), v, vn, 1);
		} else if (crypto_field(p, n, "type", &v, &vn)) {
			crypto_copy(e.type, sizeof(e.type), v, vn, 1);
		} else if (crypto_field(p, n, "priority", &v, &vn)) {
			crypto_copy(num, sizeof(num), v, vn, 0);
			ok = *num && !parse_int(num, &pr) && pr >= 0 && pr <= INT32_MAX;
			e.priority = ok ? pr : -1;
		} else if (crypto_field(p, n, "selftest", &v, &vn)) {
			passed &= vn == 6 && !memcmp(v, "passed", 6);
		} else if (crypto_field(p, n, "internal", &v, &vn)) {
			internal |= vn == 3 && !memcmp(v, "yes", 3);
		}
		p += n + (nl != NULL);
		if (!nl)
			break;
	}
	if (!lines)
		return NULL;
	e.usable = *e.name && *e.driver && e.priority >= 0 && passed && !internal;
	*out = e;
	return p;
}

int wiring_crypto_pick(const char *text, const char *name, struct wiring_crypto *best)
{
	struct wiring_crypto *e = xmalloc(sizeof(*e));
	const char *p = text;
	int found = 0;

	while ((p = wiring_crypto_next(p, e)))
		if (e->usable && !strcmp(e->name, name) &&
		    (!found || e->priority > best->priority)) {
			*best = *e;
			found = 1;
		}
	free(e);
	return found ? 0 : -1;
}

enum { KIND_C, KIND_LIB, KIND_CPU, KIND_HW };

/* What runs one algorithm's driver name (no template around it) */
static int leaf_kind(const char *p, size_t n)
{
	/* engines whose names look like CPU ones: Allwinner's Crypto Engine
	 * and Security System */
	static const char *const engines[] = { "sun8i-ce", "sun8i-ss", "sun4i-ss" };
	static const char *const cpu[] = { "neon", "aesni", "-avx", "ssse3", "vaes", "zvk", "clmul",
					   "pmull", "-s390" };
	static const char *const scalar[] = { "-arm64", "-arm", "-asm", "-x86_64" };
	char s[128];
	size_t i, k;

	n = n < sizeof(s) - 1 ? n : sizeof(s) - 1;
	for (i = 0; i < n; i++)
		s[i] = p[i] >= 'A' && p[i] <= 'Z' ? (char)(p[i] - 'A' + 'a') : p[i];
	s[n] = '\0';
	for (k = 0; k < ARRAY_LEN(engines); k++)
		if (strstr(s, engines[k]))
			return KIND_HW;
	for (k = 0; k < ARRAY_LEN(cpu); k++)
		if (strstr(s, cpu[k]))
			return KIND_CPU;
	if (ends_with(s, n, "-ce") || strstr(s, "-ce-") || ends_with(s, n, "-ni"))
		return KIND_CPU;	/* Arm's Crypto Extensions, x86's SHA-NI */
	if (ends_with(s, n, "-lib"))
		return KIND_LIB;
	if (strstr(s, "generic") || strstr(s, "fixed-time"))
		return KIND_C;
	for (k = 0; k < ARRAY_LEN(scalar); k++)
		if (ends_with(s, n, scalar[k]))
			return KIND_C;	/* scalar assembler: tables, no crypto instructions */
	return KIND_HW;
}

static const char *const kind_names[] = { "c", "lib", "cpu", "hw" };
static const char *const kind_words[] = {
	"portable C", "kernel library", "CPU instructions", "hardware engine"
};

static int crypto_kind(const char *driver)
{
	const char *p = driver;
	int worst = KIND_HW, k;

	while (*p) {
		size_t n = strcspn(p, "(),");

		if (n && p[n] != '(' && (k = leaf_kind(p, n)) < worst)
			worst = k;	/* a template's name is no part of it */
		p += n + (p[n] != '\0');
	}
	return worst;
}

const char *wiring_crypto_kind(const char *driver)
{
	return kind_names[crypto_kind(driver)];
}

const char *wiring_crypto_kind_words(const char *driver)
{
	return kind_words[crypto_kind(driver)];
}

enum { ARCH_ARM64, ARCH_ARM, ARCH_X86, ARCH_RISCV, ARCH_OTHER };

static const struct crypto_alg {
	const char	*name, *record, *socktype, *base;
	int		sha;		/* SHA-2 instructions, else AES */
	const char	*module[ARCH_OTHER];	/* that registers the drivers for them */
} crypto_algs[] = {
	{ "cbc(aes)", "crypto.cbc-aes", "skcipher", "aes", 0,
	  { "aes-ce-blk", "aes-arm-ce", "aesni-intel", "aes-riscv64" } },
	{ "gcm(aes)", "crypto.gcm-aes", "aead", "aes", 0,
	  { "ghash-ce", "ghash-arm-ce", "aesni-intel", "aes-riscv64 and ghash-riscv64" } },
	{ "sha256", "crypto.sha256", "hash", NULL, 1,
	  { "sha2-ce", "sha2-arm-ce", "sha256-ssse3", "sha256-riscv64" } },
};

/* The CPU's AES and SHA-256 instructions from /proc/cpuinfo (a captured
 * board's too, unlike the auxiliary vector): Arm's Features, x86's flags,
 * RISC-V's isa; the architecture */
static int cpu_crypto(int *aes, int *sha2)
{
	char *text = read_sysfile("/proc/cpuinfo", SYS_FILE_MAX, NULL);
	char *v = xmalloc(CPU_INFO_LINE + 1), exts[2048];
	int arch = ARCH_OTHER;

	*aes = *sha2 = 0;
	if (!text) {
	} else if (cpu_info_find(text, -1, "Features", v, CPU_INFO_LINE + 1) >= 0) {
		arch = has_word(v, "asimd", " \t") ? ARCH_ARM64 : ARCH_ARM;
		*aes = has_word(v, "aes", " \t");
		*sha2 = has_word(v, "sha2", " \t");
	} else if (cpu_info_find(text, -1, "flags", v, CPU_INFO_LINE + 1) >= 0) {
		arch = ARCH_X86;
		*aes = has_word(v, "aes", " \t");
		*sha2 = has_word(v, "sha_ni", " \t");
	} else if (cpu_info_find(text, -1, "isa", v, CPU_INFO_LINE + 1) >= 0 &&
		   cpu_isa_parse(v, exts, sizeof(exts)) >= 0) {
		arch = ARCH_RISCV;
		*aes = has_word(exts, "zvkned", " ");
		*sha2 = has_word(exts, "zvknha", " ") || has_word(exts, "zvknhb", " ");
	}
	free(text);
	free(v);
	return arch;
}

/* Ask the kernel for each algorithm once: binding an AF_ALG socket to a
 * name makes it build the name's best instance (cbc(aes) is in
 * /proc/crypto only once something asked for it). 0, or the errno of
 * socket() when AF_ALG is missing (or refused) */
static int crypto_ask(void)
{
	struct {			/* <linux/if_alg.h>'s sockaddr_alg (kernel ABI) */
		uint16_t	family;
		uint8_t		type[14];
		uint32_t	feat, mask;
		uint8_t		name[64];
	} sa;
	size_t i;
	int fd;

	for (i = 0; i < ARRAY_LEN(crypto_algs); i++) {
		if ((fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0)) < 0)
			return errno ? errno : EAFNOSUPPORT;
		memset(&sa, 0, sizeof(sa));
		sa.family = AF_ALG;
		snprintf((char *)sa.type, sizeof(sa.type), "%s", crypto_algs[i].socktype);
		snprintf((char *)sa.name, sizeof(sa.name), "%s", crypto_algs[i].name);
		/* a name that cannot be built stays out of /proc/crypto: said there */
		bind(fd, (struct sockaddr *)&sa, sizeof(sa));
		close(fd);
	}
	return 0;
}

/* A driver name as an attribute's word: "cbc(ecb(aes-fixed-time))" is
 * "cbc.ecb.aes-fixed-time" (an opening parenthesis a dot, a comma a '+',
 * a closing one dropped); "other" when that is no word */
static const char *driver_word(const char *driver, char *buf, size_t len)
{
	size_t n = 0;

	for (; *driver && n + 1 < len; driver++)
		if (*driver != ')')
			buf[n++] = *driver == '(' ? '.' : *driver == ',' ? '+' : *driver;
	buf[n] = '\0';
	return wiring_word_ok(buf) ? buf : "other";
}

static void crypto_finding(struct run_ctx *ctx, const struct crypto_alg *a, const char *text,
			   int arch, int have, int noalg)
{
	const char *ins = a->sha ? "SHA-256" : "AES";
	struct wiring_crypto *e = xmalloc(sizeof(*e));
	char drv[80], seen[160], attrs[128], w[64], via[200] = "", mod[80];
	int kind;

	if (wiring_crypto_pick(text, a->name, e)) {
		if (!a->base || wiring_crypto_pick(text, a->base, e)) {
			wiring_finding(ctx, G_WARN, a->record, "none", NULL, "no usable %s in "
				       "/proc/crypto%s", a->name,
				       noalg ? ": no AF_ALG to ask the kernel for it" : "");
			free(e);
			return;
		}
		snprintf(via, sizeof(via), "no usable %s yet%s: it would be built over this %s; ",
			 a->name, noalg ? " (no AF_ALG to ask for it)" : "", a->base);
	}
	kind = crypto_kind(e->driver);
	printable(drv, sizeof(drv), e->driver, 60);
	snprintf(seen, sizeof(seen), "%s (%s, priority %lld)", drv, kind_words[kind],
		 (long long)e->priority);
	snprintf(attrs, sizeof(attrs), "driver=%s,kind=%s", driver_word(e->driver, w, sizeof(w)),
		 kind_names[kind]);
	snprintf(mod, sizeof(mod), arch < ARCH_OTHER ? "modprobe %s" : "its module%s",
		 arch < ARCH_OTHER ? a->module[arch] : "");
	if (kind == KIND_HW)
		wiring_finding(ctx, G_OK, a->record, seen, attrs, "%sa crypto engine", via);
	else if (kind == KIND_CPU)
		wiring_finding(ctx, G_OK, a->record, seen, attrs, "%sthe CPU's own instructions",
			       via);
	else if (kind == KIND_LIB && have)
		wiring_finding(ctx, G_OK, a->record, seen, attrs, "%sthe kernel's library, which "
			       "runs the CPU's %s instructions itself when it was built with them",
			       via, ins);
	else if (have)
		wiring_finding(ctx, G_PROBLEM, a->record, seen, attrs, "%sportable C while the CPU "
			       "has %s instructions: their driver is not registered (%s)", via, ins,
			       mod);
	else
		wiring_finding(ctx, G_WARN, a->record, seen, attrs, "%sportable C: the CPU has no "
			       "%s instructions and no crypto engine is registered", via, ins);
	free(e);
}

void wiring_check_crypto(struct run_ctx *ctx)
{
	char *text;
	struct wiring_crypto *e;
	int aes, sha2, arch, noalg = 0;
	size_t i;

	if (!present("/proc/crypto"))
		return;
	if (!sysroot_dir())
		noalg = crypto_ask();
	text = read_sysfile("/proc/crypto", SYS_FILE_MAX, NULL);
	e = xmalloc(sizeof(*e));
	if (!text || !wiring_crypto_next(text, e)) {
		wiring_finding(ctx, G_WARN, "crypto", "unknown", NULL, "/proc/crypto cannot be "
			       "read%s", text ? " (no entry in it)" : "");
	} else {
		arch = cpu_crypto(&aes, &sha2);
		for (i = 0; i < ARRAY_LEN(crypto_algs); i++)
			crypto_finding(ctx, &crypto_algs[i], text, arch,
				       crypto_algs[i].sha ? sha2 : aes, noalg);
	}
	free(e);
	free(text);
}

/* Thermal ------------------------------------------------------------------ */

enum { MAX_ZONES = 128, MAX_COOLING = 256 };

struct cooling {
	char		type[48];
	uint64_t	cur, max;
	int		capping, bound;	/* a CPU or devfreq clock capped now; a zone names it */
};

/* The number after prefix in name ("thermal_zone12"), -1 if not all digits */
static void read_cooling(struct cooling *c, long *num, int n, char (*names)[64])
{
	char path[160], t[64];
	int i;

	for (i = 0; i < n; i++) {
		memset(&c[i], 0, sizeof(c[i]));
		num[i] = wiring_numbered(names[i], "cooling_device");
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/type", names[i]);
		if (read_text(path, t, sizeof(t)) <= 0)
			snprintf(t, sizeof(t), "%s", names[i]);
		printable(c[i].type, sizeof(c[i].type), t, sizeof(t));
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/cur_state", names[i]);
		if (read_u64(path, &c[i].cur))
			continue;
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/max_state", names[i]);
		if (read_u64(path, &c[i].max) || c[i].cur > c[i].max)
			continue;	/* junk: no capping said */
		c[i].capping = c[i].cur > 0 &&
			       (strstr(c[i].type, "cpufreq") || strstr(c[i].type, "devfreq") ||
				strstr(c[i].type, "cpu"));
	}
}

/* The cooling devices zone's cdevN links name (the link's text, read,
 * not followed): the index in c of the first that caps a clock now, -1
 * none; each named one is marked bound */
static int zone_cooling(const char *zone, struct cooling *c, const long *num, int nc)
{
	char (*names)[64] = xcalloc(64, sizeof(*names)), path[160], real[4096], link[256];
	int n, i, k, found = -1;
	ssize_t l;

	snprintf(path, sizeof(path), "/sys/class/thermal/%s", zone);
	n = sys_dir_list(path, "cdev", names, 64);
	for (i = 0; i < n; i++) {
		const char *base;
		long want;

		if (wiring_numbered(names[i], "cdev") < 0)
			continue;	/* cdev0_trip_point, cdev0_weight */
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/%s", zone, names[i]);
		l = readlink(sysroot_path(path, real, sizeof(real)), link, sizeof(link) - 1);
		if (l <= 0)
			continue;
		link[l] = '\0';
		base = strrchr(link, '/') ? strrchr(link, '/') + 1 : link;
		if ((want = wiring_numbered(base, "cooling_device")) < 0)
			continue;
		for (k = 0; k < nc; k++)
			if (num[k] == want) {
				c[k].bound = 1;
				if (c[k].capping && found < 0)
					found = k;
			}
	}
	free(names);
	return found;
}

struct trips {
	int64_t	at[4];		/* the lowest passive, active, hot, critical; 0 none */
};

static const char *const trip_types[] = { "passive", "active", "hot", "critical" };

/* The zone's trip points: a temperature of 0 or below, or past 200 C, is
 * no trip (THERMAL_TEMP_INVALID, a disabled one) */
static void zone_trips(const char *zone, struct trips *t)
{
	char path[160], type[32];
	int64_t v;
	int k, i;

	memset(t, 0, sizeof(*t));
	for (k = 0; k < 64; k++) {
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/trip_point_%d_type", zone, k);
		if (read_text(path, type, sizeof(type)) < 0)
			break;
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/trip_point_%d_temp", zone, k);
		if (read_int(path, &v) || v <= 0 || v > 200000)
			continue;
		for (i = 0; i < 4; i++)
			if (!strcmp(type, trip_types[i]) && (!t->at[i] || v < t->at[i]))
				t->at[i] = v;
	}
}

static void check_zone(struct run_ctx *ctx, const char *zone, const char *name,
		       const struct cooling *cap)
{
	char path[160], seen[96], attrs[48], trip[64] = "no trip point", capped[120] = "";
	struct trips t;
	int64_t temp;
	int over = -1, next = -1, i;

	snprintf(path, sizeof(path), "/sys/class/thermal/%s/temp", zone);
	if (read_int(path, &temp) || temp < -50000 || temp > 200000) {
		wiring_finding(ctx, G_WARN, name, "unknown", NULL, "its temperature cannot be read "
			       "(or is out of range)");
		return;
	}
	zone_trips(zone, &t);
	for (i = 0; i < 4; i++) {
		if (!t.at[i] || i == 1)
			continue;	/* an active trip starts a fan: nothing slows */
		if (temp >= t.at[i])
			over = i;	/* the last: the worst */
		else if (next < 0 || t.at[i] < t.at[next])
			next = i;
	}
	if ((i = over >= 0 ? over : next) >= 0)
		snprintf(trip, sizeof(trip), "%s trip at %.1f C", trip_types[i],
			 (double)t.at[i] / 1000);
	snprintf(seen, sizeof(seen), "%.1f C, %s", (double)temp / 1000, trip);
	snprintf(attrs, sizeof(attrs), "temp_c=%.1f", (double)temp / 1000);
	if (cap)
		snprintf(capped, sizeof(capped), "%s caps its clock now (cooling state %llu of "
			 "%llu)", cap->type, (unsigned long long)cap->cur,
			 (unsigned long long)cap->max);
	if (over >= 2)
		wiring_finding(ctx, G_PROBLEM, name, seen, attrs, "at or above its %s trip: the "
			       "board is overheating%s%s%s", trip_types[over], over == 3 ?
			       " (the kernel shuts down at a critical trip)" : "",
			       *capped ? "; " : "", capped);
	else if (over == 0)
		wiring_finding(ctx, G_WARN, name, seen, attrs, "at or above its passive trip: the "
			       "kernel throttles the CPUs now%s%s", *capped ? "; " : "", capped);
	else if (cap)
		wiring_finding(ctx, G_WARN, name, seen, attrs, "%s", capped);
	else
		wiring_finding(ctx, G_OK, name, seen, attrs, "%s", next >= 0 ?
			       "below its trip points" :
			       "no passive, hot or critical trip point to compare with");
}

void wiring_check_thermal(struct run_ctx *ctx)
{
	char (*zones)[64] = xcalloc(MAX_ZONES, sizeof(*zones)), (*cdevs)[64];
	char (*types)[48] = xcalloc(MAX_ZONES, sizeof(*types)), path[160], t[64], name[80], s[48];
	struct cooling *c = xcalloc(MAX_COOLING, sizeof(*c));
	long num[MAX_COOLING];
	int nz, nc, i, k, dup, cap;

	cdevs = xcalloc(MAX_COOLING, sizeof(*cdevs));
	nz = sys_dir_list("/sys/class/thermal", "thermal_zone", zones, MAX_ZONES);
	nc = sys_dir_list("/sys/class/thermal", "cooling_device", cdevs, MAX_COOLING);
	if (nc > 0)
		read_cooling(c, num, nc, cdevs);
	nc = nc > 0 ? nc : 0;
	for (i = 0; i < nz; i++) {
		snprintf(path, sizeof(path), "/sys/class/thermal/%s/type", zones[i]);
		if (wiring_numbered(zones[i], "thermal_zone") < 0)
			*types[i] = '\0';
		else if (read_text(path, t, sizeof(t)) <= 0)
			snprintf(types[i], sizeof(types[i]), "zone%ld",
				 wiring_numbered(zones[i], "thermal_zone"));
		else
			safe_name(types[i], sizeof(types[i]), t);
	}
	for (i = 0; i < nz; i++) {
		if (!*types[i])
			continue;
		for (k = 0, dup = 0; k < nz; k++)
			dup += k != i && !strcmp(types[k], types[i]);
		if (dup)	/* two zones of one type: their numbers tell them apart */
			snprintf(name, sizeof(name), "thermal.%s-%ld", types[i],
				 wiring_numbered(zones[i], "thermal_zone"));
		else
			snprintf(name, sizeof(name), "thermal.%s", types[i]);
		cap = zone_cooling(zones[i], c, num, nc);
		check_zone(ctx, zones[i], name, cap >= 0 ? &c[cap] : NULL);
	}
	/* a clock capped by a cooling device no zone names (or no zone read) */
	for (k = 0; k < nc; k++) {
		if (!c[k].capping || c[k].bound)
			continue;
		snprintf(name, sizeof(name), "cooling.%s", safe_name(s, sizeof(s), c[k].type));
		snprintf(t, sizeof(t), "state %llu of %llu", (unsigned long long)c[k].cur,
			 (unsigned long long)c[k].max);
		wiring_finding(ctx, G_WARN, name, t, NULL, "%s caps its clock now (%s)", c[k].type,
			cdevs[k]);
	}
	free(zones);
	free(types);
	free(cdevs);
	free(c);
}

/* Taints and the kernel log ---------------------------------------------- */

/* Linux's taint flags by bit (Documentation/admin-guide/tainted-kernels.rst,
 * Linux 6.1) */
static const struct {
	char		letter;
	const char	*what;
} taints[] = {
	{ 'P', "a proprietary module is loaded" }, { 'F', "a module was force-loaded" },
	{ 'S', "the system is out of specification" }, { 'R', "a module was force-unloaded" },
	{ 'M', "the CPU reported a machine check" }, { 'B', "a bad page was referenced" },
	{ 'U', "user space set a taint" }, { 'D', "the kernel oopsed or hit a BUG" },
	{ 'A', "an ACPI table was overridden" }, { 'W', "a kernel warning fired" },
	{ 'C', "a staging driver is loaded" }, { 'I', "a firmware bug is worked around" },
	{ 'O', "an out-of-tree module is loaded" }, { 'E', "an unsigned module is loaded" },
	{ 'L', "a soft lockup occurred" }, { 'K', "the kernel is live-patched" },
	{ 'X', "a distribution's own taint" }, { 'T', "built with structure randomization" },
	{ 'N', "an in-kernel test has run" },
};

/* The taints that say the kernel or the hardware failed: D, M, B, L */
#define TAINT_FAILED	(1ull << 7 | 1ull << 4 | 1ull << 5 | 1ull << 14)

static void check_taint(struct run_ctx *ctx)
{
	const char *path = "/proc/sys/kernel/tainted";
	char letters[32] = "", seen[40], why[400], attrs[80];
	uint64_t mask;
	size_t i, n = 0, at = 0;

	if (!present(path))
		return;
	if (read_u64(path, &mask)) {
		wiring_finding(ctx, G_WARN, "taint", "unknown", NULL, "%s cannot be read", path);
		return;
	}
	if (!mask) {
		wiring_finding(ctx, G_OK, "taint", "not tainted", "mask=0", "no taint flag set");
		return;
	}
	*why = '\0';
	for (i = 0; i < ARRAY_LEN(taints); i++) {
		if (!(mask >> i & 1))
			continue;
		letters[n++] = taints[i].letter;
		if (at < sizeof(why))
			at += (size_t)snprintf(why + at, sizeof(why) - at, "%s%c: %s",
					       at ? "; " : "", taints[i].letter, taints[i].what);
	}
	letters[n] = '\0';
	if (mask >> ARRAY_LEN(taints) && at < sizeof(why))
		snprintf(why + at, sizeof(why) - at, "%sbits past %zu: a newer kernel's flags",
			 at ? "; " : "", ARRAY_LEN(taints) - 1);
	snprintf(seen, sizeof(seen), "%s%s", letters, mask >> ARRAY_LEN(taints) ? "?" : "");
	snprintf(attrs, sizeof(attrs), "mask=%llu%s%s", (unsigned long long)mask,
		 n ? ",flags=" : "", letters);
	wiring_finding(ctx, mask & TAINT_FAILED ? G_PROBLEM : G_WARN, "taint", seen, attrs, "%s",
		       why);
}

int wiring_kmsg_record(const char *rec, size_t len, unsigned *level, size_t *msg)
{
	uint64_t v[3] = { 0 };
	size_t i = 0, start;
	int k;

	for (k = 0; k < 3; k++) {	/* PRIO, SEQ, USEC */
		for (start = i; i < len && rec[i] >= '0' && rec[i] <= '9'; i++) {
			unsigned d = (unsigned)(rec[i] - '0');

			if (v[k] > (UINT64_MAX - d) / 10)
				return -1;
			v[k] = v[k] * 10 + d;
		}
		if (i == start || i == len || rec[i] != ',')
			return -1;
		i++;
	}
	if (v[0] > UINT32_MAX)
		return -1;
	for (start = i; i < len && rec[i] != ';' && rec[i] != '\n'; i++)
		;	/* FLAGS: '-', 'c', '+', and ",caller=T12" after them */
	if (i == start || i == len || rec[i] != ';')
		return -1;
	*level = (unsigned)(v[0] & 7);
	*msg = i + 1;
	return 0;
}

enum { KMSG_RECORDS = 100000, KMSG_BUF = 16384, KMSG_BYTES = 64 << 20 };

struct kmsg_count {
	unsigned long	records, errors;
	char		first[100];	/* the first error line's message */
};

/* One line: a record's first line counts, a continuation line (" KEY=value")
 * or junk does not */
static void kmsg_line(struct kmsg_count *k, const char *line, size_t len)
{
	unsigned level;
	size_t msg;

	if (wiring_kmsg_record(line, len, &level, &msg))
		return;
	k->records++;
	if (level <= 3 && !k->errors++)	/* emerg, alert, crit, err */
		printable(k->first, sizeof(k->first), line + msg, len - msg);
}

/* This system's /dev/kmsg: each open reads from the oldest record the
 * buffer holds, on its own (nothing is consumed), one record a read();
 * EAGAIN is the end, EPIPE records overwritten while reading (the rest
 * still comes). 0, 1 absent, or -1 with errno */
static int kmsg_live(struct kmsg_count *k, int *lost)
{
	char *buf, *nl;
	struct stat st;
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY), i;
	ssize_t n;

	if (fd < 0)
		return errno == ENOENT ? 1 : -1;
	if (fstat(fd, &st) || !S_ISCHR(st.st_mode)) {
		close(fd);
		errno = EBB_NOTREG;
		return -1;
	}
	buf = xmalloc(KMSG_BUF);
	for (i = 0; i < 2 * KMSG_RECORDS && k->records < KMSG_RECORDS; i++) {
		n = read(fd, buf, KMSG_BUF);
		if (n < 0 && (errno == EINTR || errno == EPIPE)) {
			*lost |= errno == EPIPE;
			continue;
		}
		if (n <= 0)
			break;	/* EAGAIN: the end; anything else ends it too */
		nl = memchr(buf, '\n', (size_t)n);	/* continuation lines after it */
		kmsg_line(k, buf, nl ? (size_t)(nl - buf) : (size_t)n);
	}
	free(buf);
	close(fd);
	return 0;
}

/* A captured board's log, DIR/dev/kmsg (sysroot_path() maps only /proc
 * and /sys): a regular file whose lines are the records; a line longer
 * than the buffer counts by its start. 0, 1 absent, or -1 with errno */
static int kmsg_file(const char *root, struct kmsg_count *k)
{
	char path[4096], *buf, *nl;
	struct stat st;
	size_t have = 0, start, total = 0;
	int fd, skip = 0;
	ssize_t n;

	snprintf(path, sizeof(path), "%s/dev/kmsg", root);
	if (lstat(path, &st) && errno == ENOENT)
		return 1;
	if ((fd = sysfile_open(path)) < 0)
		return -1;
	buf = xmalloc(KMSG_BUF);
	while (k->records < KMSG_RECORDS && total < KMSG_BYTES) {
		n = read(fd, buf + have, KMSG_BUF - have);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		total += (size_t)n;
		have += (size_t)n;
		start = 0;
		while (k->records < KMSG_RECORDS &&
		       (nl = memchr(buf + start, '\n', have - start))) {
			if (!skip)
				kmsg_line(k, buf + start, (size_t)(nl - buf) - start);
			skip = 0;
			start = (size_t)(nl - buf) + 1;
		}
		memmove(buf, buf + start, have - start);
		have -= start;
		if (have == KMSG_BUF) {		/* no newline in a whole buffer */
			if (!skip)
				kmsg_line(k, buf, have);
			skip = 1;
			have = 0;
		}
	}
	if (have && !skip && k->records < KMSG_RECORDS)
		kmsg_line(k, buf, have);	/* the last line, without its newline */
	free(buf);
	close(fd);
	return 0;
}

static void check_kmsg(struct run_ctx *ctx)
{
	struct kmsg_count k = { 0, 0, "" };
	const char *root = sysroot_dir();
	char seen[64], attrs[32];
	int lost = 0, got = root ? kmsg_file(root, &k) : kmsg_live(&k, &lost);

	if (got == 1)
		return;
	if (got < 0 || !k.records) {
		wiring_finding(ctx, G_WARN, "kmsg", "unknown", NULL, "/dev/kmsg cannot be read: %s",
			       got < 0 ? file_strerror(errno) : "no kernel log record in it");
		return;
	}
	snprintf(seen, sizeof(seen), "%lu error line%s since boot", k.errors,
		 k.errors == 1 ? "" : "s");
	snprintf(attrs, sizeof(attrs), "errors=%lu", k.errors);
	if (!k.errors)
		wiring_finding(ctx, G_OK, "kmsg", seen, attrs, "%lu records%s, none at error level "
			       "or worse", k.records,
			       k.records >= KMSG_RECORDS ? " (the first)" : "");
	else
		wiring_finding(ctx, G_WARN, "kmsg", seen, attrs, "the first: \"%s\"%s (dmesg -l "
			       "emerg,alert,crit,err lists them)", k.first,
			       lost ? "; some records were overwritten while read" :
			       k.records >= KMSG_RECORDS ? "; in the first records" : "");
}

void wiring_check_kernel(struct run_ctx *ctx)
{
	check_taint(ctx);
	check_kmsg(ctx);
}

/* CPU idle ------------------------------------------------------------------ */

void wiring_check_cpuidle(struct run_ctx *ctx)
{
	const char *dir = "/sys/devices/system/cpu/cpuidle";
	const char *states = "/sys/devices/system/cpu/cpu0/cpuidle";
	char (*names)[64] = xcalloc(32, sizeof(*names)), path[160], v[64], drv[40], gov[40];
	char seen[200], attrs[128], off[160] = "", first[40] = "";
	int n, i, noff = 0, shown = 0;
	size_t at, ao = 0;
	uint64_t dis;

	if (!present(dir)) {
		if (!sysroot_dir())
			wiring_finding(ctx, G_OK, "cpuidle", "none", NULL, "no cpuidle: the "
				       "CPUs only wait in WFI or halt when idle (that changes "
				       "nothing for benchmarks)");
		free(names);
		return;
	}
	snprintf(path, sizeof(path), "%s/current_driver", dir);
	if (read_text(path, v, sizeof(v)) <= 0)
		snprintf(v, sizeof(v), "unknown");
	printable(drv, sizeof(drv), v, 32);
	snprintf(path, sizeof(path), "%s/current_governor", dir);
	if (read_text(path, v, sizeof(v)) <= 0) {
		snprintf(path, sizeof(path), "%s/current_governor_ro", dir);
		if (read_text(path, v, sizeof(v)) <= 0)
			snprintf(v, sizeof(v), "unknown");
	}
	printable(gov, sizeof(gov), v, 32);
	at = (size_t)snprintf(seen, sizeof(seen), "%s, %s", drv, gov);
	n = sys_dir_list(states, "state", names, 32);
	for (i = 0; i < n; i++) {
		char s[32];

		if (wiring_numbered(names[i], "state") < 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s/name", states, names[i]);
		if (read_text(path, v, sizeof(v)) <= 0)
			snprintf(v, sizeof(v), "%s", names[i]);
		printable(s, sizeof(s), v, 24);
		if (at < sizeof(seen))
			at += (size_t)snprintf(seen + at, sizeof(seen) - at, "%s%s",
					       shown++ ? ", " : ": ", s);
		snprintf(path, sizeof(path), "%s/%s/disable", states, names[i]);
		if (read_u64(path, &dis) || dis != 1)
			continue;
		if (!noff++)
			snprintf(first, sizeof(first), "%s", names[i]);
		if (ao < sizeof(off))
			ao += (size_t)snprintf(off + ao, sizeof(off) - ao, "%s%s", ao ? ", " : "",
					       s);
	}
	snprintf(attrs, sizeof(attrs), "driver=%s,governor=%s",
		 wiring_word_ok(drv) ? drv : "other", wiring_word_ok(gov) ? gov : "other");
	if (noff)
		wiring_finding(ctx, G_WARN, "cpuidle", seen, attrs, "cpu0's %s %s disabled: the "
			       "CPU never enters %s, so wake-ups are faster and idle power higher "
			       "than the board ships with (echo 0 > %s/%s/disable)", off,
			       noff > 1 ? "are" : "is", noff > 1 ? "them" : "it", states, first);
	else if (!strcmp(drv, "none"))
		wiring_finding(ctx, G_OK, "cpuidle", seen, attrs, "no idle driver: the CPUs only "
			       "wait in WFI or halt when idle (that changes nothing for "
			       "benchmarks)");
	else
		wiring_finding(ctx, G_OK, "cpuidle", seen, attrs, "%s", n > 0 ?
			       "no idle state disabled" : "no idle state listed for cpu0");
	free(names);
}
