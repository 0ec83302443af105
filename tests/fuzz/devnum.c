/* devnum.c - fuzzes sys_parse_devnum() (src/sys.c): a device number as
 * sysfs's dev files and /proc/self/mountinfo write it, "MAJOR:MINOR"
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: the result is 0 or -1; on -1 nothing is written; on 0 the
 * text is digits, ':', digits and at most a newline, and the number
 * written back as "%u:%u" reads the same.
 */
#include "fuzz.h"
#include "sys.h"

#include <sys/sysmacros.h>

#define UNSET ((dev_t)0x5a5a5a5a5a5a5a5aull)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), again[32];
	dev_t dev = UNSET, d2 = UNSET;
	int rc = sys_parse_devnum(s, &dev), back;
	size_t n;

	FUZZ_CHECK(rc == 0 || rc == -1, "returned %d", rc);
	if (rc) {
		FUZZ_CHECK(dev == UNSET, "written on failure");
	} else {
		n = strspn(s, "0123456789");
		FUZZ_CHECK(n && s[n] == ':', "'%.20s': no MAJOR:", s);
		n += 1 + strspn(s + n + 1, "0123456789");
		FUZZ_CHECK(!strcmp(s + n, "") || !strcmp(s + n, "\n"), "'%.20s': text after it", s);
		snprintf(again, sizeof(again), "%u:%u", major(dev), minor(dev));
		back = sys_parse_devnum(again, &d2);
		FUZZ_CHECK(!back && d2 == dev, "'%s' read back as %d", again, back);
	}
	free(s);
	return 0;
}
