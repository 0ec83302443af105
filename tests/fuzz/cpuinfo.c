/* cpuinfo.c - fuzzes cpu_info_find() and cpu_info_midr() (src/cpu.c):
 * /proc/cpuinfo, as the kernel or a captured sysroot gives it
 *
 * SPDX-License-Identifier: MIT
 *
 * Each of a few keys is looked up for the first block and for processor
 * 1. Invariants: the result is -1 or strlen(buf), under the
 * buffer's size, and nothing is written past it (the buffers are sized
 * exactly); a value found has no newline and no blank at either end (a
 * value cut to the buffer may end in one), and the text holds its key; a
 * smaller buffer gets the same value cut to fit (or -1 with it); a MIDR
 * found fits in 32 bits and its implementer and part are those of the
 * "CPU implementer" and "CPU part" lines found.
 */
#include "fuzz.h"
#include "cpu.h"
#include "util.h"

enum { BIG = 512, SMALL = 7 };

static void check_key(const char *text, int cpu, const char *key)
{
	char *big = malloc(BIG), *small = malloc(SMALL);
	int n = cpu_info_find(text, cpu, key, big, BIG), m;

	if (!big || !small)
		abort();
	FUZZ_CHECK(n == -1 || (n >= 0 && n < BIG && (size_t)n == strlen(big)),
		   "key '%s' cpu %d: returned %d", key, cpu, n);
	m = cpu_info_find(text, cpu, key, small, SMALL);
	if (n < 0) {
		FUZZ_CHECK(m == -1, "key '%s' cpu %d: %d with a small buffer, -1 with a big one",
			   key, cpu, m);
	} else {
		FUZZ_CHECK(!strchr(big, '\n'), "key '%s': a newline in the value", key);
		FUZZ_CHECK(!n || n == BIG - 1 ||
				   (!strchr(" \t", big[0]) && !strchr(" \t\r", big[n - 1])),
			   "key '%s': value '%s' not trimmed", key, big);
		FUZZ_CHECK(strstr(text, key), "key '%s' found but not in the text", key);
		FUZZ_CHECK(m >= 0 && (size_t)m == strlen(small) && m < SMALL &&
				   !strncmp(small, big, (size_t)m) && (m == n || m == SMALL - 1),
			   "key '%s': '%s' with a small buffer, '%s' with a big one", key, small,
			   big);
	}
	free(small);
	free(big);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const keys[] = { "isa", "hart", "CPU part" };
	static const int cpus[] = { -1, 1 };
	char *s = fuzz_str(data, size), v[64];
	unsigned long midr;
	uint64_t impl, part;
	size_t k, c;

	for (c = 0; c < ARRAY_LEN(cpus); c++) {
		for (k = 0; k < ARRAY_LEN(keys); k++)
			check_key(s, cpus[c], keys[k]);
		if (cpu_info_midr(s, cpus[c], &midr))
			continue;
		FUZZ_CHECK(midr <= 0xffffffffUL, "midr %#lx", midr);
		FUZZ_CHECK(cpu_info_find(s, cpus[c], "CPU implementer", v, sizeof(v)) > 0 &&
				   !parse_uint_hex(v, &impl) && impl == ((midr >> 24) & 0xff),
			   "midr %#lx: implementer '%s'", midr, v);
		FUZZ_CHECK(cpu_info_find(s, cpus[c], "CPU part", v, sizeof(v)) > 0 &&
				   !parse_uint_hex(v, &part) && part == ((midr >> 4) & 0xfff),
			   "midr %#lx: part '%s'", midr, v);
	}
	free(s);
	return 0;
}
