/* size.c - fuzzes parse_size() and format_size() (src/util.c): sizes on
 * the command line (bw_mem 64m, --size=1.5G, ...)
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: success leaves a value that format_size() writes in a form
 * parse_size() reads back to the same value; failure leaves the output
 * alone; a plain decimal number of bytes is read as itself.
 */
#include "fuzz.h"
#include "util.h"

#include <inttypes.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), buf[32];
	uint64_t v = 0x5a5a5a5a5a5a5a5aull, back = 0;
	int rc = parse_size(s, &v);

	if (rc) {
		FUZZ_CHECK(rc == -1, "returned %d", rc);
		FUZZ_CHECK(v == 0x5a5a5a5a5a5a5a5aull, "failed but wrote %" PRIu64, v);
	} else {
		FUZZ_CHECK(format_size(v, buf, sizeof(buf)) == buf, "format_size's result");
		FUZZ_CHECK(strlen(buf) < sizeof(buf) - 1, "'%s' fills the buffer", buf);
		FUZZ_CHECK(parse_size(buf, &back) == 0, "'%s' (from '%s') does not parse", buf, s);
		FUZZ_CHECK(back == v, "'%s' -> %" PRIu64 " -> '%s' -> %" PRIu64, s, v, buf, back);
		if (*s && strspn(s, "0123456789") == strlen(s) && strlen(s) < 20)
			FUZZ_CHECK(v == strtoull(s, NULL, 10), "'%s' read as %" PRIu64, s, v);
	}
	/* TODO(issue 14): with a decimal-only number parser, assert that
	 * success means the text is [0-9]+(.[0-9]+)?[kKmMgGtT]?(i?B|b)?. */
	free(s);
	return 0;
}
