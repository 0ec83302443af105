/* statcpu.c - fuzzes sys_stat_cpu() (src/sys.c): the "cpu " line of
 * /proc/stat, as the kernel or a captured sysroot gives it
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: the result is 0 or -1; on -1 nothing is written; on 0 the
 * text starts with "cpu ", and busy and total written back as a line of
 * the kernel's (busy as user, the rest as idle) read the same.
 */
#include "fuzz.h"
#include "sys.h"

#define UNSET 0x5a5a5a5a5a5a5a5aull

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), again[128];
	uint64_t busy = UNSET, total = UNSET, b2 = UNSET, t2 = UNSET;
	int rc = sys_stat_cpu(s, &busy, &total), back;

	FUZZ_CHECK(rc == 0 || rc == -1, "returned %d", rc);
	if (rc) {
		FUZZ_CHECK(busy == UNSET && total == UNSET, "written on failure");
	} else {
		FUZZ_CHECK(!strncmp(s, "cpu ", 4), "not a cpu line: '%.20s'", s);
		if (total >= busy) {	/* (hostile counts may wrap the sums) */
			snprintf(again, sizeof(again), "cpu  %llu 0 0 %llu 0 0 0 0 0 0\n",
				 (unsigned long long)busy, (unsigned long long)(total - busy));
			back = sys_stat_cpu(again, &b2, &t2);
			FUZZ_CHECK(!back && b2 == busy && t2 == total, "'%s' read back as %d",
				   again, back);
		}
	}
	free(s);
	return 0;
}
