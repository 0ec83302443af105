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
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") || !strcmp(e->d_name, "B"))
			continue;
		if (!strcmp(e->d_name, "I.gz"))
			*image = 1;
		n++;
	}
	closedir(d);
	return n;
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
	return 0;
}
