/* expect.c - fuzzes verdict_expect_parse() (src/verdict.c), the reader of
 * --expect files (run, compare, init's benchbox.expect)
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: a failure returns -1 with a message and no array; success
 * returns n >= 0 lines, each with a metric that is a non-empty word (no
 * blank, no control, no '#', NUL-terminated within its field): a band,
 * min <= max, both finite, value "", found again by verdict_expect_find();
 * or a pin (NAME.ATTR VALUE), a '.' in the metric neither first nor last,
 * a value of 1-63 of [A-Za-z0-9._+/-] that holds for itself
 * (verdict_pin_holds()), never found as a band; the number of
 * accepted lines is at most the number of lines of the text; a text with
 * a NUL byte, or a byte order mark anywhere but at its start or in a
 * comment (after '#': text nobody reads), is refused.
 * The parser gets the bytes themselves (text[0..len), no NUL after them),
 * so ASan catches a read past the end.
 */
#include "fuzz.h"
#include "verdict.h"

#include <math.h>

/* Byte i lies in a comment: a '#' comes before it on its line. */
static int in_comment(const uint8_t *data, size_t i)
{
	while (i > 0 && data[i - 1] != '\n')
		if (data[--i] == '#')
			return 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size ? size : 1), err[160] = "";
	struct verdict_expect *e = (struct verdict_expect *)&err;	/* must be reset */
	size_t lines = 1, i;
	int n, k;

	if (!text)
		abort();
	memcpy(text, data, size);
	n = verdict_expect_parse(text, size, &e, err, sizeof(err));
	for (i = 0; i < size; i++)
		lines += text[i] == '\n';
	if (n < 0) {
		FUZZ_CHECK(n == -1, "returned %d", n);
		FUZZ_CHECK(err[0], "failed without a message");
		FUZZ_CHECK(e == NULL, "failed but left an array");
		free(text);
		return 0;
	}
	FUZZ_CHECK(!fuzz_has_nul(data, size), "a text with a NUL byte accepted");
	for (i = 1; i + 3 <= size; i++)
		if (!memcmp(data + i, "\xef\xbb\xbf", 3))
			FUZZ_CHECK(in_comment(data, i), "a BOM at offset %zu accepted", i);
	FUZZ_CHECK((size_t)n <= lines, "%d entries from %zu lines", n, lines);
	FUZZ_CHECK(n == 0 || e, "%d entries, no array", n);
	for (k = 0; k < n; k++) {
		const struct verdict_expect *x = &e[k];
		size_t len = strnlen(x->metric, sizeof(x->metric));

		FUZZ_CHECK(len > 0 && len < sizeof(x->metric), "entry %d: metric of %zu bytes",
			   k, len);
		FUZZ_CHECK(!strpbrk(x->metric, " \t\n\r\v\f#"), "entry %d: metric '%s' has a blank",
			   k, x->metric);
		for (i = 0; i < len; i++)
			FUZZ_CHECK((unsigned char)x->metric[i] >= 0x20 && x->metric[i] != 0x7f,
				   "entry %d: a control byte in the metric", k);
		if (x->value[0]) {
			size_t vl = strnlen(x->value, sizeof(x->value));
			const char *dot = strrchr(x->metric, '.');

			FUZZ_CHECK(vl < sizeof(x->value) && strspn(x->value, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				   "abcdefghijklmnopqrstuvwxyz0123456789._+/-") == vl,
				   "entry %d: pin value '%.*s'", k, (int)vl, x->value);
			FUZZ_CHECK(dot && dot != x->metric && dot[1], "entry %d: pin '%s' is no "
				   "NAME.ATTR", k, x->metric);
			FUZZ_CHECK(x->lo == 0 && x->hi == 0, "entry %d: a pin with a band", k);
			FUZZ_CHECK(verdict_pin_holds(x->value, x->value), "entry %d: '%s' does not hold "
				   "for itself", k, x->value);
			FUZZ_CHECK(verdict_expect_find(e, n, x->metric) != x, "entry %d: a pin found "
				   "as a band", k);
			continue;
		}
		FUZZ_CHECK(isfinite(x->lo) && isfinite(x->hi), "entry %d: %g..%g", k, x->lo, x->hi);
		FUZZ_CHECK(x->lo <= x->hi, "entry %d: min %g > max %g", k, x->lo, x->hi);
		FUZZ_CHECK(verdict_expect_find(e, n, x->metric) != NULL, "entry %d: not found", k);
	}
	free(e);
	free(text);
	return 0;
}
