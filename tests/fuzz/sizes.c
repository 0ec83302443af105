/* sizes.c - fuzzes fio_parse_sizes() (applets/io/fileio.c): fileio's lists
 * of block sizes ("4k,64k,1m")
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: the result is -1 or a count 1..max; no size is 0; the list
 * written back (each size in bytes, comma-separated) reads the same; with
 * a smaller max, a list that does not fit is refused rather than cut.
 */
#include "fuzz.h"
#include "fileio.h"
#include "util.h"

#include <inttypes.h>

#define MAX 16

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), back[MAX * 24];
	uint64_t out[MAX], again[MAX];
	int n = fio_parse_sizes(s, out, MAX), m, i;
	size_t o = 0;

	if (n < 0) {
		FUZZ_CHECK(n == -1, "returned %d", n);
		free(s);
		return 0;
	}
	FUZZ_CHECK(n >= 1 && n <= MAX, "count %d", n);
	for (i = 0; i < n; i++) {
		FUZZ_CHECK(out[i] > 0, "item %d is 0", i);
		o += (size_t)snprintf(back + o, sizeof(back) - o, "%s%" PRIu64, i ? "," : "", out[i]);
	}
	m = fio_parse_sizes(back, again, MAX);
	FUZZ_CHECK(m == n && !memcmp(out, again, (size_t)n * sizeof(*out)),
		   "'%s' -> '%s' -> %d sizes", s, back, m);
	if (n > 1)
		FUZZ_CHECK(fio_parse_sizes(s, again, n - 1) == -1, "'%s' fits in %d", s, n - 1);
	free(s);
	return 0;
}
