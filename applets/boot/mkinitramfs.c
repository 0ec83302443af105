/* mkinitramfs.c - a reproducible initramfs (newc cpio, gzip) with benchbox as /init
 *
 * SPDX-License-Identifier: MIT
 *
 * Writes the smallest root file system that boots into benchbox: `dev`,
 * `dev/console` (character device 5,1, so PID 1 has a console before it
 * mounts anything), `init` (the bytes of --binary, by default this very
 * executable), and with --cmdline a `benchbox.cmdline` file holding default
 * settings that the kernel command line overrides. The archive is the
 * kernel's "newc" cpio format: per entry a 110-byte ASCII header ("070701"
 * and 13 eight-digit hex fields), the NUL-terminated name padded so header
 * plus name is a multiple of 4, then the data padded to 4; "TRAILER!!!"
 * ends it. Everything that could vary is fixed: inode numbers count 1, 2,
 * 3 in order, owners are 0, mtime is 0 (or $SOURCE_DATE_EPOCH), and zlib
 * deflates at level 9 behind a gzip header with time 0, OS 3 (Unix) and no
 * name, so the same inputs give the same bytes on every run and host. The
 * binary is streamed, never held in memory.
 *
 * The global -o FILE is the image, opened by the emit sink (src/outfile.h):
 * a regular file is written as .benchbox-out.XXXXXX next to FILE, renamed into
 * place after a successful run, removed on failure and on SIGINT, SIGTERM
 * and SIGHUP; a device (an SD card's /dev/sdX) or FIFO gets the bytes
 * directly. This applet's output format writes no records, so the image
 * is all that file holds.
 *
 * --binary is checked before anything is written: it must be a
 * little-endian ELF executable (32- or 64-bit); its machine is named in the
 * summary on stderr, and a PT_INTERP program header (a dynamic binary, which
 * cannot start in an empty root file system) draws a warning.
 *
 * --module FILE (repeatable) adds `lib`, `lib/modules`,
 * `lib/modules/benchbox` and FILE under its own name there, after
 * everything else, and benchbox.modules=NAME,... (in order) to the end of
 * the settings line, so /init loads them (init_sys.c). Each is checked
 * before anything is written: a name init takes (init_module_name_check(),
 * none twice), a regular file, and an ELF relocatable object (ET_REL) of
 * --binary's class and machine, or, named .ko.xz, an xz file.
 */
#define ZLIB_CONST
#include "applet.h"
#include "init.h"
#include "util.h"

#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

static const char self_exe[] = "/proc/self/exe";	/* the running executable */

#define OPTIONS(O) \
	O(BINARY, "binary", OPT_STR, "static ELF executable to run as /init", .def = self_exe, \
	  .metavar = "PATH") \
	O(CMDLINE, "cmdline", OPT_STR, "default settings (one line, <= 4 KiB) for /init", \
	  .metavar = "TEXT") \
	O(MODULE, "module", OPT_STR, "a kernel module (.ko, .ko.xz) /init loads (repeatable)", \
	  .flags = OPT_REPEAT, .metavar = "FILE")
OPT_TABLE(mkinitramfs, OPTIONS);

enum {
	CHUNK		= 64 * 1024,
	NEWC_HEADER	= 110,		/* "070701" + 13 x 8 hex digits */
	CONSOLE_MAJOR	= 5,
	CONSOLE_MINOR	= 1,
};


/* ELF ----------------------------------------------------------------------- */

struct elf_info {
	char	machine[16];	/* "x86_64", "aarch64", "arm", or "machine N" */
	unsigned em;		/* e_machine */
	int	bits;		/* 32 or 64 */
	int	dynamic;	/* has a PT_INTERP program header */
	char	interp[128];	/* its path, when readable */
};

