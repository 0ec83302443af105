/* double.c - fuzzes parse_double() (src/util.c): --min-time, budgets,
 * --expect bounds, CSV values
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: success gives a finite number from a text with no leading
 * blank or '+', which %.17g writes back in a form read to the same
 * number; failure leaves the output alone.
 */
#include "fuzz.h"
#include "util.h"

#include <ctype.h>
#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), buf[40];
	double v = 12345.5, back = 0;
	int rc = parse_double(s, &v);

	if (rc) {
		FUZZ_CHECK(rc == -1, "returned %d", rc);
		FUZZ_CHECK(v == 12345.5, "failed but wrote %g", v);
	} else {
		FUZZ_CHECK(isfinite(v), "'%s' read as %g", s, v);
		FUZZ_CHECK(*s && !isspace((unsigned char)*s) && *s != '+', "'%s' accepted", s);
		snprintf(buf, sizeof(buf), "%.17g", v);
		FUZZ_CHECK(parse_double(buf, &back) == 0 && back == v, "'%s' -> %.17g -> '%s'",
			   s, v, buf);
	}
	/* TODO(issue 14): with the decimal-only parser, assert that hex
	 * floats ("0x1p3"), "inf" and "nan" spellings are refused. */
	free(s);
	return 0;
}
