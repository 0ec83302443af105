/* fuzz.h - helpers shared by the libFuzzer harnesses in tests/fuzz/
 *
 * SPDX-License-Identifier: MIT
 *
 * Each NAME.c beside this file is one harness: LLVMFuzzerTestOneInput()
 * feeds its bytes to one of benchbox's parsers (the real function, linked
 * from the sanitizer build's objects) and checks the parser's own
 * invariants with FUZZ_CHECK, which aborts: libFuzzer then saves the input
 * as a crash. tests/fuzz/run.sh runs them; corpus/NAME/ holds the seeds.
 */
#ifndef BENCHBOX_FUZZ_H
#define BENCHBOX_FUZZ_H

#include "applet.h"
#include "util.h"

#include <fcntl.h>
#include <sanitizer/common_interface_defs.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* An invariant: on failure, say which one and abort (a crash to libFuzzer). */
#define FUZZ_CHECK(cond, ...) do {						\
	if (!(cond)) {								\
		fprintf(stderr, "%s:%d: invariant failed: %s: ", __FILE__,	\
			__LINE__, #cond);					\
		fprintf(stderr, __VA_ARGS__);					\
		fputc('\n', stderr);						\
		abort();							\
	}									\
} while (0)

/* The input as a C string: a malloc'd copy cut at the first NUL byte (the
 * parsers take C strings; a file or a command line word ends there too). */
static inline char *fuzz_str(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (!s)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/* The input has a NUL byte before its end (fuzz_str() cut it short). */
static inline int fuzz_has_nul(const uint8_t *data, size_t size)
{
	return memchr(data, 0, size) != NULL;
}

/* Write the input into NAME in a private temporary directory (made once per
 * process); the file's path. */
static inline const char *fuzz_file(const uint8_t *data, size_t size, const char *name)
{
	static char dir[64], path[128];
	FILE *f;

	if (!dir[0]) {
		snprintf(dir, sizeof(dir), "%s/bbfuzz.XXXXXX",
			 getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
		if (!mkdtemp(dir))
			abort();
	}
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f))
		abort();
	return path;
}

/* Run the applet with the words of argv (NULL-terminated, argv[0] the
 * applet's name) as benchbox would; its exit status. Its stdout (results,
 * the page) and stderr (one-line errors) go to /dev/null for the run; the
 * sanitizers keep reporting on the real stderr. */
static inline int fuzz_applet(char **argv)
{
	static int err = -1;
	const struct applet *a = applet_find(argv[0]);
	int argc = 0, rc, out, null;

	if (!a)
		abort();
	if (err < 0) {
		if ((err = dup(STDERR_FILENO)) < 0)
			abort();
		__sanitizer_set_report_fd((void *)(intptr_t)err);
	}
	while (argv[argc])
		argc++;
	fflush(stdout);
	fflush(stderr);
	out = dup(STDOUT_FILENO);
	null = open("/dev/null", O_WRONLY);
	if (out < 0 || null < 0 || dup2(null, STDOUT_FILENO) < 0 || dup2(null, STDERR_FILENO) < 0)
		abort();
	close(null);
	rc = applet_main(a, argc, argv);
	fflush(stdout);
	fflush(stderr);
	if (dup2(out, STDOUT_FILENO) < 0 || dup2(err, STDERR_FILENO) < 0)
		abort();
	close(out);
	return rc;
}

#endif
