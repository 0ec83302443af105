/* cpulist.c - fuzzes sys_parse_cpulist() (src/sys.c): --cpu=LIST
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: the result is -1 or a count 1..max; every CPU is in range
 * (0..4095), the list is strictly increasing (so no duplicates); writing
 * the list back as comma-separated numbers reads the same; with a smaller max, a list that
 * does not fit is refused rather than cut.
 */
#include "fuzz.h"
#include "sys.h"

#define MAX 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int cpus[MAX], again[MAX];
	char *s = fuzz_str(data, size), *out;
	int n = sys_parse_cpulist(s, cpus, MAX), i, m;
	size_t o = 0;

	if (n < 0) {
		FUZZ_CHECK(n == -1, "returned %d", n);
		free(s);
		return 0;
	}
	FUZZ_CHECK(n >= 1 && n <= MAX, "count %d", n);
	for (i = 0; i < n; i++) {
		FUZZ_CHECK(cpus[i] >= 0 && cpus[i] < 4096, "cpu %d", cpus[i]);
		FUZZ_CHECK(i == 0 || cpus[i] > cpus[i - 1], "cpu %d after %d", cpus[i], cpus[i - 1]);
	}
	out = malloc((size_t)n * 6 + 1);
	if (!out)
		abort();
	for (i = 0; i < n; i++)
		o += (size_t)sprintf(out + o, "%s%d", i ? "," : "", cpus[i]);
	m = sys_parse_cpulist(out, again, MAX);
	FUZZ_CHECK(m == n, "'%s' read back as %d CPUs, not %d", s, m, n);
	FUZZ_CHECK(!memcmp(cpus, again, (size_t)n * sizeof(*cpus)), "'%s': another list", s);
	m = sys_parse_cpulist(s, again, n - 1 > 0 ? n - 1 : 1);
	FUZZ_CHECK(n == 1 ? m == 1 : m == -1, "'%s' with max %d: %d", s, n - 1, m);
	free(out);
	free(s);
	return 0;
}
