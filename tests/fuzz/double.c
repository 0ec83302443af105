/* double.c - fuzzes parse_double() (src/util.c): --min-time, budgets,
 * --expect bounds, CSV values
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: success gives a finite number from a text of the decimal
 * grammar (an optional '-', digits with an optional '.' and fraction, at
 * least one digit, an optional exponent: no hex float, inf, nan, '+' or
 * blank), which %.17g writes back in a form read to the same number;
 * failure leaves the output alone.
 */
#include "fuzz.h"
#include "util.h"

#include <math.h>

/* The decimal grammar, walked by hand (not with the parser's own code). */
static int decimal(const char *s)
{
	size_t digits = 0;

	s += *s == '-';
	for (; *s >= '0' && *s <= '9'; s++)
		digits++;
	if (*s == '.')
		for (s++; *s >= '0' && *s <= '9'; s++)
			digits++;
	if (!digits)
		return 0;
	if (*s == 'e' || *s == 'E') {
		s++;
		s += *s == '-' || *s == '+';
		if (!(*s >= '0' && *s <= '9'))
			return 0;
		while (*s >= '0' && *s <= '9')
			s++;
	}
	return !*s;
}

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
		FUZZ_CHECK(decimal(s), "'%s' accepted", s);
		snprintf(buf, sizeof(buf), "%.17g", v);
		FUZZ_CHECK(parse_double(buf, &back) == 0 && back == v, "'%s' -> %.17g -> '%s'",
			   s, v, buf);
	}
	free(s);
	return 0;
}
