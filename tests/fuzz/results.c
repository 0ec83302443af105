/* results.c - fuzzes the one results-file loader (src/results.c), directly
 * and through its two users, compare and report
 *
 * SPDX-License-Identifier: MIT
 *
 * The input is written to a file R.json, then run as benchbox would:
 *   compare --board am62x R.json
 *   compare R.json R.json
 *   report --board am62x R.json      (the page to /dev/null)
 * Invariants: results_parse() (src/results.c, the one loader of both)
 * returns 0 or -1, refuses with one line, refuses a text with a NUL byte,
 * and on success hands back records whose strings are set, whose better
 * is -1, 0 or 1 and whose numbers are finite or NaN; a file it refuses is
 * a usage error (2) in compare and in report alike, and one it accepts
 * gives 0 or 1 (a FAIL verdict, a record that is not comparable) and never
 * 2. (A file compared with itself may still FAIL: a record's own min/max
 * need not hold its value in a hostile file.)
 */
#include "fuzz.h"
#include "results.h"

#include <math.h>

static void check_recs(const struct results_file *f)
{
	size_t i;

	for (i = 0; i < f->n; i++) {
		const struct results_rec *r = &f->recs[i];

		FUZZ_CHECK(r->applet && r->test && r->kernel && r->params && r->unit &&
			   r->note && r->metric, "record %zu: a string unset", i);
		FUZZ_CHECK(r->better >= -1 && r->better <= 1, "record %zu: better %d", i, r->better);
		FUZZ_CHECK(!isinf(r->value) && !isinf(r->min) && !isinf(r->max),
			   "record %zu: an infinite number", i);
		FUZZ_CHECK(r->iters <= (1ull << 53), "record %zu: iters %llu", i,
			   (unsigned long long)r->iters);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	util_set_prog("fuzz");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size ? size : 1), err[256] = "";
	struct results_file f;
	const char *path;
	int ok, rc;

	if (!text)
		abort();
	memcpy(text, data, size);	/* exactly size bytes: ASan sees a read past them */
	ok = results_parse(text, size, &f, err, sizeof(err)) == 0;
	free(text);
	if (ok) {
		FUZZ_CHECK(!fuzz_has_nul(data, size), "a text with a NUL byte accepted");
		check_recs(&f);
		results_free(&f);
	} else {
		FUZZ_CHECK(err[0] && !strchr(err, '\n'), "refused without one line");
		FUZZ_CHECK(strncmp(err, "results[", 8), "a record refused with no place: %s", err);
	}
	path = fuzz_file(data, size, "R.json");
	{
		char *av[] = { "compare", "--board", "am62x", (char *)path, NULL };

		rc = fuzz_applet(av);
		FUZZ_CHECK(ok ? rc == 0 || rc == 1 : rc == 2, "compare --board: status %d (%s)", rc,
			   ok ? "a good file" : err);
	}
	{
		char *av[] = { "compare", (char *)path, (char *)path, NULL };

		rc = fuzz_applet(av);
		FUZZ_CHECK(ok ? rc == 0 || rc == 1 : rc == 2, "compare: status %d (%s)", rc,
			   ok ? "a good file" : err);
	}
	{
		char *av[] = { "report", "--board", "am62x", (char *)path, NULL };

		rc = fuzz_applet(av);
		FUZZ_CHECK(ok ? rc == 0 : rc == 2, "report: status %d (%s)", rc,
			   ok ? "a good file" : err);
	}
	return 0;
}
