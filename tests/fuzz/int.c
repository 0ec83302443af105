/* int.c - fuzzes parse_int() (src/util.c): integers on the command line
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: success means the text is an optional '-', then decimal
 * digits, nothing else (no hex, no '+', no blank: the one rule of every
 * number option); the value written back with %lld reads the same;
 * failure leaves the output alone.
 */
#include "fuzz.h"
#include "util.h"

#include <ctype.h>
#include <inttypes.h>

static int shape_ok(const char *s)
{
	const char *d = s + (*s == '-');

	return *d && strspn(d, "0123456789") == strlen(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), buf[32];
	int64_t v = 0x5a5a5a5a5a5a5a5all, back = 0;
	int rc = parse_int(s, &v);

	if (rc) {
		FUZZ_CHECK(rc == -1, "returned %d", rc);
		FUZZ_CHECK(v == 0x5a5a5a5a5a5a5a5all, "failed but wrote %" PRId64, v);
	} else {
		FUZZ_CHECK(shape_ok(s), "'%s' accepted", s);
		snprintf(buf, sizeof(buf), "%" PRId64, v);
		FUZZ_CHECK(parse_int(buf, &back) == 0 && back == v, "'%s' -> %" PRId64 " -> '%s'",
			   s, v, buf);
	}
	free(s);
	return 0;
}
