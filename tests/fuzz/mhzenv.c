/* mhzenv.c - fuzzes mhz_env_parse() (applets/cpu/mhz.c): BENCHBOX_MHZ
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: the answer is -1, 0 or 1, and the same for every CPU when
 * it is -1 (the text is malformed as a whole); failure and "not named"
 * leave *mhz alone; a clock found is finite, over 0 and under 100000,
 * and its entry written back as "CPU:%.17g" alone reads the same; each
 * comma-separated entry of a well-formed text is well formed alone; a
 * CPU past 4095 is never named.
 */
#include "fuzz.h"
#include "mhz.h"

#include <math.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), *e, one[64];
	double mhz, again, dummy;
	int cpu, rc, rc0 = mhz_env_parse(s, 0, &dummy);

	FUZZ_CHECK(rc0 >= -1 && rc0 <= 1, "returned %d", rc0);
	for (cpu = 0; cpu < 8; cpu++) {
		mhz = -7;
		rc = mhz_env_parse(s, cpu, &mhz);
		FUZZ_CHECK((rc < 0) == (rc0 < 0), "'%s': cpu %d %d, cpu 0 %d", s, cpu, rc, rc0);
		if (rc) {
			FUZZ_CHECK(mhz == -7, "'%s': cpu %d answer %d set %g", s, cpu, rc, mhz);
			continue;
		}
		FUZZ_CHECK(isfinite(mhz) && mhz > 0 && mhz < 100000, "'%s': %g", s, mhz);
		snprintf(one, sizeof(one), "%d:%.17g", cpu, mhz);
		FUZZ_CHECK(!mhz_env_parse(one, cpu, &again) && again == mhz, "'%s' from '%s'",
			   one, s);
	}
	if (rc0 >= 0) {
		FUZZ_CHECK(mhz_env_parse(s, 4096, &dummy) == 1, "'%s' names cpu 4096", s);
		for (e = strtok(s, ","); e; e = strtok(NULL, ","))
			FUZZ_CHECK(mhz_env_parse(e, 0, &dummy) >= 0, "entry '%s' refused", e);
	}
	free(s);
	return 0;
}
