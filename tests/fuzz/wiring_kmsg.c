/* wiring_kmsg.c - fuzzes wiring_kmsg_record() (applets/suite/
 * wiring_kernel.c): a record of /dev/kmsg, as the kernel or a captured
 * sysroot's dev/kmsg gives it
 *
 * SPDX-License-Identifier: MIT
 *
 * The input is the record's bytes, in a buffer of exactly that size (a
 * read past it is a sanitizer report). Invariants: a record taken has the
 * shape checked here by hand: three decimal numbers and commas, PRIO
 * within 32 bits and SEQ and USEC within 64, at least one byte of flags
 * without a newline, then ';' where the message starts; its level is
 * PRIO & 7; the message does not change it (the record cut after the ';'
 * reads the same). One refused leaves level and msg alone.
 */
#include "fuzz.h"
#include "wiring.h"

/* The number at *i (digits, at most max), then ',' */
static int number(const uint8_t *d, size_t n, size_t *i, uint64_t max, uint64_t *v)
{
	size_t start = *i;

	for (*v = 0; *i < n && d[*i] >= '0' && d[*i] <= '9'; ++*i) {
		if (*v > (max - (d[*i] - '0')) / 10)
			return 0;
		*v = *v * 10 + (d[*i] - '0');
	}
	return *i > start && *i < n && d[(*i)++] == ',';
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *rec = malloc(size ? size : 1);
	unsigned level = 99, l2 = 99;
	size_t msg = 12345, m2 = 12345, i = 0, k;
	uint64_t prio, v;
	int ok;

	if (!rec)
		abort();
	memcpy(rec, data, size);
	ok = !wiring_kmsg_record(rec, size, &level, &msg);
	if (!ok) {
		FUZZ_CHECK(level == 99 && msg == 12345, "a refused record wrote");
		free(rec);
		return 0;
	}
	FUZZ_CHECK(number(data, size, &i, UINT32_MAX, &prio) &&
		   number(data, size, &i, UINT64_MAX, &v) &&
		   number(data, size, &i, UINT64_MAX, &v), "took a record without its numbers");
	FUZZ_CHECK(level == (prio & 7), "level %u of PRIO %llu", level, (unsigned long long)prio);
	FUZZ_CHECK(msg > i + 1 && msg <= size && data[msg - 1] == ';', "message at %zu", msg);
	for (k = i; k < msg - 1; k++)
		FUZZ_CHECK(data[k] != ';' && data[k] != '\n', "flags hold byte %u", data[k]);
	FUZZ_CHECK(!wiring_kmsg_record(rec, msg, &l2, &m2) && l2 == level && m2 == msg,
		   "the message changed the record");
	free(rec);
	return 0;
}
