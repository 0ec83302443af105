/* expect.c - fuzzes verdict_expect_parse() (src/verdict.c), the reader of
 * --expect files (run, compare, init's benchbox.expect)
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: a failure returns -1 with a message and no array; success
 * returns n >= 0 lines, each with min <= max, both finite, and a metric
 * that is a non-empty word (no blank, no '#', NUL-terminated within its
 * field) found again by verdict_expect_find(); the number of accepted
 * lines is at most the number of lines of the text.
 */
#include "fuzz.h"
#include "verdict.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_str(data, size), err[160] = "";
	struct verdict_expect *e = (struct verdict_expect *)&err;	/* must be reset */
	size_t lines = 1, i;
	int n = verdict_expect_parse(text, &e, err, sizeof(err)), k;

	for (i = 0; text[i]; i++)
		lines += text[i] == '\n';
	/* TODO(issue 14): a file with a NUL byte is refused by the reader;
	 * here only the text before it is parsed (fuzz_str). */
	if (n < 0) {
		FUZZ_CHECK(n == -1, "returned %d", n);
		FUZZ_CHECK(err[0], "failed without a message");
		FUZZ_CHECK(e == NULL, "failed but left an array");
		free(text);
		return 0;
	}
	FUZZ_CHECK((size_t)n <= lines, "%d entries from %zu lines", n, lines);
	FUZZ_CHECK(n == 0 || e, "%d entries, no array", n);
	for (k = 0; k < n; k++) {
		const struct verdict_expect *x = &e[k];
		size_t len = strnlen(x->metric, sizeof(x->metric));

		FUZZ_CHECK(len > 0 && len < sizeof(x->metric), "entry %d: metric of %zu bytes",
			   k, len);
		FUZZ_CHECK(!strpbrk(x->metric, " \t\n\r\v\f#"), "entry %d: metric '%s' has a blank",
			   k, x->metric);
		FUZZ_CHECK(isfinite(x->lo) && isfinite(x->hi), "entry %d: %g..%g", k, x->lo, x->hi);
		FUZZ_CHECK(x->lo <= x->hi, "entry %d: min %g > max %g", k, x->lo, x->hi);
		FUZZ_CHECK(verdict_expect_find(e, n, x->metric) != NULL, "entry %d: not found", k);
	}
	free(e);
	free(text);
	return 0;
}
