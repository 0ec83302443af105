/* meminfo.c - fuzzes sys_meminfo_parse() (src/sys.c): /proc/meminfo, as
 * the kernel or a captured sysroot gives it
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: the result is 0..3; a value is written exactly when its bit
 * is set, and is a whole number of KiB; a bit is set only when the text
 * has its key; the values written back as the kernel writes them parse to
 * the same values.
 */
#include "fuzz.h"
#include "sys.h"

#define UNSET 0x5a5a5a5a5a5a5a5aull	/* not a multiple of 1024 */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), again[128];
	uint64_t total = UNSET, avail = UNSET, t2 = UNSET, a2 = UNSET;
	int got = sys_meminfo_parse(s, &total, &avail), back;

	FUZZ_CHECK(got >= 0 && got <= 3, "returned %d", got);
	FUZZ_CHECK((got & 1) ? total % 1024 == 0 : total == UNSET, "bit 0 %d, total %llu",
		   got & 1, (unsigned long long)total);
	FUZZ_CHECK((got & 2) ? avail % 1024 == 0 : avail == UNSET, "bit 1 %d, avail %llu",
		   got & 2, (unsigned long long)avail);
	FUZZ_CHECK(!(got & 1) || strstr(s, "MemTotal:"), "MemTotal without its key");
	FUZZ_CHECK(!(got & 2) || strstr(s, "MemAvailable:"), "MemAvailable without its key");
	if (got == 3) {
		snprintf(again, sizeof(again), "MemTotal:       %llu kB\nMemAvailable:   %llu kB\n",
			 (unsigned long long)(total / 1024), (unsigned long long)(avail / 1024));
		back = sys_meminfo_parse(again, &t2, &a2);
		FUZZ_CHECK(back == 3 && t2 == total && a2 == avail, "'%s' read back as %d", again,
			   back);
	}
	free(s);
	return 0;
}
