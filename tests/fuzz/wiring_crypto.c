/* wiring_crypto.c - fuzzes wiring_crypto_next() and wiring_crypto_pick()
 * (applets/suite/wiring_kernel.c): /proc/crypto, as the kernel or a
 * captured sysroot gives it
 *
 * SPDX-License-Identifier: MIT
 *
 * Invariants: each entry read moves on, by at least one line, and never
 * past the text's NUL; its fields end within their arrays and hold no
 * newline; a usable entry has a name, a driver and a priority of
 * 0..2^31-1. A pick for a name (the first entry's, and "cbc(aes)") is an
 * entry of that name, usable, of the highest priority among the usable
 * ones of that name (the first of equals), counted here; none found
 * means none is usable, and *best is left alone. The kind of any driver
 * read is one of the four.
 */
#include "fuzz.h"
#include "wiring.h"

static int field_ok(const char *f, size_t len)
{
	size_t n = strnlen(f, len);

	return n < len && !memchr(f, '\n', n);
}

static void check_pick(const char *text, const char *name)
{
	struct wiring_crypto *e = malloc(sizeof(*e)), *best = malloc(sizeof(*best));
	const char *p = text;
	int64_t top = -1;
	int any = 0;
	char drv[sizeof(e->driver)] = "";

	if (!e || !best)
		abort();
	while ((p = wiring_crypto_next(p, e)))
		if (e->usable && !strcmp(e->name, name) && e->priority > top) {
			top = e->priority;
			any = 1;
			snprintf(drv, sizeof(drv), "%s", e->driver);
		}
	memset(best, 0x5a, sizeof(*best));
	if (wiring_crypto_pick(text, name, best)) {
		FUZZ_CHECK(!any, "'%s' has a usable entry, not picked", name);
		FUZZ_CHECK((unsigned char)best->name[0] == 0x5a, "a failed pick wrote");
	} else {
		FUZZ_CHECK(any, "'%s' picked with no usable entry", name);
		FUZZ_CHECK(best->usable && !strcmp(best->name, name), "picked another name");
		FUZZ_CHECK(best->priority == top && !strcmp(best->driver, drv),
			   "picked %s at %lld, not %s at %lld", best->driver,
			   (long long)best->priority, drv, (long long)top);
	}
	free(e);
	free(best);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_str(data, size), *name = NULL;
	const char *p = s, *q, *end = s + strlen(s), *k;
	struct wiring_crypto *e = malloc(sizeof(*e));
	size_t entries = 0, lines = 1;

	if (!e)
		abort();
	for (k = s; *k; k++)
		lines += *k == '\n';
	while ((q = wiring_crypto_next(p, e))) {
		FUZZ_CHECK(q > p && q <= end, "no progress, or past the end");
		FUZZ_CHECK(++entries <= lines, "%zu entries in %zu lines", entries, lines);
		FUZZ_CHECK(field_ok(e->name, sizeof(e->name)) &&
			   field_ok(e->driver, sizeof(e->driver)) &&
			   field_ok(e->module, sizeof(e->module)) &&
			   field_ok(e->type, sizeof(e->type)),
			   "a field runs over or holds a newline");
		FUZZ_CHECK(!e->usable || (*e->name && *e->driver && e->priority >= 0 &&
					  e->priority <= INT32_MAX),
			   "usable without a name, a driver or a priority");
		FUZZ_CHECK(e->priority >= -1 && e->priority <= INT32_MAX, "priority %lld",
			   (long long)e->priority);
		k = wiring_crypto_kind(e->driver);
		FUZZ_CHECK(!strcmp(k, "hw") || !strcmp(k, "cpu") || !strcmp(k, "lib") ||
			   !strcmp(k, "c"), "kind '%s'", k);
		if (!name)
			name = strdup(e->name);
		p = q;
	}
	check_pick(s, "cbc(aes)");
	if (name)
		check_pick(s, name);
	free(name);
	free(e);
	free(s);
	return 0;
}
