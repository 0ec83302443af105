/* wiring.c - fuzzes wiring_parse_gts() and wiring_parse_dt_cells()
 * (applets/suite/wiring.c): sysfs link speeds, devicetree reg properties
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: a speed is taken only from the grammar (digits with at most
 * one '.', at most 6 digits, " GT/s", then the end or a blank), checked
 * here by hand, and is positive; a refused one leaves the output alone.
 * The first input byte picks the cell counts for the reg parse of the
 * rest: success only for a whole number of entries of 1-2 address and
 * 1-2 size cells, and its total is the sum of the size cells read here.
 */
#include "fuzz.h"
#include "wiring.h"

static int grammar(const char *s)
{
	int digits = 0, dot = 0;

	for (; (*s >= '0' && *s <= '9') || (*s == '.' && !dot); s++)
		if (*s == '.')
			dot = 1;
		else
			digits++;
	return digits && digits <= 6 && !strncmp(s, " GT/s", 5) && (!s[5] || s[5] == ' ');
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size);
	double g = -1;
	uint64_t total = 7, sum = 0, v;
	unsigned ac, sc;
	size_t each, i, k;
	int ok = !wiring_parse_gts(s, &g);

	FUZZ_CHECK(!ok || grammar(s), "took '%s'", s);
	FUZZ_CHECK(ok ? g > 0 : g == -1, "'%s': %g", s, g);
	free(s);
	if (!size)
		return 0;
	ac = data[0] & 3;
	sc = data[0] >> 2 & 3;
	ok = !wiring_parse_dt_cells(data + 1, size - 1, ac, sc, &total);
	each = 4 * (size_t)(ac + sc);
	FUZZ_CHECK(!ok || (ac >= 1 && sc >= 1 && size > 1 && (size - 1) % each == 0),
		   "took %zu bytes of %u+%u cells", size - 1, ac, sc);
	if (!ok) {
		FUZZ_CHECK(total == 7, "a refused reg wrote %llu", (unsigned long long)total);
		return 0;
	}
	for (i = 1; i < size; i += each) {
		for (k = 0, v = 0; k < sc; k++) {
			const uint8_t *c = data + i + 4 * (ac + k);

			v = v << 32 | (uint64_t)c[0] << 24 | (uint64_t)c[1] << 16 | (uint64_t)c[2] << 8 | c[3];
		}
		sum += v;
	}
	FUZZ_CHECK(total == sum, "total %llu, sum %llu", (unsigned long long)total,
		   (unsigned long long)sum);
	return 0;
}
