/* cpumask.c - fuzzes cpu_parse_mask() (src/cpu.c): BENCHBOX_CPU_MASK
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: a number is taken as the mask itself (0..0xffffffff, else
 * refused); otherwise success means every word (split at ',' and ' ') is
 * a feature name, and the mask is the union of each word's own mask;
 * the same text parsed twice gives the same mask; failure leaves the
 * output alone.
 */
#include "fuzz.h"
#include "cpu.h"
#include "util.h"

/* the union of the masks of the words of s, each parsed alone */
static unsigned by_words(const char *s)
{
	char word[64];
	unsigned m = 0, one;
	size_t n;

	for (s += strspn(s, ", "); *s; s += n, s += strspn(s, ", ")) {
		n = strcspn(s, ", ");
		FUZZ_CHECK(n < sizeof(word), "a word of %zu bytes accepted", n);
		memcpy(word, s, n);
		word[n] = '\0';
		FUZZ_CHECK(cpu_parse_mask(word, &one) == 0, "'%s' alone is refused", word);
		m |= one;
	}
	return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size);
	unsigned m = 0xa5a5a5a5u, m2 = 0;
	uint64_t v;
	int rc = cpu_parse_mask(s, &m);

	if (rc) {
		FUZZ_CHECK(rc == -1, "returned %d", rc);
		FUZZ_CHECK(m == 0xa5a5a5a5u, "failed but wrote %#x", m);
	} else {
		FUZZ_CHECK(cpu_parse_mask(s, &m2) == 0 && m2 == m, "'%s': %#x then %#x", s, m, m2);
		if (!parse_uint_hex(s, &v))
			FUZZ_CHECK(v <= 0xffffffffull && m == (unsigned)v,
				   "'%s' is the number %llu, mask %#x", s, (unsigned long long)v, m);
		else
			FUZZ_CHECK(by_words(s) == m, "'%s': %#x, word by word %#x", s, m, by_words(s));
	}
	free(s);
	return 0;
}
