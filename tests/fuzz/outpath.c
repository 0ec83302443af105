/* outpath.c - fuzzes out_open() (src/outfile.c), the walk of a -o name
 * through its symbolic links with the kernel's protected_* rules
 *
 * SPDX-License-Identifier: MIT
 *
 * Input: a path (cut at the first NUL), taken relative to a fixture made
 * once: files, a directory, links to them (relative, absolute, chained,
 * looping, dangling, through '..'), a FIFO, and a sticky world-writable
 * directory s/ whose link and file belong to another user (when the
 * harness runs as root). Inputs that could leave the fixture (a leading
 * '/', a '..') are skipped: the walk reads the whole file system, and an
 * O_WRONLY open of a real device is no thing to fuzz.
 * out_open() runs with OUT_NOCREATE and OUT_NOWAIT, then out_abort().
 * Invariants: the status is 0, OUT_FAIL or OUT_ISDIR; a failure's reason
 * is one NUL-terminated line of printable ASCII; neither another user's
 * file in s/ nor the file beside the fixture that only another user's
 * link in s/ names is ever opened (when the harness runs as root); afterwards the fixture is as it was (no
 * temporary left, nothing made, f's bytes unchanged) and no descriptor
 * is left open.
 */
#define _GNU_SOURCE
#include "fuzz.h"
#include "outfile.h"

#include <dirent.h>
#include <ftw.h>
#include <sys/stat.h>

static char root[64], outside[80];
static struct stat victim, theirs;

static int rm_one(const char *p, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st; (void)type; (void)ftw;
	return remove(p);
}

static void cleanup(void)
{
	if (root[0])
		nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	if (outside[0])
		unlink(outside);
}

static void must(int ok, const char *what)
{
	if (!ok) {
		perror(what);
		abort();
	}
}

/* Entries of the fixture's three directories, and the open descriptors. */
static unsigned long census(void)
{
	static const char *dirs[] = { "", "/d", "/s" };
	char path[96];
	unsigned long n = 0;
	size_t i;

	for (i = 0; i <= sizeof(dirs) / sizeof(dirs[0]); i++) {
		DIR *d;

		if (i < sizeof(dirs) / sizeof(dirs[0]))
			snprintf(path, sizeof(path), "%s%s", root, dirs[i]);
		else
			snprintf(path, sizeof(path), "/proc/self/fd");
		d = opendir(path);
		struct dirent *e;

		must(d != NULL, path);
		while ((e = readdir(d))) {	/* a sum: readdir's order does not count */
			unsigned long h = 5381;
			const char *c;

			for (c = e->d_name; *c; c++)
				h = h * 33 + (unsigned char)*c;
			n += h;
		}
		closedir(d);
	}
	return n;
}

/* NAME in the fixture */
static const char *at(const char *name)
{
	static char path[2][96];
	static int k;

	k ^= 1;
	snprintf(path[k], sizeof(path[k]), "%s/%s", root, name);
	return path[k];
}

static void touch(const char *name)
{
	FILE *f = fopen(at(name), "w");

	must(f != NULL && !fclose(f), name);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *links[][2] = {
		{ "f", "l" }, { "d", "ld" }, { "l", "chain" }, { "loop2", "loop1" },
		{ "loop1", "loop2" }, { "nothere", "dang" }, { "d/../f", "up" },
		{ ".", "self" }, { "p", "lp" }, { "../f", "d/back" }, { "../d/g", "s/mine" },
	};
	size_t i;

	(void)argc; (void)argv;
	snprintf(root, sizeof(root), "%s/bbfuzz-out.XXXXXX",
		 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	must(mkdtemp(root) != NULL, "mkdtemp");
	atexit(cleanup);
	snprintf(outside, sizeof(outside), "%s.victim", root);
	fclose(fopen(outside, "w"));
	must(!mkdir(at("d"), 0755) && !mkdir(at("s"), 0755) && !chmod(at("s"), 01777), "mkdir");
	touch("f");
	touch("d/g");
	touch("s/file");
	must(!mkfifo(at("p"), 0644), "mkfifo");
	for (i = 0; i < sizeof(links) / sizeof(links[0]); i++)
		must(!symlink(links[i][0], at(links[i][1])), links[i][1]);
	must(!symlink(at("f"), at("abs")) && !symlink(outside, at("s/theirs")), "symlink");
	if (!geteuid())
		must(!lchown(at("s/theirs"), 65534, 65534) && !lchown(at("s/file"), 65534, 65534),
		     "lchown");
	must(!truncate(at("f"), 5), "truncate");
	must(!stat(outside, &victim) && !stat(at("s/file"), &theirs), "stat");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *name = fuzz_str(data, size), *path, err[96];
	static unsigned long before;
	struct outfile o;
	struct stat st;
	int rc;

	if (!before)
		before = census();
	if (name[0] == '/' || strstr(name, "..")) {
		free(name);
		return 0;
	}
	path = xmalloc(strlen(root) + strlen(name) + 2);
	sprintf(path, "%s/%s", root, name);
	rc = out_open(&o, path, OUT_NOCREATE | OUT_NOWAIT, err, sizeof(err));
	FUZZ_CHECK(rc == 0 || rc == OUT_FAIL || rc == OUT_ISDIR, "status %d", rc);
	if (rc) {
		const char *nul = memchr(err, '\0', sizeof(err)), *p;

		FUZZ_CHECK(nul != NULL, "reason not terminated");
		for (p = err; p < nul; p++)
			FUZZ_CHECK(*p >= 0x20 && *p < 0x7f, "byte 0x%02x in the reason", (unsigned char)*p);
	} else {
		FUZZ_CHECK(o.fd >= 0, "opened, no descriptor");
		if (!geteuid()) {
			FUZZ_CHECK(o.atomic ? !stat(o.target, &st) : !fstat(o.fd, &st), "stat");
			FUZZ_CHECK(st.st_ino != victim.st_ino && st.st_ino != theirs.st_ino,
				   "another user's file or link followed for '%s'", name);
		}
		out_abort(&o);
	}
	FUZZ_CHECK(census() == before, "the fixture changed after '%s'", name);
	FUZZ_CHECK(!stat(at("f"), &st) && st.st_size == 5, "f changed after '%s'", name);
	free(path);
	free(name);
	return 0;
}
