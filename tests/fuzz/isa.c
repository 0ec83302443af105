/* isa.c - fuzzes cpu_isa_parse() and cpu_isa_list() (src/cpu.c): RISC-V
 * ISA strings from /proc/cpuinfo and the devicetree
 *
 * SPDX-License-Identifier: MIT
 *
 * The input is parsed as an ISA string (up to its first NUL) and, whole, as
 * a riscv,isa-extensions list. Invariants: -1 (and an empty list) exactly
 * when the string does not start rv32, rv64 or rv128 (any case); the list
 * is names of [a-z][a-z0-9]* under 64 bytes, one space apart, each once,
 * never "g"; the bits are CPU_RVV exactly when "v" is listed and CPU_ZBC
 * exactly when "zbc" is; the list read back as a riscv,isa-extensions
 * list, or as "rv64_" and the names joined by '_', gives the same list and
 * bits; a shorter buffer gets the same bits and a prefix of whole names,
 * and nothing is written past it.
 */
#include "fuzz.h"
#include "cpu.h"

enum { BIG = 16384 };

static int listed(const char *list, const char *name)
{
	size_t n = strlen(name), k;
	const char *p = list;

	while (*p) {
		k = strcspn(p, " ");
		if (k == n && !memcmp(p, name, n))
			return 1;
		p += k + (p[k] == ' ');
	}
	return 0;
}

static void check_list(const char *list, int bits)
{
	const char *p = list, *q;
	size_t k, i;

	FUZZ_CHECK(bits >= 0 && !(bits & ~(CPU_RVV | CPU_ZBC)), "bits %#x", (unsigned)bits);
	FUZZ_CHECK(!!(bits & CPU_RVV) == listed(list, "v"), "v: bits %#x, '%s'", (unsigned)bits, list);
	FUZZ_CHECK(!!(bits & CPU_ZBC) == listed(list, "zbc"), "zbc: bits %#x, '%s'", (unsigned)bits,
		   list);
	while (*p) {
		k = strcspn(p, " ");
		FUZZ_CHECK(k > 0 && k < 64, "a name of %zu bytes in '%s'", k, list);
		FUZZ_CHECK(p[0] >= 'a' && p[0] <= 'z', "'%s'", list);
		for (i = 1; i < k; i++)
			FUZZ_CHECK((p[i] >= 'a' && p[i] <= 'z') || (p[i] >= '0' && p[i] <= '9'),
				   "byte 0x%02x in '%s'", (unsigned char)p[i], list);
		FUZZ_CHECK(!(k == 1 && p[0] == 'g'), "g in '%s'", list);
		for (q = p + k + (p[k] == ' '); *q; q += strcspn(q, " ") + (q[strcspn(q, " ")] == ' '))
			FUZZ_CHECK(strcspn(q, " ") != k || memcmp(p, q, k), "twice in '%s'", list);
		FUZZ_CHECK(p[k] == '\0' || p[k + 1] != '\0', "a trailing space in '%s'", list);
		p += k + (p[k] == ' ');
	}
}

/* The list again, as riscv,isa-extensions and as an ISA string. */
static void check_again(const char *list, int bits)
{
	size_t n = strlen(list), i;
	char *blob = malloc(n + 1), *isa = malloc(n + 6), *out = malloc(BIG);

	if (!blob || !isa || !out)
		abort();
	for (i = 0; i <= n; i++)
		blob[i] = list[i] == ' ' ? '\0' : list[i];
	FUZZ_CHECK(cpu_isa_list(blob, n, out, BIG) == bits && !strcmp(out, list),
		   "as a list: '%s', was '%s'", out, list);
	memcpy(isa, "rv64_", 5);
	for (i = 0; i <= n; i++)
		isa[5 + i] = list[i] == ' ' ? '_' : list[i];
	FUZZ_CHECK(cpu_isa_parse(isa, out, BIG) == bits && !strcmp(out, list),
		   "as '%s': '%s', was '%s'", isa, out, list);
	free(out);
	free(isa);
	free(blob);
}

/* Shorter buffers: the same bits, whole names of the full list, no more. */
static void check_short(const char *s, const uint8_t *data, size_t size, const char *full,
			int bits, int as_list)
{
	static const size_t sizes[] = { 0, 1, 2, 7, 64 };
	char out[80];
	size_t i, n;
	int b;

	for (i = 0; i < ARRAY_LEN(sizes); i++) {
		memset(out, 'Z', sizeof(out));
		b = as_list ? cpu_isa_list((const char *)data, size, out, sizes[i])
			    : cpu_isa_parse(s, out, sizes[i]);
		FUZZ_CHECK(b == bits, "bits %#x with %zu bytes, %#x with all", (unsigned)b, sizes[i],
			   (unsigned)bits);
		FUZZ_CHECK(out[sizes[i]] == 'Z', "written past %zu bytes", sizes[i]);
		if (!sizes[i])
			continue;
		n = strnlen(out, sizes[i]);
		FUZZ_CHECK(n < sizes[i], "not terminated within %zu bytes", sizes[i]);
		FUZZ_CHECK(!n || (!strncmp(out, full, n) && (full[n] == '\0' || full[n] == ' ')),
			   "'%s' is not whole names of '%s'", out, full);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), *full = malloc(BIG);
	int bits, isa;

	if (!full)
		abort();
	bits = cpu_isa_parse(s, full, BIG);
	isa = (s[0] | 0x20) == 'r' && (s[1] | 0x20) == 'v' &&
	      (!strncmp(s + 2, "32", 2) || !strncmp(s + 2, "64", 2) || !strncmp(s + 2, "128", 3));
	FUZZ_CHECK((bits == -1) == !isa, "'%.40s': %d", s, bits);
	if (bits == -1) {
		FUZZ_CHECK(full[0] == '\0', "-1 with '%s'", full);
	} else {
		check_list(full, bits);
		check_again(full, bits);
	}
	check_short(s, data, size, full, bits, 0);

	bits = cpu_isa_list((const char *)data, size, full, BIG);
	check_list(full, bits);
	check_again(full, bits);
	check_short(s, data, size, full, bits, 1);
	free(full);
	free(s);
	return 0;
}
