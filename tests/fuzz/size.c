/* size.c - fuzzes parse_size() and format_size() (src/util.c): sizes on
 * the command line (bw_mem 64m, --size=1.5G, ...)
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: success leaves a value that format_size() writes in a form
 * parse_size() reads back to the same value; failure leaves the output
 * alone; a plain decimal number of bytes is read as itself; an accepted
 * text is digits with an optional '.' and fraction (one digit at least),
 * an optional k/m/g/t (either case), then an optional B (or, after a
 * suffix, iB or b): no hex, sign or blank.
 */
#include "fuzz.h"
#include "util.h"

#include <inttypes.h>

static int size_shape(const char *s)
{
	size_t n = strspn(s, "0123456789");
	int suffix = 0;

	s += n;
	if (*s == '.') {
		size_t f = strspn(++s, "0123456789");

		n += f;
		s += f;
	}
	if (!n)
		return 0;
	if (*s && strchr("kKmMgGtT", *s)) {
		s++;
		suffix = 1;
	}
	if (suffix && s[0] == 'i' && s[1] == 'B')
		s += 2;
	else if (*s == 'B' || (suffix && *s == 'b'))
		s++;
	return !*s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), buf[32];
	uint64_t v = 0x5a5a5a5a5a5a5a5aull, back = 0;
	int rc = parse_size(s, &v);

	if (rc) {
		FUZZ_CHECK(rc == -1, "returned %d", rc);
		FUZZ_CHECK(v == 0x5a5a5a5a5a5a5a5aull, "failed but wrote %" PRIu64, v);
	} else {
		FUZZ_CHECK(size_shape(s), "'%s' accepted", s);
		FUZZ_CHECK(format_size(v, buf, sizeof(buf)) == buf, "format_size's result");
		FUZZ_CHECK(strlen(buf) < sizeof(buf) - 1, "'%s' fills the buffer", buf);
		FUZZ_CHECK(parse_size(buf, &back) == 0, "'%s' (from '%s') does not parse", buf, s);
		FUZZ_CHECK(back == v, "'%s' -> %" PRIu64 " -> '%s' -> %" PRIu64, s, v, buf, back);
		if (*s && strspn(s, "0123456789") == strlen(s) && strlen(s) < 20)
			FUZZ_CHECK(v == strtoull(s, NULL, 10), "'%s' read as %" PRIu64, s, v);
	}
	free(s);
	return 0;
}
