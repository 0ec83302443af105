/* elf.c - fuzzes mkinitramfs's check of --binary (elf_inspect() in
 * applets/boot/mkinitramfs.c), through the applet itself
 *
 * SPDX-License-Identifier: MIT
 *
 * The input is written to a file B, then `mkinitramfs --binary B -o I.gz`
 * runs. Invariants: the status is 0 (an image was written) or 2 (B is not
 * a little-endian ELF executable: usage error), never anything else for a
 * readable file; 0 only for a file that starts with the ELF magic, class
 * 32 or 64, little-endian, type EXEC or DYN and a whole ELF header; after
 * a refusal no image and no temporary file is left; after success the
 * image is there and nothing else.
 *
 * Then the same bytes as a kernel module, M.ko (`mkinitramfs --binary E
 * --module M.ko`, E a fixed x86_64 executable header): 0 only for an ELF
 * relocatable object (type REL) of E's class (64) and machine (x86_64),
 * little-endian, with a whole header; else 2; the same files left.
 */
#include "fuzz.h"

#include <dirent.h>

/* the files of dir other than B; whether I.gz is among them */
static int others(const char *dir, int *image)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	if (!d)
		abort();
	*image = 0;
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, "B") ||
		    !strcmp(e->d_name, "E") || !strcmp(e->d_name, "M.ko"))
			continue;
		if (!strcmp(e->d_name, "I.gz"))
			*image = 1;
		n++;
	}
	closedir(d);
	return n;
}

/* The input as --module M.ko beside a fixed executable E (64-bit x86_64). */
static void module(const uint8_t *data, size_t size, const char *dir)
{
	static const unsigned char exe[64] = { 0x7f, 'E', 'L', 'F', 2, 1, 1, [16] = 2, 0, 62, 0,
						1 };
	char e[200], m[200], image[200];
	FILE *f;
	int rc, n, have;

	snprintf(e, sizeof(e), "%s/E", dir);
	snprintf(m, sizeof(m), "%s/M.ko", dir);
	snprintf(image, sizeof(image), "%s/I.gz", dir);
	if (!(f = fopen(e, "wb")) || fwrite(exe, 1, sizeof(exe), f) != sizeof(exe) || fclose(f))
		abort();
	if (!(f = fopen(m, "wb")) || (size && fwrite(data, 1, size, f) != size) || fclose(f))
		abort();
	{
		char *av[] = { "mkinitramfs", "--binary", e, "--module", m, "-o", image, NULL };

		rc = fuzz_applet(av);
	}
	n = others(dir, &have);
	FUZZ_CHECK(rc == 0 || rc == 2, "--module: status %d", rc);
	if (rc == 0) {
		FUZZ_CHECK(size >= 64 && !memcmp(data, "\177ELF", 4) && data[4] == 2 && data[5] == 1 &&
			   data[16] == 1 && data[17] == 0 && data[18] == 62 && data[19] == 0,
			   "--module: accepted a file that is no 64-bit x86_64 relocatable object");
		FUZZ_CHECK(have && n == 1, "--module: %d files left beside the image", n);
		unlink(image);
	} else {
		FUZZ_CHECK(n == 0, "--module: refused, but %d files left", n);
	}
	unlink(m);
	unlink(e);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	util_set_prog("fuzz");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[160], dir[160], image[200], *slash;
	int rc, n, have;

	snprintf(path, sizeof(path), "%s", fuzz_file(data, size, "B"));
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	*slash = '\0';
	snprintf(image, sizeof(image), "%s/I.gz", dir);
	{
		char *av[] = { "mkinitramfs", "--binary", path, "-o", image, NULL };

		rc = fuzz_applet(av);
	}
	n = others(dir, &have);
	FUZZ_CHECK(rc == 0 || rc == 2, "status %d", rc);
	if (rc == 0) {
		size_t eh = size > 4 && data[4] == 1 ? 52 : 64;

		FUZZ_CHECK(size >= eh && !memcmp(data, "\177ELF", 4) && (data[4] == 1 || data[4] == 2) &&
			   data[5] == 1 && data[17] == 0 && (data[16] == 2 || data[16] == 3),
			   "accepted a file that is no little-endian ELF executable");
		FUZZ_CHECK(have && n == 1, "%d files left beside the image (image %s)", n,
			   have ? "there" : "missing");
		unlink(image);
	} else {
		FUZZ_CHECK(n == 0, "refused, but %d files left (image %s)", n, have ? "there" : "not there");
	}
	module(data, size, dir);
	return 0;
}
