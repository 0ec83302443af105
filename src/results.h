/* results.h - a benchbox JSON results file read back: the one loader of
 * compare and report, with one set of checks and messages
 *
 * SPDX-License-Identifier: MIT
 *
 * The file is what --format=json writes (src/emit.c):
 * {"schema_version": 1, "context": {...}, "results": [RECORD...]}. Each
 * RECORD is an object with string "applet" and "test"; "kernel", "params",
 * "unit", "note" and "metric" are strings when present; "value" is a
 * number, a string (a text result) or null; "min" and "max" numbers or
 * null; "better" -1, 0 or 1; "iters" a whole number from 0 to 2^53 and
 * "samples" one from 0 to 4294967295. Anything else is a malformed file,
 * refused with the record and field named, never converted out of range.
 */
#ifndef BENCHBOX_RESULTS_H
#define BENCHBOX_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#include "json.h"
#include "emit.h"

struct results_rec {
	const char	*applet, *test;
	const char	*kernel, *params, *unit, *note, *metric;	/* "" when absent */
	const char	*text;		/* a string value, else NULL */
	double		value, min, max;	/* finite, or NaN when absent, null or text */
	int		better;		/* -1, 0 or +1 */
	unsigned	samples;
	uint64_t	iters;
};

struct results_file {
	struct json		*doc;		/* owns every string above */
	const struct json	*context;	/* an object, or NULL when absent */
	struct results_rec	*recs;
	size_t			n;
};

/* Parse text[0..len) (need not be NUL-terminated) into f. 0, or -1 with
 * f empty and one line in err: "an empty file", "a NUL byte at offset N",
 * "out of memory reading it", "not JSON: line L, column C: what", "not a
 * benchbox result file (...)", "line L, column C: results[I] is not an
 * object (a result record)" or "line L, column C: results[I]: "FIELD" is
 * ..." (missing, not a string, out of range: L and C point at the member,
 * or at the record when the member is missing). A UTF-8 byte order mark
 * at the start is skipped. For a fuzzer: any (text, len) gives
 * 0 or -1, reads nothing outside text[0..len), and on success every
 * record satisfies the rules above (strings non-NULL, better in -1..1,
 * value/min/max finite or NaN). */
int  results_parse(const char *text, size_t len, struct results_file *f,
		   char *err, size_t errlen);
/* The file at path (a pipe too); 0, or -1 after one errorf() line
 * "PATH: ..." (unreadable, over 1 GiB: a regular file refused before it
 * is read, or what results_parse says).
 * Callers treat -1 as a usage error: the file was named on the command
 * line. */
int  results_load(const char *path, struct results_file *f);
void results_free(struct results_file *f);
/* The record as a struct result (its strings still owned by the file;
 * metric NULL when empty, verdict NULL). */
void results_rec_result(const struct results_rec *x, struct result *r);
/* The first record of applet and test with this kernel and params (NULL:
 * any), or NULL. */
const struct results_rec *results_find(const struct results_file *f, const char *applet,
				       const char *test, const char *kernel,
				       const char *params);
/* The board a `run --board` judged against (run's "board" record), or
 * NULL: what compare and report take when no --board is given. */
const char *results_board(const struct results_file *f);

#endif