/* Where the fields we read live in each class's headers. */
struct elf_layout {
	unsigned	ehsize;		/* bytes of the file header */
	unsigned	phoff, phentsize, phnum;	/* offsets in the file header */
	unsigned	phsize;		/* bytes of one program header at least */
	unsigned	p_offset, p_filesz;		/* offsets in a program header */
	unsigned	word;		/* bytes of an address or offset */
};

static const struct elf_layout elf32 = { 52, 28, 42, 44, 32, 4, 16, 4 };
static const struct elf_layout elf64 = { 64, 32, 54, 56, 56, 8, 32, 8 };

static uint64_t le(const unsigned char *p, unsigned n)
{
	uint64_t v = 0;

	while (n--)
		v = v << 8 | p[n];
	return v;
}

static const struct {
	unsigned	em;
	const char	*name;
} elf_machines[] = {
	{ EM_X86_64, "x86_64" }, { EM_AARCH64, "aarch64" }, { EM_ARM, "arm" },
	{ EM_386, "i386" }, { EM_RISCV, "riscv" },
};

static void elf_machine(unsigned em, char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < ARRAY_LEN(elf_machines); i++)
		if (elf_machines[i].em == em) {
			snprintf(buf, len, "%s", elf_machines[i].name);
			return;
		}
	snprintf(buf, len, "machine %u", em);
}

/* "--binary: 'P' is not an ELF file (it starts with 23 21 2f 62 "#!/b")";
 * what: "an ELF file", "a kernel module" */
static int not_elf(const char *opt, const char *what, const char *path, const unsigned char *b,
		   size_t n)
{
	char hex[32] = "", text[16] = "";
	size_t i;

	if (!n) {
		errorf("%s: '%s' is not %s (it is empty)", opt, path, what);
		return EXIT_USAGE;
	}
	for (i = 0; i < n && i < 8; i++) {
		size_t at = strlen(hex);

		snprintf(hex + at, sizeof(hex) - at, "%s%02x", i ? " " : "", b[i]);
		text[i] = b[i] >= 0x20 && b[i] < 0x7f && b[i] != '"' ? (char)b[i] : '.';
	}
	errorf("%s: '%s' is not %s (it starts with %s \"%s\")", opt, path, what, hex, text);
	return EXIT_USAGE;
}

/* Look for PT_INTERP among the program headers. 0, or -1 when they lie
 * outside the file. */
static int elf_interp(int fd, const unsigned char *eh, const struct elf_layout *l,
		      off_t size, struct elf_info *info)
{
	uint64_t off = le(eh + l->phoff, l->word);
	unsigned ent = (unsigned)le(eh + l->phentsize, 2), n = (unsigned)le(eh + l->phnum, 2);
	unsigned char ph[64];
	unsigned i;

	if (!n)
		return 0;
	if (ent < l->phsize || off > (uint64_t)size || (uint64_t)n * ent > (uint64_t)size - off)
		return -1;
	for (i = 0; i < n; i++) {
		uint64_t at = off + (uint64_t)i * ent, p_off, len;
		ssize_t got;

		if (pread(fd, ph, l->phsize, (off_t)at) != (ssize_t)l->phsize)
			return -1;
		if (le(ph, 4) != PT_INTERP)
			continue;
		info->dynamic = 1;
		p_off = le(ph + l->p_offset, l->word);
		len = le(ph + l->p_filesz, l->word);
		if (len >= sizeof(info->interp))
			len = sizeof(info->interp) - 1;
		got = p_off < (uint64_t)size ? pread(fd, info->interp, (size_t)len, (off_t)p_off)
					     : 0;
		info->interp[got > 0 ? got : 0] = '\0';
	}
	return 0;
}

/* Check that fd is a little-endian ELF executable; fill info. EXIT_OK, or
 * EXIT_USAGE with the reason on stderr. */
