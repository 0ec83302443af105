/* csv.c - fuzzes run's reader of its children's CSV records: csv_next()
 * and csv_result() (applets/suite/run_rows.c)
 *
 * SPDX-License-Identifier: MIT
 *
 * The input is read record by record as run.c does. Invariants: every
 * field lies inside the text and ends there; each call moves forward;
 * fields written back (quoted, quotes doubled) read again the same; a
 * record csv_result() accepts has an applet that is not the header's,
 * value NaN exactly when there is no number (text, or empty), min and max
 * a number or NaN, and a note that is a tail of the note field.
 */
#include "fuzz.h"
#include "run.h"

#include <math.h>

#define MAXF 16

static void check_result(char **f, int n)
{
	struct result r;
	char note[4096];

	if (n > 11)
		snprintf(note, sizeof(note), "%s", f[11]);
	if (csv_result(f, n, &r))
		return;
	FUZZ_CHECK(n >= 12, "accepted %d fields", n);
	FUZZ_CHECK(r.applet && *r.applet && strcmp(r.applet, "applet"), "applet '%s'",
		   r.applet ? r.applet : "(null)");
	FUZZ_CHECK(!r.text || isnan(r.value), "text '%s' and value %g", r.text, r.value);
	FUZZ_CHECK(r.text || isnan(r.value) || isfinite(r.value), "value %g", r.value);
	FUZZ_CHECK(isnan(r.min) || isfinite(r.min), "min %g", r.min);
	FUZZ_CHECK(isnan(r.max) || isfinite(r.max), "max %g", r.max);
	FUZZ_CHECK(r.note && strlen(r.note) <= strlen(note) &&
		   !strcmp(r.note, note + strlen(note) - strlen(r.note)),
		   "note '%s' is not a tail of '%s'", r.note ? r.note : "(null)", note);
	FUZZ_CHECK(r.better >= -1 && r.better <= 1, "better %d", r.better);
}

/* fields back to one CSV record, each quoted */
static size_t write_record(char **f, int n, char *out)
{
	size_t o = 0;
	int i;

	for (i = 0; i < n; i++) {
		const char *s;

		if (i)
			out[o++] = ',';
		out[o++] = '"';
		for (s = f[i]; *s; s++) {
			if (*s == '"')
				out[o++] = '"';
			out[o++] = *s;
		}
		out[o++] = '"';
	}
	out[o++] = '\n';
	out[o] = '\0';
	return o;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_str(data, size), *end = text + strlen(text), *p = text;
	char *f[MAXF], *g[MAXF], *again = malloc(2 * size + 2 * MAXF + 8), *q;
	int n, m, i;

	if (!again)
		abort();
	while (p && (n = csv_next(&p, f, MAXF)) > 0) {
		FUZZ_CHECK(n <= MAXF, "%d fields", n);
		FUZZ_CHECK(p > text && p <= end, "next record at offset %td", p - text);
		for (i = 0; i < n; i++)
			FUZZ_CHECK(f[i] >= text && f[i] + strlen(f[i]) < p + (p == end),
				   "field %d outside its record", i);
		if (n < MAXF) {
			write_record(f, n, again);
			q = again;
			m = csv_next(&q, g, MAXF);
			FUZZ_CHECK(m == n, "%d fields, %d written back", n, m);
			for (i = 0; i < n; i++)
				FUZZ_CHECK(!strcmp(f[i], g[i]), "field %d: '%s' read back as '%s'",
					   i, f[i], g[i]);
			FUZZ_CHECK(!*q, "text left after the record written back");
		}
		check_result(f, n);
	}
	free(again);
	free(text);
	return 0;
}