static int elf_inspect(int fd, const char *path, off_t size, struct elf_info *info)
{
	unsigned char eh[64];
	const struct elf_layout *l;
	ssize_t n = pread(fd, eh, sizeof(eh), 0);
	unsigned type;

	memset(info, 0, sizeof(*info));
	if (n < 0) {
		errorf("--binary: cannot read '%s': %s", path, strerror(errno));
		return EXIT_FAIL;
	}
	if (n < SELFMAG || memcmp(eh, ELFMAG, SELFMAG))
		return not_elf("--binary", "an ELF file", path, eh, (size_t)n);
	if (n < EI_NIDENT || (eh[EI_CLASS] != ELFCLASS32 && eh[EI_CLASS] != ELFCLASS64)) {
		errorf("--binary: '%s' is an ELF file of unknown class", path);
		return EXIT_USAGE;
	}
	if (eh[EI_DATA] != ELFDATA2LSB) {
		errorf("--binary: '%s' is a big-endian ELF file (only little-endian is supported)",
		       path);
		return EXIT_USAGE;
	}
	l = eh[EI_CLASS] == ELFCLASS32 ? &elf32 : &elf64;
	if (n < (ssize_t)l->ehsize) {
		errorf("--binary: '%s' is a truncated ELF file", path);
		return EXIT_USAGE;
	}
	type = (unsigned)le(eh + 16, 2);
	if (type != ET_EXEC && type != ET_DYN) {
		errorf("--binary: '%s' is an ELF file but not an executable (type %u)", path, type);
		return EXIT_USAGE;
	}
	info->em = (unsigned)le(eh + 18, 2);
	info->bits = eh[EI_CLASS] == ELFCLASS32 ? 32 : 64;
	elf_machine(info->em, info->machine, sizeof(info->machine));
	if (elf_interp(fd, eh, l, size, info)) {
		errorf("--binary: '%s' is a truncated ELF file (program headers)", path);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Kernel modules (--module) ------------------------------------------------ */

struct module {
	const char	*path;		/* as given */
	const char	*name;		/* its name in the image: the last part of path */
	int		fd;
	off_t		size;
};

/* A module of the binary's machine: an ELF relocatable object (ET_REL)
 * of its class, or, named .ko.xz, an xz file (its contents are the
 * kernel's to check). EXIT_OK, or the status with the reason said. */
static int module_inspect(const struct module *mod, const struct elf_info *bin)
{
	static const unsigned char xz[6] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
	unsigned char eh[64];
	ssize_t n = pread(mod->fd, eh, sizeof(eh), 0);
	int is_xz = n >= (ssize_t)sizeof(xz) && !memcmp(eh, xz, sizeof(xz));
	char machine[16];
	unsigned type, em;

	if (n < 0) {
		errorf("--module: cannot read '%s': %s", mod->path, strerror(errno));
		return EXIT_FAIL;
	}
	if (ends_with(mod->name, strlen(mod->name), ".xz")) {
		if (is_xz)
			return EXIT_OK;
		errorf("--module: '%s' is named .ko.xz but is not xz-compressed", mod->path);
		return EXIT_USAGE;
	}
	if (is_xz) {
		errorf("--module: '%s' is xz-compressed: name it .ko.xz", mod->path);
		return EXIT_USAGE;
	}
	if (n < SELFMAG || memcmp(eh, ELFMAG, SELFMAG))
		return not_elf("--module", "a kernel module", mod->path, eh, (size_t)n);
	if (n < 64 || (eh[EI_CLASS] != ELFCLASS32 && eh[EI_CLASS] != ELFCLASS64)) {
		errorf("--module: '%s' is a truncated ELF file, or of unknown class", mod->path);
		return EXIT_USAGE;
	}
	if (eh[EI_DATA] != ELFDATA2LSB) {
		errorf("--module: '%s' is a big-endian ELF file (only little-endian is supported)",
		       mod->path);
		return EXIT_USAGE;
	}
	if ((eh[EI_CLASS] == ELFCLASS32 ? 32 : 64) != bin->bits) {
		errorf("--module: '%s' is a %d-bit ELF file, the binary %d-bit", mod->path,
		       eh[EI_CLASS] == ELFCLASS32 ? 32 : 64, bin->bits);
		return EXIT_USAGE;
	}
	type = (unsigned)le(eh + 16, 2);
	if (type != ET_REL) {
		errorf("--module: '%s' is an ELF file but not a kernel module (type %u, not "
		       "relocatable)", mod->path, type);
		return EXIT_USAGE;
	}
	em = (unsigned)le(eh + 18, 2);
	if (em != bin->em) {
		elf_machine(em, machine, sizeof(machine));
		errorf("--module: '%s' is for %s, the binary for %s", mod->path, machine,
		       bin->machine);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* newc cpio through gzip ---------------------------------------------------- */

struct newc {
	uint32_t	ino, mode, nlink, mtime, size, rdev_major, rdev_minor;
	const char	*name;
};

struct image {
	z_stream	zs;
	gz_header	gz;		/* zlib keeps a pointer to it until the header is out */
	FILE		*out;
	uint64_t	cpio_len;	/* archive bytes so far (before compression) */
	uint64_t	gz_len;		/* compressed bytes written */
	uint32_t	ino;		/* the last inode number given */
	uint32_t	mtime;
	unsigned	entries;	/* not counting the trailer */
	char		why[PATH_MAX + 64];	/* the first failure */
	unsigned char	zbuf[CHUNK];	/* compressed output */
	unsigned char	fbuf[CHUNK];	/* the binary, read in chunks */
};

/* Keep the first failure's message for the one error line; -1. */
static int img_fail(struct image *im, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int img_fail(struct image *im, const char *fmt, ...)
{
	va_list ap;

	if (!im->why[0]) {
		va_start(ap, fmt);
		vsnprintf(im->why, sizeof(im->why), fmt, ap);
		va_end(ap);
	}
	return -1;
}

static int img_open(struct image *im, FILE *out, uint32_t mtime)
{
	memset(im, 0, sizeof(*im));
	im->out = out;
	im->mtime = mtime;
	im->gz.os = 3;		/* Unix; time 0, no name, no comment, no extra */
	if (deflateInit2(&im->zs, 9, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return -1;
	if (deflateSetHeader(&im->zs, &im->gz) != Z_OK) {
		deflateEnd(&im->zs);
		return -1;
	}
	return 0;
}

/* Compress n bytes (flush = Z_NO_FLUSH), or finish (Z_FINISH), writing
 * whatever comes out. 0, or -1 on a zlib or write error. */
static int img_deflate(struct image *im, const void *p, size_t n, int flush)
{
	int zrc;

	im->zs.next_in = p;
	im->zs.avail_in = (uInt)n;
	do {
		size_t have;

		im->zs.next_out = im->zbuf;
		im->zs.avail_out = sizeof(im->zbuf);
		zrc = deflate(&im->zs, flush);
		if (zrc == Z_STREAM_ERROR)
			return img_fail(im, "zlib: deflate failed");
		have = sizeof(im->zbuf) - im->zs.avail_out;
		if (have && fwrite(im->zbuf, 1, have, im->out) != have)
			return img_fail(im, "cannot write: %s", strerror(errno));
		im->gz_len += have;
	} while (flush == Z_FINISH ? zrc != Z_STREAM_END : im->zs.avail_out == 0);
	im->cpio_len += n;
	return 0;
}

static int img_pad(struct image *im)
{
	static const unsigned char zero[4];

	return img_deflate(im, zero, (4 - im->cpio_len % 4) % 4, Z_NO_FLUSH);
}

/* One newc header and its name, padded to 4 bytes. */
static int img_header(struct image *im, const struct newc *e)
{
	char h[NEWC_HEADER + 1];
	size_t nlen = strlen(e->name) + 1;

	snprintf(h, sizeof(h), "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		 e->ino, e->mode, 0u, 0u, e->nlink, e->mtime, e->size, 0u, 0u,
		 e->rdev_major, e->rdev_minor, (uint32_t)nlen, 0u);
	if (img_deflate(im, h, NEWC_HEADER, Z_NO_FLUSH) ||
	    img_deflate(im, e->name, nlen, Z_NO_FLUSH))
		return -1;
	return img_pad(im);
}

/* An entry: the next inode number, owner 0, the image's mtime, no data yet. */
static int img_entry(struct image *im, const char *name, uint32_t mode, uint32_t size,
		     uint32_t rdev_major, uint32_t rdev_minor)
{
	struct newc e = { ++im->ino, mode, S_ISDIR(mode) ? 2 : 1, im->mtime, size,
			  rdev_major, rdev_minor, name };

	im->entries++;
	return img_header(im, &e);
}

/* A regular file holding the n bytes at p. */
static int img_bytes(struct image *im, const char *name, uint32_t mode, const void *p,
		     size_t n)
{
	if (img_entry(im, name, mode, (uint32_t)n, 0, 0) || img_deflate(im, p, n, Z_NO_FLUSH))
		return -1;
	return img_pad(im);
}

/* A regular file holding the size bytes of fd (read from where it is). */
static int img_file(struct image *im, const char *name, uint32_t mode, int fd, uint32_t size,
		    const char *path)
{
	uint32_t left = size;

	if (img_entry(im, name, mode, size, 0, 0))
		return -1;
	while (left) {
		ssize_t n = read(fd, im->fbuf, left < CHUNK ? left : CHUNK);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return img_fail(im, "cannot read '%s': %s", path,
					n ? strerror(errno) : "it shrank while read");
		if (img_deflate(im, im->fbuf, (size_t)n, Z_NO_FLUSH))
			return -1;
		left -= (uint32_t)n;
	}
	return img_pad(im);
}

/* The trailer (inode 0, nlink 1, as cpio writes it), then the gzip end. */
static int img_close(struct image *im)
{
	static const struct newc trailer = { 0, 0, 1, 0, 0, 0, 0, "TRAILER!!!" };
	int rc = img_header(im, &trailer) || img_deflate(im, NULL, 0, Z_FINISH) ? -1 : 0;

	if (!rc && fflush(im->out))
		rc = img_fail(im, "cannot write: %s", strerror(errno));
	deflateEnd(&im->zs);
	return rc;
}

/* The run ------------------------------------------------------------------- */

struct mkinit {
	const char	*output;	/* -o FILE */
	const char	*binary;	/* --binary */
	char		shown[PATH_MAX];	/* the binary's name in the summary */
	const char	*cmdline;	/* the settings file's line (--cmdline, benchbox.modules),
					   or NULL */
	char		*settings;	/* that line when made here (freed) */
	int		fd;		/* the binary */
	off_t		size;
	struct elf_info	elf;
	struct module	mods[INIT_MODULES_MAX];
	unsigned	nmods;
};

/* mtime of every entry: $SOURCE_DATE_EPOCH when it is a valid 32-bit time. */
static uint32_t image_mtime(void)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	int64_t t;

	if (!s)
		return 0;
	if (parse_int(s, &t) || t < 0 || t > UINT32_MAX) {
		warnf("SOURCE_DATE_EPOCH='%s' is not a time in seconds: using 0", s);
		return 0;
	}
	return (uint32_t)t;
}

/* What init will read: TEXT and a newline, whole (INIT_TEXT_MAX), with
 * settings it takes (init's own parser decides). */
static int check_cmdline(const char *s)
{
	struct init_settings set;
	char err[160], *text;
	int bad;

	if (!s)
		return EXIT_OK;
	if (strchr(s, '\n')) {
		errorf("--cmdline: has a newline (it is one line of settings)");
		return EXIT_USAGE;
	}
	if (strlen(s) >= INIT_TEXT_MAX) {
		errorf("--cmdline: %zu bytes: with its newline, over the %d bytes init reads",
		       strlen(s), INIT_TEXT_MAX);
		return EXIT_USAGE;
	}
	text = xmalloc(strlen(s) + 2);
	sprintf(text, "%s\n", s);
	init_settings_default(&set);
	bad = init_settings_parse(&set, text, strlen(text), err, sizeof(err));
	free(text);
	if (bad) {
		errorf("--cmdline: %s", err);
		return EXIT_USAGE;
	}
	if (*set.bad) {
		errorf("--cmdline: settings init would ignore, with a bad value: %s", set.bad);
		return EXIT_USAGE;
	}
	if (*set.unknown)
		warnf("--cmdline: settings init does not know (ignored at boot): %s", set.unknown);
	return EXIT_OK;
}

/* Open and check --binary. EXIT_OK with m->fd open, else the status. */
static int open_binary(struct mkinit *m)
{
	struct stat st;
	ssize_t n;
	int rc;

	m->fd = open(m->binary, O_RDONLY | O_CLOEXEC);
	if (m->fd < 0) {
		errorf("--binary: cannot open '%s': %s%s", m->binary, strerror(errno),
		       strcmp(m->binary, self_exe) ? "" : " (is /proc mounted?)");
		return EXIT_FAIL;
	}
	if (fstat(m->fd, &st) || !S_ISREG(st.st_mode)) {
		errorf("--binary: '%s' is not a regular file", m->binary);
		return EXIT_USAGE;
	}
	if (st.st_size > (off_t)UINT32_MAX) {
		errorf("--binary: '%s' is over 4 GiB (newc's size field is 32 bits)", m->binary);
		return EXIT_USAGE;
	}
	m->size = st.st_size;
	rc = elf_inspect(m->fd, m->binary, m->size, &m->elf);
	if (rc)
		return rc;
	n = strcmp(m->binary, self_exe) ? -1 : readlink(self_exe, m->shown, sizeof(m->shown) - 1);
	if (n > 0)
		m->shown[n] = '\0';
	else
		snprintf(m->shown, sizeof(m->shown), "%s", m->binary);
	if (m->elf.dynamic)
		warnf("'%s' has a program interpreter (%s): a dynamic binary cannot run as "
		      "/init of an empty root file system", m->shown,
		      m->elf.interp[0] ? m->elf.interp : "unreadable");
	return EXIT_OK;
}

/* Check each --module in order (name, file, contents); then the settings
 * line: --cmdline's, then benchbox.modules=NAME,... EXIT_OK, or the
 * status with the reason said. */
static int open_modules(struct mkinit *m, const char *const *paths, unsigned n)
{
	char why[200], *list;
	size_t len = 1;
	unsigned i;
	int rc = EXIT_OK;

	if (!n)
		return EXIT_OK;
	if (n > INIT_MODULES_MAX) {
		errorf("--module: over %d modules", INIT_MODULES_MAX);
		return EXIT_USAGE;
	}
	for (i = 0; i < n; i++)
		len += strlen(paths[i]) + 1;
	list = xmalloc(len);
	*list = '\0';
	for (i = 0; i < n && !rc; i++) {
		struct module *mod = &m->mods[i];
		const char *slash = strrchr(paths[i], '/');
		struct stat st;

		mod->path = paths[i];
		mod->name = slash ? slash + 1 : paths[i];
		mod->fd = -1;
		m->nmods = i + 1;
		sprintf(list + strlen(list), "%s%s", i ? "," : "", mod->name);
		if (init_module_name_check(mod->name, strlen(mod->name), why, sizeof(why)) ||
		    init_modules_check(list, why, sizeof(why))) {
			errorf("--module: '%s': its name in the image: %s", mod->path, why);
			rc = EXIT_USAGE;
		} else if ((mod->fd = open(mod->path, O_RDONLY | O_CLOEXEC)) < 0) {
			errorf("--module: cannot open '%s': %s", mod->path, strerror(errno));
			rc = EXIT_FAIL;
		} else if (fstat(mod->fd, &st) || !S_ISREG(st.st_mode)) {
			errorf("--module: '%s' is not a regular file", mod->path);
			rc = EXIT_USAGE;
		} else if (st.st_size > (off_t)UINT32_MAX) {
			errorf("--module: '%s' is over 4 GiB (newc's size field is 32 bits)",
			       mod->path);
			rc = EXIT_USAGE;
		} else {
			mod->size = st.st_size;
			rc = module_inspect(mod, &m->elf);
		}
	}
	if (!rc) {
		struct init_settings set;
		char err[160];

		init_settings_default(&set);
		if (m->cmdline && !init_settings_parse(&set, m->cmdline, strlen(m->cmdline), err,
						       sizeof(err)) && set.modules) {
			errorf("--module: --cmdline names benchbox.modules too: give the modules "
			       "one way");
			rc = EXIT_USAGE;
		} else {
			len = (m->cmdline ? strlen(m->cmdline) + 1 : 0) + strlen(list) + 18;
			m->settings = xmalloc(len);
			snprintf(m->settings, len, "%s%sbenchbox.modules=%s",
				 m->cmdline ? m->cmdline : "", m->cmdline ? " " : "", list);
			if (strlen(m->settings) + 1 > INIT_TEXT_MAX) {
				errorf("--module: --cmdline and benchbox.modules=%s: %zu bytes with "
				       "the newline, over the %d bytes init reads", list,
				       strlen(m->settings) + 1, INIT_TEXT_MAX);
				rc = EXIT_USAGE;
			}
			m->cmdline = m->settings;
		}
	}
	free(list);
	return rc;
}

static int write_image(struct mkinit *m, FILE *out)
{
	struct image *im = xmalloc(sizeof(*im));
	char *cl = NULL, name[sizeof(INIT_MODULE_DIR) + INIT_MODULE_NAME_MAX + 1], mods[32] = "";
	int bad, rc = EXIT_OK;
	unsigned i;

	if (img_open(im, out, image_mtime())) {
		errorf("zlib: cannot start a gzip stream");
		free(im);
		return EXIT_FAIL;
	}
	bad = img_entry(im, "dev", S_IFDIR | 0755, 0, 0, 0) ||
	      img_entry(im, "dev/console", S_IFCHR | 0600, 0, CONSOLE_MAJOR, CONSOLE_MINOR) ||
	      img_file(im, "init", S_IFREG | 0755, m->fd, (uint32_t)m->size, m->shown);
	if (!bad && m->cmdline) {
		cl = xmalloc(strlen(m->cmdline) + 2);
		sprintf(cl, "%s\n", m->cmdline);
		bad = img_bytes(im, "benchbox.cmdline", S_IFREG | 0644, cl, strlen(cl));
	}
	if (!bad && m->nmods)
		bad = img_entry(im, "lib", S_IFDIR | 0755, 0, 0, 0) ||
		      img_entry(im, "lib/modules", S_IFDIR | 0755, 0, 0, 0) ||
		      img_entry(im, &INIT_MODULE_DIR[1], S_IFDIR | 0755, 0, 0, 0);
	for (i = 0; !bad && i < m->nmods; i++) {
		snprintf(name, sizeof(name), "%s/%s", &INIT_MODULE_DIR[1], m->mods[i].name);
		bad = img_file(im, name, S_IFREG | 0644, m->mods[i].fd, (uint32_t)m->mods[i].size,
			       m->mods[i].path);
	}
	if (img_close(im) || bad) {
		errorf("%s", im->why);
		rc = EXIT_FAIL;
	} else {
		if (m->nmods)
			snprintf(mods, sizeof(mods), "; %u module%s", m->nmods,
				 m->nmods == 1 ? "" : "s");
		fprintf(stderr, "mkinitramfs: %s: %u entries, %llu bytes (init: %s, %s, %s%s)\n",
			m->output, im->entries, (unsigned long long)im->gz_len, m->shown,
			m->elf.machine, m->elf.dynamic ? "dynamic" : "static", mods);
	}
	free(cl);
	free(im);
	return rc;
}

/* The -o file as the emit sink opened it (a temporary beside FILE, renamed
 * into place when run() succeeds and removed otherwise, or a device or
 * FIFO). NULL without -o. */
static FILE *image_file(struct run_ctx *ctx)
{
	struct emit_sink *rep = ctx->rep;

	return rep->path && rep->nout == 2 ? rep->out[1].f : NULL;
}

static int mkinitramfs_run(struct run_ctx *ctx)
{
	struct mkinit m = { 0 };
	FILE *out = image_file(ctx);
	const char *const *mods;
	unsigned nmods = opt_list(ctx, MODULE, &mods), i;
	int rc;

	if (!out) {
		errorf("-o FILE is required (try 'mkinitramfs --help')");
		return EXIT_USAGE;
	}
	if (ctx->argc) {
		errorf("takes no arguments (try 'mkinitramfs --help')");
		return EXIT_USAGE;
	}
	if (ctx->rep->em != ctx->applet->classic) {
		errorf("--format: an image has no result records; -o FILE is all it writes");
		return EXIT_USAGE;
	}
	m.output = ctx->rep->path;
	m.binary = opt_str(ctx, BINARY);
	m.cmdline = opt_given(ctx, CMDLINE) ? opt_str(ctx, CMDLINE) : NULL;
	m.fd = -1;
	rc = check_cmdline(m.cmdline);
	if (!rc)
		rc = open_binary(&m);
	if (!rc)
		rc = open_modules(&m, mods, nmods);
	if (!rc) {
		/* stderr into a closed pipe must not kill us before the rename */
		void (*oldpipe)(int) = signal(SIGPIPE, SIG_IGN);

		rc = write_image(&m, out);
		signal(SIGPIPE, oldpipe);
	}
	if (m.fd >= 0)
		close(m.fd);
	for (i = 0; i < m.nmods; i++)
		if (m.mods[i].fd >= 0)
			close(m.mods[i].fd);
	free(m.settings);
	return rc;
}

/* No records: the -o file holds the image and nothing else. */
static const struct emitter emit_image = { .name = "image" };

TEXT(mkinitramfs_summary, "write an initramfs (cpio.gz) with benchbox as /init");
TEXT(mkinitramfs_usage,
	"usage: mkinitramfs -o FILE.cpio.gz [--binary PATH] [--cmdline TEXT]\n"
	"                   [--module FILE.ko]...\n"
	"\n"
	"Writes a gzip-compressed newc cpio archive for the kernel to unpack as\n"
	"its initramfs: dev/console, init (the static little-endian ELF --binary,\n"
	"by default this benchbox) and, with --cmdline, benchbox.cmdline, the\n"
	"settings /init takes as defaults (at most 4095 bytes; settings init\n"
	"would ignore are refused). Each --module goes into\n"
	"lib/modules/benchbox/, and /init loads them in order before the suite.\n"
	"No cpio or gzip tool is needed; the output is the same bytes on every\n"
	"run and host (mtime 0, or $SOURCE_DATE_EPOCH), and FILE appears complete\n"
	"or not at all.\n");

const struct applet applet_mkinitramfs = {
	.name    = "mkinitramfs",
	.summary = TEXT_PTR(mkinitramfs_summary),
	.flags   = APPLET_TOOL,
	.usage   = TEXT_PTR(mkinitramfs_usage),
	.opts    = opts,
	.unit    = "",
	.classic = &emit_image,
	.run     = mkinitramfs_run,
};
